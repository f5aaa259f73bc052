"""`python -m host_tools report --db FILE --out DIR [--csv DIR]`: the history, readable.

Reads the SQLite database written by `pull` and writes DIR/index.html with PNG charts
beside it (matplotlib, DejaVu Sans: every name is drawn as written, "Zoë", "Łukasz"):
- players across games: games (I Go and Corsari matches, deck games), finished, wins,
  win rate, the average I Go points and Corsari totals of their finished games, and
  their referee sessions apart (the counts are the database's `players` table), and a
  chart of games and wins;
- the games in the order they were played: date, length, players, winner (an undated
  game, played while the device's clock was not set, is placed by its order: "after"
  the dated line before it);
- Battle of Corsica by name: piles won by slap, false taps and reaction margins (how
  far a tap that was not first came behind the slap's first tap: the device's tap
  clock is free-running, so times from the pile change are not logged), with charts
  (their legends under the bars); referee sessions are
  listed apart (they judge the table's slaps, they are not games the device scores);
- per game: the score table (every round by its number, void, undone and edited
  ones marked; an edited round as corrected on the device) and each player's total
  after each round (equal totals: the lines side by side, a marker shape each);
- at the foot, the version of the host tools that wrote it (firmware/table/version.py).
Players are named as the device logged them on each game's `start` line; games from
before names were logged are counted apart. How a game counts (docs/rules.md "How the
report counts a game"): finished, not over (an I Go / Corsari match that may go on),
left (a deck game left before its end: kept in Continue on the device), abandoned (a
deck game that neither reached its end nor was left: the power went) or deleted (an
unfinished match deleted on the device: in no player's numbers); a deck game resumed
from Continue says how often.

--csv DIR writes games.csv, rounds.csv and slaps.csv for a spreadsheet (UTF-8 with a
byte-order mark, so that spreadsheet programs read "Zoë" as written; docs/formats.md
"Report CSV files").

Examples:
    python -m host_tools report --db history.sqlite --out report
    python -m host_tools report --db history.sqlite --csv report/csv
    python -m host_tools report --db history.sqlite --out report --csv report/csv
"""

import argparse
import csv
import html
import json
import os
import sqlite3
import statistics
import sys
import warnings

from host_tools import ArgumentParser, UserError, folder, product_version

FONT = "DejaVu Sans"  # ships with matplotlib; has ë, Ł, Ø and the rest of Latin and Greek
RULES = {"igo": "I Go", "corsari": "Corsari", "corsica": "Battle of Corsica"}
COLUMNS = (
    "device, history, game, rules, players, totals, winners, over, first_seq, last_seq, boot, rounds, "
    "first, drawn, started, ended, seconds, placed, placed_by, ord, mode, slaps"
)


class Game:
    """One row of `games`, with its seats' names (None for a game without names),
    whether the device deleted it (its last `delete` line not followed by `restore`),
    whether a deck game was left (its last `leave` line not followed by `resume`) and
    how often it was resumed."""

    def __init__(self, row, names, deleted=False, left=False, resumed=0):
        for key, value in zip([c.strip() for c in COLUMNS.split(",")], row):
            setattr(self, key, value)
        self.key = (self.device, self.history, self.game)
        self.n = self.players or 0
        self.totals = json.loads(self.totals) if self.totals else None
        self.winners = json.loads(self.winners) if self.winners else None
        self.named = names is not None
        self.who = list(names) if names else []
        self.who += ["player %d" % (p + 1) for p in range(len(self.who), self.n)]
        self.session = self.rules == "corsica" and self.mode == "referee"
        self.number = None  # games and referee sessions are numbered apart: 1, 2, ...
        self.left = left
        self.resumed = resumed  # a deck game's `resume` lines
        self.status = self._status(deleted)

    def _status(self, deleted):
        """ "finished", "deleted" (not finished, deleted on the device), "not over" (an
        I Go / Corsari match that may go on), a deck game's "left" (left before its end:
        kept in Continue) or "abandoned" (neither finished nor left: the power went, or
        a firmware from before deck games were kept); None for a referee session (no
        game)."""
        if self.session:
            return None
        if self.over:
            return "finished"
        if deleted:
            return "deleted"
        if self.rules != "corsica":
            return "not over"
        return "left" if self.left else "abandoned"

    def counted(self):
        """Whether the game counts in its players' numbers (not a session, not deleted)."""
        return self.status not in (None, "deleted")

    def label(self):
        return "%s %d" % ("Referee session" if self.session else "Game", self.number)

    def anchor(self):
        return "%s%d" % ("session" if self.session else "game", self.number)

    def name(self, seat):
        if seat is None:
            return ""
        return self.who[seat] if 0 <= seat < len(self.who) else "player %d" % (seat + 1)

    def what(self):
        what = RULES.get(self.rules, self.rules or "?")
        return what + (" (referee)" if self.session else " (deck)" if self.mode == "deck" else "")

    def when(self):
        """The date as a person reads it."""
        if self.started:
            return self.started[:16].replace("T", " ")
        if self.placed_by == "after":
            return "undated, after %s" % self.placed[:16].replace("T", " ")
        if self.placed_by == "before":
            return "undated, before %s" % self.placed[:16].replace("T", " ")
        return "undated"

    def length(self):
        count = "%d slap%s" % (self.slaps, "" if self.slaps == 1 else "s")
        if self.rules != "corsica":
            count = "%d round%s" % (self.rounds, "" if self.rounds == 1 else "s")
        return count if self.seconds is None else "%s, %s" % (duration(self.seconds), count)

    def winner_text(self):
        if self.session:
            return ""
        if not self.over or self.winners is None:
            return self.status if self.status != "finished" else "not over"
        return ", ".join(self.name(w) for w in self.winners)


def duration(seconds):
    if seconds < 60:
        return "under a minute"
    minutes = seconds // 60
    if minutes < 60:
        return "%d min" % minutes
    return "%d h %02d min" % (minutes // 60, minutes % 60)


def load_games(conn):
    seats = {}
    for device, history, game, seat, name in conn.execute(
        "SELECT device, history, game, seat, name FROM seats ORDER BY device, history, game, seat"
    ):
        seats.setdefault((device, history, game), {})[seat] = name
    last = {}  # (device, history, game) -> its last delete or restore line's event
    kept = {}  # ... -> a deck game's last leave or resume line's event
    resumed = {}  # ... -> its resume lines
    for device, history, game, event in conn.execute(
        "SELECT device, history, game, event FROM lines WHERE event IN ('delete', 'restore', 'leave', 'resume') "
        "ORDER BY device, history, seq"
    ):
        key = (device, history, game)
        if event in ("leave", "resume"):
            kept[key] = event
            resumed[key] = resumed.get(key, 0) + (event == "resume")
        else:
            last[key] = event
    games = []
    for row in conn.execute("SELECT %s FROM games ORDER BY ord" % COLUMNS):
        by_seat = seats.get(tuple(row[:3]), {})
        names = [by_seat.get(s) for s in range(len(by_seat))]
        key = tuple(row[:3])
        deleted = last.get(key) == "delete"
        named = names if names and None not in names else None
        games.append(Game(row, named, deleted, kept.get(key) == "leave", resumed.get(key, 0)))
    counts = [0, 0]
    for g in games:
        counts[g.session] += 1
        g.number = counts[g.session]
    return games


def round_rows(conn, g):
    """[(round number or None when undone, row)] of a game's rounds in seq order:
    standing rounds (void ones too) are numbered 1, 2, ...; a row is (seq, ender,
    penalties, round_scores, totals, void, undone, at, taker, edited), the values
    as corrected on the device."""
    out, n = [], 0
    for row in conn.execute(
        "SELECT seq, ender, penalties, round_scores, totals, void, undone, at, taker, edited "
        "FROM rounds WHERE device = ? AND history = ? AND game = ? ORDER BY seq",
        g.key,
    ):
        if not row[6]:
            n += 1
        out.append((None if row[6] else n, row))
    return out


def slap_rows(conn, g):
    """A game's slaps in seq order: (seq, winner, tie, false, order, reason, margin_us, undone, at)."""
    return [
        (seq, winner, json.loads(tie), json.loads(false), json.loads(order), reason, margin, undone, at)
        for seq, winner, tie, false, order, reason, margin, undone, at in conn.execute(
            'SELECT seq, winner, tie, false, "order", reason, margin_us, undone, at '
            "FROM slaps WHERE device = ? AND history = ? AND game = ? ORDER BY seq",
            g.key,
        )
    ]


# --- numbers -------------------------------------------------------------------------


def player_stats(conn, games):
    """{name: {...}} for every player with a game or a referee session: the counts
    (games, finished, wins, sessions) are the database's `players` table, the one
    count pull writes (docs/formats.md); the averages are of their finished games.
    And how many games that count had no names."""
    stats, unnamed = {}, 0
    for name, played, finished, wins, sessions in conn.execute(
        "SELECT name, games, finished, wins, sessions FROM players WHERE games > 0 OR sessions > 0"
    ):
        stats[name] = {"games": played, "finished": finished, "wins": wins, "sessions": sessions}
        stats[name].update(igo=[], corsari=[])
    for g in games:
        if not g.counted():
            continue
        if not g.named:
            unnamed += 1
            continue
        if g.over and g.rules in ("igo", "corsari") and g.totals:
            for seat, name in enumerate(g.who):
                if name in stats and seat < len(g.totals):
                    stats[name][g.rules].append(g.totals[seat])
    return stats, unnamed


def corsica_stats(conn, games):
    """{name: {"slaps", "first", "won", "false", "margins_us"}} over every standing slap
    (deck games and referee sessions); margins_us: of their taps after the first (a
    tie with the first is one of 0)."""
    stats = {}

    def row(name):
        return stats.setdefault(name, {"slaps": 0, "first": 0, "won": 0, "false": 0, "margins_us": []})

    for g in games:
        if g.rules != "corsica":
            continue
        for _, winner, _, false, order, _, _, undone, _ in slap_rows(conn, g):
            if undone:
                continue
            for rank, tap in enumerate(order):
                r = row(g.name(tap["player"]))
                r["slaps"] += 1
                r["first"] += rank == 0
                if rank:  # a margin is a later tap's: the first tap's is 0 by definition
                    r["margins_us"].append(tap["margin_us"])
            if winner is not None:
                row(g.name(winner))["won"] += 1
            for p in false:
                row(g.name(p))["false"] += 1
    return stats


def mean_text(values):
    return "%.1f" % statistics.mean(values) if values else "—"


def ms(us):
    return "%.1f" % (us / 1000)


# --- charts --------------------------------------------------------------------------


def figure(width=8.0, height=4.0):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def whole_numbers(axis):
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def colours(names):
    """A colour per name, the same in every chart."""
    from matplotlib import colormaps

    palette = colormaps["tab10"].colors + colormaps["Dark2"].colors
    return {name: palette[i % len(palette)] for i, name in enumerate(sorted(names))}


def save(fig, out_dir, name):
    fig.savefig(os.path.join(out_dir, name))
    return name


def wins_chart(out_dir, stats):
    names = sorted(stats, key=lambda n: (-stats[n]["wins"], -stats[n]["games"], n))
    fig = figure(8, max(2.4, 0.5 * len(names) + 1.6))
    ax = fig.subplots()
    y = list(range(len(names)))[::-1]
    ax.barh(y, [stats[n]["games"] for n in names], color="#c9d6e8", label="games")
    ax.barh(y, [stats[n]["wins"] for n in names], height=0.5, color="#1f77b4", label="wins")
    ax.set_yticks(y, names)
    whole_numbers(ax.xaxis)
    ax.set_xlabel("games")
    ax.set_title("Games and wins by player")
    legend_below(fig)
    return save(fig, out_dir, "players.png")


def legend_below(fig):
    """The legend under the chart, outside the axes: it never covers a bar."""
    fig.legend(loc="outside lower center", ncols=2, frameon=False)


MARKERS = "osD^vPX*"  # a marker shape per seat in a game's chart
SIDE_BY_SIDE_PT = 3.0  # points between the lines of two seats (a line is 1.5 pt wide)


def progression_chart(out_dir, png, g, totals_by_round, palette):
    """Each player's total after each standing round (round 0: the start). Players
    whose totals are equal would hide each other's lines: every seat's line is drawn
    SIDE_BY_SIDE_PT points above the one before (the seats centred on the value, a
    shift of the drawing, not of the data), with its own marker shape."""
    from matplotlib.transforms import offset_copy

    fig = figure(8, 4)
    ax = fig.subplots()
    rounds = list(range(len(totals_by_round) + 1))
    for seat in range(g.n):
        name = g.name(seat)
        totals = [0] + [t[seat] for t in totals_by_round]
        shift = offset_copy(ax.transData, fig=fig, y=(seat - (g.n - 1) / 2) * SIDE_BY_SIDE_PT, units="points")
        ax.plot(
            rounds,
            totals,
            marker=MARKERS[seat % len(MARKERS)],
            markersize=5,
            label=name,
            color=palette.get(name),
            transform=shift,
        )
        ax.update_datalim(list(zip(rounds, totals)))  # a shifted line does not scale the axes itself
    ax.autoscale_view()
    if len(rounds) <= 21:
        ax.set_xticks(rounds)  # every round by its number
    else:
        whole_numbers(ax.xaxis)
    whole_numbers(ax.yaxis)
    ax.set_xlabel("round")
    ax.set_ylabel("points" if g.rules == "igo" else "total")
    ax.set_title("%s, %s: totals after each round" % (g.label(), g.what()))
    ax.grid(alpha=0.3)
    ax.legend(loc="best")
    return save(fig, out_dir, png)


def piles_chart(out_dir, stats, palette):
    names = sorted(stats, key=lambda n: (-stats[n]["won"], n))
    fig = figure(8, max(2.4, 0.5 * len(names) + 1.6))
    ax = fig.subplots()
    y = list(range(len(names)))[::-1]
    ax.barh([v + 0.2 for v in y], [stats[n]["won"] for n in names], height=0.4, color="#2ca02c", label="piles won")
    ax.barh([v - 0.2 for v in y], [stats[n]["false"] for n in names], height=0.4, color="#d62728", label="false taps")
    ax.set_yticks(y, names)
    whole_numbers(ax.xaxis)
    ax.set_xlabel("slaps")
    ax.set_title("Battle of Corsica: piles won by slap and false taps")
    legend_below(fig)
    return save(fig, out_dir, "corsica_piles.png")


def reaction_chart(out_dir, stats, palette):
    names = sorted(
        (n for n in stats if stats[n]["margins_us"]), key=lambda n: statistics.median(stats[n]["margins_us"])
    )
    fig = figure(8, max(2.0, 0.5 * len(names) + 1.2))
    ax = fig.subplots()
    data = [[m / 1000 for m in stats[n]["margins_us"]] for n in names]
    box = ax.boxplot(data[::-1], orientation="horizontal", patch_artist=True, widths=0.6)
    for patch, name in zip(box["boxes"], names[::-1]):
        patch.set_facecolor(palette.get(name, "#1f77b4"))
        patch.set_alpha(0.6)
    ax.set_yticks(range(1, len(names) + 1), names[::-1])
    ax.set_xlabel("ms behind the slap's first tap (the taps after the first; 0: a tie)")
    ax.set_title("Battle of Corsica: reaction margins by player")
    ax.grid(axis="x", alpha=0.3)
    return save(fig, out_dir, "reaction_times.png")


def margins_chart(out_dir, margins_us):
    fig = figure(8, 3.5)
    ax = fig.subplots()
    ax.hist([m / 1000 for m in margins_us], bins=min(20, max(5, len(margins_us) // 3)), color="#1f77b4")
    whole_numbers(ax.yaxis)
    ax.set_xlabel("the pile winner's lead over the second tap (ms)")
    ax.set_ylabel("slaps")
    ax.set_title("Battle of Corsica: slap margins")
    return save(fig, out_dir, "slap_margins.png")


# --- HTML ----------------------------------------------------------------------------


def cells(values, tag="td"):
    return "".join("<%s>%s</%s>" % (tag, html.escape(str(v)), tag) for v in values)


def table(head, rows, classes=None):
    out = ["<tr>%s</tr>" % cells(head, "th")]
    for i, row in enumerate(rows):
        cls = classes[i] if classes else ""
        out.append('<tr%s>%s</tr>' % (' class="%s"' % cls if cls else "", cells(row)))
    return "<table>%s</table>" % "".join(out)


def img(png, alt):
    return '<img src="%s" alt="%s">' % (html.escape(png), html.escape(alt))


def players_section(conn, out_dir, games):
    stats, unnamed = player_stats(conn, games)
    parts = ["<h2>Players</h2>"]
    if not stats:
        parts.append("<p>No games with names yet.</p>")
    else:
        rows = []
        for name in sorted(stats, key=lambda n: (-stats[n]["wins"], -stats[n]["games"], n)):
            s = stats[name]
            rate = "%d %%" % round(100 * s["wins"] / s["finished"]) if s["finished"] else "—"
            rows.append(
                [name, s["games"], s["finished"], s["wins"], rate, mean_text(s["igo"]), mean_text(s["corsari"])]
                + [s["sessions"]]
            )
        head = ["player", "games", "finished", "wins", "win rate", "I Go: avg points", "Corsari: avg total"]
        parts.append(table(head + ["referee sessions"], rows))
        parts.append(
            "<p class=note>Games: the I Go and Corsari matches and the Battle of Corsica deck "
            "games they sat in, finished or not (not over, abandoned), but a match deleted on "
            "the device before its end. Win rate: wins of finished games. Averages: of "
            "finished games (I Go: points, the most wins; Corsari: penalty totals, the lowest "
            "wins). Referee sessions (the device judged the slaps of a game played with "
            "cards) are not games: counted apart. The database's players table holds the "
            "same counts.</p>"
        )
        played = {name: s for name, s in stats.items() if s["games"]}
        if played:
            parts.append(img(wins_chart(out_dir, played), "games and wins by player"))
    if unnamed:
        parts.append(
            "<p class=note>%d game%s from before names were logged %s not counted by player.</p>"
            % (unnamed, "" if unnamed == 1 else "s", "is" if unnamed == 1 else "are")
        )
    return "\n".join(parts)


def games_section(games):
    played = [g for g in games if not g.session]
    if not played:
        return "<h2>Games</h2><p>No games yet.</p>"
    rows = [
        '<tr><td><a href="#%s">%d</a></td>%s</tr>'
        % (g.anchor(), g.number, cells([g.when(), g.length(), g.what(), ", ".join(g.who), g.winner_text()]))
        for g in played
    ]
    head = "<tr>%s</tr>" % cells(["game", "date", "length", "rules", "players", "winner"], "th")
    return '<h2>Games</h2><div class=wide><table class=text>%s%s</table></div>' % (head, "".join(rows))


def corsica_section(conn, out_dir, games, palette):
    stats = corsica_stats(conn, games)
    if not stats:
        return ""
    parts = ["<h2>Battle of Corsica: slaps by player</h2>"]
    rows = []
    for name in sorted(stats, key=lambda n: (-stats[n]["won"], n)):
        s = stats[name]
        med = ms(statistics.median(s["margins_us"])) if s["margins_us"] else "—"
        rows.append([name, s["slaps"], s["first"], s["won"], s["false"], med])
    head = ["player", "slaps tapped", "first to tap", "piles won", "false taps", "median margin (ms)"]
    parts.append(table(head, rows))
    parts.append(
        "<p class=note>Deck games and referee sessions alike, undone slaps left out. "
        "Margin: how far a tap came behind the slap's first tap, over the player's taps "
        "that were not first (a tie with the first is 0; — : always first). The device's "
        "tap clock is free-running, so times from the pile change are not logged.</p>"
    )
    parts.append(img(piles_chart(out_dir, stats, palette), "piles won and false taps by player"))
    if any(s["margins_us"] for s in stats.values()):
        parts.append(img(reaction_chart(out_dir, stats, palette), "reaction margins by player"))
    margins = [m for (m,) in conn.execute("SELECT margin_us FROM slaps WHERE undone = 0 AND margin_us IS NOT NULL")]
    if margins:
        parts.append(img(margins_chart(out_dir, margins), "slap margins histogram"))
    sessions = [g for g in games if g.session]
    if sessions:
        rows = [
            '<tr><td><a href="#%s">%d</a></td>%s</tr>'
            % (g.anchor(), g.number, cells([g.when(), g.length(), ", ".join(g.who)]))
            for g in sessions
        ]
        head = "<tr>%s</tr>" % cells(["session", "date", "length", "players"], "th")
        parts.append("<h3>Referee sessions</h3>")
        parts.append(
            "<p class=note>The device judged the slaps of a game played with cards: "
            "not a game it scored, so not counted as one.</p>"
        )
        parts.append("<div class=wide><table class=text>%s%s</table></div>" % (head, "".join(rows)))
    return "\n".join(parts)


def game_section(conn, out_dir, g, palette):
    source = "device %s, history %s" % (g.device, g.history) if g.device else "device without id"
    parts = [
        '<h2 id="%s">%s: %s, %s</h2>' % (g.anchor(), g.label(), html.escape(g.what()), html.escape(g.when())),
        "<p class=note>Game %s on the device, %s, boot %s.</p>" % (html.escape(g.game), html.escape(source), g.boot),
        "<p>Players: %s. Length: %s.</p>" % (html.escape(", ".join(g.who)), html.escape(g.length())),
    ]
    if g.first is not None and g.first < g.n:
        verb = "started" if g.rules == "igo" else "dealt" if g.rules == "corsari" else "sat"
        drawn = " (drawn by the device)" if g.drawn else ""
        parts.append("<p>%s %s first%s.</p>" % (html.escape(g.name(g.first)), verb, drawn))
    if not g.session:
        totals = ", ".join("%s %s" % (g.name(p), t) for p, t in enumerate(g.totals or []))
        result = ("Winner: %s" % g.winner_text()) if g.over else RESULTS[g.status]
        if g.resumed:
            result += " (resumed from Continue %s)" % ("once" if g.resumed == 1 else "%d times" % g.resumed)
        parts.append("<p>%s; totals: %s.</p>" % (html.escape(result), html.escape(totals or "—")))
    rounds = round_rows(conn, g)
    if rounds:
        head = (
            ["round", "time", "ender"]
            + ["%s penalty" % g.name(p) for p in range(g.n)]
            + ["%s score" % g.name(p) for p in range(g.n)]
            + ["%s total" % g.name(p) for p in range(g.n)]
            + ["note"]
        )
        rows, classes = [], []
        for number, (_seq, ender, pen, scores, tot, void, undone, at, taker, edited) in rounds:
            note = ", ".join(
                w
                for w, on in (
                    ("void" if taker is None else "void, %s took" % g.name(taker), void),
                    ("undone", undone),
                    ("edited", edited is not None),
                )
                if on
            )
            rows.append(
                [number or "", at[11:16] if at else "", "" if ender is None else g.name(ender)]
                + per_player(pen, g.n)
                + per_player(scores, g.n)
                + per_player(tot, g.n)
                + [note]
            )
            classes.append("undone" if undone else "")
        parts.append("<div class=wide>%s</div>" % table(head, rows, classes))
        progression = [
            (json.loads(row[4]) + [0] * g.n)[: g.n] for number, row in rounds if number is not None and row[4]
        ]
        if progression and g.n:
            png = progression_chart(out_dir, "game%d.png" % g.number, g, progression, palette)
            parts.append(img(png, "totals after each round"))
            parts.append(
                "<p class=note>Players with the same total: their lines are drawn side by side, "
                "a marker shape each.</p>"
            )
    slaps = [s for s in slap_rows(conn, g) if not s[7]]
    if slaps:
        won, false = {}, {}
        for s in slaps:
            if s[1] is not None:
                won[g.name(s[1])] = won.get(g.name(s[1]), 0) + 1
            for p in s[3]:
                false[g.name(p)] = false.get(g.name(p), 0) + 1

        def by_count(counts):
            return ", ".join("%s %d" % (n, counts[n]) for n in sorted(counts, key=lambda n: (-counts[n], n))) or "none"

        parts.append(
            "<p>%d slaps; piles won by slap: %s; false taps: %s.</p>"
            % (len(slaps), html.escape(by_count(won)), html.escape(by_count(false)))
        )
    return "\n".join(parts)


RESULTS = {  # a game's result line when it has no winner, by its status
    "not over": "Not over",
    "left": "Left unfinished: kept in Continue on the device",
    "abandoned": "Abandoned: the deck game never reached its end",
    "deleted": "Deleted on the device before its end: not counted in the players' numbers",
}


def per_player(text, players):
    values = json.loads(text) if text else []
    return [values[p] if p < len(values) else "" for p in range(players)]


def plural(count, what):
    """ "1 game", "2 games"."""
    return "%d %s%s" % (count, what, "" if count == 1 else "s")


def counts_text(games, notes=None):
    """The games and sessions as the Games table lists them, every game by its status:
    "3 games (1 finished, 2 deleted), 1 referee session"; notes: {status: words put
    after its count}."""
    listed = [g for g in games if not g.session]
    sessions = len(games) - len(listed)
    text = plural(len(listed), "game")
    statuses = [s for s in STATUSES if any(g.status == s for g in listed)]
    statuses += sorted({g.status for g in listed} - set(STATUSES))
    if statuses:
        by_status = ("%d %s%s" % (sum(g.status == s for g in listed), s, (notes or {}).get(s, "")) for s in statuses)
        text += " (%s)" % ", ".join(by_status)
    if sessions:
        text += ", " + plural(sessions, "referee session")
    return text


STATUSES = ("finished", "not over", "left", "abandoned", "deleted")  # a game's status, in the summary's order


def summary(games):
    played = [g for g in games if not g.session]
    devices = len(set(g.device for g in games))
    dates = sorted(g.started[:10] for g in games if g.started)
    undated = sum(1 for g in played if not g.started)
    text = counts_text(games, {"deleted": " before the end: in no player's numbers"})
    text += ", from %s" % plural(devices, "device")
    if dates:
        text += ", %s" % dates[0] if dates[0] == dates[-1] else ", %s to %s" % (dates[0], dates[-1])
    if undated:
        text += " (%d undated: played while the device's clock was not set, placed by their order)" % undated
    return "<p class=lead>%s.</p>" % html.escape(text)


def open_db(db_path):
    """A read-only connection to a database `pull` wrote; UserError (one line) when
    there is none, or it holds no pulled history."""
    hint = "run pull first: python -m host_tools pull --db %s" % db_path
    if not os.path.isfile(db_path):
        raise UserError("no database %s (%s)" % (db_path, hint))
    try:
        conn = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True)
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
    except sqlite3.Error as exc:
        raise UserError("database %s: %s" % (db_path, exc))
    if "lines" not in tables or "games" not in tables:
        conn.close()
        raise UserError("%s holds no pulled history (%s)" % (db_path, hint))
    players = {row[1] for row in conn.execute("PRAGMA table_info(players)")}
    if "ord" not in columns or "sessions" not in players:
        conn.close()
        raise UserError("%s was pulled by an older version: pull again to bring it up to date" % db_path)
    return conn


def write_report(db_path, out_dir=None, csv_dir=None):
    """Write DIR/index.html and its charts, and/or the CSV files. Return (the games,
    referee sessions included; what the charts could not draw: one-line texts, e.g. a
    character of a name that the font lacks, drawn as a box)."""
    conn = open_db(db_path)
    problems = []
    try:
        games = load_games(conn)
        if out_dir:
            folder(out_dir, "--out")
            palette = colours({name for g in games for name in g.who})
            body = [summary(games), games_section(games)]
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                import matplotlib

                with matplotlib.rc_context({"font.family": FONT, "font.size": 11}):
                    body.append(players_section(conn, out_dir, games))
                    body.append(corsica_section(conn, out_dir, games, palette))
                    for g in games:
                        body.append(game_section(conn, out_dir, g, palette))
            for w in caught:
                text = " ".join(str(w.message).split())
                if text not in problems:
                    problems.append(text)
            with open(os.path.join(out_dir, "index.html"), "w", encoding="utf-8") as f:
                page = PAGE.replace("{version}", html.escape(product_version() or "?"))
                f.write(page.replace("{body}", "\n".join(part for part in body if part)))
        if csv_dir:
            write_csv(conn, games, csv_dir)
    except sqlite3.Error as exc:
        raise UserError("database %s: %s" % (db_path, exc))
    except OSError as exc:
        raise UserError("cannot write %s: %s" % (exc.filename or out_dir or csv_dir, exc.strerror or exc))
    finally:
        conn.close()
    return games, problems


# --- CSV -----------------------------------------------------------------------------

CSV_FILES = ("games.csv", "rounds.csv", "slaps.csv")
GAME_HEAD = (
    "game",
    "session",
    "date",
    "time",
    "minutes",
    "rules",
    "mode",
    "players",
    "winners",
    "totals",
    "rounds",
    "slaps",
    "finished",
    "status",
    "undated_placed",
    "device",
    "history",
    "device_game",
)
ROUND_HEAD = (
    "game",
    "round",
    "date",
    "time",
    "rules",
    "seat",
    "player",
    "ender",
    "penalty",
    "score",
    "total",
    "void",
    "undone",
    "edited",
    "device",
    "history",
    "device_game",
    "seq",
)
SLAP_HEAD = (
    "game",
    "session",
    "slap",
    "date",
    "time",
    "mode",
    "winner",
    "lead_ms",
    "taps",
    "false_taps",
    "tie",
    "reason",
    "undone",
    "device",
    "history",
    "device_game",
    "seq",
)
LIST = "; "  # between the names (and totals) of one cell


def date_time(at):
    return (at[:10], at[11:]) if at else ("", "")


def write_csv(conn, games, csv_dir):
    folder(csv_dir, "--csv")
    files = {}
    try:
        for name in CSV_FILES:
            files[name] = open(os.path.join(csv_dir, name), "w", encoding="utf-8-sig", newline="")
        out = {name: csv.writer(f) for name, f in files.items()}
        out["games.csv"].writerow(GAME_HEAD)
        out["rounds.csv"].writerow(ROUND_HEAD)
        out["slaps.csv"].writerow(SLAP_HEAD)
        for g in games:
            ids = [g.device, g.history, g.game]
            number = ["", g.number] if g.session else [g.number, ""]
            out["games.csv"].writerow(
                number
                + [*date_time(g.started)]
                + ["" if g.seconds is None else round(g.seconds / 60, 1), g.rules, g.mode or ""]
                + [LIST.join(g.who), "" if g.session else LIST.join(g.name(w) for w in g.winners or [])]
                + [LIST.join(str(t) for t in g.totals or []), g.rounds, g.slaps, int(bool(g.over)), g.status or ""]
                + [g.placed if g.placed_by in ("after", "before") else ""]
                + ids
            )
            for count, (seq, ender, pen, scores, tot, void, undone, at, _, edited) in round_rows(conn, g):
                for seat in range(g.n):
                    out["rounds.csv"].writerow(
                        [g.number, count or "", *date_time(at), g.rules, seat + 1, g.name(seat), int(ender == seat)]
                        + per_player(pen, g.n)[seat : seat + 1]
                        + per_player(scores, g.n)[seat : seat + 1]
                        + per_player(tot, g.n)[seat : seat + 1]
                        + [void, undone, int(edited is not None)]
                        + ids
                        + [seq]
                    )
            count = 0
            for seq, winner, tie, false, order, reason, margin, undone, at in slap_rows(conn, g):
                count += not undone
                taps = LIST.join("%s %s" % (g.name(t["player"]), ms(t["margin_us"])) for t in order)
                out["slaps.csv"].writerow(
                    number
                    + ["" if undone else count, *date_time(at), g.mode or ""]
                    + ["" if winner is None else g.name(winner), "" if margin is None else ms(margin), taps]
                    + [LIST.join(g.name(p) for p in false), LIST.join(g.name(p) for p in tie), reason or ""]
                    + [undone]
                    + ids
                    + [seq]
                )
    finally:
        for f in files.values():
            f.close()


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Scorekeeper history</title>
<style>
body { font-family: "DejaVu Sans", sans-serif; margin: 2em; max-width: 1400px; color: #222; }
h2 { margin-top: 1.6em; border-bottom: 1px solid #ddd; }
.lead { font-size: 1.1em; }
.note { color: #666; font-size: 0.9em; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { border: 1px solid #ccc; padding: 2px 8px; text-align: right; }
td:first-child, th:first-child, table.text td, table.text th { text-align: left; }
.wide { overflow-x: auto; }
th { background: #f3f3f3; }
tr.undone td { color: #999; text-decoration: line-through; }
img { display: block; margin: 0.8em 0; max-width: 100%; }
</style></head><body>
<h1>Scorekeeper history</h1>
{body}
<footer class=note>Written by the Table referee host tools {version}
(<code>python -m host_tools report</code>).</footer>
</body></html>
"""


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools report", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", required=True, metavar="FILE", help="SQLite database from pull")
    parser.add_argument("--out", metavar="DIR", help="where index.html and the PNG charts go")
    parser.add_argument("--csv", metavar="DIR", help="where games.csv, rounds.csv and slaps.csv go")
    args = parser.parse_args(argv)
    if not args.out and not args.csv:
        raise UserError("give --out DIR (the HTML report), --csv DIR (the CSV files), or both")
    games, problems = write_report(args.db, args.out, args.csv)
    for text in problems:
        print("report: chart: %s" % text, file=sys.stderr)
    if args.out:
        print("wrote %s: %s" % (os.path.join(args.out, "index.html"), counts_text(games)))
    if args.csv:
        print("wrote %s" % ", ".join(os.path.join(args.csv, name) for name in CSV_FILES))
    return 0
