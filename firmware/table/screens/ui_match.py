"""The match screen of I Go / Corsari: the totals, who starts (deals) next; ok opens the
round menu, a hold of ok the round entry (ui_igo.py, by name: loaded when a round is
entered). Small, so that a match opens quickly: the round entry, the setup
(ui_igo_setup.py), the score sheet (ui_sheet.py), the game over (ui_igo_over.py) and
the hand calculator (ui_hand.py) are each loaded while their screens are open.
"""

from . import ui
from .ui import ROWS, row_y


def match_title(sheet, chars=16):
    """The round to play and the target in words: "Round 3, to 4" (I Go: the points
    that win), "Round 3, max 300" (Corsari: a total past it ends the game)."""
    word = "to" if sheet.rules == "igo" else "max"
    n, target = len(sheet.rounds) + 1, sheet.target
    for form in ("Round %d, %s %d", "Round %d %s %d", "Rd %d %s %d"):
        text = form % (n, word, target)
        if len(text) <= chars:
            return text
    return text


LIST_ROWS = ROWS - 1  # the players' lines: the last row says what the keys do
BIG = 2  # players shown with big digits (each 18 pixels high: two fit above the key line)


def draw_totals(canvas, sheet, top=0, mark=-1):
    """Names and totals above the key line: big digits for up to BIG players, else one
    line each (up/down scroll, arrows at the right edge say more are above or below).
    mark: the player to flag with '>' (next starter / dealer)."""
    totals = sheet.totals()
    n = len(totals)
    if n <= BIG:
        for i in range(n):
            y = ui.TOP + i * 18
            canvas.text((">" if i == mark else " ") + sheet.names[i], 0, y + 4)
            s = str(totals[i])
            canvas.text(s, canvas.width - canvas.text_width(s, 2), y, 2)
        return
    right = ui.text_end(canvas)  # the scroll arrows' column stays clear
    for row in range(min(LIST_ROWS, n - top)):
        i = top + row
        s = str(totals[i])
        y = row_y(row)
        canvas.text((">" if i == mark else " ") + sheet.names[i], 0, y)
        canvas.text(s, right - canvas.text_width(s), y)
    ui.draw_more(canvas, top > 0, top + LIST_ROWS < n, last=LIST_ROWS - 1)


class MatchScreen(ui.Screen):
    """The match: totals (up/down scroll), ok opens the round menu, back goes home."""

    # The round entry (ui_igo.py), and matches.py, which saves the match after a round,
    # are loaded while needed and dropped at the next screen change: the hand
    # calculator of the next round has its room.
    MODULES = ("ui_match",)
    ROUTE = "match"  # closed while two screens or more cover it (app.Covered)
    KEEP = ("top",)
    CALM = True

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.top = 0

    def enter(self):
        if self.app.match is None:
            self.app.pop()
        elif self.app.match.over:
            self.app.replace(self.app.screen("game_over"))

    def on_nav(self, name, kind):
        sheet = self.app.match
        if name == "ok" and kind == "press":
            self.app.push(self.app.screen("match_menu"))
        elif name == "ok" and kind == "long":
            self.app.push(self.app.screen("round_ender"))
        elif name in ("up", "down"):
            self.top = ui.scroll(self.top, name, len(sheet.names), LIST_ROWS)
            self.app.invalidate()
        else:
            ui.Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        sheet = self.app.match
        self.title = match_title(sheet)
        ui.Screen.draw(self, canvas)
        mark = sheet.next_starter() if sheet.rules == "igo" else sheet.dealer()
        draw_totals(canvas, sheet, self.top, mark)
        if BIG < len(sheet.names) <= ROWS - 2:  # room under the players: what > means
            canvas.text("> %s next" % ("starts" if sheet.rules == "igo" else "deals"), 0, row_y(ROWS - 2))
        canvas.text("ok: round menu", 0, row_y(ROWS - 1))  # always: every key on its screen
