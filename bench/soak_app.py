"""Simulator entry app for the long session (`python -m host_tools soak --run`, `make
bench`'s `heap_largest_free_block`, tests/host/test_soak.py): the real firmware as
session_app.py runs it, measured without changing how the heap is used.

    python -m host_tools sim --app bench/soak_app.py --heap 192k --script SOAK.txt
    node host_tools/mp32/run.mjs --app bench/soak_app.py --flash DIR \\
        --firmware build/sim-mpy --script SOAK.txt

session_app.py collects the heap at every pass that drew or handled an event (its
live peak); here nothing collects but the runtime, as on a Pico, so the heap
fragments as it would there. What is measured (bench/README.md, "The long
session"):

- the largest free block (simcore.largest_free: the largest allocation that fits
  after a collection), on the unix port after a collection the firmware's own
  allocations caused (gc.mem_alloc() went down since the last pass; at most one
  probe per PROBE_GAP_MS) and at least every PROBE_EVERY_MS of simulated time; the
  probe's own collections are not counted; on the 32-bit runner (whose heap is
  collected after every call from JavaScript, and grows an area when an allocation
  does not fit) every PROBE_EVERY_MS, by simcore.FreeProbe between two passes;
- the live heap right after those collections (minus the base, as session_app's);
- the screens that crashed (app.crash: the Error screen), counted, the last one's
  text kept;
- the same at the end of the run.

They are added to session_app's @bench line: "free_block_min", "free_block_min_ms",
"free_block_min_screen", "free_block_end", "free_probes", "collections",
"live_after_gc_max", "crashes", "last_crash".
"""

import gc
import sys

import session_app
import simcore

PROBE_EVERY_MS = 60000  # simulated ms between two probes at most
PROBE_GAP_MS = 1000  # at least, after a collection (the runtime may collect often)
MP32_BATCH = 50  # 32-bit runner: loop passes in one call while none draws
SHOW_EVERY_MS = 60000  # a progress line every simulated minute (a long run's watchdog hears it)
SHOW_CRASHES = 10  # the first crashes are printed (the simulator passes them to stderr)


class SoakTime(session_app.MeasuredTime):
    def __init__(self, time, display, base):
        session_app.MeasuredTime.__init__(self, time, display, base)
        self.sample = False  # nothing collects here but the runtime (and the probes)
        self.last_alloc = 0
        self.next_probe_ms = 0
        self.last_probe_ms = 0
        self.collections = 0
        self.probes = 0
        self.free_min = -1
        self.free_min_ms = 0
        self.free_min_screen = ""
        self.free_end = -1
        self.live_max = 0
        self.live_last = 0  # the live heap at the last probe
        self.crashes = 0
        self.last_crash = ""
        self.mp32 = False  # on the 32-bit runner (start)
        self.next_show_ms = SHOW_EVERY_MS
        self.host_start = simcore.rt.ticks_ms()
        self.probe_due = False

    def watch(self, app):
        """Count the screens that crash (the app shows them on the Error screen)."""
        self.app = app
        crash = app.crash

        def counted(e):
            self.crashes += 1
            self.last_crash = "%s: %s" % (type(e).__name__, e)
            if self.crashes <= SHOW_CRASHES:
                print("soak: %d ms: %s crashed: %s" % (simcore.world.ms(), type(app.top()).__name__, self.last_crash))
                if self.crashes == 1:
                    sys.print_exception(e)
            crash(e)

        app.crash = counted

    def sleep_ms(self, ms):
        now = simcore.world.ms()
        if now >= self.next_show_ms:
            self.show(now)
        if self.mp32:  # the probe runs between two passes (start)
            self.probe_due = self.probe_due or now >= self.next_probe_ms
        else:
            alloc = gc.mem_alloc()
            collected = alloc < self.last_alloc  # the runtime collected during the pass
            self.collections += collected
            if now >= self.next_probe_ms or (collected and now >= self.last_probe_ms + PROBE_GAP_MS):
                self.probe(simcore.largest_free(), now)
            self.last_alloc = gc.mem_alloc()
        session_app.MeasuredTime.sleep_ms(self, ms)

    def show(self, now):
        """A progress line (the simulator passes it to stderr)."""
        self.next_show_ms = now + SHOW_EVERY_MS
        print(
            "soak: %d min, %d s on the host; heap in use %d (at most %d); largest free block min %d, last %d; %s"
            % (
                now // 60000,
                simcore.rt.ticks_diff(simcore.rt.ticks_ms(), self.host_start) // 1000,
                self.live_last,
                self.live_max,
                self.free_min,
                self.free_end,
                type(self.app.top()).__name__,
            )
        )

    def probe(self, free, now):
        """One measurement on a freshly collected heap: `free` its largest free block."""
        self.probes += 1
        self.last_probe_ms = now
        self.next_probe_ms = now + PROBE_EVERY_MS
        live = gc.mem_alloc() - self.base
        self.note(live)
        self.live_max = max(self.live_max, live)
        self.live_last = live
        self.free_end = free
        if self.free_min < 0 or free < self.free_min:
            self.free_min = free
            self.free_min_ms = now
            self.free_min_screen = type(self.app.top()).__name__

    def report_more(self, w):
        w(
            ', "free_block_min": %d, "free_block_min_ms": %d, "free_block_min_screen": "%s", '
            '"free_block_end": %d, "free_probes": %d, "collections": %d, '
            '"live_after_gc_max": %d, "crashes": %d, "last_crash": '
            % (
                self.free_min,
                self.free_min_ms,
                self.free_min_screen,
                self.free_end,
                self.probes,
                self.collections,
                self.live_max,
                self.crashes,
            )
        )
        w('"')
        for ch in self.last_crash:
            w(ch if ch not in '"\\\\' and " " <= ch <= "~" else " ")
        w('"')


def _begin(board, base, clock_class):
    import time

    from table import app
    from table.device import hw as hwmod

    app.collect_early()  # as app.main does first
    hw = hwmod.Hardware(board)
    clock = clock_class(time, hw.display, base)
    clock.watch(app.App(hw=hw))
    clock.started()
    return app, hw, clock


def main(board, clock_class=SoakTime):
    """The unix port: app.run with the measuring clock; the last probe at the end."""
    session_app._simulator_modules()
    simcore.world.report_leds()  # its sorted LED list made before the base
    gc.collect()
    app, hw, clock = _begin(board, gc.mem_alloc(), clock_class)
    try:
        app.run(clock.app, hw, clock)
    finally:
        try:
            clock.probe(simcore.largest_free(), simcore.world.ms())
        except MemoryError:
            pass
        clock.report()


def start(board, clock_class=SoakTime):
    """The 32-bit runner (session_app.start): loop passes, a collection after each
    call; a call runs passes until one draws, MP32_BATCH at most (idle passes
    allocate next to nothing, and a call from JavaScript is slow); every
    PROBE_EVERY_MS the calls between two passes run a FreeProbe, one try each."""
    session_app._simulator_modules()
    simcore.world.report_leds()
    started = []
    probing = []

    def one_pass():
        going = _pass()
        gc.collect()  # only asks: the runner collects when this call returns
        return going

    def _pass():
        start = gc.mem_alloc()
        if not started:
            started.append(_begin(board, start, clock_class))
            return True
        app, hw, clock = started[0]
        clock.mp32 = True
        if probing:  # the heap as the last pass left it, collected
            if probing[0].value is None:
                probing[0].step()  # one try a call: the runner collects after each
                return True
            # The search is over and its last try collected: the live heap is the firmware's.
            clock.probe(probing.pop().value, simcore.world.ms())
            return True
        clock.note(start - clock.base)  # collected before this call: the live heap
        if clock.probe_due:
            clock.probe_due = False
            probing.append(simcore.FreeProbe())
            return True
        try:
            for _ in range(MP32_BATCH):  # idle passes in one call: the runner is slow
                drawn = hw.display.updates
                app.step(clock.app, hw, clock.ticks_ms())
                clock.sleep_ms(5)
                if hw.display.updates != drawn or probing or clock.probe_due:
                    break  # a pass that drew ends the call: a collection follows
        except SystemExit:
            clock.report()
            return False
        return True

    gc.collect()
    return one_pass


if __name__ == "__main__":
    sys.exit("run it in the simulator: python -m host_tools sim --app bench/soak_app.py ...")
