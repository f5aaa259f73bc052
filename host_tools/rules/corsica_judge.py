"""`python -m host_tools corsica judge TRACE.json`: judge a tap trace (docs/formats.md
"Tap trace") with the firmware's judge; `-` reads standard input.

Output: one JSON object with sorted keys on standard output, exit 0. Bad input:
exit 2 and one line on standard error, nothing on standard output. Times are
ticks_us values (0 .. 2**30-1) compared on the 30-bit ticks ring; a trace starts
at its earliest event. A trace without `seed` uses seed 0 for a random tie break.
"""

import json

from host_tools import ArgumentParser, UserError
from host_tools.rules.jsoninput import read_json
from table.rules.corsica import VARIANTS, slap_reason
from table.rules.corsica_cards import JOKERS, card_text, parse_card
from table.rules.judge_trace import judge_trace
from table.rules.ticks import PERIOD as TICKS_PERIOD
from table.storage import settings

PROG = "python -m host_tools corsica judge"
KEYS = ("players", "variants", "tie_window_us", "tie_break", "seed", "pile", "taps", "edges", "held")
# The device's settings (firmware/table/storage/settings.py) give the defaults and the tie breaks.
DEFAULTS = settings.defaults()
TIE_BREAKS = tuple(v for v, _ in settings.find("tie_break")[3])
OUTPUT = ("slappable", "reason", "winner", "tie", "order", "false_taps")


def _int(value, what, low, high=None):
    """`value` as an int in [low, high] (JSON true/false and floats are refused)."""
    if type(value) is not int:
        raise ValueError("%s must be an integer, not %s" % (what, json.dumps(value)))
    if value < low or (high is not None and value > high):
        limits = "%d..%d" % (low, high) if high is not None else ">= %d" % low
        raise ValueError("%s must be %s, not %d" % (what, limits, value))
    return value


def _list(data, key):
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ValueError("%s must be a list" % key)
    return value


def _events(data, key, fields):
    """The `taps` or `edges` list as tuples of ints, `fields`: ((name, max), ...)."""
    out = []
    for i, item in enumerate(_list(data, key)):
        where = "%s[%d]" % (key, i)
        if not isinstance(item, dict):
            raise ValueError("%s must be an object" % where)
        names = [name for name, _ in fields]
        for name in sorted(item):
            if name not in names:
                raise ValueError("%s: unknown key %r" % (where, name))
        values = []
        for name, high in fields:
            if name not in item:
                raise ValueError("%s: missing %r" % (where, name))
            values.append(_int(item[name], "%s.%s" % (where, name), 0, high))
        out.append(tuple(values))
    return out


def judge(data):
    """The output object for a trace's JSON value (ValueError on bad input)."""
    if not isinstance(data, dict):
        raise ValueError("a tap trace holds a JSON object")
    for key in sorted(data):
        if key not in KEYS:
            raise ValueError("unknown key %r (known: %s)" % (key, ", ".join(KEYS)))
    if "players" not in data:
        raise ValueError("missing key 'players'")
    players = _int(data["players"], "players", 2, 6)
    variants = _list(data, "variants")
    for v in variants:
        if v not in VARIANTS:
            raise ValueError("unknown variant %s (known: %s)" % (json.dumps(v), ", ".join(VARIANTS)))
    tie_window_us = _int(data.get("tie_window_us", DEFAULTS["tie_window_us"]), "tie_window_us", 1)
    tie_break = data.get("tie_break", DEFAULTS["tie_break"])
    if tie_break not in TIE_BREAKS:
        raise ValueError(
            "tie_break must be %s, not %s" % (" or ".join(json.dumps(t) for t in TIE_BREAKS), json.dumps(tie_break))
        )
    seed = _int(data.get("seed", 0), "seed", 0, 2**32 - 1)
    if "pile" not in data:
        raise ValueError("missing key 'pile' (the pile when the taps came, bottom first)")
    pile = [_card(c) for c in _list(data, "pile")]
    jokers = [c for c in pile if c in JOKERS]
    if len(jokers) > 2:
        raise ValueError("more than two jokers in the pile")
    for c in pile:
        if c not in JOKERS and pile.count(c) > 1:
            raise ValueError("card %s appears twice in the pile" % card_text(c))
    if ("taps" in data) == ("edges" in data):
        raise ValueError("give either 'taps' or 'edges'")
    taps = edges = None
    if "taps" in data:
        if "held" in data:
            raise ValueError("'held' goes with 'edges', not 'taps'")
        taps = _events(data, "taps", (("player", players - 1), ("t_us", TICKS_PERIOD - 1)))
    else:
        edges = _events(data, "edges", (("player", players - 1), ("t_us", TICKS_PERIOD - 1), ("level", 1)))
    held = [_int(p, "held player", 0, players - 1) for p in _list(data, "held")]
    reason = slap_reason(pile, variants)
    result = judge_trace(
        players,
        reason is not None,
        reason,
        taps=taps,
        edges=edges,
        held=held,
        tie_window_us=tie_window_us,
        tie_break=tie_break,
        seed=seed,
    )
    return {key: result[key] for key in OUTPUT}


def _card(value):
    if not isinstance(value, str):
        raise ValueError("unknown card %s (cards are strings such as \"QS\")" % json.dumps(value))
    return parse_card(value)


def main(argv):
    parser = ArgumentParser(
        prog=PROG, description="Judge a Battle of Corsica tap trace (docs/formats.md).", example=PROG + " trace.json"
    )
    parser.add_argument("trace", help="tap trace JSON file, - for standard input")
    args = parser.parse_args(argv)
    data = read_json(args.trace)
    try:
        out = judge(data)
    except ValueError as e:
        raise UserError("%s: %s" % ("stdin" if args.trace == "-" else args.trace, e))
    print(json.dumps(out, sort_keys=True))
    return 0
