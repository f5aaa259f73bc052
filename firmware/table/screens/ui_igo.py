"""I Go / Corsari round entry: the round menu, who ended, the review, a void round,
undo/redo, the match's delete. Loaded while these screens are open (over the match
screen, ui_match.py). The penalties are ui_penalty.py's (what stays under the hand
calculator, ui_hand.py: the round menu and who ended are closed while it is up, their
ROUTE and KEEP reopen them, app.Covered). The setup before a match is
ui_igo_setup.py, the score sheet ui_sheet.py, the game over ui_igo_over.py: each is
loaded while its screens are open.

Every confirmed change goes through `app.match` (scoresheet.Sheet) and is followed
by `app.save()`, so a power cut loses at most the round being entered.
"""

from . import ui


class MatchMenu(ui.Menu):
    """What to do next in the match. It opens on Enter round; Score sheet is the last
    line, so up from Enter round (a list wraps) lands on it, never on Delete match
    or Undo round."""

    MODULES = ("ui_igo",)
    ROUTE = "match_menu"  # closed while two screens or more cover it (app.Covered)
    KEEP = ("index",)

    def __init__(self, app):
        ui.Menu.__init__(self, app, "Round", [])

    def enter(self):
        sheet = self.app.match
        if sheet is None:
            self.app.pop()
            return
        self.actions = ["round", "void", "hand"]
        if sheet.rounds:
            self.actions.append("undo")
        if sheet.can_redo():
            self.actions.append("redo")
        self.actions += ["end", "sheet"]  # the destructive lines away from both ends
        self.items = [ACTION_LABELS[a] for a in self.actions]
        self.index = min(self.index, len(self.items) - 1)

    def choose(self, index):
        app = self.app
        action = self.actions[index]
        if action == "round":
            app.replace(RoundEnder(app))
        elif action == "void":
            app.replace(VoidEntry(app))
        elif action == "hand":
            app.push(app.screen("hand"))
        elif action == "sheet":
            app.push(app.screen("sheet"))
        elif action == "undo":
            from . import ui_undo

            ui_undo.confirm_undo(app)
        elif action == "redo":
            from . import ui_undo

            ui_undo.confirm_redo(app)
        elif action == "end":
            from ..storage import matches

            app.transient("matches")
            question = matches.delete_question(matches.summary(app.match, 0))
            app.confirm("Delete match", question, lambda: end_match(app), True)


ACTION_LABELS = {
    "round": "Enter round",
    "void": "Void round",
    "hand": "Hand calc",
    "sheet": "Score sheet",
    "undo": "Undo round",
    "redo": "Redo round",
    "end": "Delete match",
}


def end_match(app):
    """Delete the match being played from the saved matches (Continue can restore it
    until the next delete)."""
    from ..storage import matches_app

    app.transient("matches_app")
    problem = matches_app.delete(app, app.match.game, app.match.rules)
    app.home()
    if problem:
        app.storage_failed(problem)


class RoundEnder(ui.Menu):
    """Round entry, step 1: who ended the round (said I Go)."""

    MODULES = ("ui_igo",)
    ROUTE = "round_ender"  # closed under the penalties' hand calculator (app.Covered)
    KEEP = ("index",)

    def __init__(self, app):
        ui.Menu.__init__(self, app, "Who ended?", list(app.match.names))

    def choose(self, index):
        self.app.push(self.app.screen("penalties", index))  # ui_penalty.py


class RoundReview(ui.Screen):
    """Round entry, step 3: penalties and the round's scores; ok saves the round."""

    MODULES = ("ui_igo", "ui_table")

    def __init__(self, app, ender, penalties):
        ui.Screen.__init__(self, app)
        from ..rules import igo_scoring

        sheet = app.match
        self.ender = ender
        self.penalties = penalties
        self.scores, self.winners = igo_scoring.score_round(sheet.rules, ender, penalties, sheet.youngest_first)
        self.lines = review_lines(sheet, ender, penalties, self.scores, self.winners)
        self.top = 0
        self.title = "ok: save round"

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            app = self.app
            app.match.add_round(self.ender, self.penalties)
            app.save()
            app.reset(app.screen("match"))
            if not app.unsaved:
                app.out.play("saved")
        elif name in ("up", "down"):
            self.top = ui.scroll(self.top, name, len(self.lines))
            self.app.invalidate()
        else:
            ui.Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        ui.draw_rows(canvas, self.lines, self.top)


def review_lines(sheet, ender, penalties, scores, winners):
    """Who wins the game at once (first: it matters most), who ended, a header, then
    per player: name ('*' after the ender's), penalty, round score, new total."""
    totals = sheet.totals()
    out = []
    if winners:
        out.append("Wins the game:")
        out += [sheet.names[i] for i in winners]
    out.append("%s ended" % sheet.names[ender])
    news = [totals[i] + scores[i] for i in range(len(totals))]
    from .ui_table import round_table  # (in RoundReview's MODULES)

    return out + round_table(sheet.names, ender, penalties, scores, news)


class VoidEntry(ui.Menu):
    """A void round: who took the last display (tavern) card; ok saves it."""

    MODULES = ("ui_igo",)

    def __init__(self, app):
        sheet = app.match
        items = list(sheet.names)
        if sheet.rules == "corsari":
            items.append("(nobody)")  # Corsari: the deal passes anyway
        ui.Menu.__init__(self, app, "Void: who took?", items)

    def choose(self, index):
        app = self.app
        taker = index if index < len(app.match.names) else None
        app.match.add_void(taker)
        app.save()
        app.pop()
        if not app.unsaved:
            app.out.play("saved")
