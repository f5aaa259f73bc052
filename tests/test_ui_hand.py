"""The hand calculator (ui_hand.py): best arrangement, button entry, use in a round."""

import gc

gc.collect()  # the unix port compiles these from source: start on a clean heap
from table import app  # noqa: E402,F401

gc.collect()
from table.rules import scoresheet  # noqa: E402,F401

gc.collect()
from table.screens import ui_hand  # noqa: E402,F401

gc.collect()
from table.screens import ui_igo  # noqa: E402,F401

gc.collect()
from canvas_record import Rig, loaded  # noqa: E402


def match_rig(names):
    """A rig with an I Go match of these players on the match screen."""
    rig = Rig(names=names)
    rig.start_match("igo", names, 4)
    rig.app.push(rig.app.screen("match"))
    return rig


def test_arrange_finds_the_best_series():
    from table.rules.igo_cards import parse_hand
    from table.rules.igo_choice import arrange, masks_of
    from table.screens import ui_hand

    hand = parse_hand("R1 R2 R3 O4 O5 Y6 Y7 G8 G9 C10 B11 K1".split())
    r = arrange(hand, 0)  # red is the display colour
    removed = ui_hand.cards_text(r["removed"])
    assert removed == "R1 R2 R3"
    # best pair: yellow 6 7 + green 8 9 (30) beats green + blue (28)
    assert ui_hand.cards_text(r["series"]) == "Y6 Y7 G8 G9"
    assert r["penalty"] == 4 + 5 + 10 + 11 + 1
    assert r["left"] == parse_hand("O4 O5 C10 B11 K1".split(), None)
    # a non-ender lays out orange and adds Y1 Y2 Y3 to the ender's yellow/green series
    other = parse_hand("B1 B2 C3 O1 O2 O3 O6 O7 O8 Y1 Y2 Y3".split())
    from table.rules.igo_arrange import min_series

    option = min_series(masks_of(hand, 0))[0]
    r2 = arrange(other, 0, False, option)
    assert ui_hand.cards_text(r2["added"]) == "Y1 Y2 Y3"
    assert r2["penalty"] == 6
    # without the ender's series: the own series only
    assert arrange(other, 0, False)["penalty"] == 1 + 2 + 3 + 1 + 2 + 3


def enter_hand(rig, display, cards):
    """Hand calculator keys: display colour, then each card (colour, value)."""
    from table.rules.igo_cards import COLOURS

    rig.nav("up*%d ok" % COLOURS.index(display) if COLOURS.index(display) else "ok")
    enter_cards(rig, cards)


def enter_cards(rig, cards):
    """Hand calculator keys for each card ("R1": colour, then value)."""
    from table.rules.igo_cards import COLOURS

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
        calc = rig.app.top()
        assert (calc.colour, calc.value) == (0, 3)  # R3 next: the next red not in the hand
        rig.nav("back")  # R2 taken back to edit, on its value
        assert calc.field == "value" and calc.cards == [1] and calc.value == 2
        rig.nav("ok")  # R2 back
        assert calc.cards == [1, 2]
        enter_cards(rig, cards[2:])
        text = rig.text()
        assert rig.canvas.title() == "Penalty 31"
        arrows = rig.canvas.arrows()
        assert text.endswith("ok:use") and arrows and min(a[1] for a in arrows) > 40  # the keys; more below
        rig.nav("down*2")  # one option: up/down scroll
        assert "Series: Y6 Y7 G8 G9" in rig.text() and rig.text().endswith("ok:use")
        rig.nav("ok")  # use it: one ok, and on to the next player
        assert rig.screen() == "PenaltyEntry"
        entry = rig.app.top()
        assert entry.penalties == [31, 0] and entry.hands.cards[0] == calc.cards
        assert entry.pos == 1 and entry.confirmed[0] and "Bob" in rig.text()
        assert entry.hands.ender_option() == ((2, 3), 0b111100000)  # yellow 6 7, green 8 9
    finally:
        rig.close()


def test_a_penalty_from_the_hand_changed_by_a_press_says_so_and_the_hand_comes_back():
    """Issue #45: up on "12 / from hand" turned it into 13 and dropped "from hand"
    without a word; the hand was lost."""
    rig = match_rig(["Ann", "Bob"])
    try:
        rig.nav("ok ok ok ok:long")  # enter round, Ann ended; her calculator
        enter_hand(rig, "R", "R1 R2 R3 O4 O5 Y6 Y7 G8 G9 C10 B11 K1".split())
        rig.nav("ok back")  # used (on to Bob), back to Ann's penalty
        entry = rig.app.top()
        assert entry.penalties[0] == 31 and "from hand" in rig.text()
        rig.nav("up")  # a stray press: no longer the hand's, and the screen says so
        assert entry.penalties[0] == 32 and "from hand" not in rig.text()
        assert "typed (hand 31)" in rig.text() and entry.hands.cards[0] is None
        rig.nav("ok:long")  # the calculator opens on the hand kept, its result
        assert rig.screen() == "HandCalc" and rig.app.top().field == "result"
        rig.nav("ok")  # used again: 31 from the hand, on to Bob
        assert entry.penalties[0] == 31 and entry.hands.cards[0] and entry.pos == 1
        rig.nav("back")
        assert "from hand" in rig.text()
    finally:
        rig.close()


def test_the_enders_options_step_with_a_press_and_the_key_line_stays_in_view():
    """Issue #45: "up/down: other" and "ok: use" sat below the bottom line (4 long
    downs to see them)."""
    rig = match_rig(["Ann", "Bob"])
    try:
        rig.nav("ok ok ok ok:long")  # Ann ended: her calculator
        enter_hand(rig, "R", "B1 B2 C3 O1 O2 O3 O6 O7 O8 Y1 Y2 Y3".split())
        calc = rig.app.top()
        assert len(calc.options) > 1
        assert "Option %d of %d" % (calc.index + 1, len(calc.options)) in rig.text()
        for _ in range(4):
            assert rig.text().endswith("up/dn:opt ok:use"), rig.text()
            rig.nav("down:long")  # a long press scrolls, the key line stays
        assert "Option" not in rig.text() and calc.top > 0
        index = calc.index
        rig.nav("up")  # a press: another option
        assert calc.index != index and rig.text().endswith("up/dn:opt ok:use")
        rig.nav("ok")
        assert rig.screen() == "PenaltyEntry" and rig.app.top().pos == 1
        rig.app.pop()
        rig.app.pop()
        rig.nav("ok")
        rig.choose("Hand calc")  # alone, from the round menu: ok ends it
        enter_hand(rig, "R", "B1 B2 C3 O1 O2 O3 O6 O7 O8 Y1 Y2 Y3".split())
        assert rig.text().endswith("up/dn:opt ok:end")
        rig.nav("ok")
        assert rig.screen() == "MatchMenu"
    finally:
        rig.close()


def test_a_card_already_in_the_hand_is_refused_in_words_and_with_the_error_tone():
    from table.device import tones

    rig = match_rig(["Ann", "Bob"])
    try:
        rig.nav("ok")
        rig.choose("Hand calc")
        enter_hand(rig, "R", ["O4", "O5"])
        calc = rig.app.top()
        rig.nav("ok down ok")  # orange, 6 down to 5: O5 again
        assert calc.cards == [20, 21] and calc.field == "value"
        assert "already in hand" in rig.text() and "display" not in rig.text()
        assert rig.app.out.notes == tones.TONES["error"]
        rig.nav("up")  # the next press clears the word
        assert "already in hand" not in rig.text() and "display: red" in rig.text()
        rig.nav("ok")
        assert calc.cards == [20, 21, 22]
    finally:
        rig.close()


def test_the_next_card_starts_where_typing_is_quickest():
    rig = match_rig(["Ann", "Bob"])
    try:
        rig.nav("ok")
        rig.choose("Hand calc")
        rig.nav("ok")  # display red; the first card starts at R1
        calc = rig.app.top()
        assert (calc.colour, calc.value) == (0, 1)
        rig.nav("ok ok ok ok")  # R1, R2: ok ok each (colour, value)
        assert calc.cards == [1, 2] and (calc.colour, calc.value) == (0, 3)
        rig.nav("ok up ok")  # R4; the next red not in the hand: R5
        assert calc.cards == [1, 2, 4] and calc.value == 5
        rig.nav("up")  # another colour starts above its highest in the hand: O1
        assert (calc.colour, calc.value) == (1, 1)
        rig.nav("down")  # back to red: after R4 (R3 is free, but lower)
        assert (calc.colour, calc.value) == (0, 5)
        rig.nav("ok up*6 ok")  # R11: the next red wraps round to R3, skipping R1 R2
        assert calc.cards[-1] == 11 and calc.value == 3
        for text in ["R3", "R5", "R6", "R7", "R8", "R9", "R10"]:  # every red but one
            rig.nav("ok ok")
            assert calc.cards[-1] == ui_hand_card(text)
        assert len(calc.cards) == 11 and calc.value == 1  # a full colour: ok refuses
        rig.nav("ok ok")
        assert "already in hand" in rig.text() and len(calc.cards) == 11
    finally:
        rig.close()


def ui_hand_card(text):
    from table.rules.igo_cards import parse_card

    return parse_card(text)


def test_hand_calculator_alone_from_the_round_menu():
    rig = match_rig(["Ann", "Bob"])
    try:
        rig.nav("ok")
        app.unload("igo_choice")
        app.unload("igo_arrange")
        rig.choose("Hand calc")
        assert rig.screen() == "HandCalc"
        # The engine loads after the first frame (at once here: no loop pass), not
        # with the 12th card: its result shows at once.
        assert loaded("igo_choice") and loaded("igo_arrange")
        rig.nav("back")  # display step: back leaves
        assert rig.screen() == "MatchMenu"
    finally:
        rig.close()


def test_the_enders_calculator_shows_the_enders_round_score_in_full():
    names = ["Ann", "Bob", "Cy", "Di"]
    rig = Rig(names=names)
    try:
        rig.start_match("corsari", names, 100, [0, 1, 2, 3])
        rig.app.push(rig.app.screen("match"))
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
        rig.nav("ok")  # Bob's hand used: the last penalty, so the review
        assert rig.screen() == "RoundReview"
        rig.nav("back back ok:long")  # Bob's penalty, Ann's; Ann's calculator
        enter_cards(rig, "R1 R2 R3 O4 O5 Y6 Y7 G8 G9 C10 B11 K1".split())  # the display is red already
        rig.nav("ok ok:long")  # Ann's hand used: Bob's penalty; Bob's calculator again
        text = rig.text()
        assert "Added: Y1 Y2 Y3" in text and "own series only" not in text
    finally:
        rig.close()


def test_the_display_colour_is_named_large_so_orange_never_reads_as_zero():
    from canvas_record import RecordingCanvas

    from table.screens.ui_hand import HandCalc

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
