from raising import value_error

from table.rules.corsica_cards import DECK_SIZE, card_text, new_deck, parse_card, rank


def test_every_card_round_trips():
    texts = [card_text(c) for c in new_deck()]
    assert len(set(texts)) == DECK_SIZE
    for c in new_deck():
        assert parse_card(card_text(c)) == c


def test_notation_examples_and_case():
    assert card_text(parse_card("QS")) == "QS"
    assert card_text(parse_card("10h")) == "10H"
    assert card_text(parse_card(" ad ")) == "AD"
    assert parse_card("x") == parse_card("X1") == 52
    assert parse_card("X2") == 53
    assert card_text(52) == "X1" and card_text(53) == "X2"


def test_ranks():
    assert rank(parse_card("AS")) == 1
    assert rank(parse_card("10C")) == 10
    assert rank(parse_card("JH")) == 11
    assert rank(parse_card("QD")) == 12
    assert rank(parse_card("KS")) == 13
    assert rank(parse_card("X1")) == rank(parse_card("X2")) == 14


def test_deck_has_52_cards_and_two_jokers():
    deck = new_deck()
    assert len(deck) == 54 and len(set(deck)) == 54
    for r in range(1, 14):
        assert sum(1 for c in deck if rank(c) == r) == 4
    assert sum(1 for c in deck if rank(c) == 14) == 2


def test_unknown_cards_are_rejected():
    for bad in ("", "1S", "11S", "KX", "Z", "X3", "10", "QQS", "S"):
        assert "unknown card" in value_error(parse_card, bad)
    value_error(card_text, 54)
    value_error(card_text, -1)


def test_error_texts_in_full():
    for bad in ("ZZ", "1S", "10", "KSS"):
        assert value_error(parse_card, bad) == "unknown card %r (ranks A 2-10 J Q K, suits S H D C, joker X)" % (bad,)
    for bad in (54, -1, "QS"):
        assert value_error(card_text, bad) == "unknown card %r" % (bad,)
