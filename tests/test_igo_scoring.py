import igo_reference as ref

from table.rules.igo_arrange import hand_total, min_series, value_sum, without_colour
from table.rules.igo_cards import card_text, hand_masks, parse_hand, series_choices
from table.rules.igo_hands import choose_ender_option, score_hands


def choose_igo_series(masks, ender, declared=False):
    return choose_ender_option("igo", masks, ender, declared)


def choose_corsari_crew(masks, ender, declared=False):
    return choose_ender_option("corsari", masks, ender, declared)


from raising import raises, value_error

from table.rules.igo_scoring import corsari_ender_score, leaders, score_round
from table.rules.rng import Rng

R = 0  # red, the display colour of the hand-made rounds

# The rule text's example: the ender lays out orange 1-5 and pink 6, 7, 9, 11; A adds an
# orange 8, B a pink 8, C holds orange 10 and pink 10 and can add only one of them.
ROUND = [
    ["O1", "O2", "O3", "O4", "O5", "K6", "K7", "K9", "K11", "Y1", "Y2", "R1"],
    ["O8", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G9", "B10", "R2", "R3"],
    ["K8", "Y3", "Y4", "Y5", "Y6", "Y7", "C1", "C2", "C9", "N11", "R4", "R5"],
    ["O10", "K10", "B1", "B2", "B3", "B4", "B5", "P6", "P7", "P8", "P9", "W11"],
]
SERIES = ["O1", "O2", "O3", "O4", "O5", "K6", "K7", "K9", "K11"]


def test_igo_points():
    assert score_round("igo", 0, [3, 5, 9]) == ([1, 0, 0], [])
    # a tie with the ender: the tied player scores, the ender does not
    assert score_round("igo", 1, [4, 4, 9]) == ([1, 0, 0], [])
    assert score_round("igo", 2, [1, 8, 3, 3]) == ([1, 0, 0, 1], [])
    # a non-ender's zero is no instant win in igo
    assert score_round("igo", 0, [2, 0, 5]) == ([0, 1, 0], [])
    # perfect I Go, also when another player reaches 0
    assert score_round("igo", 1, [5, 0, 7]) == ([0, 1, 0], [1])
    assert score_round("igo", 1, [0, 0, 7]) == ([1, 0, 0], [1])


def test_corsari_round_scores():
    assert score_round("corsari", 0, [4, 9, 12]) == ([0, 9, 12], [])
    assert score_round("corsari", 0, [6, 6, 2, 7]) == ([24, -10, -10, 7], [])
    assert corsari_ender_score(6, [6, 2, 7]) == 24
    assert corsari_ender_score(6, [7, 8]) == 0
    # the ender's zero wins, whatever the others announce
    assert score_round("corsari", 1, [0, 0, 3]) == ([-10, 10, 3], [1])
    # a non-ender's zero: that player wins; two of them: the youngest
    assert score_round("corsari", 0, [5, 0, 8]) == ([15, -10, 8], [1])
    assert score_round("corsari", 0, [5, 0, 0], youngest_first=[0, 2, 1]) == ([15, -10, -10], [2])
    raises(lambda: score_round("corsari", 0, [5, 0, 0]), "youngest_first")
    raises(lambda: score_round("corsari", 0, [5, 0, 0], [0]), "youngest_first")


def test_round_checks():
    raises(lambda: score_round("rummy", 0, [1, 2]), "rules")
    raises(lambda: score_round("igo", 3, [1, 2]), "ender")
    raises(lambda: score_round("igo", 0, [1]), "players")
    raises(lambda: score_round("igo", 0, [1, -2]), "penalty")


def test_rule_text_example_round():
    r = score_hands("igo", 0, "r", ROUND, ender_series=SERIES)
    assert r["penalties"] == [3, 0, 11, 21]
    assert r["round_scores"] == [0, 1, 0, 0] and r["winners"] == []
    arr = r["arrangements"]
    assert arr[0] == {
        "removed": ["R1"],
        "series": sorted(SERIES, key=lambda t: ("ROYGCBPKNW".index(t[0]), int(t[1:]))),
        "added": [],
        "left": ["Y1", "Y2"],
    }
    assert arr[1]["added"] == ["O8"] and arr[1]["left"] == []
    assert arr[2]["added"] == ["K8"] and arr[2]["left"] == ["N11"]
    assert len(arr[3]["added"]) == 1 and arr[3]["added"][0] in ("O10", "K10")
    assert sorted(arr[3]["left"]) == sorted(
        ["W11", "O10", "K10"][:1] + ["O10" if arr[3]["added"] == ["K10"] else "K10"]
    )
    # the engine finds the same series for the igo ender
    assert score_hands("igo", 0, "R", ROUND)["arrangements"][0] == arr[0]
    # Corsari: A announces 0 and wins at once
    r = score_hands("corsari", 0, "R", ROUND, ender_series=SERIES)
    assert r["round_scores"] == [13, -10, 11, 21] and r["winners"] == [1]


def test_perfect_igo_from_hands():
    hands = [["O%d" % v for v in range(1, 12)] + ["R1"], ["K%d" % v for v in range(1, 12)] + ["R2"]]
    r = score_hands("igo", 0, "R", hands)
    assert r["penalties"] == [0, 0] and r["winners"] == [0] and r["round_scores"] == [0, 1]
    r = score_hands("corsari", 1, "R", hands)
    assert r["winners"] == [1]


def test_hand_input_errors():
    raises(lambda: score_hands("igo", 0, "X", ROUND), "display colour", "X")
    raises(lambda: score_hands("igo", 4, "R", ROUND), "ender")
    raises(lambda: score_hands("igo", 0, "R", ROUND[:1]), "players")
    raises(lambda: score_hands("igo", 0, "R", [ROUND[0], ROUND[0]]), "duplicate card")
    raises(lambda: score_hands("igo", 0, "R", [ROUND[0][:11], ROUND[1]]), "hand 0", "11 cards")
    bad = (
        (["W1"], "not in the ender's hand"),
        (["R1"], "display colour"),
        (["O1", "K6", "Y2"], "two colours"),
        (["O1", "Y1"], "value 1 twice"),
        (["Q1"], "Q1"),
    )
    for series, words in bad:
        raises(lambda: score_hands("igo", 0, "R", ROUND, ender_series=series), words)


def masks_of(hands, display):
    return [without_colour(hand_masks(h), display) for h in hands]


def values_list(values):
    return [v for v in range(1, 12) if values >> (v - 1) & 1]


def test_igo_ender_choice_against_reference():
    rng = Rng(99)
    for case in range(30):
        hands = ref.deal(rng, 4, 12) if case % 2 else ref.deal(rng, 3, 8, colours=4, values=6)
        display = rng.below(4)
        declared = case % 5 == 0
        masks = masks_of(hands, display)
        colours, values = choose_igo_series(masks, 0, declared)
        tuples = [ref.to_tuples(h) for h in hands]
        best, options = ref.ender_min_series(tuples[0], display, declared)
        assert hand_total(masks[0]) - value_sum(values) == best

        def key(cols, vals):
            lowest = min(ref.best_other(h, display, cols, vals) for h in tuples[1:])
            return (lowest > best, lowest)

        keys = [key(cols, ref.values_of(s)) for cols, s in options]
        assert key(list(colours), values_list(values)) == max(keys)


def check_crew(hands, display, declared):
    """The engine's crew is legal and as good as the best of every crew; returns
    whether it is not a lowest-penalty one."""
    masks = masks_of(hands, display)
    colours, values = choose_corsari_crew(masks, 0, declared)
    cards = ref.to_tuples(series_choices(masks[0], colours, values, declared)[0])
    assert ref.is_series(cards) and sorted(ref.values_of(cards)) == values_list(values)
    if not declared:
        assert ref.colours_of(cards) == list(colours)
    tuples = [ref.to_tuples(h) for h in hands]
    got = ref.corsari_key(tuples, 0, display, list(colours), cards)
    assert got == ref.corsari_best_key(tuples, 0, display, declared), (hands, display)
    return value_sum(values) < value_sum(min_series(masks[0])[0][1])


def test_corsari_crew_against_reference():
    rng = Rng(5)
    not_lowest = 0
    for case in range(60):
        hands = ref.deal(rng, 3 + case % 2, 6, colours=4, values=6)
        not_lowest += check_crew(hands, rng.below(5), case % 4 == 0)
    # the ender does give up penalty for what the skunkers could add
    assert not_lowest > 0


def test_corsari_crew_full_deals():
    rng = Rng(11)
    for case in range(3):
        check_crew(ref.deal(rng, 4, 12), rng.below(10), case == 1)


def test_corsari_crew_gives_up_penalty():
    # Orange 1-3 + pink 4: penalty 1 (Y1), but A adds his pink 7, keeps the brown 7,
    # has 0 and skunks: 10 + 1 + 0 = 11. Orange alone: penalty 5, A has 7: 0.
    hands = [parse_hand(["O1", "O2", "O3", "K4", "Y1"], None), parse_hand(["K7", "N7"], None)]
    masks = masks_of(hands, R)
    assert choose_corsari_crew(masks, 0) == ((1,), 7)
    check_crew(hands, R, False)
    r = score_hands(
        "corsari",
        0,
        "R",
        [
            ["O1", "O2", "O3", "K4", "Y1", "R1", "R2", "R3", "R4", "R5", "R6", "R7"],
            ["K7", "N7", "R8", "R9", "R10", "R11", "W1", "W2", "W3", "W4", "W5", "W6"],
        ],
    )
    assert r["penalties"] == [5, 7] and r["round_scores"] == [0, 7]


def test_igo_ender_prefers_scoring_then_highest_lowest_other():
    # Orange 3 or pink 3 with yellow 1: penalty 3 either way. With orange, A adds the
    # orange 4 and has 0; with pink, A keeps a 4 and the ender scores 1.
    ender = parse_hand(["O3", "K3", "Y1"], None)
    a = parse_hand(["O4", "N4"], None)
    assert choose_igo_series(masks_of([ender, a], R), 0) == ((2, 7), 5)
    # Value 5 in five colours: no series scores; the one leaving A 4 points is chosen.
    ender = parse_hand(["O5", "K5", "Y5", "G5", "B5"], None)
    a = parse_hand(["O4", "Y4"], None)
    assert choose_igo_series(masks_of([ender, a], R), 0) == ((3,), 16)


def test_score_hands_random_rounds_are_legal_and_optimal():
    rng = Rng(3)
    for case in range(8):
        rules = ("igo", "corsari")[case % 2]
        hands = ref.deal(rng, 4, 12)
        display = rng.below(10)
        ender = rng.below(4)
        r = score_hands(
            rules, ender, "ROYGCBPKNW"[display], [[card_text(c) for c in h] for h in hands], youngest_first=[0, 1, 2, 3]
        )
        series = [ref.to_tuples([_card(t) for t in r["arrangements"][ender]["series"]])][0]
        cols, vals = ref.colours_of(series), ref.values_of(series)
        for i, h in enumerate(hands):
            arr = [
                ref.to_tuples([_card(t) for t in r["arrangements"][i][k]])
                for k in ("removed", "series", "added", "left")
            ]
            tuples = ref.to_tuples(h)
            if i != ender:
                assert ref.is_legal_arrangement(tuples, display, cols, vals, arr)
                assert r["penalties"][i] == ref.best_other(tuples, display, cols, vals)
            assert r["penalties"][i] == sum(ref.values_of(arr[3]))
        assert (r["round_scores"], r["winners"]) == score_round(rules, ender, r["penalties"], [0, 1, 2, 3])


def _card(text):
    return "ROYGCBPKNW".index(text[0]) * 16 + int(text[1:])


def test_corsari_crew_has_the_colours_of_its_cards():
    # The crew of the ender's only 9s (pink, white) once came out as a two-colour
    # crew of one card: the others could then add to both colours.
    hands = [
        "N2 O2 C8 R2 Y2 O9 Y11 K9 W9 R3 R10 G4".split(),
        "W8 O4 B2 K6 P2 G2 K10 P4 W5 W7 B6 N7".split(),
        "K3 O1 C7 C5 R8 P5 B4 G11 W11 K5 R11 G3".split(),
    ]
    result = score_hands("corsari", 0, "G", hands)
    crew = result["arrangements"][0]["series"]
    colours = set(card[0] for card in crew)
    for arrangement in result["arrangements"][1:]:
        for card in arrangement["added"]:
            assert card[0] in colours, (crew, arrangement["added"])


def test_hand_input_error_texts_in_full():
    def series(cards):
        return lambda: score_hands("igo", 0, "R", ROUND, ender_series=cards)

    assert value_error(series(["W1"])) == "ender_series card W1 is not in the ender's hand"
    assert value_error(series(["R1"])) == "ender_series card R1 has the display colour"
    assert value_error(series(["O1", "Y1"])) == "ender_series has value 1 twice"
    assert value_error(series(["O1", "K6", "Y2"])) == "ender_series has more than two colours"
    assert value_error(series(["O1", "o1"])) == "ender_series: duplicate card O1"
    assert (
        value_error(lambda: score_hands("igo", 0, "X", ROUND))
        == "display colour 'X' is not a colour letter (one of ROYGCBPKNW)"
    )


def test_the_engine_picks_without_declared_colours_by_default():
    # The ender holds orange 1-11: without declared colours the series is orange alone.
    hand = parse_hand(["O%d" % v for v in range(1, 12)] + ["R1"])
    other = parse_hand(["K%d" % v for v in range(1, 12)] + ["R2"])
    masks = [without_colour(hand_masks(h), R) for h in (hand, other)]
    assert choose_ender_option("igo", masks, 0) == ((1,), (1 << 11) - 1)
    assert choose_ender_option("igo", masks, 0, True) != ((1,), (1 << 11) - 1)


def test_score_hands_against_the_brute_force_reference():
    from table.rules.igo_cards import COLOURS

    rng = Rng(23)
    for _ in range(4):
        dealt = ref.deal(rng, 4, 12)
        texts = [[card_text(c) for c in h] for h in dealt]
        hands = [ref.to_tuples(h) for h in dealt]
        display = rng.below(10)
        ender = rng.below(4)
        r = score_hands("igo", ender, COLOURS[display], texts)
        assert r["penalties"][ender] == ref.ender_min_series(hands[ender], display)[0]
        # The same series given by hand: every other player's lowest penalty against it.
        series = r["arrangements"][ender]["series"]
        g = score_hands("igo", ender, COLOURS[display].lower(), texts, ender_series=series)
        cards = ref.to_tuples(parse_hand(series, None))
        colours = sorted(set(c for c, _ in cards))
        values = [v for _, v in cards]
        for i in range(4):
            if i != ender:
                assert g["penalties"][i] == ref.best_other(hands[i], display, colours, values)
        assert g["penalties"] == r["penalties"]


def test_round_error_texts_in_full():
    assert value_error(lambda: score_round("rummy", 0, [1, 2])) == "rules must be 'igo' or 'corsari', not 'rummy'"
    assert score_round("igo", 5, [1] * 6)[0] == [1, 1, 1, 1, 1, 0]
    assert value_error(lambda: score_round("igo", 0, [1] * 7)) == "igo needs 2-6 players, got 7"
    assert score_round("corsari", 0, [1] + [2] * 6)[1] == []
    assert value_error(lambda: score_round("corsari", 0, [1] * 8)) == "corsari needs 2-7 players, got 8"
    assert value_error(lambda: score_round("igo", 3, [1, 2, 3])) == "ender 3 out of range 0-2"
    assert value_error(lambda: score_round("igo", 0, [1, -2])) == "penalty -2 is not a non-negative integer"
    assert value_error(score_round, "corsari", 0, [5, 0, 0]) == "players [1, 2] announced 0: youngest_first is needed"
    assert value_error(score_round, "corsari", 0, [5, 0, 0], [0]) == "youngest_first does not list players [1, 2]"


def test_declared_colours_reach_the_engines_pick_and_its_cards():
    # The ender lays out orange 1-10 (penalty 0). Without declared colours the series
    # is orange alone: nobody holds an orange 11 to add. With declared colours it has a
    # second colour; the engine takes the first pair that keeps the lowest other
    # penalty (player 2's 44, lowered by K or N): red/orange, so player 1 adds R11.
    ender = ["O%d" % v for v in range(1, 11)] + ["W1", "W2"]
    p1 = ["R11", "Y11", "G11", "C11", "B11", "P11", "R1", "Y2", "G3", "C4", "B5", "P6"]
    p2 = ["K11", "N11", "K1", "N2", "R3", "Y4", "G5", "C6", "B7", "P8", "K9", "N10"]
    assert score_hands("igo", 0, "W", [ender, p1, p2])["penalties"] == [0, 65, 44]
    assert score_hands("igo", 0, "W", [ender, p1, p2], declared_colours=True)["penalties"] == [0, 54, 44]
    # Orange 1-10 and yellow 5: with declared colours orange/yellow is the pick (nobody
    # can add a yellow 11, and red would let player 2, the lowest, add R11); a declared
    # series takes each value from its first colour, so O5 is laid out and Y5 stays.
    ender = ["O%d" % v for v in range(1, 11)] + ["Y5", "W1"]
    p1 = ["K11", "G11", "C11", "B11", "P11", "R1", "Y2", "G3", "C4", "B5", "P6", "K2"]
    p2 = ["R11", "N11", "K1", "N2", "R3", "Y4", "G5", "C6", "B7", "P8", "K9", "N10"]
    r = score_hands("igo", 0, "W", [ender, p1, p2], declared_colours=True)
    assert r["arrangements"][0]["series"] == ["O%d" % v for v in range(1, 11)]
    assert r["arrangements"][0]["left"] == ["Y5"]


def test_youngest_first_reaches_the_round_from_hands():
    # Two players lay out everything (penalty 0): the youngest of them wins at once.
    ender = ["O%d" % v for v in range(1, 7)] + ["K%d" % v for v in range(1, 7)]
    p1 = ["Y%d" % v for v in range(1, 12)] + ["W1"]
    p2 = ["G%d" % v for v in range(1, 12)] + ["W2"]
    r = score_hands("corsari", 0, "W", [ender, p1, p2], youngest_first=[2, 1, 0])
    assert r["penalties"] == [21, 0, 0] and r["winners"] == [2]
    assert r["round_scores"] == [10 + 21, -10, -10]


def test_who_leads_is_the_most_points_in_i_go_and_the_lowest_total_in_corsari():
    assert leaders("igo", [1, 3, 3, 0]) == [1, 2]
    assert leaders("corsari", [40, 12, 77]) == [1]
    assert leaders("corsari", [0, 0]) == [0, 1]
