"""A recording canvas for screen tests: the Canvas drawing methods without pixels.

It remembers every text (with position, scale, colour) and every shape drawn since
the last `clear()`, so tests can assert on what a screen shows on both runtimes
(CPython has no framebuf). As on canvas.py, a text is kept as the display draws it
(names.to_ascii: "Straße" is "Strasse", eight characters wide on the screen).
"""

from table.rules.names import to_ascii

FONT_W = 8  # the 8x8 font of canvas.py
LINE_H = 9  # ui.LINE_H: a list's lines
ARROW_GAP = 3  # pixels between a text's last character cell and a scroll arrow, at least
# Column headers over right-aligned values (ui.ROUND_COLUMNS, the referee's tallies).
HEADERS = (("pen", "rnd", "tot"), ("won", "false"))


def nav_keys(keys):
    """(name, kind) navigation events from "up down ok back", "up:long", "ok*3"."""
    for key in keys.split():
        count = 1
        if "*" in key:
            key, n = key.split("*")
            count = int(n)
        name, kind = (key.split(":") + ["press"])[:2]
        for _ in range(count):
            yield name, kind


class RecordingCanvas:
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.texts = []  # (s, x, y, scale, color)
        self.shapes = []  # (kind, x, y, w, h, color)
        self.order = []  # ("text" | "shape", index into texts / shapes), as drawn
        self.clears = 0

    def clear(self):
        self.texts = []
        self.shapes = []
        self.order = []
        self.clears += 1

    def text(self, s, x, y, scale=1, color=1):
        self.order.append(("text", len(self.texts)))
        self.texts.append((to_ascii(s), x, y, scale, color))

    def text_width(self, s, scale=1):
        return len(to_ascii(s)) * FONT_W * scale

    def center(self, s, y, scale=1, color=1):
        self.text(s, (self.width - self.text_width(s, scale)) // 2, y, scale, color)

    def fill_rect(self, x, y, w, h, color=1):
        self._shape(("fill_rect", x, y, w, h, color))

    def rect(self, x, y, w, h, color=1):
        self._shape(("rect", x, y, w, h, color))

    def hline(self, x, y, w, color=1):
        self._shape(("hline", x, y, w, 1, color))

    def _shape(self, shape):
        self.order.append(("shape", len(self.shapes)))
        self.shapes.append(shape)

    # What tests ask -----------------------------------------------------------

    def lines(self):
        """The texts as lines, top to bottom, texts on one line joined by a space."""
        rows = {}
        for s, x, y, scale, color in self.texts:
            rows.setdefault(y, []).append((x, s))
        out = []
        for y in sorted(rows):
            out.append(" ".join(s for x, s in sorted(rows[y])))
        return out

    def shown(self):
        """Everything on screen as one string (lines joined by newlines)."""
        return "\n".join(self.lines())

    def title(self):
        """The text drawn in inverse video at the top (the title bar)."""
        for s, x, y, scale, color in self.texts:
            if y < 8 and color == 0:
                return s
        return ""

    def scale_of(self, s):
        """The largest scale at which a text containing s was drawn, or 0."""
        best = 0
        for t, x, y, scale, color in self.texts:
            if s in t and scale > best:
                best = scale
        return best

    def boxes(self):
        """(text, x0, y0, x1, y1) per text: the box its characters cover, spaces at
        either end left out (they draw nothing); blank texts are left out."""
        out = []
        for s, x, y, scale, color in self.texts:
            ink = s.strip(" ")
            if not ink:
                continue
            cell = FONT_W * scale
            x0 = x + (len(s) - len(s.lstrip(" "))) * cell
            out.append((s, x0, y, x0 + len(ink) * cell, y + FONT_W * scale))
        return out

    def off_screen(self):
        """Texts that do not fit on the display (a layout bug)."""
        bad = []
        for s, x0, y0, x1, y1 in self.boxes():
            if x0 < 0 or y0 < 0 or x1 > self.width or y1 > self.height:
                bad.append(s)
        return bad

    def overlaps(self):
        """Pairs of texts drawn over each other (a layout bug)."""
        boxes = self.boxes()
        bad = []
        for i in range(len(boxes)):
            a = boxes[i]
            for b in boxes[i + 1 :]:
                if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]:
                    bad.append((a[0], b[0]))
        return bad

    def unreadable(self):
        """Texts a shape was drawn over afterwards, or drawn in the colour of what is
        under them (the last filled rectangle there, else the dark background)."""
        boxes = {}
        for s, x0, y0, x1, y1 in self.boxes():
            boxes[len(boxes)] = (s, x0, y0, x1, y1)
        index = {}  # text index -> its box, for texts with ink
        k = 0
        for i in range(len(self.texts)):
            if self.texts[i][0].strip(" "):
                index[i] = boxes[k]
                k += 1
        bad = []
        for n in range(len(self.order)):
            kind, i = self.order[n]
            if kind != "text" or i not in index:
                continue
            s, x0, y0, x1, y1 = index[i]
            under = 0
            for kind2, j in self.order[:n]:
                if kind2 == "shape" and self.shapes[j][0] == "fill_rect" and _meets(self.shapes[j], x0, y0, x1, y1):
                    under = self.shapes[j][5]
            if under == self.texts[i][4]:
                bad.append(s)
                continue
            for kind2, j in self.order[n + 1 :]:
                if kind2 == "shape" and _meets(self.shapes[j], x0, y0, x1, y1):
                    bad.append(s)
                    break
        return bad

    def arrows(self):
        """The scroll arrows' pieces (ui.draw_more): small rectangles filled in the
        rightmost 4 pixels, as (x0, y0, x1, y1)."""
        out = []
        for kind, x, y, w, h, color in self.shapes:
            if kind == "fill_rect" and x >= self.width - 4 and w <= 4 and h <= 4:
                out.append((x, y, x + w, y + h))
        return out

    def crowded(self):
        """Texts a scroll arrow touches: on its pixel rows, a character cell that ends
        less than ARROW_GAP pixels left of it (the arrow would read as part of the
        text, "1v")."""
        bad = []
        for s, x0, y0, x1, y1 in self.boxes():
            for ax0, ay0, ax1, ay1 in self.arrows():
                if ay0 < y1 and y0 < ay1 and x0 < ax1 and ax0 - ARROW_GAP < x1:
                    bad.append(s)
                    break
        return bad

    def misaligned(self):
        """Column headers (a text whose words are one of HEADERS) not over their
        columns: in every line below it (the texts at its x, a line apart, while
        they end in a digit) the last values must end where the labels end, each
        under its own."""
        bad = []
        for s, x, y, scale, color in self.texts:
            labels = tuple(s.split())
            if labels not in HEADERS:
                continue
            ends = []
            at = 0
            for label in labels:
                at = s.index(label, at) + len(label)
                ends.append(x + at * FONT_W)
            row_y = y + LINE_H
            while True:
                row = [t for t in self.texts if t[1] == x and t[2] == row_y]
                if not row or not row[0][0].rstrip()[-1:].isdigit():
                    break
                line = row[0][0]
                values = [
                    x + (i + 1) * FONT_W
                    for i in range(len(line))
                    if line[i] != " " and line[i + 1 : i + 2] in ("", " ")
                ]
                if values[-len(ends) :] != ends:
                    bad.append("%r over %r" % (s, line))
                row_y += LINE_H
        return bad

    def misfits(self):
        """Everything wrong with the layout, as text ("" when it fits)."""
        out = []
        for s in self.off_screen():
            out.append("off screen: %r" % s)
        for a, b in self.overlaps():
            out.append("overlap: %r / %r" % (a, b))
        for s in self.unreadable():
            out.append("unreadable: %r" % s)
        for s in self.crowded():
            out.append("touches a scroll arrow: %r" % s)
        for s in self.misaligned():
            out.append("header not over its columns: %s" % s)
        return "; ".join(out)


def _meets(shape, x0, y0, x1, y1):
    """True if a recorded shape covers part of the box x0..x1 x y0..y1 (exclusive)."""
    kind, x, y, w, h, color = shape
    return x < x1 and x0 < x + w and y < y1 and y0 < y + h


# A test rig: an App on a fresh flash directory, driven by button names -------------

import os

from tmpfs import make_tmp_dir, remove_tree  # noqa: E402


def loaded(name):
    """True if the module of this name is loaded: a whole name, or a firmware module's
    own name ("ui_form", as a screen's MODULES names it: app.unload's rule)."""
    import sys

    return any(m == name or (m.startswith("table.") and m.endswith("." + name)) for m in sys.modules)


def write_file(path, text):
    with open(path, "w") as f:
        f.write(text)


def read_file(path):
    with open(path) as f:
        return f.read()


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class Rig:
    """Drive an App like the buttons do and look at what it draws."""

    def __init__(self, names=None, files=None):
        """A first boot on a flash directory that holds config.json with these names
        (if given) and data/players.json where they sat last, seat 1 chosen to start
        (the setups seat them: a fresh device's seats are P1..Pn), and files ({name:
        text}, if given: a data/players.json there replaces that one)."""
        self.root = make_tmp_dir("screen_test")
        if names is not None:
            listed = ", ".join('"%s"' % n for n in names)
            write_file(self.root + "/config.json", '{"names": [%s]}' % listed)
            if names and "data/players.json" not in (files or {}):
                os.mkdir(self.root + "/data")
                players = '{"v": 1, "names": [%s], "last": [%s], "starts": "%s"}' % (listed, listed, names[0])
                write_file(self.root + "/data/players.json", players)
        for name in files or {}:
            if "/" in name:  # a file in a folder (data/state.json): the folder first
                try:
                    os.mkdir(self.root + "/" + name[: name.rfind("/")])
                except OSError:
                    pass
            write_file(self.root + "/" + name, files[name])
        self.boot()

    def boot(self):
        """A (re)boot: a new App on the same flash directory (and a collected heap)."""
        import gc

        from table import app

        self.app = None
        gc.collect()

        self.app = app.App(self.root)
        self.canvas = RecordingCanvas()
        self.t = 0

    def start_match(self, rules, names, target, youngest_first=None, first=0, drawn=False):
        """A new match at once, as a setup's Start makes it a pass at a time (App.new_match,
        App.begin_match). Return None or why it did not start."""
        problem = self.app.new_match(rules, names, target, youngest_first, first)
        if problem is None:
            self.app.begin_match(drawn)
        return problem

    def nav(self, keys):
        """Press buttons: "up down ok back", "up:long", "up:repeat", "ok*3"."""
        for name, kind in nav_keys(keys):
            self.app.on_nav(name, kind)
            self.t += 100
            self.app.tick(self.t)
        return self

    def shown(self):
        """Draw the top screen; return its text (asserting the layout fits)."""
        self.app.draw(self.canvas)
        bad = self.canvas.misfits()
        assert not bad, bad
        return self.canvas.shown()

    def text(self):
        """shown() on one line: wrapped texts read as they were written."""
        return self.shown().replace("\n", " ")

    def screen(self):
        """Class name of the top screen."""
        return type(self.app.top()).__name__

    def choose(self, label):
        """Move a Menu to the item containing label and press ok."""
        menu = self.app.top()
        for i, item in enumerate(menu.items):
            if label in str(item):
                menu.index = i
                self.nav("ok")
                return self
        raise AssertionError("no %r in %r" % (label, menu.items))

    def setup(self, game="I Go"):
        """Home > game: its setup form (returned)."""
        self.choose(game)
        assert self.screen() == "Setup", self.screen()
        return self.app.top()

    def to_line(self, label):
        """Move the setup form's cursor to the line starting with label."""
        setup = self.app.top()
        for i, key in enumerate(setup.items):
            if setup.label(key).startswith(label):
                setup.index = i
                return
        raise AssertionError("no line %r" % label)

    def start(self):
        """ok on the setup form's last line: Start."""
        setup = self.app.top()
        setup.index = len(setup.items) - 1
        self.nav("ok")

    def history(self):
        """The history lines as dicts (read a line at a time: the heap is small)."""
        from table.storage import history_boot

        return list(history_boot.read(self.root + "/data/history.jsonl"))

    def close(self):
        remove_tree(self.root)
