"""The app's operations on its saved matches (matches.py): start a match, resume one,
delete one, restore the one deleted last, migrate the match of an old state.json.
Loaded for the moment they happen (the app drops it at the next screen change).
"""

from . import paths, store, store_load
from .matches import match_from, save_match, saved, summary, valid_id


def start(app, drawn=False):
    """The new match (app.match, app.new_match's) begins: its `start` line (the players,
    who starts / deals and whether the device drew them) is logged and the match
    saved; the players go to the front of the roster, with who the setup chose to
    start (none after a draw: the next setup of the group offers a draw again)."""
    sheet = app.match
    names = sheet.names
    app.log(
        "start",
        sheet.game,
        sheet.rules,
        {"players": list(names), "first": sheet.first, "drawn": drawn, "target": sheet.target},
    )
    from . import roster

    app.transient("roster")
    roster.seat(app, names, None if drawn else names[sheet.first])


def resume(app, match_id):
    """Load a saved match (a sheet, or a deck game) as the one played (the one before
    leaves RAM). Return None, or a problem (an unusable file is set aside and
    forgotten)."""
    if app.match and app.match.changed:  # never drop a match only RAM holds
        problem = save_match(app, app.match)
        if problem:
            return problem
    app.match = None
    m = saved(app)
    sheet, problem = m.load(match_id, match_from(app))
    if sheet is None:
        problem = store_load.set_aside_noting(m.path(match_id + ".json"), problem)  # the user's: kept
        m.forget(match_id)
        app.saved_count = m.count
        return problem
    app.match = sheet
    return None


def delete(app, match_id, rules):
    """Delete a saved match, kept until the next delete (matches.Matches.delete), and
    log a `delete` line (its other lines stay). Return None or a problem."""
    entry = None
    if app.match and app.match.game == match_id:
        entry = summary(app.match, app.history.next_seq)  # if the index lacks it
        app.match = None
    m = saved(app)
    problem = m.delete(match_id, entry)
    app.saved_count = m.count
    app.restorable = m.deleted is not None
    app.log("delete", match_id, rules)
    return problem


def restore(app):
    """Put the match deleted last back in the list and log a `restore` line. Return
    None or a problem."""
    m = saved(app)
    entry, problem = m.restore()
    app.saved_count = m.count
    app.restorable = m.deleted is not None
    if entry:
        app.log("restore", entry["id"], entry["rules"])
    return problem


def migrate(app, sheet):
    """A match from a state.json of before matches/ (its "match") moves to matches/
    (a new id if it has none), then state.json is written without it."""
    if not valid_id(sheet.game):
        sheet.game = app.new_game_id()
    problem = save_match(app, sheet)
    if problem is None:
        problem = store.save(app.path(paths.STATE), app.state())
    return problem
