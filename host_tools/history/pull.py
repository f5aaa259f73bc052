"""`python -m host_tools pull --db FILE [--port PORT | --flash DIR | --file HISTORY]`: history -> SQLite.

Fetches /data/history.jsonl from the device (through mpremote; --flash DIR reads the
one in a flash folder, the simulator's, and --file any local copy) and loads it into
the SQLite database FILE. From a device it sets the device's clock to this PC's time
first (host_tools/device/clock.py), so the lines it writes from then on are dated.
A pull with no valid line writes no database.

Examples:
    python -m host_tools pull --db history.sqlite                    the Pico plugged in
    python -m host_tools pull --db history.sqlite --port /dev/ttyACM0
    python -m host_tools pull --db history.sqlite --flash sim_flash  the simulator's
    python -m host_tools pull --db history.sqlite --file sim_flash/data/history.jsonl
    python -m host_tools pull --db history.sqlite --url http://192.168.1.23/ --url http://table-3f2a/
                                  W boards over Wi-Fi, several tables in one run (pull_url.py)

Identity: a history line is identified by (device, history, seq): the device's id,
the id of its history (a new one each time the device starts its history anew, e.g.
after `data/` was wiped) and the line's seq. Lines written before the device had ids
have device and history ''. Several devices, or several histories of one device, go
into one database side by side. Lines are kept verbatim in `lines`; a line already
there is never inserted again, so pulling twice adds nothing, and lines the device no
longer has stay. The other tables are derived from all of `lines` at every pull (so
an `undo` pulled later still marks its round). All of it happens in one transaction:
on any error the database is as it was (a database this pull created is removed).
A database made before the ids existed is converted at the first pull.

Schema (per-player values are JSON lists indexed by player, as on the device; every
table starts with device and history):
  lines  (device, history, boot, seq, game, event, rules, json)
         PRIMARY KEY (device, history, seq)
  games  (device, history, game, rules, players, totals, winners, over,
          first_seq, last_seq, boot, rounds, first, drawn, started, ended, seconds,
          placed, placed_by, ord, mode, slaps)
         PRIMARY KEY (device, history, game)
         totals/winners: from the standing game_over line (one not undone), else
         totals after the last round still standing and winners NULL; boot: of the
         game's first line; rounds: standing rounds; first/drawn: from its `start`
         line (who starts / deals, whether the device drew it), else NULL.
         started/ended: the `at` of its first and last dated lines (NULL: undated);
         seconds: from its first line to its last, when both are dated. placed: where the game falls in time, its
         `started`, or for an undated game the `at` of the last dated line before
         it in its history (else of the first one after it; NULL in a history
         without dates); placed_by: "dated" (its own), "after" (it came after
         `placed`), "before" (before it), NULL; ord: the games' order of play across the database (1 =
         first): by placed (undated histories first), a history's games in seq
         order. mode: Battle of Corsica's "referee" or "deck" (start line); slaps:
         its standing slaps.
  players (name, games, finished, wins, sessions)   PRIMARY KEY (name)
         one row per player name on a `start` line, the name as entered (é kept):
         the games they sat in (I Go and Corsari matches, Battle of Corsica deck
         games), how many of those are over, how many they won; the Battle of
         Corsica referee sessions they sat in apart (`sessions`: not games). A
         match deleted on the device before it was over (its last `delete` line
         not followed by a `restore`) is not counted (docs/rules.md); its players
         still have their row. The report's Players table shows these counts.
  seats  (device, history, game, seat, name, total, won)
         PRIMARY KEY (device, history, game, seat)
         who sat where in each game (name REFERENCES players; NULL for a game with
         no `start` line, from before names were logged); total: the seat's total in
         games.totals; won: 1 if the seat is among the winners.
  rounds (device, history, boot, seq, game, rules, ender, penalties, round_scores,
          totals, void, undone, at, taker, edited)
         one row per `round` line, void and undone ones included (void/undone 0 or 1;
         undone = a later `undo` line of the same game has `of` = this seq). A round
         changed on the device (`edit` lines with `of` = this seq) holds its values
         after the last change, edited = that line's seq (NULL: never changed); in a
         game with a change every standing round's totals are worked out again from the
         round scores (running sums in seq order, void rounds adding nothing).
  slaps  (device, history, boot, seq, game, rules, winner, tie, false, "order", reason,
          margin_us, undone, at)
         margin_us: the winner's lead, the second tap's margin (NULL with < 2 taps).
  taps   (device, history, boot, seq, game, rank, player, t_us, margin_us)
         one row per tap of a slap's order; margin_us = behind the slap's first tap.

  rejected (text, problem, source, line)   PRIMARY KEY (text)
         every line pull could not load (malformed or damaged), as it was, with
         why, where it came from (the file, or PORT:/data/history.jsonl) and its
         line number there: set aside, once per text.
  conflicts (device, history, seq, json, source, line)
         PRIMARY KEY (device, history, seq, json)
         a line whose key `lines` (or an earlier line of the same pull) already
         holds with other content: two devices or histories that share their ids.

A malformed line (a missing or mistyped field, a number out of range, per-player lists
of different lengths) or a damaged one (not JSON; an object cut short anywhere but at
the end of the file) is reported on standard error (one line naming its line number)
and set aside in `rejected`; the rest loads, and the exit status is then 2. A torn
last line (an object cut short at the end of the file: a power cut while the device
was appending; at its next boot the device moves it to data/history.torn and goes on)
is reported and skipped, but is no error: the file is what a power cut leaves. A line
whose key is held with other content loses nothing either: the one there stays in
`lines`, this one goes to `conflicts`, one line on standard error names the key, the
line and what differs, and the exit status is 2; the same content again is a
duplicate, added silently as nothing.
"""

import argparse
import binascii
import bisect
import datetime
import json
import os
import sqlite3
import sys
import time

from host_tools import ArgumentParser, UserError, port_option
from host_tools.device import clock
from host_tools.device.mpremote_port import Device, find_port
from host_tools.history import pull_url
from table.storage import events, paths

HISTORY = "/" + paths.HISTORY
READ_CHUNK = 4096  # history bytes per request (base64 on the way: ~5.5 KB)
READ = "import binascii\nwith open(%r, 'rb') as f:\n f.seek(%d)\n print(binascii.b2a_base64(f.read(%d)).decode())\n"

SCHEMA = """
CREATE TABLE IF NOT EXISTS lines (
    device TEXT NOT NULL, history TEXT NOT NULL, boot INTEGER NOT NULL, seq INTEGER NOT NULL,
    game TEXT NOT NULL, event TEXT NOT NULL, rules TEXT, json TEXT NOT NULL,
    PRIMARY KEY (device, history, seq));
CREATE TABLE IF NOT EXISTS games (
    device TEXT NOT NULL, history TEXT NOT NULL, game TEXT NOT NULL, rules TEXT,
    players INTEGER, totals TEXT, winners TEXT, over INTEGER NOT NULL, first_seq INTEGER,
    last_seq INTEGER, boot INTEGER, rounds INTEGER NOT NULL, first INTEGER, drawn INTEGER,
    started TEXT, ended TEXT, seconds INTEGER, placed TEXT, placed_by TEXT, ord INTEGER NOT NULL,
    mode TEXT, slaps INTEGER NOT NULL, PRIMARY KEY (device, history, game));
CREATE TABLE IF NOT EXISTS players (
    name TEXT NOT NULL PRIMARY KEY, games INTEGER NOT NULL, finished INTEGER NOT NULL,
    wins INTEGER NOT NULL, sessions INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    device TEXT NOT NULL, history TEXT NOT NULL, game TEXT NOT NULL, seat INTEGER NOT NULL,
    name TEXT REFERENCES players (name), total INTEGER, won INTEGER NOT NULL,
    PRIMARY KEY (device, history, game, seat),
    FOREIGN KEY (device, history, game) REFERENCES games (device, history, game));
CREATE TABLE IF NOT EXISTS rounds (
    device TEXT NOT NULL, history TEXT NOT NULL, boot INTEGER NOT NULL, seq INTEGER NOT NULL,
    game TEXT NOT NULL, rules TEXT, ender INTEGER, penalties TEXT, round_scores TEXT,
    totals TEXT, void INTEGER NOT NULL, undone INTEGER NOT NULL, at TEXT, taker INTEGER,
    edited INTEGER, PRIMARY KEY (device, history, seq));
CREATE TABLE IF NOT EXISTS slaps (
    device TEXT NOT NULL, history TEXT NOT NULL, boot INTEGER NOT NULL, seq INTEGER NOT NULL,
    game TEXT NOT NULL, rules TEXT, winner INTEGER, tie TEXT, false TEXT, "order" TEXT,
    reason TEXT, margin_us INTEGER, undone INTEGER NOT NULL, at TEXT,
    PRIMARY KEY (device, history, seq));
CREATE TABLE IF NOT EXISTS rejected (
    text TEXT NOT NULL PRIMARY KEY, problem TEXT NOT NULL, source TEXT NOT NULL, line INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS conflicts (
    device TEXT NOT NULL, history TEXT NOT NULL, seq INTEGER NOT NULL, json TEXT NOT NULL,
    source TEXT NOT NULL, line INTEGER NOT NULL, PRIMARY KEY (device, history, seq, json));
CREATE TABLE IF NOT EXISTS taps (
    device TEXT NOT NULL, history TEXT NOT NULL, boot INTEGER NOT NULL, seq INTEGER NOT NULL,
    game TEXT NOT NULL, rank INTEGER NOT NULL, player INTEGER NOT NULL, t_us INTEGER,
    margin_us INTEGER NOT NULL, PRIMARY KEY (device, history, seq, rank));
"""
TABLES = ("lines", "games", "rounds", "slaps", "taps", "players", "seats")
DERIVED = TABLES[1:]  # rebuilt from `lines` at every pull
MAX_NAME = 64  # characters: a longer player name is not the device's
MAX_COUNT = (1 << 30) - 1  # the device's counters (boot, seq) stay below this
MAX_INT = 1 << 31  # any other number on a line is smaller than this


def is_int(x):
    return type(x) is int and -MAX_INT < x < MAX_INT


def is_count(x):
    return type(x) is int and 0 <= x <= MAX_COUNT


def is_ident(x):
    return type(x) is str and len(x) <= 32


def int_list(x):
    return type(x) is list and all(is_int(v) for v in x)


def identity(obj):
    """(device, history) of a line; '' for lines written before the ids existed."""
    return obj.get("device", ""), obj.get("history", "")


def is_taps(x):
    return type(x) is list and all(
        type(t) is dict
        and is_int(t.get("player"))
        and is_int(t.get("margin_us"))
        and (t.get("t_us") is None or is_int(t["t_us"]))
        for t in x
    )


def is_at(x):
    """A line's `at`: "YYYY-MM-DDTHH:MM:SS", a real date and time."""
    if type(x) is not str or len(x) != 19 or x[10] != "T":
        return False
    try:
        return datetime.datetime.strptime(x, "%Y-%m-%dT%H:%M:%S").isoformat() == x
    except ValueError:
        return False


def is_names(x):
    return type(x) is list and all(type(n) is str and 0 < len(n) <= MAX_NAME for n in x)


ROUND_KINDS = {
    "ender": is_int,
    "penalties": int_list,
    "round_scores": int_list,
    "void": lambda v: type(v) is bool,
    "taker": is_int,
}


def is_round(x):
    """An `edit` line's `was`: a round's values (ender, penalties, round_scores, or
    void and taker)."""
    if type(x) is not dict:
        return False
    for key, value in x.items():
        ok = ROUND_KINDS.get(key)
        if ok is None or not ok(value):
            return False
    return True


KIND_OK = {
    events.INT: is_int,
    events.INTS: int_list,
    events.BOOL: lambda v: type(v) is bool,
    events.COUNT: is_count,
    events.TAPS: is_taps,
    events.TEXT: lambda v: type(v) is str,
    events.NAMES: is_names,
    events.ROUND: is_round,
}


def check_line(obj):
    """Return None if `obj` is a well-formed history line, else what is wrong with it:
    the common keys, what each event needs, and the kind of every field of the event
    (firmware/table/storage/events.py)."""
    problem = _check_needed(obj)
    if problem:
        return problem
    for key in events.EVENTS.get(obj["event"], ()):
        if obj.get(key) is not None and not KIND_OK[events.FIELDS[key]](obj[key]):
            return "bad %r" % key
    return None


def _check_needed(obj):
    if type(obj) is not dict:
        return "not a JSON object"
    for key, ok in (
        ("seq", is_count),
        ("boot", is_count),
        ("event", lambda v: type(v) is str),
        ("game", lambda v: type(v) is str or is_int(v)),
        ("rules", lambda v: type(v) is str),
    ):
        if not ok(obj.get(key)):
            return "missing or bad %r" % key
    for key in ("device", "history"):
        if key in obj and not is_ident(obj[key]):
            return "bad %r" % key
    if obj.get("at") is not None and not is_at(obj["at"]):
        return "bad 'at'"
    event = obj["event"]
    if event == "edit":
        if not is_count(obj.get("of")):
            return "missing or bad 'of'"
        if obj.get("void") is True:
            return None
        if not is_int(obj.get("ender")):
            return "missing or bad 'ender'"
        for key in ("penalties", "round_scores"):
            if not int_list(obj.get(key)):
                return "missing or bad %r" % key
        if len(obj["penalties"]) != len(obj["round_scores"]):
            return "penalties and round_scores differ in length"
        if not 0 <= obj["ender"] < len(obj["penalties"]):
            return "'ender' is not one of the players"
    elif event == "round":
        if obj.get("void") is True:
            return None if obj.get("totals") is None or int_list(obj["totals"]) else "bad 'totals'"
        if not is_int(obj.get("ender")):
            return "missing or bad 'ender'"
        for key in ("penalties", "round_scores", "totals"):
            if not int_list(obj.get(key)):
                return "missing or bad %r" % key
        n = len(obj["totals"])
        if len(obj["penalties"]) != n or len(obj["round_scores"]) != n:
            return "penalties, round_scores and totals differ in length"
        if not 0 <= obj["ender"] < n:
            return "'ender' is not one of the players"
    elif event == "game_over":
        for key in ("totals", "winners"):
            if not int_list(obj.get(key)):
                return "missing or bad %r" % key
    elif event == "slap":
        if not is_taps(obj.get("order")):
            return "missing or bad 'order'"
    elif event == "undo":
        if not is_count(obj.get("of")):
            return "missing or bad 'of'"
    elif event == "start":
        players = obj.get("players")
        if not players or not is_names(players):
            return "missing or bad 'players'"
        if len(set(players)) != len(players):
            return "a player named twice"
        if "first" in obj and not (is_int(obj["first"]) and 0 <= obj["first"] < len(players)):
            return "'first' is not one of the players"
        if "drawn" in obj and type(obj["drawn"]) is not bool:
            return "bad 'drawn'"
    return None


TORN = "torn by a power cut while it was written"
CUT = "damaged: cut short in the middle of the file"
NOT_JSON = "damaged: not JSON"


def parse_history(data):
    """([line objects], [their line numbers], [(line number, problem, raw bytes)]) from
    the bytes of a history file. Only the file's last line can be TORN (a power cut
    while the device appended it); a line cut short anywhere else is damage."""
    lines, numbers, bad = [], [], []
    raws = data.split(b"\n")
    last = max([n for n, raw in enumerate(raws, 1) if raw.strip()] or [0])
    for number, raw in enumerate(raws, 1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            problem = unparsed(raw, number == last)
        else:
            problem = check_line(obj)
        if problem:
            bad.append((number, problem, raw))
        else:
            lines.append(obj)
            numbers.append(number)
    return lines, numbers, bad


def unparsed(raw, is_last):
    """What is wrong with a line that is not JSON: torn (an object cut short, the file's
    last line), cut short (the same elsewhere: damage), or not JSON."""
    text = raw.rstrip()
    if text.startswith(b"{") and not text.endswith(b"}"):
        return TORN if is_last else CUT
    return NOT_JSON


def set_aside(conn, bad, source):
    """Keep every line pull could not load (but a torn last line, which the device
    itself moves to data/history.torn) in `rejected`, once per text."""
    conn.executemany(
        "INSERT OR IGNORE INTO rejected VALUES (?,?,?,?)",
        [(raw.decode("utf-8", "replace"), problem, source, number) for number, problem, raw in bad if problem != TORN],
    )


def split_conflicts(conn, lines, numbers):
    """(lines to insert, conflicts): a line whose key (device, history, seq) the
    database or an earlier line of this pull already holds with other content is a
    conflict (its line number, the line, the line holding the key, that one's line
    number in this pull or None); the same content again is a duplicate, dropped."""
    held = {}  # key -> (line object, its number in this pull or None)
    fresh, conflicts = [], []
    for number, o in zip(numbers, lines):
        key = identity(o) + (o["seq"],)
        if key not in held:
            row = conn.execute("SELECT json FROM lines WHERE device = ? AND history = ? AND seq = ?", key).fetchone()
            held[key] = (json.loads(row[0]), None) if row else (o, number)
            if not row:
                fresh.append(o)
                continue
        kept, kept_number = held[key]
        if kept != o:
            conflicts.append((number, o, kept, kept_number))
    return fresh, conflicts


def keep_conflicts(conn, conflicts, source):
    """The conflicting lines into `conflicts`, once per content."""
    conn.executemany(
        "INSERT OR IGNORE INTO conflicts VALUES (?,?,?,?,?,?)",
        [identity(o) + (o["seq"], json.dumps(o, sort_keys=True), source, number) for number, o, _, _ in conflicts],
    )


def conflict_text(conflict):
    """One line naming both lines of a conflict: the key, where the one kept is, and
    what differs."""
    number, o, kept, kept_number = conflict
    return (
        "history line %d: device %r history %r seq %d (%s of game %s) is already %s with other content (%s): "
        "this line is set aside in table conflicts"
        % (
            number,
            o.get("device", ""),
            o.get("history", ""),
            o["seq"],
            o["event"],
            o["game"],
            "on line %d" % kept_number if kept_number else "in the database",
            difference(kept, o),
        )
    )


def difference(kept, other):
    """The first field (sorted) two lines differ in: "'players' there [...], here [...]"."""
    for key in sorted(set(kept) | set(other)):
        if kept.get(key) != other.get(key):
            return "%r there %s, here %s" % (key, json.dumps(kept.get(key)), json.dumps(other.get(key)))
    return "none"


def dumps(x):
    return None if x is None else json.dumps(x)


def rebuild(conn):
    """Recompute the derived tables from all of `lines` (dropped and made anew, so a
    database from before a column was added gets it)."""
    for table in DERIVED:
        conn.execute("DROP TABLE IF EXISTS %s" % table)
    create(conn)
    rows = [json.loads(text) for (text,) in conn.execute("SELECT json FROM lines ORDER BY device, history, seq")]
    undone = {identity(o) + (str(o["game"]), o["of"]) for o in rows if o["event"] == "undo"}
    edits = {}  # (device, history, game, seq of a round line) -> its last edit line
    for o in rows:
        if o["event"] == "edit":
            edits[identity(o) + (str(o["game"]), o["of"])] = o
    edited_games = {key[:3] for key in edits}
    games = {}
    for o in rows:
        ids = identity(o)
        game = str(o["game"])
        g = games.setdefault(
            ids + (game,),
            {
                "rules": o["rules"],
                "players": 0,
                "totals": None,
                "winners": None,
                "over": 0,
                "first": o["seq"],
                "last": o["seq"],
                "boot": o["boot"],
                "rounds": 0,
                "names": None,
                "starter": None,
                "drawn": None,
                "started": None,
                "ended": None,
                "mode": None,
                "slaps": 0,
            },
        )
        g["first"], g["last"] = min(g["first"], o["seq"]), max(g["last"], o["seq"])
        at = o.get("at")
        if at is not None:
            g["started"] = g["started"] or at  # rows come in seq order
            g["ended"] = at
        g["last_at"] = at  # the length needs the first and the last line dated
        g.setdefault("first_at", at)
        is_undone = ids + (game, o["seq"]) in undone
        for key in ("totals", "penalties", "round_scores"):
            if type(o.get(key)) is list:
                g["players"] = max(g["players"], len(o[key]))
        event = o["event"]
        if event == "start" and g["names"] is None:
            g["names"] = o["players"]
            g["players"] = max(g["players"], len(o["players"]))
            g["starter"] = o.get("first")
            g["drawn"] = None if o.get("drawn") is None else int(o["drawn"])
            g["mode"] = o.get("mode")
        elif event == "round":
            edit = edits.get(ids + (game, o["seq"]))
            r = edit or o  # its values after the last change
            totals = o.get("totals")
            if ids + (game,) in edited_games and not is_undone:
                totals = g["running"] = running_totals(g.get("running"), r, totals)
            conn.execute(
                "INSERT INTO rounds VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                ids
                + (
                    o["boot"],
                    o["seq"],
                    game,
                    o["rules"],
                    None if r.get("void") is True else r.get("ender"),
                    dumps(None if r.get("void") is True else r.get("penalties")),
                    dumps(None if r.get("void") is True else r.get("round_scores")),
                    dumps(totals),
                    int(r.get("void") is True),
                    int(is_undone),
                    at,
                    r.get("taker") if r.get("void") is True else None,
                    edit["seq"] if edit else None,
                ),
            )
            if not is_undone:
                g["rounds"] += 1
                if totals is not None and not g["over"]:
                    g["totals"] = totals
        elif event == "game_over" and not is_undone:
            g["totals"], g["winners"], g["over"] = o["totals"], o["winners"], 1
        elif event == "slap":
            order = o["order"]
            margin = order[1]["margin_us"] if len(order) > 1 else None
            for t in order:
                g["players"] = max(g["players"], t["player"] + 1)
            g["slaps"] += not is_undone
            conn.execute(
                "INSERT INTO slaps VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                ids
                + (
                    o["boot"],
                    o["seq"],
                    game,
                    o["rules"],
                    o.get("winner"),
                    dumps(o.get("tie") or []),
                    dumps(o.get("false") or []),
                    dumps(order),
                    o.get("reason"),
                    margin,
                    int(is_undone),
                    at,
                ),
            )
            conn.executemany(
                "INSERT INTO taps VALUES (?,?,?,?,?,?,?,?,?)",
                [
                    ids + (o["boot"], o["seq"], game, rank, t["player"], t.get("t_us"), t["margin_us"])
                    for rank, t in enumerate(order)
                ],
            )
    place(games, rows)
    last = {}  # a game's last delete or restore line (rows in seq order)
    for o in rows:
        if o["event"] in ("delete", "restore"):
            last[identity(o) + (str(o["game"]),)] = o["event"]
    players = {}
    for key in sorted(games):
        g = games[key]
        conn.execute(
            "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            key
            + (
                g["rules"],
                g["players"],
                dumps(g["totals"]),
                dumps(g["winners"]),
                g["over"],
                g["first"],
                g["last"],
                g["boot"],
                g["rounds"],
                g["starter"],
                g["drawn"],
                g["started"],
                g["ended"],
                seconds_between(g["first_at"], g["last_at"]),
                g["placed"],
                g["placed_by"],
                g["ord"],
                g["mode"],
                g["slaps"],
            ),
        )
        names, totals, winners = g["names"], g["totals"] or [], g["winners"] or []
        for seat in range(g["players"]):
            name = names[seat] if names and seat < len(names) else None
            won = int(seat in winners)
            total = totals[seat] if seat < len(totals) else None
            conn.execute("INSERT INTO seats VALUES (?,?,?,?,?,?,?)", key + (seat, name, total, won))
            if name is not None:
                p = players.setdefault(name, [0, 0, 0, 0])
                if is_session(g):
                    p[3] += 1  # a referee session: not a game
                    continue
                if not g["over"] and last.get(key) == "delete":
                    continue  # deleted before its end: not counted
                p[0] += 1
                p[1] += g["over"]
                p[2] += won
    conn.executemany(
        "INSERT INTO players VALUES (?,?,?,?,?)", [(name,) + tuple(players[name]) for name in sorted(players)]
    )


def is_session(g):
    """A Battle of Corsica referee session: the device judged a game played with
    cards; it is not a game of the device's (no winner, counted apart)."""
    return g["rules"] == "corsica" and g["mode"] == "referee"


def running_totals(before, r, logged):
    """The totals after a standing round of an edited game: before (None for the
    first) plus the round's scores (r: its round line or last edit; a void round adds
    nothing). logged: the totals on its round line (how many players)."""
    n = len(logged if logged is not None else r.get("round_scores") or [])
    totals = list(before or [0] * n)
    if r.get("void") is not True:
        scores = r["round_scores"]
        totals = [(totals[i] if i < len(totals) else 0) + scores[i] for i in range(len(scores))]
    return totals


def seconds_between(start, end):
    """Seconds from one `at` to another (None unless both are known)."""
    if start is None or end is None:
        return None
    return int((datetime.datetime.fromisoformat(end) - datetime.datetime.fromisoformat(start)).total_seconds())


def place(games, rows):
    """Set each game's `placed` and `ord` (see the module's doc): a game without dates
    goes after the last dated line before it in its history, else before the first one
    after it; within a history the order is seq order, whatever the clock said."""
    by_history = {}
    for key in games:
        by_history.setdefault(key[:2], []).append(key)
    dated = {}  # (device, history) -> [(seq, at)] in seq order
    for o in rows:
        if o.get("at") is not None:
            dated.setdefault(identity(o), []).append((o["seq"], o["at"]))
    order = []
    for ids, keys in by_history.items():
        keys.sort(key=lambda k: games[k]["first"])
        marks = dated.get(ids, [])
        seqs = [seq for seq, _ in marks]
        latest = None  # the sort key so far in this history: never goes back
        for key in keys:
            g = games[key]
            i = bisect.bisect_left(seqs, g["first"])  # marks[:i]: the dated lines before it
            if g["started"]:
                at, g["placed_by"] = g["started"], "dated"
            elif i:
                at, g["placed_by"] = marks[i - 1][1], "after"
            elif marks:
                at, g["placed_by"] = marks[0][1], "before"
            else:
                at, g["placed_by"] = None, None
            g["placed"] = at
            latest = at if latest is None or (at is not None and at > latest) else latest
            order.append(((latest is not None, latest or ""), ids, g["first"], key))
    for n, (_, _, _, key) in enumerate(sorted(order), 1):
        games[key]["ord"] = n


def upgrade(conn):
    """Convert a database made before lines had device and history ids."""
    columns = [row[1] for row in conn.execute("PRAGMA table_info(lines)")]
    if not columns or "device" in columns:
        return
    old = [json.loads(text) for (text,) in conn.execute("SELECT json FROM lines")]
    for table in TABLES:
        conn.execute("DROP TABLE IF EXISTS %s" % table)
    create(conn)
    insert(conn, old)


def create(conn):
    """The tables, inside the open transaction (executescript would commit it)."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            conn.execute(statement)


def insert(conn, lines):
    conn.executemany(
        "INSERT OR IGNORE INTO lines VALUES (?,?,?,?,?,?,?,?)",
        [
            identity(o) + (o["boot"], o["seq"], str(o["game"]), o["event"], o["rules"], json.dumps(o, sort_keys=True))
            for o in lines
        ],
    )


def load(db_path, lines, numbers=None, bad=(), source=""):
    """Add new lines to the database and rebuild the derived tables; keep the bad
    lines (parse_history's) in `rejected` and the lines whose key is held with other
    content in `conflicts` (numbers: the lines' numbers in the file; source: where
    they came from). Return (how many lines were new, the conflicts). One transaction:
    all or nothing (a database this call created is removed again on an error)."""
    new_file = not os.path.exists(db_path)
    try:
        conn = sqlite3.connect(db_path)
    except sqlite3.Error as exc:
        raise UserError("cannot open database %s: %s" % (db_path, exc))
    try:
        with conn:
            conn.execute("BEGIN")
            upgrade(conn)
            create(conn)
            before = conn.execute("SELECT COUNT(*) FROM lines").fetchone()[0]
            lines, conflicts = split_conflicts(conn, lines, numbers or range(1, len(lines) + 1))
            insert(conn, lines)
            added = conn.execute("SELECT COUNT(*) FROM lines").fetchone()[0] - before
            keep_conflicts(conn, conflicts, source)
            set_aside(conn, bad, source)
            rebuild(conn)
        return added, conflicts
    except (sqlite3.Error, OverflowError) as exc:
        conn.close()
        if new_file:
            os.remove(db_path)
        raise UserError("database %s: %s (nothing changed)" % (db_path, exc))
    finally:
        conn.close()


def fetch(port, on_clock=None):
    """The bytes of the device's history file, or None if it has none (one session:
    its clock set to this PC's time, on_clock(what it reads then) if given, its size,
    then READ_CHUNK bytes per request)."""
    with Device(port) as device:
        set_to = clock.set_clock(device)
        if on_clock:
            on_clock(set_to)
        size = device.ask("import os\ntry:\n print(os.stat(%r)[6])\nexcept OSError:\n print(-1)\n" % HISTORY, int)
        if size < 0:
            return None
        data = bytearray()
        while len(data) < size:
            piece = binascii.a2b_base64(device.exec(READ % (HISTORY, len(data), READ_CHUNK)))
            if not piece:
                break  # the file got shorter: what there is
            data += piece
        return bytes(data)


def pull_one_url(url, db_path, out=print, err=None, sleep=time.sleep):
    """pull --url: fetch one table (pull_url.py) and load it: True when all went well."""
    err = err or (lambda text: print(text, file=sys.stderr))
    device, history, since, data, length = pull_url.fetch(url, db_path, sleep)
    cut = len(data) < length
    lines, numbers, bad = parse_history(data)
    source = "%s?from=%d" % (pull_url.history_url(url), since)
    writes = bool(lines) or os.path.exists(db_path)
    for number, problem, _ in bad:
        kept = "skipped" if problem == TORN or not writes else "set aside in table rejected"
        err("pull: %s: line %d of the answer: %s (%s)" % (url, number, problem, kept))
    failed = any(problem != TORN for _, problem, _ in bad)
    added = 0
    if writes:
        added, conflicts = load(db_path, lines, numbers, bad, source)
        for conflict in conflicts:
            err("pull: %s: %s" % (url, conflict_text(conflict)))
        failed = failed or bool(conflicts)
    out(
        "%s: table %s, history %s: loaded %d new lines (%d read after seq %d, %d skipped) into %s"
        % (url, device, history, added, len(lines), since, len(bad), db_path)
    )
    if cut:
        err(
            "pull: %s: the answer was cut after %d of %d bytes: its %d whole lines are kept; "
            "pull again for the rest" % (url, len(data), length, len(lines))
        )
    return not (failed or cut)


def main_urls(db_path, urls):
    """pull --url, once per URL: exit status 0 when every table loaded well, else 2."""
    for url in urls:
        pull_url.history_url(url)  # a mistyped URL is refused before any table is asked
    ok = True
    for url in urls:
        try:
            ok = pull_one_url(url, db_path) and ok
        except UserError as exc:
            print("pull: %s: %s" % (url, exc), file=sys.stderr)
            ok = False
    return 0 if ok else 2


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools pull", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", required=True, metavar="FILE", help="SQLite database (created if missing)")
    source = parser.add_mutually_exclusive_group()
    port_option(source)
    source.add_argument("--file", metavar="HISTORY", help="read a local history.jsonl instead")
    source.add_argument(
        "--url",
        action="append",
        metavar="http://HOST[:PORT]/",
        help="a W board's history over Wi-Fi (its address or name, Settings > Wi-Fi); repeat it for several tables",
    )
    source.add_argument(
        "--flash", metavar="DIR", help="the simulator's flash folder (make sim's: sim_flash): its %s" % paths.HISTORY
    )
    args = parser.parse_args(argv)
    if args.url:  # W boards over Wi-Fi (pull_url.py fetches)
        return main_urls(args.db, args.url)
    if args.flash:
        if not os.path.isdir(args.flash):
            raise UserError("no flash folder %s (make sim makes sim_flash at its first run)" % args.flash)
        args.file = os.path.join(args.flash, paths.HISTORY)
        if not os.path.exists(args.file):
            print("the flash folder %s has no %s yet: nothing to load" % (args.flash, paths.HISTORY))
            return 0
    if args.file:
        try:
            with open(args.file, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise UserError("cannot read %s: %s" % (args.file, exc.strerror))
    else:
        args.port = args.port or find_port(flash=True)
        data = fetch(args.port, lambda set_to: print(clock.said(set_to)))
        if data is None:
            print("the device has no %s yet: nothing to load" % HISTORY)
            return 0
    lines, numbers, bad = parse_history(data)
    writes = bool(lines) or os.path.exists(args.db)
    for number, problem, _ in bad:
        kept = "skipped" if problem == TORN or not writes else "set aside in table rejected"
        print("pull: history line %d: %s (%s)" % (number, problem, kept), file=sys.stderr)
    failed = any(problem != TORN for _, problem, _ in bad)
    if not writes:
        print("no valid history line (%d skipped): no database written" % len(bad))
        return 2 if failed else 0
    source = args.file or "%s:%s" % (args.port, HISTORY)
    added, conflicts = load(args.db, lines, numbers, bad, source)
    for conflict in conflicts:
        print("pull: " + conflict_text(conflict), file=sys.stderr)
    print("loaded %d new lines (%d read, %d skipped) into %s" % (added, len(lines), len(bad), args.db))
    return 2 if failed or conflicts else 0
