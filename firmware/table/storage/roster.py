"""The roster: recent player names kept on the flash in `data/players.json`, so a regular
group picks its players in a few presses.

    {"v": 1, "names": ["Ann", "Bob", "Zoë"], "last": ["Ann", "Bob"], "starts": "Bob"}

Most recently seated first, at most MAX_NAMES (the oldest fall off). When a match
starts its players move to the front in seat order, and `last` keeps them in their
seats: the next setup seats that group again, whatever was added to the roster since
(`python -m host_tools names add` puts names at the front of `names` only), and
`starts` (absent: a draw, or none chosen yet) names the player its setup chose to start
(I Go) or deal (Corsari): the next setup offers that player again. Seats nobody sat in
are P1..Pn: a file without `last` (a fresh device whose names came from `names add`,
or an older firmware's file) seats nobody, and its names come first in each seat's
picker. Names from config.json (optional, written on a PC) are added after the recent
ones while there is room: a way to preload the roster (they take no seat either).
"""

from ..rules import names
from . import paths

FILE = paths.ROSTER
VERSION = 1
MAX_NAMES = 16
MAX_SIZE = 2048  # bytes: 16 names of 8 characters, with room to spare
NAME_LEN = 8  # display characters (names.width): a name fits the narrowest column with its total


def load(path, preload=()):
    """Return (roster, last, starts, problem): the names in path (a list, [] when
    missing or unusable) followed by the preload names it lacks; the last group seated
    (seat order, None when the file does not say); who its setup chose to start (a
    name of last, or None); problem: None or a one-line text."""
    from . import store_load  # the boot's (the setups keep roster, not it)

    obj, problem = store_load.load(path, MAX_SIZE)
    roster, last, starts = [], None, None
    if obj is not None:
        try:
            given, seated = check(obj)
            starts = starter(obj, seated)
            roster, last = given, seated
        except ValueError as e:
            problem = "%s: %s" % (FILE, e)
    return merge(roster, preload), last, starts, problem


def check(obj):
    """(names, last) of a roster file's object (last: None when absent); raise
    ValueError if it is not one."""
    if obj.get("v") != VERSION:
        raise ValueError("unknown version %r" % (obj.get("v"),))
    given = obj.get("names")
    if type(given) is not list:
        raise ValueError("names must be a list")
    last = obj.get("last")
    if last is not None and type(last) is not list:
        raise ValueError("last must be a list")
    return merge([], given), None if last is None else merge([], last)


def starter(obj, last):
    """The `starts` of a roster file's object, kept as names are (clean): a name of
    its last group, or None (absent, or no longer one of them); raise ValueError if
    it is not a text."""
    starts = obj.get("starts")
    if starts is None:
        return None
    if type(starts) is not str:
        raise ValueError("starts must be a name")
    try:
        starts = clean(starts)
    except ValueError:
        return None
    return starts if last and starts in last else None


def merge(roster, more):
    """roster followed by the usable names of more it lacks, at most MAX_NAMES."""
    out = list(roster)
    for name in more:
        try:
            name = clean(name)
        except ValueError:
            continue
        if name not in out and len(out) < MAX_NAMES:
            out.append(name)
    return out


def used(roster, seated):
    """The roster after a match with these players (seat order) started."""
    return merge(list(seated), roster)


def to_obj(roster, last=None, starts=None):
    obj = {"v": VERSION, "names": list(roster)}
    if last:  # none played yet: no key
        obj["last"] = list(last)
        if starts in last:  # a draw, or none chosen: no key
            obj["starts"] = starts
    return obj


def seats(count, last=None):
    """Default names for count seats: the last group in its seats (last), then P1..Pn
    for the seats nobody sat in (a fresh device: every seat; never a name twice). The
    roster's other names are offered in each seat's picker, never seated unasked."""
    out = merge([], last or ())[:count]
    for seat in range(len(out), count):
        k = seat + 1
        while "P%d" % k in out:
            k += 1
        out.append("P%d" % k)
    return out


# The characters a name is typed from on the device (the name editor's, ui_names.GROUPS,
# tested equal): a name from a phone keeps to them (typable).
CHARS = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -.'&"
    "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØŒÙÚÛÜÝČŁŠŽàáâãäåæçèéêëìíîïñòóôõöøœùúûüýÿßčłšž"
)


def typable(name):
    """name if the device's name editor can type every character of it (CHARS); else
    raise ValueError naming the first one it cannot."""
    for ch in name:
        if ch not in CHARS:
            raise ValueError("%r cannot be typed on the device (letters, digits, space, - . ' &)" % ch)
    return name


def clean(name):
    """A name as kept: surrounding spaces removed, cut to what the display draws in
    NAME_LEN characters (names.cut); control characters are refused. Raise ValueError (one line) if nothing is left."""
    if type(name) is not str:
        raise ValueError("name %r is not a string" % (name,))
    for ch in name:
        if ord(ch) < 32 or ord(ch) == 127:
            raise ValueError("name %r has a control character" % (name,))
    name = names.cut(name.strip(), NAME_LEN).strip()
    if not name:
        raise ValueError("empty name")
    return name


def forget(app, name):
    """Take name off the app's roster (written at the app's next save); saved matches
    and the history keep it."""
    app.roster = [n for n in app.roster if n != name]
    app.seated = [n for n in app.seated if n != name]
    if app.starts == name:
        app.starts = None
    app.roster_due = to_obj(app.roster, app.seated, app.starts)
    app.save()


def seat(app, players, starts=None):
    """These players sit down (seat order): to the front of the app's roster, written
    at the app's next save; app.seated names the seats of the game that starts now,
    app.starts who its setup chose to start or deal (a name of players; None: a draw,
    or a game without a starter that has not kept the last one's)."""
    app.roster = used(app.roster, players)
    app.seated = list(players)
    app.starts = starts if starts in players else None
    app.roster_due = to_obj(app.roster, app.seated, app.starts)
    app.save()
