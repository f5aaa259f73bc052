"""Undo and redo of a match round, each after a confirmation: the match menu and the
game-over screen both offer them. Loaded while the confirmation is open."""


def round_text(sheet, r):
    """One line describing a round of sheet.rounds: 'Ann ended' / 'void: Bob took'."""
    if r.get("void"):
        taker = r.get("taker")
        return "void" if taker is None else "void, %s took" % sheet.names[taker]
    return "%s ended" % sheet.names[r["ender"]]


def confirm_undo(app):
    sheet = app.match
    n = len(sheet.rounds)
    _confirm(app, "Undo", "Undo round %d (%s)?" % (n, round_text(sheet, sheet.rounds[-1])), sheet.undo)


def confirm_redo(app):
    sheet = app.match
    _confirm(app, "Redo", "Put back round %d?" % (len(sheet.rounds) + 1), sheet.redo)


def _confirm(app, title, question, change):
    """Ask; on yes: change the sheet, save, back to the match."""

    def yes():
        change()
        app.transient("sheet_edit")  # what the change loaded
        app.save()
        app.reset(app.screen("match"))

    screen = app.screen("confirm", title, question, yes)
    screen.MODULES = ("ui_undo", "ui_notice")
    app.push(screen)
