"""Screen base class and the small widgets every screen shares.

A screen is a state machine: the app sends it navigation events (`on_nav`),
player-button results (`on_taps`) and clock ticks (`tick`), and asks it to
`draw` on a canvas (see canvas.py) when `app.dirty` is set. Screens never touch
hardware: the app owns it.
"""

LINE_H = 10  # pixel rows per text line (8x8 font + 2 px spacing)
ROWS = 6  # text lines under the title on a 64-pixel display


class Screen:
    title = ""

    def __init__(self, app):
        self.app = app

    def enter(self):
        """Called when the screen becomes the top of the stack."""

    def on_nav(self, name, kind):
        """Navigation button: name up/down/ok/back, kind press/long/repeat."""
        if name == "back" and kind == "press":
            self.app.pop()

    def tick(self, now_ms):
        """Called every loop iteration; return nothing."""

    def draw(self, canvas):
        canvas.clear()
        draw_title(canvas, self.title)


def draw_title(canvas, title):
    """Title in inverse video on the first line."""
    canvas.fill_rect(0, 0, canvas.width, 9, 1)
    canvas.text(title[: canvas.width // 8], 1, 1, 1, 0)


class Menu(Screen):
    """A scrolling list: up/down move, ok chooses `items[i]` via `choose(i)`."""

    def __init__(self, app, title, items, choose=None, index=0):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.index = index
        self._choose = choose

    def choose(self, index):
        if self._choose:
            self._choose(index)

    def on_nav(self, name, kind):
        n = len(self.items)
        if name == "up" and n:
            self.index = (self.index - 1) % n
        elif name == "down" and n:
            self.index = (self.index + 1) % n
        elif name == "ok" and kind == "press" and n:
            self.choose(self.index)
        else:
            Screen.on_nav(self, name, kind)
            return
        self.app.invalidate()

    def draw(self, canvas):
        Screen.draw(self, canvas)
        top = max(0, min(self.index - ROWS // 2, len(self.items) - ROWS))
        for row in range(min(ROWS, len(self.items) - top)):
            i = top + row
            y = 11 + row * LINE_H
            label = str(self.items[i])[: canvas.width // 8 - 1]
            if i == self.index:
                canvas.fill_rect(0, y - 1, canvas.width, LINE_H, 1)
                canvas.text(label, 4, y, 1, 0)
            else:
                canvas.text(label, 4, y, 1, 1)
