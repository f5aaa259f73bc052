"""Messages and questions: `Notice`, `Confirm`, and `Unsaved` (a save failed). Opened
by name (app.notice, app.screen("confirm", ...)); loaded while one is on the stack.
"""

import ui


class Notice(ui.Screen):
    """A message; ok or back dismisses it (then calls `then()` if given)."""

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
        lines = ui.wrap(self.text, canvas.width // 8 - 1)
        self.top = min(self.top, max(0, len(lines) - ui.ROWS))
        ui.draw_rows(canvas, lines, self.top)


class Confirm(ui.Screen):
    """A yes/no question: ok calls `yes()` (after popping itself), back only pops."""

    MODULES = ("ui_notice",)

    def __init__(self, app, title, question, yes):
        ui.Screen.__init__(self, app)
        self.title = title
        self.question = question
        self.yes = yes

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            self.app.pop()
            self.yes()
        else:
            ui.Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        lines = ui.wrap(self.question, canvas.width // 8 - 1)[: ui.ROWS - 2]
        ui.draw_rows(canvas, lines)
        canvas.text("ok:yes back:no", 4, ui.row_y(ui.ROWS - 1))


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
