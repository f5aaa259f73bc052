"""Messages and questions: `Notice`, `Confirm`, and `Unsaved` (a save failed). Opened
by name (app.notice, app.screen("confirm", ...)); loaded while one is on the stack.
"""

from ..rules.ticks import ticks_add, ticks_diff
from . import ui


class Notice(ui.Screen):
    """A message; ok or back dismisses it (then calls `then()` if given). Its last
    line says so ("ok: close"), and up/down scroll a longer text ("dn: more")."""

    MODULES = ("ui_notice",)

    def __init__(self, app, title, text, then=None):
        ui.Screen.__init__(self, app)
        self.title = title
        self.text = text
        self.then = then
        self.top = 0

    def on_nav(self, name, kind):
        if name in ("ok", "back") and kind == "press":
            self.app.pop()
            if self.then:
                self.then()
        elif name in ("up", "down"):
            self.top = max(0, self.top + (1 if name == "down" else -1))
            self.app.invalidate()

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        rows = ui.ROWS - 1  # the last one: the keys
        lines = ui.wrap(self.text, canvas.width // 8 - 1)
        self.top = min(self.top, max(0, len(lines) - rows))
        ui.draw_rows(canvas, lines[self.top : self.top + rows])
        more = self.top + rows < len(lines)
        ui.draw_more(canvas, self.top > 0, more, last=rows - 1)
        canvas.text("ok:close dn:more" if more else "ok: close", 0, ui.row_y(rows))


class Confirm(ui.Screen):
    """A yes/no question: ok calls `yes()` (after popping itself), back only pops.
    no_first (a question whose yes loses something, e.g. a delete): the last line
    offers "No" and "Yes", "No" chosen; down chooses Yes, up No (no wrap: a stray up
    never chooses Yes), ok does what is chosen, so ok pressed once too often answers
    no. wait_ms (a question from outside the
    table): for that long after it appears every press is ignored and the key line
    says "wait", so a press already on its way to the screen under it answers
    nothing."""

    MODULES = ("ui_notice",)

    def __init__(self, app, title, question, yes, no_first=False, wait_ms=0):
        ui.Screen.__init__(self, app)
        self.title = title
        self.question = question
        self.yes = yes
        self.choice = 0 if no_first else None  # 0: No, 1: Yes; None: ok is yes
        self.wait_ms = wait_ms
        self.waiting = False  # presses are ignored (wait_ms)
        self.ready_at = None  # ticks_ms from which they count: wait_ms after its first frame

    def enter(self):
        if self.wait_ms:  # again each time it comes back on top
            self.waiting = True
            self.ready_at = None

    def tick(self, now_ms):
        if self.waiting and self.ready_at is not None and ticks_diff(now_ms, self.ready_at) >= 0:
            self.waiting = False
            self.app.invalidate()  # the key line now says what the keys do

    def on_nav(self, name, kind):
        if self.waiting:
            return
        if name == "ok" and kind == "press":
            self.app.pop()
            if self.choice != 0:
                self.yes()
        elif name in ("up", "down") and self.choice is not None:
            self.choice = 1 if name == "down" else 0
            self.app.invalidate()
        else:
            ui.Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        rows = ui.ROWS - (2 if self.choice is None else 1)
        ui.draw_rows(canvas, ui.wrap(self.question, canvas.width // 8 - 1)[:rows])
        y = ui.row_y(ui.ROWS - 1)
        if self.waiting:
            if self.ready_at is None:  # its first frame: the wait starts now
                self.ready_at = ticks_add(self.app.now_ms, self.wait_ms)
            canvas.text("wait...", 4, y)
            return
        if self.choice is None:
            canvas.text("ok:yes back:no", 4, y)
            return
        half = canvas.width // 2
        for i, label in enumerate(("No", "Yes")):
            x = i * half
            colour = 1
            if i == self.choice:
                canvas.fill_rect(x, y - 1, half, ui.LINE_H, 1)
                colour = 0
            canvas.text(label, x + (half - 8 * len(label)) // 2, y, 1, colour)


class Unsaved(Notice):
    """A save failed: stays until acknowledged (then forgotten until the next failure)."""

    UNSAVED = True

    def __init__(self, app):
        what, _, why = app.unsaved.partition(" not saved: ")
        text = "%s (%s)" % (why, what) if why else app.unsaved
        Notice.__init__(self, app, "Not saved", text + ". Kept in memory; saved again at the next change.")

    def on_nav(self, name, kind):
        if name in ("ok", "back") and kind == "press":
            self.app.unsaved = None  # acknowledged
        Notice.on_nav(self, name, kind)
