"""I Go / Corsari game over: the winners, the totals, then what next.
Loaded while these screens are open (their MODULES).
"""

from . import ui
from .ui import ROWS, row_y


def end_reason(sheet):
    """Why the game ended, in words: docs/rules.md (perfect I Go, target, zero)."""
    from ..rules.igo_scoring import score_round

    r = sheet.rounds[-1]
    if not r.get("void"):
        ender, penalties = r["ender"], r["penalties"]
        if score_round(sheet.rules, ender, penalties, sheet.youngest_first)[1]:
            if penalties[ender] == 0:
                if sheet.rules == "igo":
                    return "Perfect I Go (ended on 0)"
                return "Announced 0 as the ender"
            zeros = [i for i in range(len(penalties)) if penalties[i] == 0]
            if len(zeros) == 1:
                return "Announced 0"
            return "Youngest of %d announcing 0" % len(zeros)
    if sheet.rules == "igo":
        return "Reached %d point%s" % (sheet.target, "" if sheet.target == 1 else "s")
    over = [i for i in range(len(sheet.names)) if sheet.totals()[i] > sheet.target]
    who = ui.short_names(sheet.names, 8)[over[0]] if len(over) == 1 else "%d players" % len(over)
    return "%s passed %d: lowest wins" % (who, sheet.target)


class GameOver(ui.Screen):
    """Why the game ended and who won: one winner in big letters, a shared win as a
    list (up/down scroll); ok: what next."""

    MODULES = ("ui_igo_over",)
    CALM = True

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.title = "Game over"
        self.reason = end_reason(app.match)
        self.top = 0

    def lines(self, chars):
        """The shared-win list: reason, the winners with their totals, the hint."""
        sheet = self.app.match
        totals = sheet.totals()
        out = ui.wrap(self.reason, chars) + ["Shared win:"]
        for i in sheet.winners:
            out.append("%-8s %d" % (sheet.names[i], totals[i]))
        return out + [HINT]

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            self.app.push(GameOverMenu(self.app))
        elif name in ("up", "down"):
            self.top = max(0, self.top + (1 if name == "down" else -1))
            self.app.invalidate()
        else:
            ui.Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        sheet = self.app.match
        ui.Screen.draw(self, canvas)
        chars = canvas.width // 8 - 1
        if len(sheet.winners) > 1:
            lines = self.lines(chars)
            self.top = min(self.top, max(0, len(lines) - ROWS))
            ui.draw_rows(canvas, lines, self.top)
            return
        reason = ui.wrap(self.reason, canvas.width // 8)[:2]
        for row, line in enumerate(reason):
            canvas.center(line, row_y(row))
        winner = sheet.names[sheet.winners[0]]
        ui.draw_big(canvas, winner, row_y(len(reason)) + 2, 2)
        canvas.center("wins the game", row_y(ROWS - 2) + 1)
        canvas.center(HINT, row_y(ROWS - 1))


HINT = "ok: what next"


class GameOverMenu(ui.Menu):
    MODULES = ("ui_igo_over",)

    def __init__(self, app):
        ui.Menu.__init__(self, app, "Game over", ["New game", "Score sheet", "Undo last round", "Home"])

    def choose(self, index):
        app = self.app
        sheet = app.match
        if index == 0:
            rules, n, first = sheet.rules, len(sheet.names), sheet.first
            setup = app.screen("igo_setup", rules, n)
            setup.first = (first + 1) % n
            app.reset(setup)
        elif index == 1:
            app.push(app.screen("sheet"))
        elif index == 2:
            from . import ui_undo

            ui_undo.confirm_undo(app)
        else:
            app.home()
