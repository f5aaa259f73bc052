"""Fixing a past round of a match sheet in place (docs/rules.md, "Fixing a past
round"), and the sheet's other changes after the fact (undo, redo, its target and
age order): `scoresheet.Sheet.edit`, `edit_result`, `undo`, `redo`, `set_target` and
`set_youngest_first` load this module for the moment, so the sheet that stays in RAM
with the match is no bigger for it (the app drops it again: it is in the MODULES of
the screens that change a round, and ui_undo's question drops it after its change).

The round keeps its place and its history seq; the rounds after it stay. If the game
now ends before them they are taken back as by an undo (pushed on the redo stack,
the earliest last: redo puts them back in order once the game goes on again).
History: an `edit` line (docs/formats.md), an `undo` for each round taken back, then
the game over taken back and logged anew if the result changed.
"""


def changed(sheet, index, change):
    """(the action log with round index changed, the indices of the actions after
    the game's new end, (rounds, over, winners) without them); ValueError (one line)
    for a bad or an unchanged round."""
    active = sheet._active()
    if type(index) is not int or not 0 <= index < len(active):
        raise ValueError("round index %r out of range 0-%d" % (index, len(active) - 1))
    if type(change) is not dict:
        raise ValueError("change %r is not an object" % (change,))
    old = sheet._actions[active[index]]
    new = dict(change)
    new["seq"] = old["seq"]
    new = sheet._check_action(new)
    if new.get("void") and new["taker"] is None and sheet.rules == "igo":
        raise ValueError("a void I Go round needs the taker of the last display card")
    if new == old:
        raise ValueError("round %d is unchanged" % (index + 1))
    actions = list(sheet._actions)
    actions[active[index]] = new
    cut = []
    return actions, cut, sheet._replay(actions, sheet._undone, 0, cut)


def result(sheet, index, change):
    """Sheet.edit_result: (rounds, over, winners, how many rounds it takes back)."""
    actions, cut, replayed = changed(sheet, index, change)
    return replayed + (len(cut),)


def edit(sheet, index, change, round_fields):
    """Sheet.edit: change the round, log it, take back the rounds after a new end.
    round_fields: scoresheet's (a round's fields on its line; passed, so that this
    module imports nothing of the sheet's)."""
    actions, cut, _ = changed(sheet, index, change)
    seq = sheet._actions[sheet._active()[index]]["seq"]
    was = round_fields(sheet.rounds[index])
    before = sheet._result()
    sheet._commit(actions, sheet._undone + cut[::-1])
    if seq is not None:
        del was["totals"]
        fields = round_fields(sheet.rounds[index])
        fields.update({"of": seq, "number": index + 1, "totals": sheet.totals(), "was": was})
        sheet._emit("edit", fields)
    for j in cut[::-1]:
        if actions[j]["seq"] is not None:
            sheet._emit("undo", {"of": actions[j]["seq"]})
    sheet._log_result(before)


def undo(sheet, index=None):
    """Sheet.undo: take back round `index` of `rounds` (0-based; default: the last one)."""
    active = sheet._active()
    if not active:
        raise ValueError("no round to undo")
    if index is None:
        index = len(active) - 1
    if type(index) is not int or not 0 <= index < len(active):
        raise ValueError("round index %r out of range 0-%d" % (index, len(active) - 1))
    i = active[index]
    before = sheet._result()
    sheet._commit(sheet._actions, sheet._undone + [i])
    seq = sheet._actions[i]["seq"]
    if seq is not None:
        sheet._emit("undo", {"of": seq})
    sheet._log_result(before)


def redo(sheet):
    """Sheet.redo: put back the most recently undone round, at its place."""
    if not sheet._undone:
        raise ValueError("nothing to redo")
    i = sheet._undone[-1]
    before = sheet._result()
    sheet._commit(sheet._actions, sheet._undone[:-1])
    sheet._log_round(i)
    sheet._log_result(before)


def set_value(sheet, name, value):
    """Sheet.set_target, Sheet.set_youngest_first: the value (checked) set and the
    sheet recomputed; a log that no longer replays leaves the sheet as it was."""
    old = getattr(sheet, name)
    before = sheet._result()
    setattr(sheet, name, value)
    try:
        sheet._commit(sheet._actions, sheet._undone)
    except ValueError:
        setattr(sheet, name, old)
        raise
    sheet._log_result(before)
