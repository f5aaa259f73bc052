"""The screen-fit walks again with names the display spells with more letters
(tests/test_screen_fit.py): a file of its own, so on MicroPython it starts from a
fresh heap as every test file does."""

from test_screen_fit import (
    SMALL_HEAP,
    WIDE_NAMES,
    run_walks,
    walk_corsari,
    walk_deck,
    walk_igo,
    walk_players,
    walk_referee,
)


def test_names_the_display_spells_with_more_letters_fit_too():
    walks = [(walk_igo, 6, None), (walk_corsari, 6, None), (walk_referee, 6, None), (walk_players, 6, None)]
    if not SMALL_HEAP:  # (MicroPython: test_screen_fit_deck.py's, on a heap of its own)
        walks.append((walk_deck, 6, None))  # the deck's title names whose turn it is
    seen, misfits = run_walks((128, 64), WIDE_NAMES, walks)
    assert not misfits, "\n".join(misfits)
    assert "SheetView" in seen and "Continue" in seen and "Referee" in seen
    assert SMALL_HEAP or "DeckGame" in seen
