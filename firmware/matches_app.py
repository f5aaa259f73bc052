"""The app's operations on its saved matches (matches.py): start a match, resume one,
delete one, migrate the match of an old state.json. Loaded for the moment they happen
(the app drops it at the next screen change).
"""

import paths
import store
import store_load
from matches import MAX_MATCHES, save_match, saved, valid_id


def start(app, rules, names, target, youngest_first=None, first=0, drawn=False):
    """Start a new I Go / Corsari match, log its `start` line (the players, who starts /
    deals and whether the device drew them) and save it; the players go to the front
    of the roster. Return None, or why no match could start."""
    import scoresheet

    if app.saved_count >= MAX_MATCHES:
        return "%d matches saved: delete one in Continue first." % MAX_MATCHES
    sheet = scoresheet.Sheet(rules, names, target, youngest_first, first, app.new_game_id(), app.log)
    app.match = sheet
    app.log(
        "start", sheet.game, rules, {"players": list(names), "first": first, "drawn": drawn, "target": sheet.target}
    )
    import roster

    app.transient("roster")
    roster.seat(app, names)
    return None


def resume(app, match_id):
    """Load a saved match as the one played (the one before leaves RAM). Return
    None, or a problem (an unusable file is set aside and forgotten)."""
    if app.match and app.match.changed:  # never drop a match only RAM holds
        problem = save_match(app, app.match)
        if problem:
            return problem
    app.match = None
    m = saved(app)
    sheet, problem = m.load(match_id, app._sheet_from)
    if sheet is None:
        problem = store_load.set_aside_noting(m.path(match_id + ".json"), problem)  # the user's: kept
        m.forget(match_id)
        app.saved_count = m.count
        return problem
    app.match = sheet
    return None


def delete(app, match_id):
    """Delete a saved match (its history stays). Return None or a problem."""
    if app.match and app.match.game == match_id:
        app.match = None
    m = saved(app)
    problem = m.delete(match_id)
    app.saved_count = m.count
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
