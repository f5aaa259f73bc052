"""Scenario tests, one rule at a time (docs/rules.md, Battle of Corsica), plus slap_reason
checked against a reference written straight from the rule text."""

from raising import value_error

from table.rules.corsica import HONOUR_ATTEMPTS, SLAP_RULES, Game, slap_reason
from table.rules.corsica_cards import card_text, parse_card


def cards(text):
    return [parse_card(t) for t in text.split()]


def texts(card_list):
    return " ".join(card_text(c) for c in card_list)


def game(*hands, variants=()):
    return Game(len(hands), variants, seed=5, hands=[cards(h) for h in hands])


def play(g, times):
    return [g.play_card() for _ in range(times)]


# --- deal and turn order ------------------------------------------------------


def test_deal_gives_extra_cards_to_the_first_players():
    for players, sizes in ((2, [27, 27]), (4, [14, 14, 13, 13]), (5, [11, 11, 11, 11, 10]), (6, [9] * 6)):
        g = Game(players, seed=3)
        assert [len(h) for h in g.hands] == sizes
        assert sorted(c for h in g.hands for c in h) == list(range(54))
        assert g.turn == 0 and g.pile == [] and not g.over


def test_fixed_deck_is_dealt_round_robin_first_card_on_top():
    g = Game(3, deck=list(range(54)))
    assert g.hands[0][:3] == [0, 3, 6] and g.hands[2][:2] == [2, 5]


def test_bad_setup_is_rejected():
    value_error(Game, 1)
    value_error(Game, 7)
    value_error(Game, 3, ("sandwich", "slap-happy"))
    value_error(Game, 2, (), 1, None, [[1], [2], [3]])


def test_plain_cards_go_round_in_turn_order():
    g = game("2S 3S", "4S 5S", "6S 7S")
    assert play(g, 4) == [
        ("turn", 0, parse_card("2S")),
        ("turn", 1, parse_card("4S")),
        ("turn", 2, parse_card("6S")),
        ("turn", 0, parse_card("3S")),
    ]
    assert texts(g.pile) == "2S 4S 6S 3S"
    assert g.turn == 1 and g.demand == 0


# --- honours and tricks -------------------------------------------------------


def test_each_honour_demands_its_attempts_then_its_player_wins_the_trick():
    expected = {"J": 1, "Q": 2, "K": 3, "A": 4, "X": 5}
    for honour in ("J", "Q", "K", "A", "X"):
        head = honour if honour == "X" else honour + "S"
        g = game(head + " 9S", "2H 3H 4H 5H 6H 7H")
        attempts = expected[honour]
        assert g.play_card() == ("turn", 0, parse_card(head))
        assert g.turn == 1 and g.demand == attempts and g.honour_by == 0
        play(g, attempts - 1)
        assert g.trick_winner is None and g.demand == 1
        g.play_card()  # the last failed attempt
        assert g.trick_winner == 0 and g.turn == 0 and g.demand == 0
        pile = list(g.pile)
        assert g.play_card() == ("trick", 0, attempts + 1)
        assert g.pile == [] and g.hands[0] == [parse_card("9S")] + pile
        assert g.turn == 0  # the trick's winner leads
        assert g.play_card() == ("turn", 0, parse_card("9S"))


def test_honour_attempts_table():
    assert HONOUR_ATTEMPTS[11] == 1 and HONOUR_ATTEMPTS[12] == 2
    assert HONOUR_ATTEMPTS[13] == 3 and HONOUR_ATTEMPTS[1] == 4
    assert HONOUR_ATTEMPTS[14] == 5 and len(HONOUR_ATTEMPTS) == 5


def test_demand_passes_on_to_the_next_player():
    g = game("KS 2S", "3H QH", "4D 5D 6D")
    play(g, 3)  # KS, then 3H fails, QH answers
    assert g.honour_by == 1 and g.turn == 2 and g.demand == 2
    play(g, 2)  # 4D 5D fail
    assert g.trick_winner == 1
    assert g.play_card() == ("trick", 1, 5)
    assert texts(g.hands[1]) == "KS 3H QH 4D 5D" and g.turn == 1


def test_demand_passes_back_with_two_players():
    g = game("JS 2S 3S", "QH 4H")
    play(g, 2)
    assert g.turn == 0 and g.demand == 2 and g.honour_by == 1
    play(g, 2)
    assert g.trick_winner == 1


# --- slaps ----------------------------------------------------------------------


def test_slap_reasons_for_each_rule():
    all_variants = ("sandwich", "sequence", "sum10")
    for pile, variants, reason in (
        ("7S 7H", (), "double"),
        ("X1 X2", (), "double"),
        ("X", "", None),
        ("KS 7H KD", (), None),
        ("KS 7H KD", ("sandwich",), "sandwich"),
        ("X1 7H X2", ("sandwich",), "sandwich"),
        ("8S 9H", (), None),
        ("8S 9H", ("sequence",), "sequence"),
        ("9H 8S", ("sequence",), "sequence"),
        ("AS 2H", ("sequence",), "sequence"),
        ("10S JH", ("sequence",), "sequence"),
        ("QS KH", ("sequence",), "sequence"),
        ("KS AH", ("sequence",), None),
        ("KS X", ("sequence",), None),
        ("4S 6H", (), None),
        ("4S 6H", ("sum10",), "sum10"),
        ("AS 9H", ("sum10",), "sum10"),
        ("10S JH", ("sum10",), None),
        ("5S 5H", ("sum10",), "double"),
        ("3S 4D 3H", all_variants, "sandwich"),
        ("2S 3D 7H", all_variants, "sum10"),
        ("2S 9D 7H", all_variants, None),
        ("", all_variants, None),
        ("QS", all_variants, None),
    ):
        assert slap_reason(cards(pile), variants) == reason, (pile, variants)


def reference_reason(ranks, variants):
    """The rules as written, on rank names (bottom first)."""
    order = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    values = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
    found = []
    if len(ranks) >= 2 and ranks[-1] == ranks[-2]:
        found.append("double")
    if "sandwich" in variants and len(ranks) >= 3 and ranks[-1] == ranks[-3]:
        found.append("sandwich")
    if (
        "sequence" in variants
        and len(ranks) >= 2
        and ranks[-1] in order
        and ranks[-2] in order
        and abs(order.index(ranks[-1]) - order.index(ranks[-2])) == 1
    ):
        found.append("sequence")
    if (
        "sum10" in variants
        and len(ranks) >= 2
        and ranks[-1] in values
        and ranks[-2] in values
        and values[ranks[-1]] + values[ranks[-2]] == 10
    ):
        found.append("sum10")
    for rule in SLAP_RULES:  # precedence
        if rule in found:
            return rule
    return None


def test_slap_reason_matches_reference_for_all_rank_triples():
    names = "A 2 3 4 5 6 7 8 9 10 J Q K X".split()
    example = {n: parse_card(n if n == "X" else n + "S") for n in names}
    variant_sets = ((), ("sandwich",), ("sequence",), ("sum10",), ("sandwich", "sequence", "sum10"))
    for a in names:
        for b in names:
            for c in names:
                pile = [example[a], example[b], example[c]]
                for v in variant_sets:
                    assert slap_reason(pile, v) == reference_reason([a, b, c], v)
            for v in variant_sets:
                assert slap_reason(pile[1:], v) == reference_reason([b, c], v)


def test_game_slappable_uses_its_variants():
    g = game("4S 9S", "6H 9H", variants=("sum10",))
    play(g, 2)
    assert g.slappable() == "sum10"
    g = game("4S 9S", "6H 9H")
    play(g, 2)
    assert g.slappable() is None


def test_first_tap_on_slappable_pile_wins_it_and_leads():
    g = game("7S 2S", "7H 3H", "4D 5D")
    play(g, 2)
    assert g.slappable() == "double"
    assert g.slap(2) == ("slap", 2, "double")
    assert texts(g.hands[2]) == "4D 5D 7S 7H"
    assert g.pile == [] and g.turn == 2 and g.slappable() is None


def test_slap_resolves_an_honour_demand_in_progress():
    g = game("KS 2S", "5H 5D 8H")
    play(g, 3)  # KS, 5H, 5D: still one attempt left
    assert g.demand == 1 and g.slappable() == "double"
    assert g.slap(0) == ("slap", 0, "double")
    assert g.demand == 0 and g.honour_by is None and g.turn == 0
    assert texts(g.hands[0]) == "2S KS 5H 5D"


def test_slap_beats_a_won_trick_waiting_to_be_picked_up():
    g = game("QS 2S", "5H 5D 9H")
    play(g, 3)  # QS; 5H, 5D fail: the trick is player 0's, but the pile is a double
    assert g.trick_winner == 0 and g.slappable() == "double"
    assert g.slap(1) == ("slap", 1, "double")
    assert g.trick_winner is None and g.turn == 1
    assert texts(g.hands[1]) == "9H QS 5H 5D"


def test_false_tap_pays_three_cards_under_the_pile():
    g = game("2S 3S", "4H 5H 6H 7H 8H")
    g.play_card()
    assert g.slap(1) == ("false", 1, 3)
    assert texts(g.pile) == "4H 5H 6H 2S" and g.under == 3
    assert texts(g.hands[1]) == "7H 8H"
    assert g.turn == 1


def test_false_tap_pays_all_when_fewer_than_three():
    g = game("2S 3S 4S", "5H 6H")
    g.play_card()
    assert g.slap(1) == ("false", 1, 2)
    assert g.hands[1] == [] and g.mistakes == [0, 0]
    assert g.turn == 0  # player 1 is out, so skipped


def test_paid_cards_under_the_pile_never_make_it_slappable():
    g = game("2S 5D", "3H 4H 2H")
    g.play_card()
    g.slap(1)  # pays 2H 3H 4H under 2S
    assert g.slappable() is None
    assert g.slap(0) == ("false", 0, 1)
    assert g.slappable() is None


def test_tap_on_empty_pile_is_false():
    g = game("2S 3S", "4H 5H 6H 7H")
    assert g.slap(1) == ("false", 1, 3)
    assert g.slappable() is None


# --- out of cards -------------------------------------------------------------


def test_out_of_cards_draws_from_the_next_players_deck():
    g = game("AS 2S", "3H", "4D 5D 6D 7D")
    play(g, 2)  # AS; 3H fails, player 1 is out with 3 attempts left
    assert g.turn == 1 and g.demand == 3 and g.hands[1] == []
    event = g.play_card()
    assert event == ("draw", 1, 2)
    assert g.pile[-1] in cards("4D 5D 6D 7D") and len(g.hands[2]) == 3
    play(g, 2)
    assert g.trick_winner == 0 and len(g.hands[2]) == 1


def test_winning_a_trick_with_drawn_cards_keeps_the_player_in():
    g = game("QS 2S 3S 4S", "5H", "KD")
    play(g, 2)  # QS; 5H fails, player 1 is out with one attempt left
    assert g.play_card() == ("draw", 1, 2)
    assert texts(g.pile) == "QS 5H KD"
    # The demand passes on to the next player holding cards: player 0.
    assert g.honour_by == 1 and g.turn == 0 and g.demand == 3
    play(g, 3)
    assert g.trick_winner == 1
    assert g.play_card() == ("trick", 1, 6)
    assert texts(g.hands[1]) == "QS 5H KD 2S 3S 4S" and g.turn == 1
    assert g.over and g.winner == 1  # here it held all the cards


def test_attempts_fail_when_nobody_is_left_to_draw_from():
    g = game("QS", "5H")
    play(g, 2)  # QS; 5H fails, player 1 is out and player 0 has no cards either
    assert g.trick_winner == 0
    assert g.play_card() == ("trick", 0, 2)
    assert g.over and g.winner == 0


def test_honour_nobody_can_answer_wins_at_once():
    g = game("2S KS 4S", "3H")
    play(g, 3)  # 2S, 3H: player 1 is out; KS
    assert g.trick_winner == 0 and g.demand == 0
    assert g.play_card() == ("trick", 0, 3)
    assert g.over and g.winner == 0


def test_out_of_cards_player_is_skipped_also_for_a_demand():
    g = game("2S JS 3S", "", "4D 5D 6D")
    assert play(g, 3) == [("turn", 0, parse_card("2S")), ("turn", 2, parse_card("4D")), ("turn", 0, parse_card("JS"))]
    assert g.turn == 2 and g.demand == 1


def test_winning_a_slap_taps_an_out_player_back_in():
    g = game("7S 2S", "", "7D 5D")
    play(g, 2)
    assert g.slap(1) == ("slap", 1, "double")
    assert texts(g.hands[1]) == "7S 7D" and g.turn == 1
    assert g.play_card() == ("turn", 1, parse_card("7S"))


def test_three_mistakes_eliminate_for_good():
    g = game("2S 3S 9S 4S", "", "6D 7D 9D")
    g.play_card()
    assert g.slap(1) == ("mistake", 1, 1)
    assert g.slap(1) == ("mistake", 1, 2)
    assert g.slap(1) == ("eliminated", 1, 3)
    assert g.eliminated(1) and g.mistakes == [0, 3, 0]
    assert g.card_count() == g.total
    play(g, 5)  # 6D 3S 7D 9S 9D
    assert g.slappable() == "double"
    assert g.slap(1) == ("ignored", 1, None)
    assert g.hands[1] == [] and g.slappable() == "double"
    assert g.slap(0) == ("slap", 0, "double")


def test_eliminated_honour_player_loses_the_trick_to_the_next_player_in():
    g = game("KS", "2H 3H 4H 5H", "6D")
    g.play_card()  # KS: player 0 is out, player 1 answers
    for _ in range(3):
        g.slap(0)
    assert g.eliminated(0)
    play(g, 3)
    assert g.trick_winner == 1


def test_eliminated_trick_winner_loses_the_waiting_trick():
    g = game("JS", "2H 3H")
    play(g, 2)  # JS (player 0 is out); 2H fails: the trick waits for player 0
    assert g.trick_winner == 0
    for _ in range(3):
        g.slap(0)
    assert g.eliminated(0) and g.trick_winner == 1 and g.turn == 1
    assert g.play_card() == ("trick", 1, 2)
    assert g.over and g.winner == 1


def test_eliminated_answerer_fails_the_attempts_left():
    g = game("QS 5S", "4H", "6D 7D 8D")
    play(g, 2)  # QS; 4H fails and player 1 is out, one attempt left
    assert g.turn == 1 and g.demand == 1
    for _ in range(3):
        g.slap(1)
    assert g.eliminated(1) and g.trick_winner == 0 and g.demand == 0
    assert len(g.hands[2]) == 3


def test_nobody_holding_cards_gives_the_pile_to_the_player_to_move():
    g = game("2S 3S", "", "4D")
    play(g, 2)  # 2S, 4D: only player 0 holds a card
    assert g.slap(0) == ("false", 0, 1)
    assert g.trick_winner == 0
    assert g.play_card() == ("trick", 0, 3)
    assert g.over and g.winner == 0


# --- end of the game ----------------------------------------------------------


def test_game_ends_when_one_player_holds_all_cards_after_a_trick():
    g = game("JS 4S", "2H")
    play(g, 2)
    assert not g.over and g.trick_winner == 0
    g.play_card()
    assert g.over and g.winner == 0 and len(g.hands[0]) == 3
    value_error(g.play_card)
    assert g.slap(1) == ("ignored", 1, None)


def test_game_ends_by_a_slap():
    g = game("8S", "8H", "")
    play(g, 2)
    assert g.slap(2) == ("slap", 2, "double")
    assert g.over and g.winner == 2


def test_bad_player_index_is_rejected():
    g = game("2S", "3S")
    value_error(g.slap, 2)
    value_error(g.slap, -1)


def test_error_texts_in_full():
    assert value_error(Game, 7) == "Battle of Corsica needs 2-6 players, not 7"
    assert (
        value_error(Game, 3, ("sandwich", "slap-happy"))
        == "unknown slap variant 'slap-happy' (known: sandwich, sequence, sum10)"
    )
    assert value_error(Game, 2, (), 1, None, [[1], [2], [3]]) == "3 hands for 2 players"
    g = game("2S", "3S")
    assert value_error(g.slap, 2) == "no player 2"
    g = game("2S", "2H")
    play(g, 2)
    assert g.slap(0) == ("slap", 0, "double") and g.over
    assert value_error(g.play_card) == "the game is over"


def test_the_default_seed_is_1_and_the_deal_is_round_robin():
    # Seed 1 shuffles the 54 cards with rng (Fisher-Yates), then card i goes to i % 2.
    from table.rules.corsica_cards import new_deck
    from table.rules.rng import Rng

    deck = new_deck()
    Rng(1).shuffle(deck)
    g = Game(2)
    assert g.hands == [deck[0::2], deck[1::2]]
    assert g.honour_by is None and g.winner is None and g.over is False
    assert g.trick_winner is None and g.under == 0 and g.mistakes == [0, 0]


def test_a_variant_counts_above_false_tap_payments():
    g = game("4S 5S", "8H 9H 10H 6D", variants=("sequence",))
    g.play_card()  # 4S
    assert g.slap(1) == ("false", 1, 3)  # 8H 9H 10H under the pile
    g.play_card()  # player 1 turns 6D: 4S 6D, no rule
    assert g.slappable() is None
    g.play_card()  # player 0 turns 5S: 6D 5S is a sequence
    assert g.slappable() == "sequence"


def test_after_a_slap_or_a_trick_the_new_pile_counts_from_its_first_card():
    g = game("7S 2S 9S 5C", "7H 9H 3H 8C 4C")
    play(g, 2)
    assert g.slap(0) == ("slap", 0, "double")
    assert g.under == 0
    play(g, 2)  # 2S, 9H
    assert g.slap(1) == ("false", 1, 3) and g.under == 3
    g = game("KS 2S 4D", "5H 6H 7H 2H 2C")
    play(g, 4)  # KS, then 5H 6H 7H fail: the trick is player 0's
    assert g.play_card() == ("trick", 0, 4)
    assert g.under == 0 and g.honour_by is None
    play(g, 2)  # 2S, 2H: a double on the new pile
    assert g.slappable() == "double"
