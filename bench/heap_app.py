"""Simulator entry app for `make bench`'s per-screen heap (host_tools/bench/heap.py):
the firmware run as session_app.py runs it on the 32-bit runner, pass by pass, with
a trace of what the chip's measure needs.

    node host_tools/mp32/run.mjs --flash DIR --app bench/heap_app.py \
        --script FILE [--board sim_w] [--app-arg hold=table.live.live_web,microdot]

Each loop pass that changed the heap (or the screen on top) prints one line:

    @pass <ms> <live> <alloc> <screen>
    qstr pool: n_pool=.., n_qstr=.., n_str_data_bytes=.., n_total_bytes=..

`live`: the live heap at the pass's start (the runner collects between passes),
less the base (what was live before the firmware's first import: the simulator);
`alloc`: what the firmware allocated in the pass (the simulator's own allocations
left out); then MicroPython's own qstr count (micropython.qstr_info). The qstr pools
are the simulator's up to the base, and the firmware's names grow them as on a chip
(no simcore.qstr_room here: the chip's pools are what this measures). At the end,
`@end` with the base, and with `hold=` the modules named were imported before the
firmware and held (the W's live page as the chip's W session held it).

`--app-arg trace=LO,HI` prints every pass between those simulated ms with the
firmware's modules loaded then (`@trace <ms> <live> <alloc> <top> <after> <modules>`):
what a screen holds, pass by pass.

`--app-arg probe=1` also prints, at the last pass, the largest free block of the
runner's first heap area with the app's objects dropped and the live modules
imported (simcore.FreeProbe, one try a call): `@probe <largest> <free> <live>`, as the
chip's figures at the REPL after Ctrl-C were taken.
"""

import gc
import sys

import session_app


class Absent:
    """A module the port lacks (rp2 has no `inspect`; the 32-bit runner freezes one)."""


def _args():
    out = {}
    for a in sys.argv[1:]:
        k, _, v = a.partition("=")
        out[k] = v
    return out


def start(board):
    import micropython
    import simcore

    args = _args()
    hold = [m for m in args.get("hold", "").split(",") if m]
    at = [int(t) for t in args.get("at", "").split(",") if t]
    trace = [int(t) for t in args.get("trace", "").split(",") if t]  # lo,hi: every pass between
    session_app._simulator_modules()
    if getattr(board, "WIFI", False):  # rp2 has no `inspect` (live_app.py): microdot's MicroPython path
        sys.modules["inspect"] = Absent()
    state = {"begun": None, "screen": "", "held": [], "probe": None, "base": 0}
    imports = [m for m in args.get("probe", "").split(",") if m]

    def probing():
        """After the script: the app dropped as a Ctrl-C drops it (its modules stay),
        `imports` imported, then the live heap and the largest free block, one try a
        call."""
        p = state["probe"]
        if p == "import":
            state["begun"] = None
            for m in imports:
                state["held"].append(__import__(m))
            state["probe"] = "measure"
            return True
        if p == "measure":
            print("@probe %d %d" % (gc.mem_alloc() - state["base"], simcore.heap_total() - gc.mem_alloc()))
            micropython.qstr_info()
            state["probe"] = simcore.FreeProbe()
            return True
        if p.step():
            return True
        print("@largest %d" % p.value)
        return False

    def one_pass():
        if state["probe"] is not None:
            return probing()
        start_alloc = gc.mem_alloc()
        if state["begun"] is None:
            print("@qstr0")
            micropython.qstr_info()
            for m in hold:  # the W session's main.py: the live page's modules first
                state["held"].append(__import__(m))
            state["begun"] = session_app._begin(board, start_alloc, session_app.MeasuredTime)
            if getattr(board, "WIFI", False):  # as live_server.run starts a W board (no server: no radio)
                import time

                from table.device import wifi
                from table.live import live_server

                table = state["begun"][2].app
                table.live = live_server.Live(table, wifi.Radio(time.ticks_ms), time)
                table.live.start()
            state["begun"][2].sample = False
            print("@base %d" % start_alloc)
            micropython.qstr_info()
            gc.collect()
            return True
        app, hw, clock = state["begun"]
        own = simcore.world.own_bytes
        live = start_alloc - clock.base
        top = type(clock.app.top()).__name__
        try:
            now = clock.ticks_ms()
            app.step(clock.app, hw, now)
            if clock.app.live is not None:
                clock.app.live.ask(now)
            clock.sleep_ms(5)
        except SystemExit:
            print("@end %d" % clock.base)
            if not imports:
                return False
            state["base"] = clock.base
            state["probe"] = "import"
            gc.collect()
            return True
        firmware = gc.mem_alloc() - start_alloc - (simcore.world.own_bytes - own)
        after = type(clock.app.top()).__name__
        while at and clock.ticks_ms() >= at[0]:
            print("@at %d %d %s" % (at.pop(0), live, top))
            print("@modules " + " ".join(sorted(m for m in sys.modules if m.startswith("table"))))
            micropython.qstr_info()
        if trace and trace[0] <= clock.ticks_ms() <= trace[1]:
            mods = sorted(m.split(".")[-1] for m in sys.modules if m.startswith("table.") and m.count(".") >= 2)
            print("@trace %d %d %d %s %s %s" % (clock.ticks_ms(), live, firmware, top, after, " ".join(mods)))
        if firmware > 512 or after != state["screen"] or top != after:
            state["screen"] = after
            print("@pass %d %d %d %s %s" % (clock.ticks_ms(), live, firmware, top, after))
            micropython.qstr_info()
        gc.collect()  # only asks: the runner collects when this returns
        return True

    gc.collect()
    return one_pass
