"""I Go / Corsari game over: the winners, the totals, then what next.
Loaded while these screens are open (their MODULES).
"""
import ui
from ui import LINE_H, ROWS, row_y


class GameOver(ui.Screen):
    """The winners in big letters (shared wins shown), then the totals; ok: menu."""

    MODULES = ("ui_igo_over",)

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.title = "Game over"

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            self.app.push(GameOverMenu(self.app))
        else:
            ui.Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        sheet = self.app.match
        ui.Screen.draw(self, canvas)
        winners = sheet.winners
        label = "Winner" if len(winners) == 1 else "Shared win"
        canvas.center(label, ui.TOP)
        names = [sheet.names[i] for i in winners]
        y = ui.TOP + 11
        if len(names) <= 2:
            for name in names:
                ui.draw_big(canvas, name, y, 2)
                y += 17
        else:
            for line in ui.wrap(" ".join(names), canvas.width // 8):
                canvas.center(line, y)
                y += LINE_H
        totals = sheet.totals()
        text = " ".join("%s:%d" % (sheet.names[i][:3], totals[i]) for i in range(len(totals)))
        lines = ui.wrap(text, canvas.width // 8)[: max(0, (row_y(ROWS) - y) // LINE_H)]
        for row, line in enumerate(lines):  # at the bottom; all totals: score sheet
            canvas.text(line, 0, row_y(ROWS - len(lines) + row))


class GameOverMenu(ui.Menu):
    MODULES = ("ui_igo_over",)

    def __init__(self, app):
        ui.Menu.__init__(self, app, "Game over",
                         ["New game", "Score sheet", "Undo last round", "Home"])

    def choose(self, index):
        app = self.app
        sheet = app.match
        if index == 0:
            rules, n, first = sheet.rules, len(sheet.names), sheet.first
            app.home()
            setup = app.screen("igo_setup", rules, n)
            setup.first = (first + 1) % n
            app.push(setup)
        elif index == 1:
            app.push(app.screen("sheet"))
        elif index == 2:
            import ui_undo

            ui_undo.confirm_undo(app)
        else:
            app.home()
