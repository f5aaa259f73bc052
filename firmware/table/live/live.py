"""What the live page shows (a W board's phones, live_server.py): the match as it is
now, as a dict the page draws. Pure: built from the app, never changes it.

    {"view": "sheet", ...}    I Go or Corsari: names, totals, each round, the leader
    {"view": "referee", ...}  the referee: the last slap and the tallies
    {"view": "deck", ...}     the deck game: whose turn, card counts, the last slap
    {"view": "home"}          nothing being played

The referee's and the deck's screens say their own part (their `live()`); the score
sheet is the app's match. On a W board the state also holds the evening (`Evening`:
the games finished since the device was switched on, their winners, each player's
wins) and the name a phone asked to add, while the device asks. docs/formats.md
describes every field.
"""

RULES = {"igo": "I Go", "corsari": "Corsari", "corsica": "Corsica deck"}
MAX_GAMES = 12  # the evening's games kept: a few hundred bytes


def state(app):
    """The page's dict for the app as it is now."""
    out = None
    for screen in reversed(app.stack):
        live = getattr(screen, "live", None)
        if live is not None:
            out = live()
            break
    if out is None:
        match = app.match  # a deck game left (corsica_match.DeckMatch) has no sheet: home
        out = sheet(match) if match is not None and match.rules != "corsica" else {"view": "home"}
    server = getattr(app, "live", None)
    if server is not None:
        out["evening"] = server.evening.summary()
        out["asking"] = server.asking_name()
        out["asked"] = server.asking is not None
        out["answered"] = server.answered
    return out


class Evening:
    """The games finished since the device was switched on, from the history lines the
    app logs (`logged`): each game's names from its `start` line (or the match on the
    device, for a game resumed from an earlier evening), its winners from its standing
    `game_over` line (an `undo` of that line takes them back)."""

    def __init__(self):
        self.games = []  # [game id, rules, names, winner indices or None, game_over seq]

    def logged(self, app, event, game, rules, fields, seq):
        if event == "start":
            games = self.games
            games.append([game, rules, list(fields.get("players") or ()), None, None])
            if len(games) > MAX_GAMES:  # the oldest unfinished one goes first (the referee's never end)
                drop = 0
                while drop < len(games) - 1 and games[drop][3] is not None:
                    drop += 1
                games.pop(drop)
            return
        entry = None
        for g in self.games:
            if g[0] == game:
                entry = g
        if event == "game_over":
            if entry is None:
                match = app.match
                if match is None or match.game != game:
                    return  # a game of an earlier evening the device has no names for
                entry = [game, rules, list(match.names), None, None]
                self.games.append(entry)
            entry[3] = list(fields.get("winners") or ())
            entry[4] = seq
        elif event == "undo" and entry is not None and entry[4] == fields.get("of"):
            entry[3] = entry[4] = None

    def summary(self):
        """{"games": [[game, [winner names]], ...] in the order they started,
        "wins": [[name, games won], ...] for everyone who finished a game, most first}."""
        games = []
        wins = {}
        for _, rules, names, winners, _ in self.games:
            if winners is None:
                continue
            won = [names[i] for i in winners if 0 <= i < len(names)]
            games.append([RULES.get(rules, rules), won])
            for name in names:
                wins[name] = wins.get(name, 0) + (name in won)
        return {"games": games, "wins": sorted([[n, w] for n, w in wins.items()], key=_most_wins)}


def _most_wins(pair):
    return (-pair[1], pair[0])


def sheet(match):
    """A score sheet: rounds as each player's round score (None: a void round) and
    the penalties announced in it, what
    each still has to the target ("to": I Go, points to win; Corsari, how far the
    total is below the end), who leads ("leaders": I Go the highest total, Corsari
    the lowest; the page words it)."""
    from ..rules.igo_scoring import leaders

    totals = match.totals()
    rounds = []
    penalties = []
    for r in match.rounds:
        void = r.get("void")
        rounds.append(None if void else r["round_scores"])
        penalties.append(None if void else r["penalties"])
    starter = match.next_starter()
    return {
        "view": "sheet",
        "game": RULES.get(match.rules, match.rules),
        "names": match.names,
        "totals": totals,
        "rounds": rounds,
        "penalties": penalties,
        "target": match.target,
        "to": [match.target - t for t in totals],
        "leaders": [match.names[i] for i in leaders(match.rules, totals)],
        "over": match.over,
        "winners": [match.names[i] for i in match.winners],
        "starts": None if match.over else match.names[starter],
    }
