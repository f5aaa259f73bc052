"""A match sheet as its file holds it (data/matches/<id>.json, docs/formats.md):
`scoresheet.Sheet.to_obj` and `from_obj` load this module for a save or a load, so
the sheet that stays in RAM with the match is no bigger for it (the app drops it after
the write, app.WRITING, or after the load)."""

VERSION = 1  # of the to_obj() layout


def to_obj(sheet):
    """Sheet.to_obj: the sheet as a JSON-ready dict (for store.save)."""
    return {
        "v": VERSION,
        "rules": sheet.rules,
        "names": list(sheet.names),
        "target": sheet.target,
        "youngest_first": sheet.youngest_first,
        "first": sheet.first,
        "game": sheet.game,
        "actions": [dict(a) for a in sheet._actions],
        "undone": list(sheet._undone),
        "over_seq": sheet._over_seq,
    }


def from_obj(cls, obj, log=None):
    """Sheet.from_obj: a sheet (cls: scoresheet.Sheet, passed so that this module
    imports nothing of the sheet's) rebuilt from to_obj(); ValueError (one line) if
    it is corrupt."""
    try:
        if type(obj) is not dict:
            raise ValueError("not a JSON object")
        if obj.get("v") != VERSION:
            raise ValueError("unknown version %r" % (obj.get("v"),))
        sheet = cls(
            _get(obj, "rules"),
            _get(obj, "names"),
            _get(obj, "target"),
            _get(obj, "youngest_first"),
            _get(obj, "first"),
            _get(obj, "game"),
            log,
        )
        actions = _get(obj, "actions")
        undone = _get(obj, "undone")
        if type(actions) is not list or type(undone) is not list:
            raise ValueError("actions and undone must be lists")
        actions = [sheet._check_action(a) for a in actions]
        for i in undone:
            if type(i) is not int or not 0 <= i < len(actions) or undone.count(i) > 1:
                raise ValueError("bad undone index %r" % (i,))
        sheet._commit(actions, list(undone))
        over_seq = _get(obj, "over_seq")
        if over_seq is not None and type(over_seq) is not int:
            raise ValueError("seq %r is not an integer" % (over_seq,))
        sheet._over_seq = over_seq
    except (ValueError, TypeError, KeyError, IndexError) as e:
        raise ValueError("sheet corrupt: %s" % e)
    sheet.changed = False  # as its file holds it
    return sheet


def _get(obj, key):
    if key not in obj:
        raise ValueError("%r missing" % key)
    return obj[key]
