"""Round scoring from the hands (docs/rules.md, I Go and Corsari, "Best arrangement"):
`score_hands` takes the ender's series (or the engine's pick, igo_choice; for
Corsari the crew that gives the ender the lowest round score), every player's best
arrangement (igo_arrange) and then calls igo_scoring.score_round.
"""

from . import igo_arrange, igo_choice
from .igo_cards import card_text, hand_masks, parse_colour, parse_hand, parse_hands
from .igo_scoring import check_round, score_round


def choose_ender_option(rules, masks, ender, declared_colours=False):
    """(colours, values) the engine picks for the ender when no series is given
    (igo_choice.choose, the same call the device's hand calculator makes)."""
    options = igo_choice.options(rules, masks[ender], declared_colours)
    others = [m for i, m in enumerate(masks) if i != ender]
    return options[igo_choice.choose(rules, masks[ender], others, declared_colours, options)]


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


def score_hands(rules, ender, display, hands, ender_series=None, youngest_first=None, declared_colours=False):
    """Score a round from the hands (lists of 12 card texts) and the display colour.

    Without ender_series (card texts) the ender's series (corsari: crew) is the
    engine's pick (choose_ender_option). declared_colours: the ender
    names two colours (docs/rules.md setting); a given ender_series has its cards' colours.
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
    else:
        colours, values = choose_ender_option(rules, masks, ender, declared_colours)
    penalties, arrangements = [], []
    for i, m in enumerate(masks):
        removed, series, added, left = igo_choice.lay_out(
            cards[i], d, m, (colours, values), i == ender, declared_colours, given if i == ender else None
        )
        penalties.append(sum(c & 15 for c in left))
        arrangements.append(
            {
                "removed": _texts(removed),
                "series": _texts(series),
                "added": _texts(added),
                "left": _texts(left),
            }
        )
    scores, winners = score_round(rules, ender, penalties, youngest_first)
    return {"penalties": penalties, "round_scores": scores, "winners": winners, "arrangements": arrangements}


def _texts(cards):
    return [card_text(c) for c in sorted(cards)]
