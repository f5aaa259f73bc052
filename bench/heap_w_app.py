"""Simulator entry app for `make bench`'s heap_by_screen (host_tools/bench/heap.py): the
emulated chip's procedure for a W board's largest free block, on the unix port, where
the heap is collected as on a Pico (by its threshold, not between loop passes as on
the 32-bit runner), so a layout's holes are made as there.

    python -m host_tools sim --board sim_w --radio dead --heap 260k \
        --app bench/heap_w_app.py --script FILE          (HEAP_W_MODE=repl|live)

The firmware runs the script as on a W (the live page's Live beside the app, no
server: the chip's emulator has no radio). Then, HEAP_W_MODE=repl (the chip's REPL
after Ctrl-C): the app's objects dropped, its modules kept, a collection, the live
page's modules imported; HEAP_W_MODE=live: the same imports with the app as it is
(a phone's first request at that screen). Printed on stderr:

    @heap_w <top screen> <free> <largest free block> <live>

(simcore.largest_free: the largest allocation that fits after a collection; live:
what is allocated less the simulator's own at the start).
"""

import gc
import os
import sys

import session_app
import simcore

LIVE = ("table.live.live_server", "table.live.live_web", "table.live.live", "table.device.wifi", "microdot")


def main(board):
    import time

    session_app._simulator_modules()
    gc.collect()
    base = gc.mem_alloc()
    app, hw, clock = session_app._begin(board, base, session_app.MeasuredTime)
    if getattr(board, "WIFI", False):  # as live_server.run starts a W board (no server: no radio)
        from table.device import wifi
        from table.live import live_server

        clock.app.live = live_server.Live(clock.app, wifi.Radio(time.ticks_ms), time)
        clock.app.live.start()
    try:
        app.run(clock.app, hw, clock)
    except SystemExit:  # the script's end
        pass
    top = type(clock.app.top()).__name__
    if os.getenv("HEAP_W_MODE") != "live":  # the REPL after Ctrl-C: the app's objects go
        clock.app = None
        hw = clock = None
    gc.collect()
    for name in LIVE:
        __import__(name)
    gc.collect()
    sys.stderr.write("@heap_w %s %d %d %d\n" % (top, gc.mem_free(), simcore.largest_free(), gc.mem_alloc() - base))
