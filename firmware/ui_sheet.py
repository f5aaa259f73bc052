"""The I Go / Corsari score sheet: a line per round with the running totals.
Loaded while it is open (its MODULES).
"""
import ui
from ui import ROWS, clamp, row_y


class SheetView(ui.Screen):
    """The score sheet: one line per round with the running totals. up/down scroll
    the rounds; ok shows the next players when they do not all fit."""

    MODULES = ("ui_sheet",)

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.title = "Sheet"
        self.top = 0
        self.page = 0

    def columns(self, canvas):
        """(character width of a total column, players per page)."""
        sheet = self.app.match
        width = 2
        for r in sheet.rounds:
            for t in r["totals"]:
                width = max(width, len(str(t)) + 1)
        per_page = max(1, (canvas.width // 8 - 3) // width)
        return width, per_page

    def enter(self):
        self.top = max(0, len(self.app.match.rounds) - (ROWS - 1))

    def on_nav(self, name, kind):
        sheet = self.app.match
        if name in ("up", "down"):
            most = max(0, len(sheet.rounds) - (ROWS - 1))
            self.top = clamp(self.top + (ui.step(kind) if name == "down" else -ui.step(kind)),
                             0, most)
        elif name == "ok" and kind == "press":
            self.page += 1
        else:
            ui.Screen.on_nav(self, name, kind)
            return
        self.app.invalidate()

    def draw(self, canvas):
        sheet = self.app.match
        width, per_page = self.columns(canvas)
        n = len(sheet.names)
        pages = (n + per_page - 1) // per_page
        self.page %= pages
        first = self.page * per_page
        shown = range(first, min(n, first + per_page))
        self.title = "Sheet" if pages == 1 else "Sheet %d/%d" % (self.page + 1, pages)
        ui.Screen.draw(self, canvas)
        head = "Rd"
        for i in shown:
            head += ("%" + str(width) + "s") % sheet.names[i][: width - 1]
        canvas.text(head, 0, row_y(0))
        canvas.hline(0, row_y(1) - 2, canvas.width, 1)
        for row in range(min(ROWS - 1, len(sheet.rounds) - self.top)):
            k = self.top + row
            r = sheet.rounds[k]
            line = "%2d" % (k + 1)
            line += "v" if r.get("void") else " "
            for i in shown:
                line += ("%" + str(width) + "d") % r["totals"][i]
            canvas.text(line[: canvas.width // 8], 0, row_y(row + 1))
        if not sheet.rounds:
            canvas.text("no rounds yet", 0, row_y(1))
