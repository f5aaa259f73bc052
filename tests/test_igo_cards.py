from raising import raises, value_error

from table.rules.igo_cards import (
    COLOURS,
    card_text,
    hand_masks,
    mask_cards,
    parse_card,
    parse_colour,
    parse_hand,
    parse_hands,
)

HAND = ["R1", "O2", "Y3", "G4", "C5", "B6", "P7", "K8", "N9", "W10", "R11", "O11"]


def test_colours_and_round_trip():
    assert COLOURS == "ROYGCBPKNW"
    assert parse_colour("k") == 7 and parse_colour("W") == 9
    for c in range(10):
        for v in range(1, 12):
            card = c * 16 + v
            assert parse_card(card_text(card)) == card
            assert parse_card(card_text(card).lower()) == card
    assert card_text(parse_card("K8")) == "K8"
    assert card_text(parse_card("o10")) == "O10"


def test_bad_cards_name_the_problem():
    raises(lambda: parse_card("Z8"), "Z8", "colour")
    raises(lambda: parse_card("K12"), "K12", "value")
    raises(lambda: parse_card("K0"), "K0", "value")
    raises(lambda: parse_card("K"), "'K'")
    raises(lambda: parse_card("Kx"), "Kx", "value")
    raises(lambda: parse_card(""), "card")
    raises(lambda: parse_card(8), "8")
    raises(lambda: parse_colour("X", "display colour"), "display colour", "X")
    raises(lambda: parse_colour("RO"), "RO")
    raises(lambda: parse_colour(None), "None")


def test_hand_size_and_duplicates():
    assert [card_text(c) for c in parse_hand(HAND)] == HAND
    raises(lambda: parse_hand(HAND[:11]), "11 cards", "12")
    raises(lambda: parse_hand(HAND + ["Y1"]), "13 cards")
    raises(lambda: parse_hand(HAND[:11] + ["r1"]), "duplicate card R1")
    raises(lambda: parse_hand("R1 O2"), "list")
    assert parse_hand([], None) == []
    other = ["R%d" % v for v in range(2, 11)] + ["K1", "K2", "K3"]
    assert len(parse_hands([HAND, other])) == 2
    raises(lambda: parse_hands([HAND, other[:11] + ["o2"]]), "duplicate card O2", "0", "1")
    raises(lambda: parse_hands([HAND, other[:5]]), "hand 1", "5 cards")


def test_masks():
    masks = hand_masks(parse_hand(["K8", "K1", "O10"], None))
    assert masks[7] == (1 << 7) | 1 and masks[1] == 1 << 9
    assert sum(1 for m in masks if m) == 2
    assert [card_text(c) for c in mask_cards(7, masks[7])] == ["K1", "K8"]


def test_error_texts_in_full():
    assert value_error(lambda: parse_colour("Z")) == "colour 'Z' is not a colour letter (one of ROYGCBPKNW)"
    assert value_error(lambda: parse_colour("RO", "dealer")) == "dealer 'RO' is not a colour letter (one of ROYGCBPKNW)"
    assert value_error(lambda: parse_card(8)) == "card 8 is not a string like 'K8'"
    assert value_error(lambda: parse_card("Z8")) == "unknown card 'Z8': colour must be one of ROYGCBPKNW"
    assert value_error(lambda: parse_card("K12")) == "unknown card 'K12': value must be 1-11"
    assert value_error(lambda: parse_hand("K8")) == "hand must be a list of cards"
    assert value_error(lambda: parse_hand(["K8"])) == "hand has 1 cards, not 12"
    assert value_error(lambda: parse_hand(["K8", "k8"], None)) == "hand: duplicate card K8"
    assert value_error(lambda: parse_hands("K8")) == "hands must be a list of hands"
    assert value_error(lambda: parse_hands([["K8"], ["R1", "R1"]], None)) == "hand 1: duplicate card R1"
    assert value_error(lambda: parse_hands([["K8"], ["R1", "K8"]], None)) == "duplicate card K8 in hands 0 and 1"


def test_every_colour_letter_in_either_case():
    assert [parse_colour(c) for c in "ROYGCBPKNW"] == list(range(10))
    assert [parse_colour(" %s " % c.lower()) for c in "ROYGCBPKNW"] == list(range(10))
    assert parse_card("r1") == 1 and parse_card("W11") == 9 * 16 + 11


def test_mask_cards_lists_values_1_to_11():
    assert mask_cards(2, (1 << 11) - 1) == [2 * 16 + v for v in range(1, 12)]
    assert mask_cards(0, 1 << 10) == [11]
    assert mask_cards(9, 0) == []
