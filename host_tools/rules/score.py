"""`python -m host_tools score ROUND.json`: score an I Go / Corsari round file.

The format is docs/formats.md "Round file". Output: JSON with sorted keys on standard
output, exit 0. Bad input: exit 2 and one line on standard error, nothing on stdout.
"""

import json

from host_tools import ArgumentParser, UserError
from host_tools.rules.jsoninput import read_json
from table.rules import igo_cards, igo_hands, igo_scoring

KEYS = ("rules", "ender", "penalties", "display", "hands", "ender_series", "players", "youngest_first")
# The largest penalty a hand can leave: its 12 highest cards, none set aside.
MAX_PENALTY = sum(
    sorted((v for _ in igo_cards.COLOURS for v in range(1, igo_cards.VALUES + 1)), reverse=True)[: igo_cards.HAND_SIZE]
)


def _list_of(data, key, kind, what):
    value = data.get(key)
    if value is not None and not (isinstance(value, list) and all(type(x) is kind for x in value)):
        raise ValueError("%s must be a list of %s" % (key, what))
    return value


def score(data, declared_colours=False):
    """The output object for a round file's JSON value."""
    if not isinstance(data, dict):
        raise ValueError("a round file holds a JSON object")
    for key in sorted(data):
        if key not in KEYS:
            raise ValueError("unknown key %r (known: %s)" % (key, ", ".join(KEYS)))
    for key in ("rules", "ender"):
        if key not in data:
            raise ValueError("missing key %r" % key)
    with_hands = "hands" in data or "display" in data or "ender_series" in data
    if with_hands == ("penalties" in data):
        raise ValueError("give either 'penalties' or 'display' and 'hands'")
    if with_hands:
        for key in ("display", "hands"):
            if key not in data:
                raise ValueError("missing key %r" % key)
        if not isinstance(data["hands"], list):
            raise ValueError("hands must be a list of hands")
    players = len(data["hands"] if with_hands else _list_of(data, "penalties", int, "integers"))
    names = _list_of(data, "players", str, "names")
    if names is not None and len(names) != players:
        raise ValueError("players has %d names for %d players" % (len(names), players))
    youngest = _list_of(data, "youngest_first", int, "player indices")
    for i in youngest or ():
        if not 0 <= i < players:
            raise ValueError("youngest_first: player %d out of range 0-%d" % (i, players - 1))
    for i, p in enumerate(data.get("penalties") or ()):
        if not 0 <= p <= MAX_PENALTY:
            raise ValueError("penalty %d of player %d out of range 0-%d (a hand's largest total)" % (p, i, MAX_PENALTY))
    if not with_hands:
        scores, winners = igo_scoring.score_round(data["rules"], data["ender"], data["penalties"], youngest)
        return {"penalties": data["penalties"], "round_scores": scores, "winners": winners}
    return igo_hands.score_hands(
        data["rules"],
        data["ender"],
        data["display"],
        data["hands"],
        data.get("ender_series"),
        youngest,
        declared_colours,
    )


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools score",
        example=("python -m host_tools score round.json\npython -m host_tools score --declared-colours - < round.json"),
        description="Score an I Go / Corsari round file (docs/formats.md).",
    )
    parser.add_argument("round", help="round file (JSON), or - for standard input")
    parser.add_argument(
        "--declared-colours", action="store_true", help="the ender names two series colours (docs/rules.md setting)"
    )
    args = parser.parse_args(argv)
    try:
        result = score(read_json(args.round), args.declared_colours)
    except ValueError as e:
        raise UserError(str(e))
    print(json.dumps(result, sort_keys=True))
    return 0
