"""A tiny stand-in app for the simulator tests (runs inside the sim, MicroPython).

Shows a counter per nav event and the number of player IRQ ring entries; writes
`data/boots.txt` on the flash (boot counter) and `data/events.txt` (nav events and
ticks checks). `ok` long-press crashes on purpose (tests the traceback path); `back`
press returns from main.
"""

import os
import time

from table.device.hw import Hardware


def _read_boots():
    try:
        with open("data/boots.txt") as f:
            return int(f.read())
    except OSError:
        return 0


def main(board=None):
    try:
        os.mkdir("data")
    except OSError:
        pass
    boots = _read_boots() + 1
    with open("data/boots.txt", "w") as f:
        f.write(str(boots))
    hw = Hardware(board)
    c = hw.canvas
    log = open("data/events.txt", "w")
    taps = 0
    last = "-"
    t0 = time.ticks_ms()
    u0 = time.ticks_us()
    while True:
        now = time.ticks_ms()
        for name, kind in hw.poll_nav(now):
            last = name + " " + kind
            log.write("%d %s %s\n" % (time.ticks_diff(now, t0), name, kind))
            if name == "ok" and kind == "long":
                raise RuntimeError("demo crash on long ok")
            if name == "back" and kind == "press":
                log.write("us %d\n" % time.ticks_diff(time.ticks_us(), u0))
                log.close()
                return
            if name == "up":
                hw.led(0, kind == "press")
                hw.beep(880, 50)
        while hw.ring.pop() is not None:
            taps += 1
        c.clear()
        c.center("boot %d" % boots, 0)
        c.text(last, 0, 16)
        c.text("taps %d" % taps, 0, 32, 2)
        hw.show()
        time.sleep_ms(10)
