"""Screen base class and the small widgets every screen shares.

A screen is a state machine: the app sends it navigation events (`on_nav`), clock
ticks (`tick`) and, if the screen has an `on_snapshot(t_us, levels, pin)` method, the
player-button snapshots from the IRQ ring; it asks the screen to `draw` on a canvas
(see canvas.py) when `app.dirty` is set. Screens never touch hardware: the app owns
it and gives them `app.out` (signals.Signals: LEDs, buzzer, the player buttons), whose
LEDs and tone it switches off whenever the top screen changes. A screen sets
`slap_window = True` while a slap can happen: the app then holds back every flash
write (rp2 flash writes stop interrupts) until it is False again.

Layout: title bar (ui.draw_title) on rows 0-8, then ROWS text lines of LINE_H pixels
starting at y = TOP (`row_y(i)`).
"""

LINE_H = 9  # pixel rows per text line (8x8 font + 1 px spacing)
ROWS = 6  # text lines under the title on a 64-pixel display
TOP = 10  # y of the first text line under the title (the last ends at y = 63)


def row_y(row):
    return TOP + row * LINE_H


def clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def step(kind):
    """Size of a value change: 1 for a press, 10 for a long press or its repeats."""
    return 1 if kind == "press" else 10


def wrap(text, width):
    """Split text into lines of at most width characters, at spaces where possible."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


class Screen:
    title = ""
    slap_window = False  # True while a slap can happen: no flash writes
    MODULES = ()  # type: tuple  # modules loaded only for this screen: the app drops them after it

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


def draw_rows(canvas, lines, top=0, selected=-1):
    """Draw up to ROWS of lines starting at index top; highlight index selected."""
    chars = canvas.width // 8 - 1
    for row in range(min(ROWS, len(lines) - top)):
        i = top + row
        y = row_y(row)
        label = str(lines[i])[:chars]
        if i == selected:
            canvas.fill_rect(0, y - 1, canvas.width, LINE_H, 1)
            canvas.text(label, 4, y, 1, 0)
        else:
            canvas.text(label, 4, y, 1, 1)


def scroll_top(index, count):
    """First visible line so that index stays in view, centred where possible."""
    return max(0, min(index - ROWS // 2, count - ROWS))


def draw_big(canvas, text, y, max_scale=3):
    """Centre text at the largest scale (up to max_scale) that fits the width."""
    scale = max_scale
    while scale > 1 and canvas.text_width(text, scale) > canvas.width:
        scale -= 1
    canvas.center(text[: canvas.width // (8 * scale)], y, scale)
    return scale


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
        draw_rows(canvas, self.items, scroll_top(self.index, len(self.items)), self.index)


class Notice(Screen):
    """A message; ok or back dismisses it (then calls `then()` if given)."""

    def __init__(self, app, title, text, then=None):
        Screen.__init__(self, app)
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
        Screen.draw(self, canvas)
        lines = wrap(self.text, canvas.width // 8 - 1)
        self.top = min(self.top, max(0, len(lines) - ROWS))
        draw_rows(canvas, lines, self.top)


class Confirm(Screen):
    """A yes/no question: ok calls `yes()` (after popping itself), back only pops."""

    def __init__(self, app, title, question, yes):
        Screen.__init__(self, app)
        self.title = title
        self.question = question
        self.yes = yes

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            self.app.pop()
            self.yes()
        else:
            Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        Screen.draw(self, canvas)
        lines = wrap(self.question, canvas.width // 8 - 1)[: ROWS - 2]
        draw_rows(canvas, lines)
        canvas.text("ok:yes back:no", 4, row_y(ROWS - 1))
