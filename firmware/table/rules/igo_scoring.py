"""Round scoring for I Go (`igo`) and Corsari (`corsari`): docs/rules.md, I Go and Corsari.

Scores are integers. `score_round` works from announced penalties; scoring from
the hands (best arrangements first) is igo_hands.py, loaded only when used.
"""

RULES = ("igo", "corsari")
MAX_PLAYERS = {"igo": 6, "corsari": 7}
IGO_TARGET = 4


def default_target(rules, players):
    """The target of a match that names none: I Go 4 points, Corsari max(100, 30 x
    players) (here, not in scoresheet.py: the setups show it without loading the sheet)."""
    return IGO_TARGET if rules == "igo" else max(100, 30 * players)


def leaders(rules, totals):
    """Who leads on these totals: the most points in I Go, the lowest total in Corsari."""
    best = max(totals) if rules == "igo" else min(totals)
    return [i for i in range(len(totals)) if totals[i] == best]


def check_round(rules, ender, penalties):
    """Raise ValueError (one line) unless the round description is valid."""
    if rules not in RULES:
        raise ValueError("rules must be 'igo' or 'corsari', not %r" % (rules,))
    n = len(penalties)
    if not 2 <= n <= MAX_PLAYERS[rules]:
        raise ValueError("%s needs 2-%d players, got %d" % (rules, MAX_PLAYERS[rules], n))
    if type(ender) is not int or not 0 <= ender < n:
        raise ValueError("ender %r out of range 0-%d" % (ender, n - 1))
    for p in penalties:
        if type(p) is not int or p < 0:
            raise ValueError("penalty %r is not a non-negative integer" % (p,))


def score_round(rules, ender, penalties, youngest_first=None):
    """Return (round_scores, winners) for one scored round.

    winners lists the players who win the game at once by this round: a perfect
    I Go / an ender's zero, or (Corsari) the youngest non-ender announcing zero.
    """
    check_round(rules, ender, penalties)
    n = len(penalties)
    mine = penalties[ender]
    others = [i for i in range(n) if i != ender]
    ender_lowest = all(penalties[i] > mine for i in others)
    scores = [0] * n
    if rules == "igo":
        if ender_lowest:
            scores[ender] = 1
        else:
            for i in others:
                if penalties[i] <= mine:
                    scores[i] = 1
        return scores, ([ender] if mine == 0 else [])
    # corsari
    if ender_lowest:
        for i in others:
            scores[i] = penalties[i]
    else:
        for i in others:
            scores[i] = -10 if penalties[i] <= mine else penalties[i]
        scores[ender] = corsari_ender_score(mine, [penalties[i] for i in others])
    if mine == 0:
        return scores, [ender]
    zeros = [i for i in others if penalties[i] == 0]
    if not zeros:
        return scores, []
    if len(zeros) == 1:
        return scores, zeros
    if youngest_first is None:
        raise ValueError("players %s announced 0: youngest_first is needed" % zeros)
    for i in youngest_first:
        if i in zeros:
            return scores, [i]
    raise ValueError("youngest_first does not list players %s" % zeros)


def corsari_ender_score(mine, others):
    """The Corsari ender's round score: 0 if every other penalty is higher, else
    10 + own penalty + the penalties of the skunkers (others at or below the ender)."""
    skunked = [q for q in others if q <= mine]
    return 10 + mine + sum(skunked) if skunked else 0
