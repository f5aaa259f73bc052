"""The ender's choice (docs/rules.md, "Best arrangement" and the Corsari crew): the
options the ender may lay out and the one the engine picks. The host's `score` and
the device's hand calculator both call `choose`, so they cannot disagree.

Hands are masks with the display colour removed (igo_arrange). An option is
(colours, values). Options that lay out the same values in the same colours differ
only in which of two equal cards stays in hand: they score the same for everyone,
so they are one option.
"""

from . import igo_arrange
from .igo_arrange import NCOL, hand_total, value_sum
from .igo_masks import hand_masks
from .igo_scoring import corsari_ender_score


def options(rules, mine, declared_colours=False):
    """The ender's options: igo, every lowest-penalty series (igo_arrange.min_series);
    corsari, every crew (not only lowest-penalty ones: the crew's colours decide what
    the skunkers can add), each with every value of its colours laid out."""
    if rules == "igo":
        return igo_arrange.min_series(mine, declared_colours)
    out = [((), 0)]
    if declared_colours:  # any pair with a held colour
        for a in range(NCOL):
            for b in range(a + 1, NCOL):
                if mine[a] | mine[b]:
                    out.append(((a, b), mine[a] | mine[b]))
        return out
    held = [c for c in range(len(mine)) if mine[c]]
    for c in held:
        out.append(((c,), mine[c]))
    for a in range(NCOL):
        for b in range(a + 1, NCOL):  # both colours give a card: two values at least
            u = mine[a] | mine[b]
            if mine[a] and mine[b] and u & (u - 1):
                out.append(((a, b), u))
    return out


def penalties(option, mine, others):
    """(the ender's penalty, the others' penalties) facing `option`. `others`: per
    other player a hand's masks, or an int (a penalty announced without a hand)."""
    colours, values = option
    own = hand_total(mine) - value_sum(values)
    qs = []
    for other in others:
        if type(other) is int:
            qs.append(other)
        else:
            qs.append(hand_total(other) - igo_arrange.best_response(other, colours, values)[0])
    return own, qs


def choose(rules, mine, others, declared_colours=False, choices=None):
    """Index into `options(...)` of the engine's pick, from the others known so far
    (`others` as in `penalties`; a hand not entered yet is simply left out).
    `choices`: that list of options, when the caller has made it (made once).

    igo: among the lowest-penalty series the one where the ender scores 1 if any,
    then the one leaving the highest lowest penalty among the others.
    corsari: penalty 0 (the ender wins the game), then the lowest round score for
    the ender, then the lowest own penalty. Exact with every value of the crew's
    colours laid out: holding a value v back raises the ender's penalty by v and
    lets at most one other player lower his by at most v; skunkers can only become
    more, so the ender's round score cannot fall (tests check this by brute force).
    Further ties: the first option.
    """
    best = best_key = None
    if choices is None:
        choices = options(rules, mine, declared_colours)
    for i, option in enumerate(choices):
        own, qs = penalties(option, mine, others)
        if rules == "igo":
            lowest = min(qs) if qs else 0
            key = (lowest <= own, -lowest)
        else:
            key = (own != 0, corsari_ender_score(own, qs), own)
        if best is None or key < best_key:
            best, best_key = i, key
    return best


def first_cards(mine, option, declared_colours=False):
    """The first card list that lays out `option` (igo_cards.series_choices order,
    without building the others): each value from its first colour holding it; a
    two-colour series without declared colours takes its second colour's card for
    the highest value both hold, when that colour would give none otherwise."""
    colours, values = option
    cards = []
    shared = -1  # index in cards of the highest value both colours hold
    for v in range(1, 12):
        bit = 1 << (v - 1)
        if values & bit:
            first = -1  # the first colour holding v (no list of them: the heap is tight)
            for c in colours:
                if mine[c] & bit:
                    if first >= 0:
                        shared = len(cards)
                        break
                    first = c
            cards.append(first * 16 + v)
    if len(colours) == 2 and not declared_colours and shared >= 0:
        b = colours[1]
        for card in cards:
            if card >> 4 == b:
                break
        else:  # colour b gives no card otherwise
            cards[shared] = b * 16 + (cards[shared] & 15)
    return cards


def lay_out(cards, display, mine, option, ender, declared_colours=False, series=None):
    """A hand's cards (ints; `mine` its masks without the display colour) laid out
    for the ender's `option`: the ender lays out the option (`first_cards`, or the
    given `series`), another player its best response (own series and additions to
    the ender's). Returns (removed, series, added, left): the display colour's cards,
    the series, the additions, what stays in hand."""
    removed = [c for c in cards if c >> 4 == display]
    added = []
    if ender:
        series = series or first_cards(mine, option, declared_colours)
    else:
        colours, values = option
        _, a, b = igo_arrange.best_response(mine, colours, values)
        series, added = igo_arrange.arrange_response(mine, colours, values, a, b)
    used = removed + series + added
    return removed, series, added, [c for c in cards if c not in used]


def masks_of(cards, display):
    """A hand's masks (card ints) with the display colour removed."""
    return igo_arrange.without_colour(hand_masks(cards), display)


def arrange(cards, display, ender=True, option=None, declared=False, masks=None):
    """A 12-card hand laid out (the device's hand calculator and its round): the
    ender lays out `option` ((colours, values); None: the first lowest-penalty
    series), another player faces the ender's `option` (None: own series only).
    `masks`: the hand's masks_of, if the caller has them. Returns a dict: penalty,
    series, added, left, removed (cards)."""
    if masks is None:
        masks = masks_of(cards, display)
    if ender:
        option = option or igo_arrange.min_series(masks, declared)[0]
    removed, series, added, left = lay_out(cards, display, masks, option or ((), 0), ender, declared)
    return {"penalty": sum(c & 15 for c in left), "series": series, "added": added, "left": left, "removed": removed}
