"""The screen-fit walks (tests/test_screen_fit.py) on the screens that fix a past
round from the score sheet: on MicroPython a file of their own (a fresh heap), every
display size; and, on every runtime, with names the display spells longer."""

import skipping
from test_screen_fit import NAMES, PARTS, SMALL_HEAP, WIDE_NAMES, display_sizes, run_walks, walk_igo_fixes


def test_the_walks_that_fix_a_round_fit_every_display_on_micropython_too():
    if not SMALL_HEAP:
        skipping.skip("CPython walks them all in test_screen_fit.py")
    for size in display_sizes():
        seen, misfits = run_walks(size, NAMES, PARTS["test_screen_fit_rounds"])
        assert not misfits, "\n".join(misfits)


def test_and_with_names_the_display_spells_with_more_letters():
    seen, misfits = run_walks((128, 64), WIDE_NAMES, [(walk_igo_fixes, 6, None)])
    assert not misfits, "\n".join(misfits)
    assert "EditReview" in seen
