"""The screen-fit walks (tests/test_screen_fit.py) on Settings > Wi-Fi and its
network editor: on MicroPython a file of their own (a fresh heap), every display
size."""

import skipping
from test_screen_fit import NAMES, PARTS, SMALL_HEAP, display_sizes, run_walks


def test_the_wifi_walk_fits_every_display_on_micropython_too():
    if not SMALL_HEAP:
        skipping.skip("CPython walks them all in test_screen_fit.py")
    for size in display_sizes():
        seen, misfits = run_walks(size, NAMES, PARTS["test_screen_fit_wifi"])
        assert not misfits, "\n".join(misfits)
