"""Round scoring from the hands (RULES.md sections 1 and 2, "Best arrangement"):
`score_hands` finds the ender's series (or takes the one given; for Corsari the crew
that gives the ender the lowest round score), every player's best arrangement
(igo_arrange) and then calls igo_scoring.score_round.
"""
import igo_arrange
from igo_arrange import hand_total, value_sum
from igo_cards import card_text, hand_masks, parse_colour, parse_hand, parse_hands
from igo_scoring import check_round, corsari_ender_score, score_round


def choose_igo_series(masks, ender, declared_colours=False):
    """(colours, values) of the igo ender's series when none is given.

    A lowest-penalty series; among those the one where the ender scores 1 if any,
    then the one leaving the highest lowest penalty among the others; further ties:
    the first in igo_arrange.min_series order.
    """
    others = [m for i, m in enumerate(masks) if i != ender]
    mine = hand_total(masks[ender])
    best = None
    for colours, values in igo_arrange.min_series(masks[ender], declared_colours):
        own = mine - value_sum(values)
        lowest = min(hand_total(m) - igo_arrange.best_response(m, colours, values)[0] for m in others)
        key = (lowest > own, lowest)
        if best is None or key > best[0]:
            best = (key, colours, values)
    return best[1], best[2]


def _crew_colour_sets(masks, declared_colours):
    """Colour sets a crew can have: none, one or two held colours (declared: any pair
    with a held colour; with an unheld colour it acts as a one-colour crew)."""
    sets = [()]
    if declared_colours:
        return sets + [(a, b) for a, b in igo_arrange.PAIRS if masks[a] | masks[b]]
    held = [c for c in range(len(masks)) if masks[c]]
    return sets + [(c,) for c in held] + [(a, b) for a, b in igo_arrange.PAIRS if masks[a] and masks[b]]


def choose_corsari_crew(masks, ender, declared_colours=False):
    """(colours, values) of the Corsari ender's crew when none is given, over every
    crew (not only lowest-penalty ones): the colours decide what skunkers can add.

    Preference: penalty 0 (the ender wins the game), then the lowest round score for
    the ender, then the lowest own penalty; further ties: the first colour set in the
    order none, single colours, pairs (COLOURS order).
    Exact with every value of the chosen colours laid out: holding a value v back
    raises the ender's penalty by v and lets at most one other player (the holder of
    the only other card of value v in those colours) lower his penalty by at most v;
    skunkers can only become more, so the ender's round score cannot fall (tests
    check this against brute force over every crew).
    """
    mine = masks[ender]
    total = hand_total(mine)
    others = [(hand_total(m), m) for i, m in enumerate(masks) if i != ender]
    best = None
    for colours in _crew_colour_sets(mine, declared_colours):
        values = 0
        for c in colours:
            values |= mine[c]
        p = total - value_sum(values)
        qs = [t - igo_arrange.best_response(m, colours, values)[0] for t, m in others]
        key = (p != 0, corsari_ender_score(p, qs), p)
        if best is None or key < best[0]:
            best = (key, colours, values)
    return best[1], best[2]


def _given_series(hand, display, cards):
    """(colours, values) of the ender's laid-out series, checked against the hand."""
    values = 0
    colours = []
    for c in cards:
        if c not in hand:
            raise ValueError("ender_series card %s is not in the ender's hand" % card_text(c))
        if c >> 4 == display:
            raise ValueError("ender_series card %s has the display colour" % card_text(c))
        bit = 1 << ((c & 15) - 1)
        if values & bit:
            raise ValueError("ender_series has value %d twice" % (c & 15))
        values |= bit
        if c >> 4 not in colours:
            colours.append(c >> 4)
    if len(colours) > 2:
        raise ValueError("ender_series has more than two colours")
    return tuple(sorted(colours)), values


def score_hands(rules, ender, display, hands, ender_series=None, youngest_first=None,
                declared_colours=False):
    """Score a round from the hands (lists of 12 card texts) and the display colour.

    Without ender_series (card texts) the ender's series is chosen: igo by
    choose_igo_series, corsari by choose_corsari_crew. declared_colours: the ender
    names two colours (RULES.md setting); a given ender_series has its cards' colours.
    Every other player takes a lowest-penalty arrangement. Returns a dict: penalties,
    round_scores, winners (as score_round) and arrangements: per player
    {"removed", "series", "added", "left"} as lists of card texts.
    """
    d = parse_colour(display, "display colour")
    cards = parse_hands(hands)
    check_round(rules, ender, [0] * len(cards))
    masks = [igo_arrange.without_colour(hand_masks(h), d) for h in cards]
    given = None
    if ender_series is not None:
        given = parse_hand(ender_series, None, "ender_series")
        colours, values = _given_series(cards[ender], d, given)
    elif rules == "igo":
        colours, values = choose_igo_series(masks, ender, declared_colours)
    else:
        colours, values = choose_corsari_crew(masks, ender, declared_colours)
    penalties, arrangements = [], []
    for i, m in enumerate(masks):
        removed = [c for c in cards[i] if c >> 4 == d]
        if i != ender:
            _, a, b = igo_arrange.best_response(m, colours, values)
            series, added = igo_arrange.arrange_response(m, colours, values, a, b)
        else:
            added = []
            series = given or igo_arrange.series_choices(m, colours, values, declared_colours)[0]
        used = removed + series + added
        left = [c for c in cards[i] if c not in used]
        penalties.append(sum(c & 15 for c in left))
        arrangements.append({
            "removed": _texts(removed), "series": _texts(series),
            "added": _texts(added), "left": _texts(left),
        })
    scores, winners = score_round(rules, ender, penalties, youngest_first)
    return {"penalties": penalties, "round_scores": scores, "winners": winners,
            "arrangements": arrangements}


def _texts(cards):
    return [card_text(c) for c in sorted(cards)]
