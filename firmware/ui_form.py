"""A settings list (`Form`), for the setup and settings screens: loaded with them
(their MODULES name it), not kept in RAM through a game.
"""
import ui


class Form(ui.Menu):
    """A list of settings: ok on a line starts editing it (shown as `< value >`),
    up/down then change the value (long press: by 10), ok or back end the edit.

    A subclass lists its lines as keys in `items` and implements `label(key)`,
    `value(key)` (text), `change(key, delta)` and, if it wants, `edited(key)` (the
    edit ended); a key without a value (value returns None) is an action: ok calls
    `choose(index)`.
    """

    editing = False

    def on_nav(self, name, kind):
        if not self.editing:
            if name == "ok" and kind == "press" and self.value(self.items[self.index]) is not None:
                self.editing = True
                self.app.invalidate()
            else:
                ui.Menu.on_nav(self, name, kind)
            return
        key = self.items[self.index]
        if name == "up":
            self.change(key, ui.step(kind))
        elif name == "down":
            self.change(key, -ui.step(kind))
        elif name in ("ok", "back") and kind == "press":
            self.editing = False
            self.edited(key)
        self.app.invalidate()

    def label(self, key):
        return key

    def value(self, key):
        return None

    def change(self, key, delta):
        pass

    def edited(self, key):
        pass

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        chars = canvas.width // 8 - 1
        lines = []
        for key in self.items:
            value = self.value(key)
            if value is None:
                lines.append(self.label(key))
                continue
            if self.editing and key == self.items[self.index]:
                value = "<%s>" % value
            # A long value shortens the label, never itself: "Deal <Annabell>".
            lines.append("%s %s" % (self.label(key)[: max(1, chars - 1 - len(value))], value))
        ui.draw_rows(canvas, lines, ui.scroll_top(self.index, len(lines)), self.index)
