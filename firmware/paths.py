"""Every file the device keeps on its flash, relative to the flash root (the device's
working directory); host tools use the same names (pull, deploy, the bench).
"""

DATA = "data"  # the folder of what the device writes besides state.json
STATE = "state.json"  # app.py via store.py (atomic): the settings
MATCHES = "matches"  # matches.py: a file per saved match (<id>.json) and MATCH_INDEX
MATCH_INDEX = "index.json"  # in MATCHES: the Continue list's summaries
ROSTER = "players.json"  # roster.py: the recent player names
HISTORY = "data/history.jsonl"  # history.py: one event a line, appended between rounds
TORN = "data/history.torn"  # history_boot.py: a torn last history line, moved aside
BOOT = "data/boot.json"  # history.py: the boot counter, device and history ids
ERRORS = "data/errors.txt"  # app.py, main.py: the traceback of the last crash
CONFIG = "config.json"  # config.py: player names preloading the roster, written by the user only
KEPT = (DATA, STATE, CONFIG, MATCHES, ROSTER)  # the device's own data: deploy never touches it


def match_ids(listing):
    """The saved matches' ids among the names in the MATCHES folder (<id>.json, the
    index not counted)."""
    return [f[:-5] for f in listing if f[-5:] == ".json" and f != MATCH_INDEX]
