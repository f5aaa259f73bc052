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


def each_series(cards, visit):
    """Call visit(series) for every legal series (a list of cards, reused: copy it)."""
    cards = sorted(cards)
    chosen = []

    def walk(i):
        if i == len(cards):
            visit(chosen)
            return
        walk(i + 1)
        chosen.append(cards[i])
        if is_series(chosen):
            walk(i + 1)
        chosen.pop()

    walk(0)


def all_series(cards):
    """Every legal series that can be made from the cards (small hands only)."""
    out = []
    each_series(cards, lambda s: out.append(list(s)))
    return out


def playable(hand, display):
    return [c for c in hand if c[0] != display]


def best_other(hand, display, ender_colours, ender_values):
    """Lowest penalty of a non-ender, trying every own series."""
    cards = playable(hand, display)
    total = sum(values_of(cards))
    best = [total]

    def visit(own):
        addable = set(v for c, v in cards if c in ender_colours and v not in ender_values and (c, v) not in own)
        p = total - sum(values_of(own)) - sum(addable)
        if p < best[0]:
            best[0] = p

    each_series(cards, visit)
    return best[0]


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


def each_ender_option(cards, declared, visit):
    """Call visit(colours, series) for every series the ender can lay out; declared:
    a one-colour series may name any second colour (the series of no cards has none)."""

    def one(s):
        cols = colours_of(s)
        if declared and len(cols) == 1:
            for x in range(10):
                if x != cols[0]:
                    visit(sorted([cols[0], x]), s)
        else:
            visit(cols, s)

    each_series(cards, one)


def ender_min_series(hand, display, declared=False):
    """(penalty, [(colours, sorted cards)]) of the ender's lowest-penalty series."""
    cards = playable(hand, display)
    total = sum(values_of(cards))
    best = [total + 1, []]

    def visit(cols, s):
        p = total - sum(values_of(s))
        if p < best[0]:
            best[0], best[1] = p, []
        if p == best[0]:
            best[1].append((cols, sorted(s)))

    each_ender_option(cards, declared, visit)
    return best[0], best[1]


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
    seen = set()  # (colours, values) already tried, as one int
    best = [None]

    def visit(cols, s):
        k = 0
        for c in cols:
            k |= 1 << (11 + c)
        for v in values_of(s):
            k |= 1 << (v - 1)
        if k not in seen:
            seen.add(k)
            key = corsari_key(hands, ender, display, cols, s)
            if best[0] is None or key < best[0]:
                best[0] = key

    each_ender_option(playable(hands[ender], display), declared, visit)
    return best[0]


def to_tuples(cards):
    """Engine card ints (colour * 16 + value) as (colour, value) tuples."""
    return [(c >> 4, c & 15) for c in cards]


def deal(rng, players, size, colours=10, values=11):
    """Random hands of engine card ints from a deck of colours x values."""
    deck = [c * 16 + v for c in range(colours) for v in range(1, values + 1)]
    rng.shuffle(deck)
    return [deck[i * size : (i + 1) * size] for i in range(players)]
