"""The hand calculator (ui_hand.py): best arrangement, button entry, use in a round."""

import gc

gc.collect()  # the unix port compiles these from source: start on a clean heap
import app  # noqa: E402,F401

gc.collect()
import scoresheet  # noqa: E402,F401

gc.collect()
import ui_hand  # noqa: E402,F401

gc.collect()
import ui_igo  # noqa: E402,F401

gc.collect()
from canvas_record import Rig  # noqa: E402


def match_rig(names):
    """A rig with an I Go match of these players on the match screen."""
    rig = Rig(names=names)
    rig.app.start_match("igo", names, 4)
    rig.app.push(ui_igo.MatchScreen(rig.app))
    return rig


def test_arrange_finds_the_best_series():
    import ui_hand
    from igo_cards import parse_hand

    hand = parse_hand("R1 R2 R3 O4 O5 Y6 Y7 G8 G9 C10 B11 K1".split())
    r = ui_hand.arrange(hand, 0)  # red is the display colour
    removed = ui_hand.cards_text(r["removed"])
    assert removed == "R1 R2 R3"
    # best pair: yellow 6 7 + green 8 9 (30) beats green + blue (28)
    assert ui_hand.cards_text(r["series"]) == "Y6 Y7 G8 G9"
    assert r["penalty"] == 4 + 5 + 10 + 11 + 1
    assert r["left"] == parse_hand("O4 O5 C10 B11 K1".split(), None)
    # a non-ender lays out orange and adds Y1 Y2 Y3 to the ender's yellow/green series
    other = parse_hand("B1 B2 C3 O1 O2 O3 O6 O7 O8 Y1 Y2 Y3".split())
    from igo_arrange import min_series

    option = min_series(ui_hand.masks_of(hand, 0))[0]
    r2 = ui_hand.arrange(other, 0, False, option)
    assert ui_hand.cards_text(r2["added"]) == "Y1 Y2 Y3"
    assert r2["penalty"] == 6
    # without the ender's series: the own series only
    assert ui_hand.arrange(other, 0, False)["penalty"] == 1 + 2 + 3 + 1 + 2 + 3


def enter_hand(rig, display, cards):
    """Hand calculator keys: display colour, then each card (colour, value)."""
    from igo_cards import COLOURS

    rig.nav("up*%d ok" % COLOURS.index(display) if COLOURS.index(display) else "ok")
    enter_cards(rig, cards)


def enter_cards(rig, cards):
    """Hand calculator keys for each card ("R1": colour, then value)."""
    from igo_cards import COLOURS

    calc = rig.app.top()
    for text in cards:
        d = (COLOURS.index(text[0]) - calc.colour) % 10
        rig.nav(("up*%d ok" % d) if d else "ok")
        d = (int(text[1:]) - calc.value) % 11
        rig.nav(("up*%d ok" % d) if d else "ok")


def test_hand_calculator_feeds_the_penalty_entry():
    rig = match_rig(["Ann", "Bob"])
    try:
        rig.nav("ok ok ok")  # enter round, Ann ended
        rig.nav("ok:long")
        assert rig.screen() == "HandCalc"
        assert "cards to remove" in rig.text()
        cards = "R1 R2 R3 O4 O5 Y6 Y7 G8 G9 C10 B11 K1".split()
        enter_hand(rig, "R", cards[:2])
        assert "R1 R2" in rig.text() and rig.canvas.title() == "Card 3 of 12"
        assert "display: red" in rig.text()
        rig.nav("ok")  # R1 again: refused, a card exists once
        assert rig.app.top().cards == [1, 2]
        rig.nav("back back")  # edit R2 again, then its colour; then R2 stays out
        rig.nav("ok ok")  # R2 back
        calc = rig.app.top()
        assert calc.cards == [1, 2]
        enter_cards(rig, cards[2:])
        text = rig.text()
        assert rig.canvas.title() == "Penalty 31"
        assert "Series: Y6 Y7 G8 G9" in text
        rig.nav("ok")  # use it
        assert rig.screen() == "PenaltyEntry"
        entry = rig.app.top()
        assert entry.penalties == [31, 0] and entry.hands.cards[0] == calc.cards
        assert entry.hands.ender_option() == ((2, 3), 0b111100000)  # yellow 6 7, green 8 9
    finally:
        rig.close()


def test_hand_calculator_alone_from_the_round_menu():
    rig = match_rig(["Ann", "Bob"])
    try:
        rig.nav("ok")
        rig.choose("Hand calc")
        assert rig.screen() == "HandCalc"
        rig.nav("back")  # display step: back leaves
        assert rig.screen() == "MatchMenu"
    finally:
        rig.close()


def test_the_enders_calculator_shows_the_enders_round_score_in_full():
    names = ["Ann", "Bob", "Cy", "Di"]
    rig = Rig(names=names)
    try:
        rig.app.start_match("corsari", names, 100, [0, 1, 2, 3])
        rig.app.push(ui_igo.MatchScreen(rig.app))
        rig.nav("ok ok ok")  # enter round, Ann ended
        entry = rig.app.top()
        hand = "O11 O10 Y11 Y9 G11 G7 C11 C8 B11 B6 K11 K5".split()
        rig.nav("ok:long")
        enter_hand(rig, "R", hand)
        assert "Ender's score: once all are in" in rig.text()  # the others' penalties are not in yet
        rig.app.pop()  # not used
        for p in (1, 2, 3):  # the others announce 30 each: they skunk the ender
            entry.penalties[p] = 30
            entry.confirmed[p] = True
        rig.nav("ok:long")
        enter_hand(rig, "R", hand)
        calc = rig.app.top()
        own = calc.result["penalty"]
        assert calc.index == calc.pick and own == 81
        assert "Ender scores 181" in rig.text()  # 10 + 81 + 3 x 30: not cut to "18"
    finally:
        rig.close()


def test_another_players_calculator_adds_to_the_enders_series_once_it_is_in():
    rig = match_rig(["Ann", "Bob"])
    try:
        rig.nav("ok ok ok ok")  # enter round, Ann ended; Ann's penalty passed: Bob's
        rig.nav("ok:long")
        enter_hand(rig, "R", "B1 B2 C3 O1 O2 O3 O6 O7 O8 Y1 Y2 Y3".split())
        assert "own series only" in rig.text()  # Ann's hand is not in
        rig.nav("ok back ok:long")  # Bob's hand used; Ann's calculator
        enter_cards(rig, "R1 R2 R3 O4 O5 Y6 Y7 G8 G9 C10 B11 K1".split())  # the display is red already
        rig.nav("ok ok ok:long")  # Ann's hand used; Bob's calculator again
        text = rig.text()
        assert "Added: Y1 Y2 Y3" in text and "own series only" not in text
    finally:
        rig.close()


def test_the_display_colour_is_named_large_so_orange_never_reads_as_zero():
    from canvas_record import RecordingCanvas
    from ui_hand import HandCalc

    rig = Rig(names=["Ann", "Bob"])
    try:
        screen = HandCalc(rig.app)
        rig.app.push(screen)
        screen.field, screen.colour = "display", 1  # orange
        canvas = RecordingCanvas(128, 64)
        rig.app.draw(canvas)
        assert canvas.scale_of("ORANGE") == 2 and "O" not in canvas.shown().split("\n")
        assert "card letter O" in canvas.shown()
    finally:
        rig.close()
