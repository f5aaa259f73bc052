"""Best arrangements of I Go / Corsari hands (docs/rules.md, I Go steps 1-4).

Hands are masks (igo_cards.hand_masks) with the display colour already removed
(without_colour). A *series* is (colours, values): a sorted tuple of 0-2 colour
indices and a value mask; which cards lay it out follows from the hand
(igo_cards.series_choices: the host's and the tests').

Why the search is exact: fix the colour pair (a, b) of a non-ender's own series and let
X be the values the player may add (held in a colour of the ender's series, not among
its values). Then every value is independent: value v scores once if the player holds
it in a or b or if it is in X, and twice only when both hold and two different cards of
value v lie in colours {a, b} + the ender's colours. Trying every pair gives the optimum.
"""

from .igo_masks import COLOURS, VALUES

NCOL = len(COLOURS)  # colour pairs are a < b, by a then b: nested loops, not a list
# of 45 tuples (900 bytes of heap while the engine is loaded)


def _value_sums(first, count):
    """sums[m] = the sum of the values first..first+count-1 whose bits m has."""
    sums = bytearray(1 << count)
    for k in range(count):
        bit = 1 << k
        for m in range(bit, 2 * bit):
            sums[m] = sums[m - bit] + first + k
    return sums


_LOW_SUM = _value_sums(1, 6)  # values 1-6: a mask's low 6 bits
_HIGH_SUM = _value_sums(7, VALUES - 6)  # values 7-11 (two tables: 96 bytes, not 2 KB)


def value_sum(mask):
    """The sum of the values in a value mask."""
    return _LOW_SUM[mask & 63] + _HIGH_SUM[mask >> 6]


def hand_total(masks):
    """Sum of the values of every card in the masks."""
    return sum(value_sum(m) for m in masks)


def without_colour(masks, colour):
    """Copy of the masks with one colour (the display colour) removed."""
    masks = list(masks)
    masks[colour] = 0
    return masks


def _held(masks):
    """The colours held, padded with empty colours to at least two: every pair of them
    is worth trying for an own series."""
    held = [c for c in range(NCOL) if masks[c]]
    c = 0
    while len(held) < 2:
        if c not in held:
            held.append(c)
        c += 1
    return held


def min_series(masks, declared_colours=False):
    """The ender's lowest-penalty series as (colours, values), distinct, in pair order.

    A best series lays out every value of its colour pair. Without declared colours
    its colours are those of the cards laid out: a pair gives the two-colour series
    (when both colours can give a card) and each colour alone that holds all the
    values. With declared colours each best pair (a, b) is one series.
    """
    best = 0
    for a in range(NCOL):
        for b in range(a + 1, NCOL):
            best = max(best, value_sum(masks[a] | masks[b]))
    if best == 0:
        return [((), 0)]
    out = []
    for a in range(NCOL):
        ma = masks[a]
        for b in range(a + 1, NCOL):
            mb = masks[b]
            u = ma | mb
            if value_sum(u) != best:
                continue
            if declared_colours:
                out.append(((a, b), u))
                continue
            if ma and mb and u & (u - 1):
                out.append(((a, b), u))
            for c, m in ((a, ma), (b, mb)):
                if m == u and ((c,), u) not in out:
                    out.append(((c,), u))
    return out


def best_response(masks, colours, values):
    """(gain, a, b): a non-ender's best gain (values laid out or added) facing an
    ender series (colours, values), and the own colour pair (the first best pair)."""
    addable = 0  # values held in an ender colour
    twice = 0  # values held in two different ender colours
    for c in colours:
        twice |= addable & masks[c]
        addable |= masks[c]
    addable &= ~values
    best, best_a, best_b = -1, 0, 1
    held = _held(masks)
    n = len(held)
    for i in range(n - 1):
        a = held[i]
        for j in range(i + 1, n):
            b = held[j]
            own = masks[a] | masks[b]
            seen, two = addable, twice
            if a not in colours:
                two |= seen & masks[a]
                seen |= masks[a]
            if b not in colours:
                two |= seen & masks[b]
            # an addable value counts again unless the own series takes its only card
            gain = value_sum(own) + value_sum(addable & (~own | two))
            if gain > best:
                best, best_a, best_b = gain, a, b
    return best, best_a, best_b


def arrange_response(masks, colours, values, a, b):
    """(own series cards, cards added to the ender's series) for own pair (a, b).
    A single card that could go to either goes to the own series."""
    series, added = [], []
    pair = (a, b)
    for v in range(1, VALUES + 1):
        bit = 1 << (v - 1)
        o, o2 = _first_two(masks, pair, bit)  # own colours holding v (-1: none)
        x, x2 = (-1, -1) if values & bit else _first_two(masks, colours, bit)
        if o >= 0 and o == x:  # the same card: look for a second one
            if o2 >= 0:
                o = o2
            else:
                x = x2
        if o >= 0:
            series.append(o * 16 + v)
        if x >= 0:
            added.append(x * 16 + v)
    return series, added


def _first_two(masks, colours, bit):
    """The first two of these colours that hold the value bit (-1: none)."""
    first = -1
    for c in colours:
        if masks[c] & bit:
            if first >= 0:
                return first, c
            first = c
    return first, -1
