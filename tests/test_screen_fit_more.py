"""The screen-fit walks (tests/test_screen_fit.py) that its file has no room for on
MicroPython: a file of its own, so there it starts from a fresh heap as every test
file does. CPython walks them all in test_screen_fit.py (one process, one heap)."""

import skipping
from test_screen_fit import NAMES, PARTS, SMALL_HEAP, display_sizes, run_walks


def test_the_other_walks_fit_every_display_on_micropython_too():
    if not SMALL_HEAP:
        skipping.skip("CPython walks them all in test_screen_fit.py")
    for size in display_sizes():
        seen, misfits = run_walks(size, NAMES, PARTS["test_screen_fit_more"])
        assert not misfits, "\n".join(misfits)
