"""Brute-force I Go / Corsari reference for the tests, written apart from the engine.

Cards are (colour, value) tuples; hands are lists of them. It enumerates every legal
series and, for a non-ender, every legal own series plus the best additions for it
(given the own series, each addable value is added with any free card: exact).
"""


def values_of(cards):
    return [v for _, v in cards]


def colours_of(cards):
    return sorted(set(c for c, _ in cards))


def is_series(cards):
    """At most two colours, no value twice."""
    vals = values_of(cards)
    return len(colours_of(cards)) <= 2 and len(set(vals)) == len(vals)


def all_series(cards):
    """Every legal series (list of cards, any order) that can be made from the cards."""
    cards = sorted(cards)
    out = []

    def walk(i, chosen):
        if i == len(cards):
            out.append(list(chosen))
            return
        walk(i + 1, chosen)
        chosen.append(cards[i])
        if is_series(chosen):
            walk(i + 1, chosen)
        chosen.pop()

    walk(0, [])
    return out


def playable(hand, display):
    return [c for c in hand if c[0] != display]


def best_other(hand, display, ender_colours, ender_values):
    """Lowest penalty of a non-ender, trying every own series."""
    cards = playable(hand, display)
    total = sum(values_of(cards))
    best = total
    for own in all_series(cards):
        rest = [c for c in cards if c not in own]
        addable = set(v for c, v in rest if c in ender_colours and v not in ender_values)
        p = total - sum(values_of(own)) - sum(addable)
        if p < best:
            best = p
    return best


def is_legal_arrangement(hand, display, ender_colours, ender_values, arr):
    """arr = (removed, series, added, left) as card lists: a legal arrangement of hand."""
    removed, series, added, left = arr
    everything = removed + series + added + left
    if sorted(everything) != sorted(hand):
        return False
    if sorted(removed) != sorted(c for c in hand if c[0] == display):
        return False
    if not is_series(series):
        return False
    add_vals = values_of(added)
    if len(set(add_vals)) != len(add_vals):
        return False
    return all(c in ender_colours and v not in ender_values for c, v in added)


def ender_options(cards, declared):
    """Every (colours, series) the ender can lay out; declared: a one-colour series
    may name any second colour, and there is a series of no cards and no colours."""
    out = []
    for s in all_series(cards):
        cols = colours_of(s)
        if declared and len(cols) == 1:
            for x in range(10):
                if x != cols[0]:
                    out.append((sorted([cols[0], x]), s))
        else:
            out.append((cols, s))
    return out


def ender_min_series(hand, display, declared=False):
    """(penalty, [(colours, sorted cards)]) of the ender's lowest-penalty series."""
    cards = playable(hand, display)
    total = sum(values_of(cards))
    best = None
    found = []
    for cols, s in ender_options(cards, declared):
        p = total - sum(values_of(s))
        if best is None or p < best:
            best, found = p, []
        if p == best:
            found.append((cols, sorted(s)))
    return best, found


def corsari_ender_score(mine, others):
    skunkers = [q for q in others if q <= mine]
    if not skunkers:
        return 0
    return 10 + mine + sum(skunkers)


def corsari_key(hands, ender, display, cols, series):
    """(penalty != 0, ender's round score, penalty) for an ender crew."""
    mine = sum(values_of(playable(hands[ender], display))) - sum(values_of(series))
    vals = values_of(series)
    others = [best_other(h, display, cols, vals) for i, h in enumerate(hands) if i != ender]
    return (mine != 0, corsari_ender_score(mine, others), mine)


def corsari_best_key(hands, ender, display, declared=False):
    """The best corsari_key over every crew of the ender."""
    cards = playable(hands[ender], display)
    seen = {}
    for cols, s in ender_options(cards, declared):
        k = (tuple(cols), tuple(sorted(values_of(s))))
        if k not in seen:
            seen[k] = corsari_key(hands, ender, display, cols, s)
    return min(seen.values())
