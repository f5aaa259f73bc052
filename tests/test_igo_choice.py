"""The ender's choice (igo_choice): every option, the engine's pick from what is
known, one card list per option; checked against the brute force in igo_reference."""

import igo_reference as ref

from table.rules.igo_arrange import without_colour
from table.rules.igo_cards import hand_masks, parse_hand, series_choices
from table.rules.igo_choice import choose, first_cards, options, penalties
from table.rules.rng import Rng


def masks_of(hand, display):
    return without_colour(hand_masks(hand), display)


def test_igo_options_are_every_lowest_penalty_series():
    rng = Rng(41)
    for case in range(40):
        hand = ref.deal(rng, 1, 7, colours=4, values=6)[0]
        display = rng.below(5)
        declared = case % 3 == 0
        best, series = ref.ender_min_series(ref.to_tuples(hand), display, declared)
        want = sorted(set((tuple(cols), tuple(sorted(ref.values_of(s)))) for cols, s in series))
        mine = masks_of(hand, display)
        got = []
        for cols, values in options("igo", mine, declared):
            got.append((tuple(cols), tuple(v for v in range(1, 12) if values >> (v - 1) & 1)))
            own, _ = penalties((cols, values), mine, [])
            assert own == best
        assert sorted(got) == want and len(got) == len(want)


def test_corsari_options_are_every_crew():
    rng = Rng(42)
    for case in range(40):
        hand = ref.deal(rng, 1, 7, colours=4, values=6)[0]
        display = rng.below(5)
        declared = case % 3 == 0
        want = set()

        def visit(cols, s, want=want):
            want.add((tuple(cols), tuple(sorted(ref.values_of(s)))))

        ref.each_ender_option(ref.playable(ref.to_tuples(hand), display), declared, visit)
        mine = masks_of(hand, display)
        got = [
            (tuple(c), tuple(v for v in range(1, 12) if m >> (v - 1) & 1))
            for c, m in options("corsari", mine, declared)
        ]
        assert len(got) == len(set(got))
        # Every crew with all its colours' values is an option; a crew holding a value
        # back is never better (test_igo_scoring checks that against brute force).
        held = ref.playable(ref.to_tuples(hand), display)
        full = set(w for w in want if all((c, v) not in held or v in w[1] for c in w[0] for v in range(1, 12)))
        assert set(got) == full


def test_first_cards_is_the_first_of_every_card_list():
    rng = Rng(43)
    for case in range(200):
        hand = ref.deal(rng, 1, 9, colours=3, values=6)[0]
        display = rng.below(4)
        declared = case % 4 == 0
        mine = masks_of(hand, display)
        for rules in ("igo", "corsari"):
            for option in options(rules, mine, declared):
                lists = series_choices(mine, option[0], option[1], declared)
                if lists:
                    assert first_cards(mine, option, declared) == lists[0]


def brute_pick(rules, mine, others, declared):
    """The pick by trying every option with the reference's own arrangements."""
    best = None
    for i, (cols, values) in enumerate(options(rules, mine, declared)):
        own = sum(v for c in range(10) for v in range(1, 12) if mine[c] >> (v - 1) & 1)
        own -= sum(v for v in range(1, 12) if values >> (v - 1) & 1)
        vals = [v for v in range(1, 12) if values >> (v - 1) & 1]
        qs = []
        for other in others:
            if type(other) is int:
                qs.append(other)
            else:
                hand, display = other
                qs.append(ref.best_other(ref.to_tuples(hand), display, list(cols), vals))
        if rules == "igo":
            lowest = min(qs) if qs else 0
            key = (lowest <= own, -lowest)
        else:
            key = (own != 0, ref.corsari_ender_score(own, qs), own)
        if best is None or key < best[0]:
            best = (key, i)
    return best[1]


def test_pick_from_the_others_known_so_far():
    rng = Rng(44)
    for case in range(60):
        rules = ("igo", "corsari")[case % 2]
        hands = ref.deal(rng, 4, 6, colours=4, values=6)
        display = rng.below(5)
        mine = masks_of(hands[0], display)
        # Some others' hands are entered, one announced a penalty, one is unknown.
        known = [(hands[1], display), rng.below(12)]
        if case % 3:
            known.append((hands[2], display))
        engine_others = [
            masks_of(h, d) if type(h) is list else h for h, d in [k if type(k) is tuple else (k, 0) for k in known]
        ]
        pick = choose(rules, mine, engine_others)
        assert pick == brute_pick(rules, mine, known, False), (rules, hands, display)
        # The options the caller made already (the hand calculator's): the same pick.
        assert choose(rules, mine, engine_others, False, options(rules, mine)) == pick


def test_no_declared_colours_by_default():
    mine = masks_of(parse_hand(["O1", "O2", "Y1", "Y2"], None), 0)
    assert options("igo", mine) == options("igo", mine, False) != options("igo", mine, True)
    assert options("corsari", mine) == options("corsari", mine, False)
    assert options("corsari", mine) != options("corsari", mine, True)
    # A two-colour series: without declared colours yellow gives a card too.
    assert first_cards(mine, ((1, 2), 3)) == [1 * 16 + 1, 2 * 16 + 2]
    assert first_cards(mine, ((1, 2), 3), True) == [1 * 16 + 1, 1 * 16 + 2]


def test_one_value_in_two_colours_is_no_two_colour_crew():
    # O1 and Y1: no crew of both colours (it would need two cards).
    mine = masks_of(parse_hand(["O1", "Y1"], None), 0)
    assert options("corsari", mine) == [((), 0), ((1,), 1), ((2,), 1)]


def test_choose_with_no_other_hand_known_yet():
    mine = masks_of(parse_hand(["O1", "O2", "Y1", "Y2"], None), 0)
    assert choose("igo", mine, []) == 0
