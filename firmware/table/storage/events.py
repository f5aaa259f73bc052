"""The history's events and their fields (docs/formats.md "Device history"): the one
table the firmware writes with (history.History.log refuses an event or a field it
does not name) and host_tools/history/pull.py reads with (a field's kind is checked there).

A new event or field is a line here, in docs/formats.md, and where it is written.
"""

# The keys of every line, written by history.History.log itself (`at`: the wall-clock
# time, "YYYY-MM-DDTHH:MM:SS", or None while the device's clock was never set).
COMMON = ("seq", "boot", "device", "history", "at", "event", "game", "rules")

# Kinds of field values: what pull.py accepts (None is accepted for every field
# except where pull.py requires it).
INT = "int"
INTS = "ints"  # a list of ints (one per player, or player indices)
BOOL = "bool"
COUNT = "count"  # a seq: an int 0 .. 2**30 - 1
TAPS = "taps"  # [{"player": i, "margin_us": n, "t_us": n?}, ...]
TEXT = "text"
NAMES = "names"  # a list of distinct player names (strings), one per seat
ROUND = "round"  # a round's values: {"ender", "penalties", "round_scores"} or {"void", "taker"?}

# Event: its own fields.
EVENTS = {
    # I Go / Corsari: a played round; or a void round (void, totals, taker).
    "round": ("ender", "penalties", "round_scores", "totals", "void", "taker"),
    "game_over": ("totals", "winners"),
    # Battle of Corsica: one judged slap (seed and reslap with a tie only; the
    # referee's late taps and the players without cards, when there are any).
    "slap": ("order", "winner", "false", "tie", "reslap", "seed", "reason", "late", "no_cards"),
    # Battle of Corsica deck: a pile won by its honour, taken by winner (cards: how
    # many; totals: every player's cards after it).
    "trick": ("winner", "cards", "totals"),
    "undo": ("of",),  # the seq of the line taken back
    # I Go / Corsari: a past round changed in place (of: its round line's seq; number:
    # its place on the sheet; its new values as on a round line; totals: the match's
    # totals after the change; was: its values before).
    "edit": ("of", "number", "ender", "penalties", "round_scores", "void", "taker", "totals", "was"),
    # Every game's first line: the names in seat order; I Go / Corsari: who starts /
    # deals, whether the device drew it, the target; Battle of Corsica: the mode.
    "start": ("players", "first", "drawn", "target", "mode"),
    # A saved match (I Go / Corsari, a deck game) was deleted from the saved matches on
    # the device (its lines stay), or the one deleted last was restored to them.
    "delete": (),
    "restore": (),
    # Battle of Corsica deck: the game was left unfinished (kept in Continue), or
    # resumed from Continue; totals: every player's cards then.
    "leave": ("totals",),
    "resume": ("totals",),
}

FIELDS = {
    "ender": INT,
    "penalties": INTS,
    "round_scores": INTS,
    "totals": INTS,
    "void": BOOL,
    "taker": INT,
    "winners": INTS,
    "order": TAPS,
    "winner": INT,
    "cards": INT,
    "false": INTS,
    "tie": INTS,
    "reslap": BOOL,
    "seed": INT,
    "reason": TEXT,
    "late": TAPS,
    "no_cards": INTS,
    "of": COUNT,
    "players": NAMES,
    "first": INT,
    "drawn": BOOL,
    "target": INT,
    "mode": TEXT,
    "number": INT,
    "was": ROUND,
}


def check(event, fields):
    """ValueError unless the event and every field are in the table."""
    names = EVENTS.get(event)
    if names is None:
        raise ValueError("history event %r is unknown" % (event,))
    for key in fields:
        if key in COMMON:
            raise ValueError("history field %r is reserved" % (key,))
        if key not in names:
            raise ValueError("history field %r is not one of %s's" % (key, event))
