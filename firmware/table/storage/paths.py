"""Every file the device keeps on its flash, relative to the flash root (the device's
working directory); host tools use the same names (pull, deploy, the bench).

On a Pico the firmware's modules and its data share one filesystem root, and a folder
there shadows the module of the same name (`matches/` beside `matches.mpy`: `import
matches` finds the folder). So everything the firmware writes lives in DATA, a folder
no module is named after (`host_tools check` fails when one is); only the user's
CONFIG sits at the root, a file, which never shadows a module. `move_old_layout` moves
the root files of firmware from before DATA held them.
"""

DATA = "data"  # the folder of everything the device writes
STATE = "data/state.json"  # app.py via store.py (atomic): the settings
MATCHES = "data/matches"  # matches.py: a file per saved match (<id>.json) and MATCH_INDEX
MATCH_INDEX = "index.json"  # in MATCHES: the Continue list's summaries
MAX_MATCHES = 10  # matches MATCHES keeps (here: the app checks it before a match starts, without matches.py)
DELETED = ".deleted"  # in MATCHES: <id>.deleted, the match deleted last, until the next delete
ROSTER = "data/players.json"  # roster.py: the recent player names
REFEREE = "data/referee.json"  # ui_referee.py: the referee's tallies, until a new game
WIFI = "data/wifi.json"  # wifi_config.py (W boards): the Wi-Fi's mode, the own network's name and password
HISTORY = "data/history.jsonl"  # history.py: one event a line, appended between rounds
TORN = "data/history.torn"  # history_boot.py: a torn last history line, moved aside
BOOT = "data/boot.json"  # history.py: the boot counter, device and history ids
ERRORS = "data/errors.txt"  # app.py, main.py: the traceback of the last crash
CONFIG = "config.json"  # config.py: player names preloading the roster, written by the user only
WRITTEN = (DATA, CONFIG)  # every name at the root the firmware writes (CONFIG: set aside if unusable)
OLD_LAYOUT = ("state.json", "players.json", "matches")  # at the root before DATA held them
KEPT = WRITTEN + OLD_LAYOUT  # the device's own data: deploy never touches it


def match_ids(listing):
    """The saved matches' ids among the names in the MATCHES folder (<id>.json, the
    index not counted)."""
    return [f[:-5] for f in listing if f[-5:] == ".json" and f != MATCH_INDEX]


def deleted_ids(listing):
    """The ids of the deleted matches' files among the names in the MATCHES folder
    (<id>.deleted: one, but for a power cut in the middle of a delete)."""
    n = len(DELETED)
    return [f[:-n] for f in listing if f[-n:] == DELETED]


def move_old_layout(os, root=""):
    """Move OLD_LAYOUT's files and folders from the root into DATA (power-cut safe: each
    step is one rename, done again at the next boot if cut). A name already in DATA
    wins; the old one is kept beside it as NAME.old. Returns the names moved. `os`: the
    port's module (passed in, so this module imports nothing)."""
    prefix = root + "/" if root else ""
    try:
        os.mkdir(prefix + DATA)
    except OSError:
        pass  # there already
    moved = []
    for name in OLD_LAYOUT:
        old, new = prefix + name, prefix + DATA + "/" + name
        try:
            old_kind = os.stat(old)[0] & 0x4000
        except OSError:
            continue  # nothing left there
        try:
            new_kind = os.stat(new)[0] & 0x4000
        except OSError:
            os.rename(old, new)
            moved.append(name)
            continue
        if old_kind and new_kind:  # both folders: move what the new one lacks
            for entry in os.listdir(old):
                _move_beside(os, old + "/" + entry, new + "/" + entry)
            os.rmdir(old)
        else:
            _move_beside(os, old, new)
        moved.append(name)
    return moved


def _move_beside(os, old, new):
    """old to new, or to new.old (then new.old2 ...) when new is taken."""
    target, n = new, 0
    while True:
        try:
            os.stat(target)
        except OSError:
            os.rename(old, target)
            return
        n += 1
        target = new + (".old" if n == 1 else ".old%d" % n)
