"""The screen-fit walk of the Corsica deck game (tests/test_screen_fit.py): on
MicroPython a file of its own (a fresh heap: the deck game keeps itself in Continue,
its saving code loaded at every pile), every display size, and with names the display
spells with more letters."""

import skipping
from test_screen_fit import NAMES, PARTS, SMALL_HEAP, WIDE_NAMES, display_sizes, run_walks


def test_the_deck_walk_fits_every_display_on_micropython_too():
    if not SMALL_HEAP:
        skipping.skip("CPython walks it in test_screen_fit.py and test_screen_fit_names.py")
    for size in display_sizes():
        seen, misfits = run_walks(size, NAMES, PARTS["test_screen_fit_deck"])
        assert not misfits, "\n".join(misfits)
        assert "DeckGame" in seen


def test_the_deck_walk_with_names_the_display_spells_with_more_letters():
    if not SMALL_HEAP:
        skipping.skip("CPython walks it in test_screen_fit_names.py")
    seen, misfits = run_walks((128, 64), WIDE_NAMES, PARTS["test_screen_fit_deck"])
    assert not misfits, "\n".join(misfits)
    assert "DeckGame" in seen
