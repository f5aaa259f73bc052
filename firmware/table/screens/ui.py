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
starting at y = TOP (`row_y(i)`). A list's lines (draw_rows) are cut to 15 characters
as the display spells them (names.to_ascii: "ß" takes two characters there), from
x = TEXT_X: they end at text_end(), clear of the scroll arrows' column (draw_more).
A title is drawn whole: a screen makes its title fit (the screen-fit walks check it).
"""

from ..rules.names import cut, short_names, to_ascii  # noqa: F401  (short_names: the screens use ui.short_names)

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


LINE_H = const(9)  # pixel rows per text line (8x8 font + 1 px spacing)
ROWS = const(6)  # text lines under the title on a 64-pixel display
TOP = const(10)  # y of the first text line under the title (the last ends at y = 63)
TEXT_X = const(1)  # x of a list's lines: 15 characters end 3 pixels left of the arrows
ARROW_W = const(4)  # the scroll arrows' column at the right edge (draw_more)


def row_y(row):
    return TOP + row * LINE_H


def clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def step(kind):
    """Size of a value change: 1 for a press, 10 for a long press or its repeats."""
    return 1 if kind == "press" else 10


def wrap(text, width):
    """Split text (as the display spells it) into lines of at most width characters,
    at spaces where possible."""
    lines = []
    for para in to_ascii(text).split("\n"):
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
    CALM = False  # True on a screen at rest between sequences of presses (home, a
    #   match's totals): only over one may a question from outside the table appear
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
    """Title in inverse video on the first line, whole: the screen makes it fit (16
    characters on 128 pixels)."""
    canvas.fill_rect(0, 0, canvas.width, 9, 1)
    title = to_ascii(title)
    canvas.text(title, 1 if len(title) * 8 < canvas.width else 0, 1, 1, 0)


def text_end(canvas):
    """x where a list's line of 15 characters (from TEXT_X) ends: right of it a gap,
    then the scroll arrows' column."""
    return TEXT_X + (canvas.width // 8 - 1) * 8


def draw_rows(canvas, lines, top=0, selected=-1):
    """Draw up to ROWS of lines starting at index top; highlight index selected; an
    arrow at the right edge says there are more lines above or below."""
    chars = canvas.width // 8 - 1
    shown = min(ROWS, len(lines) - top)
    for row in range(shown):
        i = top + row
        y = row_y(row)
        label = to_ascii(str(lines[i]))[:chars]
        if i == selected:
            canvas.fill_rect(0, y - 1, canvas.width, LINE_H, 1)
            canvas.text(label, TEXT_X, y, 1, 0)
        else:
            canvas.text(label, TEXT_X, y, 1, 1)
    draw_more(canvas, top > 0, top + ROWS < len(lines), selected == top, selected == top + shown - 1)


def draw_more(canvas, above, below, inverse_top=False, inverse_bottom=False, first=0, last=ROWS - 1):
    """Arrows in the ARROW_W pixels at the right edge, clear of the lines' text (it
    ends at text_end): up beside row `first` when lines are hidden above, down beside
    row `last` when lines are hidden below. inverse_*: that row is highlighted."""
    x = canvas.width - ARROW_W
    if above:
        y = row_y(first) + 1
        color = 0 if inverse_top else 1
        canvas.fill_rect(x + 1, y, 2, 2, color)
        canvas.fill_rect(x, y + 2, 4, 2, color)
    if below:
        y = row_y(last) + 3
        color = 0 if inverse_bottom else 1
        canvas.fill_rect(x, y, 4, 2, color)
        canvas.fill_rect(x + 1, y + 2, 2, 2, color)


def scroll_top(index, count):
    """First visible line so that index stays in view, centred where possible."""
    return max(0, min(index - ROWS // 2, count - ROWS))


def scroll(top, name, count, rows=ROWS, by=1):
    """The first line shown after up or down (name) moved it by `by` lines, so that
    the count lines still fill the rows."""
    return clamp(top + (by if name == "down" else -by), 0, max(0, count - rows))


def first_fit(texts, chars):
    """The first text that the display draws in at most chars characters (else the
    last one, cut)."""
    for text in texts:
        if len(to_ascii(text)) <= chars:
            return text
    return cut(text, chars)


def draw_big(canvas, text, y, max_scale=3):
    """Centre text at the largest scale (up to max_scale) that fits the width."""
    scale = max_scale
    while scale > 1 and canvas.text_width(text, scale) > canvas.width:
        scale -= 1
    canvas.center(text[: canvas.width // (8 * scale)], y, scale)
    return scale


def move(index, count, name, kind):
    """The line chosen after up or down (name) in a list of count lines: a press moves
    one line and wraps at the ends (down on the last goes to the first); holding the
    button (its long press, then its repeats) moves one line each and stops at the
    first or last line, so a held button never runs round the list."""
    by = 1 if name == "down" else -1
    if kind == "press":
        return (index + by) % count
    return clamp(index + by, 0, count - 1)


class Menu(Screen):
    """A scrolling list: up/down move (`move`), ok chooses `items[i]` via `choose(i)`."""

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
        if name in ("up", "down") and n:
            self.index = move(self.index, n, name, kind)
        elif name == "ok" and kind == "press" and n:
            self.choose(self.index)
        else:
            Screen.on_nav(self, name, kind)
            return
        self.app.invalidate()

    def draw(self, canvas):
        Screen.draw(self, canvas)
        draw_rows(canvas, self.items, scroll_top(self.index, len(self.items)), self.index)
