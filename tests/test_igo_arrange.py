import igo_reference as ref

from table.rules.igo_arrange import (
    arrange_response,
    best_response,
    hand_total,
    min_series,
    value_sum,
    without_colour,
)
from table.rules.igo_cards import card_text, hand_masks, parse_colour, parse_hand, series_choices, series_count
from table.rules.rng import Rng

O, K, R = parse_colour("O"), parse_colour("K"), parse_colour("R")


def cards(*texts):
    return parse_hand(list(texts), None)


def masks_of(hand, display):
    return without_colour(hand_masks(hand), display)


def all_min_series(masks, declared_colours=False):
    """EVERY lowest-penalty series of the ender as (colours, cards): distinct by
    colours and cards (a value held in both colours gives two series)."""
    return [
        (colours, cards)
        for colours, values in min_series(masks, declared_colours)
        for cards in series_choices(masks, colours, values, declared_colours)
    ]


def mask(*values):
    m = 0
    for v in values:
        m |= 1 << (v - 1)
    return m


def respond(hand, display, colours, values):
    """(penalty, series texts, added texts) of a non-ender's best arrangement."""
    m = masks_of(hand, display)
    gain, a, b = best_response(m, colours, values)
    series, added = arrange_response(m, colours, values, a, b)
    return hand_total(m) - gain, [card_text(c) for c in series], [card_text(c) for c in added]


def check_response(hand, display, colours, values):
    """The engine's arrangement is legal, its penalty is what it reports and optimal."""
    m = masks_of(hand, display)
    gain, a, b = best_response(m, colours, values)
    series, added = arrange_response(m, colours, values, a, b)
    removed = [c for c in hand if c >> 4 == display]
    left = [c for c in hand if c not in removed + series + added]
    arr = [ref.to_tuples(x) for x in (removed, series, added, left)]
    ender_values = [v for v in range(1, 12) if values >> (v - 1) & 1]
    assert ref.is_legal_arrangement(ref.to_tuples(hand), display, colours, ender_values, arr)
    penalty = hand_total(m) - gain
    assert penalty == sum(c & 15 for c in left)
    assert penalty == ref.best_other(ref.to_tuples(hand), display, colours, ender_values)
    return penalty


def test_value_sums():
    assert value_sum(0) == 0 and value_sum((1 << 11) - 1) == 66
    assert value_sum(mask(8, 10)) == 18
    for m in range(1 << 11):  # every mask against the bits one by one
        assert value_sum(m) == sum(v for v in range(1, 12) if m >> (v - 1) & 1), m


def test_rule_text_example_orange_and_pink_8():
    # The ender laid out an orange/pink series without 8 and 10.
    colours, values = (O, K), mask(1, 2, 3, 4, 5, 6, 7, 9, 11)
    a = cards("O8", "G1", "G2", "G3", "Y5")
    assert respond(a, R, colours, values) == (0, ["G1", "G2", "G3", "Y5"], ["O8"])
    b = cards("K8", "G4", "G5", "Y6")
    assert respond(b, R, colours, values) == (0, ["G4", "G5", "Y6"], ["K8"])
    # C holds orange 10 and pink 10 and builds blue/yellow: only one 10 is added.
    c = cards("O10", "K10", "B1", "B2", "B3", "B4", "B5", "Y6", "Y7", "Y8", "Y9", "Y11")
    penalty, series, added = respond(c, R, colours, values)
    assert penalty == 10 and len(added) == 1 and added[0] in ("O10", "K10")
    for hand in (a, b, c):
        check_response(hand, R, colours, values)


def test_own_series_and_addition_need_two_cards():
    # One orange 8 only: it goes to the own series or is added, never both.
    hand = cards("O8", "O1", "O2")
    assert respond(hand, R, (O,), mask(1)) == (0, ["O1", "O2", "O8"], [])
    assert respond(hand, R, (O,), mask(5))[0] == 0
    # Orange 8 and pink 8: own orange series + pink 8 added to the ender's pink.
    hand = cards("O8", "K8", "O1")
    assert respond(hand, R, (K,), mask(1)) == (0, ["O1", "O8"], ["K8"])
    # Two cards of one value may not both be added, nor both go in a series.
    assert respond(cards("O8", "K8"), R, (O, K), mask(1))[0] == 0
    assert respond(cards("O8", "K8", "G8", "Y8"), R, (O, K), mask(1))[0] == 16


def test_display_colour_cards_are_removed_not_added():
    hand = cards("R5", "O5", "O6")
    assert respond(hand, R, (R, O), mask(1)) == (0, ["O5", "O6"], [])
    assert respond(cards("R5", "R6"), R, (R,), 0)[0] == 0


def test_min_series_colours_and_every_choice():
    # Orange and pink both hold 3: two series lay out the same values.
    hand = cards("O2", "O3", "K3", "K5", "Y1")
    m = masks_of(hand, R)
    assert min_series(m) == [((O, K), mask(2, 3, 5))]
    got = sorted(sorted(card_text(c) for c in s) for _, s in all_min_series(m))
    assert got == [["K3", "K5", "O2"], ["K5", "O2", "O3"]]
    # Pink holds everything orange holds: pink alone, or pink with the orange 3.
    hand = cards("O3", "K3", "K5", "K9")
    m = masks_of(hand, R)
    assert sorted(min_series(m)) == [((O, K), mask(3, 5, 9)), ((K,), mask(3, 5, 9))]
    assert series_choices(m, (O, K), mask(3, 5, 9)) == [[O * 16 + 3, K * 16 + 5, K * 16 + 9]]
    # A single card of each of two colours with the same value: one colour only.
    m = masks_of(cards("O3", "K3"), R)
    assert min_series(m) == [((O,), mask(3)), ((K,), mask(3))]


def test_declared_colours_name_a_second_colour():
    m = masks_of(cards("K3", "K5", "R7"), R)
    options = min_series(m, True)
    assert len(options) == 9 and ((O, K), mask(3, 5)) in options
    assert ((R, K), mask(3, 5)) in options
    assert len(all_min_series(m, True)) == 9
    # The named orange lets another player add an orange card.
    other = cards("O4", "Y1", "Y4")
    assert respond(other, R, (O, K), mask(3, 5))[0] == 0
    assert respond(other, R, (K,), mask(3, 5))[0] == 4


def ender_check(hand, display, declared):
    """Engine's every-min-series list == the reference's, as sets."""
    m = masks_of(hand, display)
    got = sorted((list(cols), sorted(ref.to_tuples(s))) for cols, s in all_min_series(m, declared))
    penalty, want = ref.ender_min_series(ref.to_tuples(hand), display, declared)
    assert got == sorted(want), (got, want)
    count = 0
    for cols, values in min_series(m, declared):
        assert hand_total(m) - value_sum(values) == penalty
        n = series_count(m, cols, values, declared)
        assert n == len(series_choices(m, cols, values, declared)) >= 1
        count += n
    assert count == len(want)  # the reference's every series, counted without lists


def test_random_full_deals_against_reference():
    rng = Rng(2024)
    for _ in range(12):
        hands = ref.deal(rng, 4, 12)
        display = rng.below(10)
        ender_check(hands[0], display, False)
        m = masks_of(hands[0], display)
        for colours, values in min_series(m):
            for hand in hands[1:]:
                check_response(hand, display, colours, values)


def test_random_dense_deals_against_reference():
    # Few colours and values: shared values, series colour clashes, many additions.
    rng = Rng(7)
    for case in range(40):
        hands = ref.deal(rng, 3, 8, colours=4, values=6)
        display = rng.below(5)  # 4 = a colour nobody holds
        ender_check(hands[0], display, case % 3 == 0)
        # any ender series, not only the best ones
        series = rng.choice(ref.all_series(ref.to_tuples(hands[0])))
        colours = tuple(ref.colours_of(series))
        if any(c == display for c in colours):
            continue
        values = mask(*ref.values_of(series))
        for hand in hands[1:]:
            check_response(hand, display, colours, values)
            check_response(hand, display, (), 0)


def test_value_sum_tables_against_brute_force():
    # The tables are built at import; build them again here so a wrong builder shows.
    from table.rules import igo_arrange

    for first, count in ((1, 6), (7, 5), (3, 2)):
        sums = igo_arrange._value_sums(first, count)
        assert len(sums) == 1 << count
        for m in range(1 << count):
            assert sums[m] == sum(first + k for k in range(count) if m >> k & 1), (first, m)


def test_an_empty_hand_has_one_empty_series():
    assert min_series([0] * 10) == [((), 0)]
    assert min_series([0] * 10, True) == [((), 0)]


def test_one_card_value_held_in_two_colours_is_no_two_colour_series():
    # R1 and O1: one card lays out the best series {1}, so each colour alone.
    m = masks_of(cards("R1", "O1"), parse_colour("W"))
    assert min_series(m) == [((R,), 1), ((O,), 1)]
    m = masks_of(cards("R1", "O1", "R2", "O2"), parse_colour("W"))
    assert min_series(m) == [((R, O), 3), ((R,), 3), ((O,), 3)]


def test_a_two_colour_series_uses_both_colours():
    m = masks_of(cards("R1", "O1", "R2", "O2"), parse_colour("W"))
    assert series_choices(m, (R, O), mask(1, 2)) == [[R * 16 + 1, O * 16 + 2], [O * 16 + 1, R * 16 + 2]]
    assert series_count(m, (R, O), mask(1, 2)) == 2  # without declared colours by default
    assert series_count(m, (R, O), mask(1, 2), True) == 4
    assert len(series_choices(m, (R, O), mask(1, 2), True)) == 4


def test_series_count_equals_the_lists_for_random_hands():
    rng = Rng(17)
    for _ in range(60):
        hand = list(range(160))
        rng.shuffle(hand)
        hand = [c for c in hand if 1 <= c & 15 <= 11][: 6 + rng.below(10)]
        m = masks_of(hand, rng.below(10))
        for declared in (False, True):
            for colours, values in min_series(m, declared):
                assert series_count(m, colours, values, declared) == len(series_choices(m, colours, values, declared))


def test_the_first_best_own_pair_in_colour_order():
    # Pairs R/O and R/W both lay out 1 + 5: R/O comes first, whatever the display colour.
    y, g = parse_colour("Y"), parse_colour("G")
    assert respond(cards("R1", "O5", "W5"), y, (g,), mask(1)) == (5, ["R1", "O5"], [])
    m = masks_of(cards("R1", "O5", "W5"), y)
    assert best_response(m, (g,), mask(1)) == (6, R, O)


def test_the_second_own_colour_takes_the_value_when_the_first_card_is_added():
    # Own pair (O, R) given in that order, O also the ender's colour: O5 is added to
    # the ender's series and R5 goes to the own series.
    m = masks_of(cards("R5", "O5"), parse_colour("W"))
    assert arrange_response(m, (O,), mask(1), O, R) == ([R * 16 + 5], [O * 16 + 5])
