"""CircuitPython entry point (deployed as `code.py`): the same App as on MicroPython.

CircuitPython's `board` module is its own pin list, so our board definition is
deployed as `boardcfg.py`. The loop is app.run's (app.step), with CircuitPython's clocks:
`time` has no ticks_ms/sleep_ms there, so the app's milliseconds come from
time.monotonic_ns() (on a 30-bit ring, like rp2's ticks_ms) and the player taps
from keypad's timestamps (hw_circuitpython.Hardware, whose poll_nav moves them into
the ring every pass).

An exception that escapes the app (screens' own errors are caught by App) is kept
in data/errors.txt when the flash is writable and re-raised: CircuitPython then
prints it on the serial console and shows the console on the display.
"""

import time

from table.rules.ticks import MASK

LOOP_S = 0.005  # pause between loop passes, as app.run's sleep_ms(5)


def ticks_ms():
    """Milliseconds on a 30-bit ring (what App.tick and the screens expect)."""
    return time.monotonic_ns() // 1000000 & MASK


def run(app, hw):
    """The device loop. Never returns."""
    from table import app as appmod  # here: main() checks the board before the app loads

    while True:
        appmod.step(app, hw, ticks_ms())
        time.sleep(LOOP_S)


def main(cfg=None):
    """Boot: build the hardware from the board definition, load the state, run."""
    if cfg is None:
        import boardcfg as cfg  # type: ignore[import-not-found]  # deployed board file
    from table.device import boardspec

    boardspec.check(cfg)  # a hand-edited board: one line, before the app loads
    del boardspec
    from table import app as appmod

    appmod.unload("boardspec")  # checked: its code leaves the heap
    from table.device import hw_circuitpython

    hw = hw_circuitpython.Hardware(cfg)
    run(appmod.App(hw=hw), hw)


def log_error(e):
    """Keep the error in data/errors.txt if the flash is writable from code."""
    try:
        import traceback  # type: ignore[import-not-found]  # CircuitPython has it

        from table.storage import paths

        with open(paths.ERRORS, "w") as f:
            traceback.print_exception(e, file=f)
    except Exception:
        pass


if __name__ == "__main__":  # code.py on the device; tests import it
    try:
        main()
    except Exception as e:  # KeyboardInterrupt (Ctrl-C) passes
        log_error(e)
        raise  # CircuitPython prints it on the console and on the display
