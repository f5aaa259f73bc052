"""What the app does once, at boot (app.App): move the files of firmware from before
data/ held them (paths.move_old_layout), open the history, load config.json,
players.json (the roster) and state.json, count the saved matches (checked when the
Continue list opens), set an unusable file aside; migrate the match of an old
state.json to matches/. Loaded for the boot only: the app drops it afterwards, with
history_boot, config, roster and settings.
"""

import os
import sys

from .storage import paths, store_load

# The oldest MicroPython this firmware runs on, as measured (`make mp-versions`: 1.25's
# json reads a file cut short by a power cut without an error). doctor says it too.
OLDEST_MICROPYTHON = (1, 26, 0)


def micropython_problem(impl):
    """The boot notice for a MicroPython older than OLDEST_MICROPYTHON (impl:
    sys.implementation), else None."""
    version = tuple(impl.version[:3])
    if impl.name != "micropython" or version >= OLDEST_MICROPYTHON:
        return None
    return "MicroPython %d.%d.%d: this firmware needs %d.%d or newer" % (version + OLDEST_MICROPYTHON[:2])


def start(app, hw):
    """Fill app.history, app.config, app.roster, app.saved_count and app.settings;
    return the notices to show (one line each)."""
    try:
        paths.move_old_layout(os, app.root)
        old_layout = None
    except OSError as e:
        old_layout = "old files not moved to %s/: %s" % (paths.DATA, store_load.error_text(e))
    from .storage import history

    device_id = hw.device_id() if hw and hasattr(hw, "device_id") else None
    app.history = history.History(app.path(paths.HISTORY), app.path(paths.BOOT), device_id)
    problems = app.history.problems
    problem = micropython_problem(sys.implementation)
    if problem:
        problems.insert(0, problem)
    if old_layout:
        problems.append(old_layout)
    if app.history.error:
        problems.append(app.history.error)
    from .storage import config

    app.config, problem = config.load(app.path(paths.CONFIG))
    if problem:
        problems.append(store_load.set_aside_noting(app.path(paths.CONFIG), problem))
    problem = load_players(app)
    if problem:
        problems.append(problem)
    problem = load_state(app)
    if problem:
        problems.append(problem)
    return problems


def load_players(app):
    """The roster (players.json), the number of saved match files and whether a
    deleted one can be restored (checked with the index when Continue opens); return
    None or a problem text."""
    from .storage import roster

    app.roster, last, app.starts, problem = roster.load(app.path(paths.ROSTER), app.config.get("names", ()))
    app.seated = last or []  # the last group, in its seats (app.starts: its setup's starter)
    try:
        listing = os.listdir(app.path(paths.MATCHES))
    except OSError:
        listing = []
    app.saved_count = len(paths.match_ids(listing))
    app.restorable = bool(paths.deleted_ids(listing))
    return store_load.set_aside_noting(app.path(paths.ROSTER), problem) if problem else None


def load_state(app):
    """Load state.json; return None or a problem text (the app then starts clean)."""
    from .storage import settings

    app.settings = settings.defaults()
    obj, problem = store_load.load(app.path(paths.STATE))
    if obj is None:
        return store_load.set_aside_noting(app.path(paths.STATE), problem) if problem else None
    try:
        if obj.get("v") != app.STATE_VERSION:
            raise ValueError("unknown version %r" % (obj.get("v"),))
        saved = obj.get("settings")
        if type(saved) is not dict:
            raise ValueError("settings missing")
        # Each value checked against the table: a bad one is its default.
        app.settings = settings.loaded(saved)
        old = obj.get("match")
        sheet = app._sheet_from(old) if old is not None else None
    except ValueError as e:
        app.settings = settings.defaults()
        return store_load.set_aside_noting(app.path(paths.STATE), "state.json: %s" % e)
    app._saved_settings = dict(app.settings)
    return migrate(app, sheet) if sheet is not None else None


def migrate(app, sheet):
    """The match of a state.json from before matches/: moved there, then dropped from
    state.json (matches_app.migrate); return None or a problem text."""
    from .storage import matches_app

    app.transient("matches_app")
    return matches_app.migrate(app, sheet)
