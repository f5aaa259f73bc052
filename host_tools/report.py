"""`python -m host_tools report --db FILE --out DIR`: an HTML report of the history.

Reads the SQLite database written by `pull` and writes DIR/index.html with PNG charts
beside it (drawn with Pillow):
- a summary across games: games played and wins per player;
- per game: the score table (every round line, void and undone rounds marked) and a
  chart of each player's total after each standing round;
- Battle of Corsica slaps: a histogram of slap margins (the winner's lead over the
  second tap) and each player's reaction times. The device logs tap times on a
  free-running clock, not from the pile change, so a "reaction time" here is how far
  a player's tap came behind the slap's first tap (0 for the first tap).
Players are named as the device logged them on each game's `start` line (the true
name: "Zoë", not the screen's "Zoe"); a game from before names were logged shows its
seats as player 1, 2, ...
"""

import argparse
import html
import json
import os
import sqlite3

from PIL import Image, ImageDraw, ImageFont

from host_tools import ArgumentParser, UserError, folder

COLOURS = [
    (31, 119, 180),
    (214, 39, 40),
    (44, 160, 44),
    (255, 127, 14),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
]
WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 60, 20, 36, 48


def font(size=13):
    return ImageFont.load_default(size=size)


def nice_step(span, ticks=5):
    """A round tick step (1, 2 or 5 times a power of ten) for an axis of this span."""
    raw = max(span, 1e-9) / ticks
    power = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    while power > raw:
        power /= 10
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


class Chart:
    """A white canvas with a title and a y axis from lo to hi, ready for marks."""

    def __init__(self, title, lo, hi, y_label=""):
        if hi <= lo:
            hi = lo + 1
        step = nice_step(hi - lo)
        self.lo = step * (lo // step)
        self.hi = step * -(-hi // step)
        self.image = Image.new("RGB", (WIDTH, HEIGHT), "white")
        self.draw = ImageDraw.Draw(self.image)
        self.draw.text((LEFT, 8), title, fill="black", font=font(15))
        self.draw.text((4, TOP - 16), y_label, fill="gray", font=font(11))
        y = self.lo
        while y <= self.hi + step / 2:
            py = self.y(y)
            self.draw.line([(LEFT, py), (WIDTH - RIGHT, py)], fill=(225, 225, 225))
            self.draw.text((LEFT - 6, py), "%g" % y, fill="black", font=font(11), anchor="rm")
            y += step
        self.draw.line([(LEFT, TOP), (LEFT, HEIGHT - BOTTOM), (WIDTH - RIGHT, HEIGHT - BOTTOM)], fill="black")

    def y(self, value):
        frac = (value - self.lo) / (self.hi - self.lo)
        return HEIGHT - BOTTOM - frac * (HEIGHT - BOTTOM - TOP)

    def x_label(self, px, text):
        self.draw.text((px, HEIGHT - BOTTOM + 6), text, fill="black", font=font(11), anchor="ma")

    def legend(self, names):
        x = LEFT + 10
        for i, name in enumerate(names):
            colour = COLOURS[i % len(COLOURS)]
            self.draw.rectangle([x, HEIGHT - 16, x + 10, HEIGHT - 6], fill=colour)
            self.draw.text((x + 14, HEIGHT - 11), name, fill="black", font=font(11), anchor="lm")
            x += 20 + self.draw.textlength(name, font=font(11))

    def save(self, path):
        self.image.save(path, "PNG")


def progression_chart(path, title, totals_by_round, names):
    """Each player's total after each round (a line per player)."""
    players = len(totals_by_round[0])
    values = [v for t in totals_by_round for v in t] + [0]
    chart = Chart(title, min(values), max(values), "total")
    n = len(totals_by_round)
    span = WIDTH - LEFT - RIGHT - 20

    def px(i):  # round i (0 = before the first round)
        return LEFT + 10 + span * i / max(n, 1)

    for i in range(n + 1):
        chart.x_label(px(i), str(i))
    for p in range(players):
        points = [(px(0), chart.y(0))] + [(px(i + 1), chart.y(t[p])) for i, t in enumerate(totals_by_round)]
        colour = COLOURS[p % len(COLOURS)]
        chart.draw.line(points, fill=colour, width=2)
        for x, y in points:
            chart.draw.ellipse([x - 3, y - 3, x + 3, y + 3], fill=colour)
    chart.legend(names)
    chart.save(path)


def histogram_chart(path, title, values_us, bins=12):
    """How many slaps had each margin (in ms bins)."""
    ms = [v / 1000 for v in values_us]
    top = max(ms + [1.0])
    width = nice_step(top, bins)
    nbins = int(top // width) + 1
    counts = [0] * nbins
    for v in ms:
        counts[min(int(v // width), nbins - 1)] += 1
    chart = Chart(title, 0, max(counts + [1]), "slaps")
    span = (WIDTH - LEFT - RIGHT - 10) / nbins
    for i, c in enumerate(counts):
        x0 = LEFT + 5 + i * span
        chart.draw.rectangle([x0 + 1, chart.y(c), x0 + span - 1, chart.y(0)], fill=COLOURS[0])
        if nbins <= 16 or i % 2 == 0:
            chart.x_label(x0, "%g" % (i * width))
    chart.draw.text((WIDTH - RIGHT, HEIGHT - 12), "ms", fill="gray", font=font(11), anchor="rm")
    chart.save(path)


def reaction_chart(path, title, margins_by_player):
    """Each player's taps (dots) and median (bar), in ms behind the first tap."""
    players = sorted(margins_by_player)
    all_ms = [m / 1000 for p in players for m in margins_by_player[p]]
    chart = Chart(title, 0, max(all_ms + [1.0]), "ms")
    span = (WIDTH - LEFT - RIGHT) / max(len(players), 1)
    for i, p in enumerate(players):
        ms = sorted(m / 1000 for m in margins_by_player[p])
        cx = LEFT + span * (i + 0.5)
        colour = COLOURS[p % len(COLOURS)]
        for k, v in enumerate(ms):
            x = cx + ((k * 7) % 21 - 10)
            chart.draw.ellipse([x - 3, chart.y(v) - 3, x + 3, chart.y(v) + 3], outline=colour)
        median = ms[len(ms) // 2]
        chart.draw.line([(cx - 18, chart.y(median)), (cx + 18, chart.y(median))], fill="black", width=3)
        chart.x_label(cx, "player %d (%d taps)" % (p + 1, len(ms)))
    chart.save(path)


def cells(values, tag="td"):
    return "".join("<%s>%s</%s>" % (tag, html.escape(str(v)), tag) for v in values)


def per_player(text, players):
    values = json.loads(text) if text else []
    return [values[p] if p < len(values) else "" for p in range(players)]


def seat_names(conn, device, history, game, players):
    """The names of a game's seats ("player N" where none was logged)."""
    names = ["player %d" % (p + 1) for p in range(players)]
    for seat, name in conn.execute(
        "SELECT seat, name FROM seats WHERE device = ? AND history = ? AND game = ?", (device, history, game)
    ):
        if name is not None and seat < players:
            names[seat] = name
    return names


def game_section(conn, out_dir, n, game):
    """HTML for one game; writes its chart."""
    (device, history, name, rules, players, totals, winners, over, first, last, boot, standing, starter, drawn) = game
    who = seat_names(conn, device, history, name, players or 0)
    source = "device %s, history %s" % (device, history) if device else "device without id"
    parts = [
        "<h2>Game %s <small>(%s, %s, boot %s, seq %s..%s)</small></h2>"
        % (html.escape(name), html.escape(rules or "?"), html.escape(source), boot, first, last)
    ]
    result = (
        "over: winner%s %s"
        % (
            "s" if len(json.loads(winners)) > 1 else "",
            ", ".join(who[w] if w < len(who) else "player %d" % (w + 1) for w in json.loads(winners)),
        )
        if winners
        else "not over"
    )
    parts.append("<p>Players: %s.</p>" % html.escape(", ".join(who)))
    if starter is not None and starter < len(who):
        parts.append(
            "<p>%s %s first%s.</p>"
            % (
                html.escape(who[starter]),
                "started" if rules == "igo" else "dealt" if rules == "corsari" else "sat",
                " (drawn by the device)" if drawn else "",
            )
        )
    parts.append(
        "<p>%s; totals %s</p>"
        % (
            html.escape(result),
            html.escape(
                ", ".join("%s %s" % (who[p], t) if p < len(who) else str(t) for p, t in enumerate(json.loads(totals)))
                if totals
                else "-"
            ),
        )
    )
    rounds = conn.execute(
        "SELECT seq, ender, penalties, round_scores, totals, void, undone "
        "FROM rounds WHERE device = ? AND history = ? AND game = ? ORDER BY seq",
        (device, history, name),
    ).fetchall()
    if rounds:
        head = (
            ["seq", "ender"]
            + ["%s penalty" % who[p] for p in range(players)]
            + ["%s score" % who[p] for p in range(players)]
            + ["%s total" % who[p] for p in range(players)]
            + ["note"]
        )
        rows = ["<tr>%s</tr>" % cells(head, "th")]
        for seq, ender, pen, scores, tot, void, undone in rounds:
            note = " ".join(w for w, on in (("void", void), ("undone", undone)) if on)
            ender = "" if ender is None else who[ender] if ender < len(who) else str(ender)
            values = (
                [seq, ender]
                + per_player(pen, players)
                + per_player(scores, players)
                + per_player(tot, players)
                + [note]
            )
            rows.append('<tr class="%s">%s</tr>' % ("undone" if undone else "", cells(values)))
        parts.append("<table>%s</table>" % "".join(rows))
        progression = [json.loads(t) for _, _, _, _, t, _, undone in rounds if t and not undone]
        if progression and players:
            png = "game%d.png" % n
            progression_chart(
                os.path.join(out_dir, png),
                "Game %s: totals after each round" % name,
                [(t + [0] * players)[:players] for t in progression],
                who,
            )
            parts.append('<img src="%s" alt="score progression">' % png)
    slaps = conn.execute(
        "SELECT COUNT(*), SUM(undone) FROM slaps WHERE device = ? AND history = ? AND game = ?", (device, history, name)
    ).fetchone()
    if slaps[0]:
        parts.append("<p>%d slaps logged.</p>" % slaps[0])
    return "\n".join(parts)


def write_report(db_path, out_dir):
    if not os.path.isfile(db_path):
        raise UserError("no database %s (run pull first)" % db_path)
    try:
        conn = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True)
        games = conn.execute(
            "SELECT device, history, game, rules, players, totals, winners, "
            "over, first_seq, last_seq, boot, rounds, first, drawn FROM games "
            "ORDER BY device, history, first_seq"
        ).fetchall()
        folder(out_dir, "--out")
        body = [summary(conn, games)]
        body.append(slap_section(conn, out_dir))
        for n, game in enumerate(games, 1):
            body.append(game_section(conn, out_dir, n, game))
        conn.close()
        with open(os.path.join(out_dir, "index.html"), "w") as f:
            f.write(PAGE % "\n".join(body))
    except sqlite3.Error as exc:
        raise UserError("database %s: %s" % (db_path, exc))
    except OSError as exc:
        raise UserError("cannot write %s: %s" % (out_dir, exc.strerror or exc))
    return len(games)


def summary(conn, games):
    """Games played and won per player across games, with each player's summed
    totals per game (I Go points, Corsari totals, Corsica cards at the end): named
    players by name, the seats of games without names (from before names were
    logged) as player N."""
    named, seats = {}, {}
    for seat, name, rules, total, won, over in conn.execute(
        "SELECT seats.seat, seats.name, games.rules, seats.total, seats.won, games.over "
        "FROM seats JOIN games USING (device, history, game)"
    ):
        rows, key = (named, name) if name is not None else (seats, seat)
        row = rows.setdefault(key, {"games": 0, "finished": 0, "wins": 0, "igo": 0, "corsari": 0, "corsica": 0})
        row["games"] += 1
        row["finished"] += over
        row["wins"] += won
        if total is not None and rules in row:
            row[rules] += total
    over = sum(1 for g in games if g[7])
    devices = len(set(g[0] for g in games))
    head = ["player", "games", "finished", "wins", "I Go points", "Corsari total", "Corsica cards"]
    parts = [
        "<h2>Summary</h2><p>%d games, %d finished, from %d device%s.</p>"
        % (len(games), over, devices, "" if devices == 1 else "s")
    ]
    for rows, label, note in (
        (named, lambda k: k, ""),
        (
            seats,
            lambda k: "player %d" % (k + 1),
            "<p>Games without names (from before names were logged), by seat:</p>",
        ),
    ):
        if not rows:
            continue
        table = ["<tr>%s</tr>" % cells(head, "th")]
        for key in sorted(rows):
            r = rows[key]
            table.append(
                "<tr>%s</tr>"
                % cells([label(key), r["games"], r["finished"], r["wins"], r["igo"], r["corsari"], r["corsica"]])
            )
        parts.append("%s<table>%s</table>" % (note, "".join(table)))
    return "".join(parts)


def slap_section(conn, out_dir):
    margins = [m for (m,) in conn.execute("SELECT margin_us FROM slaps WHERE undone = 0 AND margin_us IS NOT NULL")]
    taps = {}
    for player, margin in conn.execute(
        "SELECT taps.player, taps.margin_us FROM taps JOIN slaps USING (device, history, seq) WHERE slaps.undone = 0"
    ):
        taps.setdefault(player, []).append(margin)
    if not taps:
        return "<h2>Slaps</h2><p>No Battle of Corsica slaps logged.</p>"
    parts = ["<h2>Slaps</h2>"]
    if margins:
        histogram_chart(
            os.path.join(out_dir, "slap_margins.png"), "Slap margins: winner's lead over the second tap (ms)", margins
        )
        parts.append('<img src="slap_margins.png" alt="slap margins histogram">')
    reaction_chart(
        os.path.join(out_dir, "reaction_times.png"), "Reaction times: ms behind the first tap (bar = median)", taps
    )
    parts.append('<img src="reaction_times.png" alt="reaction times per player">')
    parts.append(
        "<p>Reaction time = how far a tap came behind the first tap of its slap "
        "(the device's tap clock is free-running, so times from the pile change "
        "are not logged); the first tap counts 0.</p>"
    )
    return "\n".join(parts)


PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Scorekeeper history</title>
<style>
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { border: 1px solid #ccc; padding: 2px 8px; text-align: right; }
tr.undone td { color: #999; text-decoration: line-through; }
img { display: block; margin: 0.5em 0; }
</style></head><body>
<h1>Scorekeeper history</h1>
%s
</body></html>
"""


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools report", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", required=True, metavar="FILE", help="SQLite database from pull")
    parser.add_argument("--out", required=True, metavar="DIR", help="where index.html and the PNGs go")
    args = parser.parse_args(argv)
    n = write_report(args.db, args.out)
    print("wrote %s (%d games)" % (os.path.join(args.out, "index.html"), n))
    return 0
