"""The I Go / Corsari score sheet: a line per round with the running totals.
Loaded while it is open (its MODULES).
"""

from ..rules.igo_scoring import leaders
from ..rules.names import cut
from . import ui
from .ui import ROWS, first_fit, row_y

BODY = ROWS - 3  # round lines between the names and the "to" line


def leader_line(sheet, chars):
    """The sheet's last line, in words, at most chars characters. Over: "Annabell won
    the game", "Ana Ben won" (a shared win). I Go: who is closest to the target,
    "Cy needs 2 to win", "Ann Cy need 1", "All need 4 to win". Corsari (the lowest
    total leads): "Leads: Annabell", "Lead: Ana Ben", "All level"."""
    names = sheet.names
    short = ui.short_names(names, 3)
    if sheet.over:
        who = sheet.winners
        if len(who) == 1:
            name = names[who[0]]
            return first_fit(("%s won the game" % name, "%s won" % name, "%s won" % short[who[0]]), chars)
        return first_fit(("%s won" % " ".join(short[i] for i in who), "%d won" % len(who)), chars)
    who = leaders(sheet.rules, sheet.totals())
    if sheet.rules == "igo":
        need = sheet.target - sheet.totals()[who[0]]
        if len(who) == len(names):
            return first_fit(("All need %d to win" % need, "All need %d" % need), chars)
        if len(who) == 1:
            name = names[who[0]]
            texts = (
                "%s needs %d to win" % (name, need),
                "%s needs %d" % (name, need),
                "%s needs %d" % (short[who[0]], need),
            )
            return first_fit(texts, chars)
        some = " ".join(short[i] for i in who)
        return first_fit(
            ("%s need %d to win" % (some, need), "%s need %d" % (some, need), "%d need %d" % (len(who), need)), chars
        )
    if len(who) == len(names):
        return "All level"
    if len(who) == 1:
        return "Leads: " + cut(names[who[0]], chars - 7)
    return first_fit(("Lead: " + " ".join(short[i] for i in who), "%d share the lead" % len(who)), chars)


def players(first, per_page, n):
    """The players of a page in short, from 1: "P1-4", "P7"."""
    last = min(n, first + per_page)
    return "P%d" % last if last == first + 1 else "P%d-%d" % (first + 1, last)


class SheetView(ui.Screen):
    """The score sheet: short names over the columns, one line per round with the
    running totals, then what each player still has to the target ("to": I Go, the
    points to win; Corsari, how far the total is below it), the leader in words at
    the bottom (leader_line). up/down move the cursor (the round in
    inverse video; arrows say more are above or below), ok shows that round (and
    from there changes it: ui_round): the title says so ("Sheet  ok: round"); when
    the players do not all fit, a long ok shows the next ones: the title says which
    are shown ("ok:round P1-4/7") and the last line, in the leader's place, the key
    ("hold ok: P5-7"; the "to" line still shows who is closest)."""

    MODULES = ("ui_sheet",)
    CALM = True

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.title = "Score sheet"
        self.top = 0
        self.page = 0
        self.at = len(app.match.rounds) - 1  # the round under the cursor (-1: none)

    def columns(self, canvas):
        """(character width of a column, players per page): the round number takes
        2 of the 15 characters a line has, each column a space and a name of 2 or
        more letters, at least as wide as the widest total; as few pages as
        possible, and with them the widest columns."""
        sheet = self.app.match
        n = len(sheet.names)
        room = canvas.width // 8 - 3
        need = 3
        for r in sheet.rounds:
            for t in r["totals"]:
                need = max(need, len(str(t)) + 1, len(str(sheet.target - t)) + 1)
        need = min(need, room)
        pages = -(-n // (room // need))
        width = need
        while width < 9 and -(-n // (room // (width + 1))) == pages:
            width += 1
        return width, room // width

    def enter(self):
        self.follow(min(self.at, len(self.app.match.rounds) - 1))

    def follow(self, at):
        """The cursor on round at; the rounds shown keep it in view."""
        n = len(self.app.match.rounds)
        self.at = at
        self.top = ui.clamp(self.top, max(0, at - BODY + 1), max(0, min(at, n - BODY)))

    def on_nav(self, name, kind):
        sheet = self.app.match
        if name in ("up", "down"):
            by = ui.step(kind) if name == "down" else -ui.step(kind)
            if sheet.rounds:
                self.follow(ui.clamp(self.at + by, 0, len(sheet.rounds) - 1))
        elif name == "ok" and kind == "press":
            if sheet.rounds:
                self.app.push(self.app.screen("round", self.at))
            return
        elif name == "ok" and kind == "long":
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
        key = "ok:round " if sheet.rounds else ""
        if pages == 1:
            self.title = "Sheet  ok: round" if sheet.rounds else "Score sheet"
        else:
            self.title = "%s%s/%d" % (key, players(first, per_page, n), n)
        ui.Screen.draw(self, canvas)
        names = ui.short_names(sheet.names, width - 1)
        head = "Rd"
        for i in shown:
            head += ("%" + str(width) + "s") % names[i]
        canvas.text(head, 0, row_y(0))
        canvas.hline(0, row_y(1) - 1, canvas.width - 5, 1)  # between the rows
        for row in range(min(BODY, len(sheet.rounds) - self.top)):
            k = self.top + row
            r = sheet.rounds[k]
            line = "%2d" % (k + 1)
            if r.get("void"):
                line += "  void round"
            else:
                for i in shown:
                    line += ("%" + str(width) + "d") % r["totals"][i]
            y = row_y(row + 1)
            if k == self.at:  # the cursor: in inverse video
                canvas.fill_rect(0, y - 1, canvas.width, ui.LINE_H, 1)
            canvas.text(line, 0, y, 1, 0 if k == self.at else 1)
        if sheet.rounds:
            totals = sheet.totals()
            line = "to"  # what each still has to the target
            for i in shown:
                line += ("%" + str(width) + "d") % (sheet.target - totals[i])
            canvas.hline(0, row_y(ROWS - 2) - 1, canvas.width - 5, 1)
            canvas.text(line, 0, row_y(ROWS - 2))
        else:
            canvas.text("no rounds yet", 0, row_y(1))
        if pages > 1:  # the key to the next players, in the leader's place
            canvas.text("hold ok: " + players((self.page + 1) % pages * per_page, per_page, n), 0, row_y(ROWS - 1))
        elif sheet.rounds:
            canvas.text(leader_line(sheet, canvas.width // 8 - 1), 0, row_y(ROWS - 1))
        at = self.at - self.top + 1  # the cursor's row
        below = self.top + BODY < len(sheet.rounds)
        ui.draw_more(canvas, self.top > 0, below, at == 1, at == BODY, first=1, last=BODY)
