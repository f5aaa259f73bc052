"""Simulator entry app for `make bench`: the real firmware, measured.

    python -m host_tools sim --app bench/session_app.py --script bench/session_igo.txt
    node host_tools/mp32/run.mjs --app bench/session_app.py --flash DIR \
        --script bench/session_igo.txt   (the firmware deployed on DIR first)

On the unix port (`main`) it runs `app.run` exactly as `app.main` does, but hands it
a `time` wrapper whose `sleep_ms` (where the main loop idles once per iteration)
samples the heap: `gc.collect()` then `gc.mem_alloc()`, i.e. the live heap, minus
what was live before the firmware was imported (the simulator's own modules and
fake hardware). On the 32-bit runner (`start`) the runner drives the loop pass by
pass and the heap is sampled at each pass's start. Every display update's bytes
come from the driver's `last_update_bytes`. At the end (the simulator raises
SystemExit) one line goes to stdout (the unix simulator passes it on to stderr):

    @bench {"heap_peak": n, "heap_base": n, "heap_pass_peak": n, "updates": [...],
            "modules": [...], "peak_modules": [...], "heap_by_screen": {...}, ...}

`heap_by_screen` maps each screen class that was on top at a sample to the highest
live heap sampled while it was.

Collecting at every iteration is slow on the unix port, so there the heap is
sampled at iterations that drew or handled an event, and at every 50th idle one.
"""

import gc
import sys
from array import array

IDLE_SAMPLE_EVERY = 50
MAX_UPDATE_BYTES = 2047  # a full frame with its commands is about 1100
# Bytes per display update, as a histogram allocated before the heap base is taken,
# so the measurement's own data is not counted as the firmware's.
UPDATE_HISTOGRAM = array("H", bytes(2 * (MAX_UPDATE_BYTES + 1)))
# The highest live heap sampled while each screen class was on top, allocated before
# the heap base too: SCREEN_NAMES[i] (a class's own name string, stored, not copied)
# and SCREEN_PEAKS[i]. Screens beyond the slots share the last one, named OTHER_SCREENS.
SCREEN_SLOTS = 48
OTHER_SCREENS = "(other screens)"
SCREEN_NAMES = [None] * SCREEN_SLOTS
SCREEN_PEAKS = array("I", bytes(4 * SCREEN_SLOTS))
# New names (qstrs) the firmware may intern in a session with no qstr pool growing for
# them on the 32-bit runner (simcore.qstr_room): an I Go session interns about 310.
QSTR_ROOM = 1024


class MeasuredTime:
    """The `time` module for app.run: sleep_ms samples the heap first."""

    def __init__(self, time, display, base):
        self._time = time
        self.ticks_ms = time.ticks_ms
        self.display = display
        self.base = base
        self.peak = 0
        self.samples = 0
        self.seen_updates = display.updates
        self.update_bytes = UPDATE_HISTOGRAM  # update_bytes[n]: updates that sent n bytes
        self.idle = 0
        self.app = None
        self.peak_screen = ""
        self.peak_modules = ()  # sys.modules at the peak (a tuple: one small block)
        self.sample = True  # collect and sample in sleep_ms
        self.pass_peak = 0  # 32-bit runner: live heap at a pass's start + all it allocated
        self.pass_peak_screen = ""  # the screen on top after that pass

    def sleep_ms(self, ms):
        d = self.display
        busy = d.updates != self.seen_updates
        if busy:
            self.seen_updates = d.updates
            self.update_bytes[min(d.last_update_bytes, MAX_UPDATE_BYTES)] += 1
        self.idle += 1
        if self.sample and (busy or self.idle >= IDLE_SAMPLE_EVERY):
            self.idle = 0
            gc.collect()
            self.note(gc.mem_alloc() - self.base)
        self._time.sleep_ms(ms)

    def note(self, used):
        """One sample of the live heap: the peak, and the peak of the screen on top."""
        self.samples += 1
        screen = type(self.app.top()).__name__
        if used > self.peak:
            self.peak = used
            self.peak_modules = tuple(sys.modules)
            self.peak_screen = screen
        names = SCREEN_NAMES
        last = SCREEN_SLOTS - 1
        i = 0
        while i < last and names[i] is not None and names[i] != screen:
            i += 1  # a linear search allocates nothing, unlike a dict
        names[i] = screen if i < last else OTHER_SCREENS
        if used > SCREEN_PEAKS[i]:
            SCREEN_PEAKS[i] = used

    def report(self):
        """The @bench line, written piece by piece (the heap may be nearly full)."""
        w = sys.stdout.write
        w(
            '@bench {"heap_peak": %d, "heap_base": %d, "heap_peak_screen": "%s", '
            '"heap_samples": %d, "heap_pass_peak": %d, "heap_pass_peak_screen": "%s", "bytes_sent": %d, '
            '"errors": %d, "updates": ['
            % (
                self.peak,
                self.base,
                self.peak_screen,
                self.samples,
                self.pass_peak,
                self.pass_peak_screen,
                self.display.bytes_sent,
                self.display.errors,
            )
        )
        sep = ""
        for b in range(MAX_UPDATE_BYTES + 1):
            for _ in range(self.update_bytes[b]):
                w(sep)
                w(str(b))
                sep = ", "
        w('], "modules": [')
        sep = ""
        for m in sorted(sys.modules):
            w(sep + '"' + m + '"')
            sep = ", "
        w('], "peak_modules": [')
        sep = ""
        for m in sorted(self.peak_modules):
            w(sep + '"' + m + '"')
            sep = ", "
        w('], "heap_by_screen": {')
        sep = ""
        for name in sorted(n for n in SCREEN_NAMES if n is not None):
            w('%s"%s": %d' % (sep, name, SCREEN_PEAKS[SCREEN_NAMES.index(name)]))
            sep = ", "
        w("}")
        self.report_more(w)
        w("}\n")

    def report_more(self, w):
        """More keys for the @bench line (soak_app.py's): each written as `, "key": value`."""

    def started(self):
        """The app is built (`self.app`): a subclass's own start (live_app.py's server)."""


def _simulator_modules():
    """Import the fake hardware modules and what the simulator imports later: they
    are the simulator's, built in (not on the heap) on a Pico, as `os` is (a frozen
    package on the 32-bit runner)."""
    import os  # noqa: F401
    import time  # noqa: F401

    import machine  # noqa: F401
    import network  # noqa: F401  (a W board's radio: built in there)


def _begin(board, base, clock_class):
    """The firmware, imported and started, measured by a `clock_class` (MeasuredTime or
    a subclass); `base` = the live heap before it."""
    import time

    from table import app
    from table.device import hw as hwmod

    app.collect_early()  # as app.main does first
    hw = hwmod.Hardware(board)
    clock = clock_class(time, hw.display, base)
    clock.app = app.App(hw=hw)
    clock.started()
    return app, hw, clock


def main(board, clock_class=MeasuredTime):
    """The unix port: app.run with the measuring clock."""
    _simulator_modules()
    gc.collect()
    app, hw, clock = _begin(board, gc.mem_alloc(), clock_class)
    try:
        app.run(clock.app, hw, clock)
    finally:
        clock.report()


def start(board, clock_class=MeasuredTime):
    """The 32-bit runner (host_tools/mp32): its heap is only collected when a call
    from JavaScript returns (gc.collect() only asks for it), so the runner calls the
    returned function once per loop pass until it returns False. The first call
    starts the firmware on the heap collected after this one. A pass starts on a
    collected heap (the live figure) and ends with everything it allocated still
    there: `pass_peak`, that live heap plus what the firmware allocated in the pass
    (the simulator's own allocations, simcore's `own_bytes`, left out), bounds the
    heap's high-water mark, transients included. The first call only makes room in
    the qstr pools for the firmware's names (QSTR_ROOM), on a heap collected after the
    setup (no collection then hides a pool's bytes): where a new pool falls, and so
    which pass pays for it, would otherwise depend on how many names the
    simulator's own modules interned."""
    import simcore

    _simulator_modules()
    started = []
    room = []

    def one_pass():
        if not room:
            room.append(simcore.qstr_room(QSTR_ROOM))
            gc.collect()
            return True
        start = gc.mem_alloc()
        if not started:
            started.append(_begin(board, start, clock_class))
            started[0][2].sample = False  # sampled here, not in sleep_ms
            gc.collect()
            return True
        app, hw, clock = started[0]
        own = simcore.world.own_bytes
        live = start - clock.base
        clock.note(live)
        try:
            app.step(clock.app, hw, clock.ticks_ms())
            clock.sleep_ms(5)
        except SystemExit:
            clock.report()
            return False
        firmware = gc.mem_alloc() - start - (simcore.world.own_bytes - own)
        if live + firmware > clock.pass_peak:
            clock.pass_peak = live + firmware
            clock.pass_peak_screen = type(clock.app.top()).__name__
        gc.collect()  # only asks: the runner collects when this returns
        return True

    gc.collect()
    return one_pass
