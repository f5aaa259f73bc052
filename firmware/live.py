"""What the live page shows (a W board's phones, live_server.py): the match as it is
now, as a dict the page draws. Pure: built from the app, never changes it.

    {"view": "sheet", ...}    I Go or Corsari: names, totals, each round, the leader
    {"view": "referee", ...}  the referee: the last slap and the tallies
    {"view": "deck", ...}     the deck game: whose turn, card counts, the last slap
    {"view": "home"}          nothing being played

The referee's and the deck's screens say their own part (their `live()`); the score
sheet is the app's match. docs/formats.md describes every field.
"""

RULES = {"igo": "I Go", "corsari": "Corsari"}


def state(app):
    """The page's dict for the app as it is now."""
    for screen in reversed(app.stack):
        live = getattr(screen, "live", None)
        if live is not None:
            return live()
    if app.match is not None:
        return sheet(app.match)
    return {"view": "home"}


def sheet(match):
    """A score sheet: rounds as each player's round score (None: a void round), what
    each still has to the target ("to": I Go, points to win; Corsari, how far the
    total is below the end), who leads ("leaders": I Go the highest total, Corsari
    the lowest; the page words it)."""
    from igo_scoring import leaders

    totals = match.totals()
    rounds = []
    for r in match.rounds:
        rounds.append(None if r.get("void") else r["round_scores"])
    starter = match.next_starter()
    return {
        "view": "sheet",
        "game": RULES.get(match.rules, match.rules),
        "names": match.names,
        "totals": totals,
        "rounds": rounds,
        "target": match.target,
        "to": [match.target - t for t in totals],
        "leaders": [match.names[i] for i in leaders(match.rules, totals)],
        "over": match.over,
        "winners": [match.names[i] for i in match.winners],
        "starts": None if match.over else match.names[starter],
    }
