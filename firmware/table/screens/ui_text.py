"""The text editor of the four navigation buttons, shared by the screens that type
text (ui_names.py: a player's name; ui_wifi.py: a network's name and password).

The text so far, then the character being chosen (underlined); the title names its
group ("Name: a-z"), the lines under it what the buttons do now. up/down: the next /
previous character of the subclass's GROUPS; an empty place starts at START's
characters (up: the first, down: the second; the first place, then the others: A or
Z, then a or z); a long press or holding jumps a group. ok: keep the character and go
on to the next one; ok on an empty place, or a long ok: done. back: delete the last
character (on an empty text: cancel); a long back: cancel.

A subclass may offer a whole text for what is typed (`offer`: a name from the roster
or a common one): shown after the place being chosen, and a long ok takes it (done).
"""

from . import ui


def group_of(ch, groups):
    """The index in groups of the group holding ch (0 for one in none)."""
    for n, group in enumerate(groups):
        if ch in group:
            return n
    return 0


def group_start(ch, step, groups):
    """The first character of the group after (step > 0) or before the one holding ch."""
    return groups[(group_of(ch, groups) + (1 if step > 0 else -1)) % len(groups)][0]


def next_char(ch, step, charset):
    """The character step places after ch in charset (wrapping)."""
    i = charset.find(ch)
    if i < 0:
        return charset[0]
    return charset[(i + step) % len(charset)]


class TextEditor(ui.Screen):
    """Enter a text with up/down/ok/back; done(text) is called with the cleaned text.
    A subclass names its characters (GROUPS, the first two typed first: A-Z then a-z),
    its words, its room (`room`) and what it keeps (`clean`)."""

    GROUPS = ()  # type: tuple[str, ...]
    GROUP_NAMES = ()  # type: tuple[str, ...]
    START = ()  # type: tuple[str, ...]  # (up, down) of the first place, of the others; () the first two groups' ends
    WORD = "Text"  # in the title
    FULL = "no more room"  # the hints' words
    DONE = "ok: done"

    def __init__(self, app, text, done):
        ui.Screen.__init__(self, app)
        self.title = self.WORD  # (draw adds the group being typed)
        self.chars = list(text)  # kept characters
        self.cur = None  # the character being chosen, None: an empty place
        self.done = done
        self.charset = "".join(self.GROUPS)

    def text(self):
        return "".join(self.chars) + (self.cur or "")

    def room(self, text=None):
        """Characters left after text (default: the kept characters)."""
        raise NotImplementedError

    def clean(self, text):
        """The text as kept; ValueError while it is not one (the editor stays)."""
        return text

    def offer(self, typed):
        """A whole text offered for typed (longer, starting with it), or ""."""
        return ""

    def starts(self):
        """The characters up and down start at on an empty place."""
        if self.START:
            return self.START[1 if self.chars else 0]
        group = self.GROUPS[1 if self.chars else 0]  # A-Z first, then a-z
        return group[0] + group[-1]

    def describe(self, ch):
        """The character being chosen in words, when the display alone cannot say it."""
        return "space" if ch == " " else ""

    def on_nav(self, name, kind):
        if name in ("up", "down"):
            d = 1 if name == "up" else -1
            if self.cur is None:
                if self.room() <= 0:
                    return
                self.cur = self.starts()[0 if d > 0 else 1]
                if kind != "press":
                    self.cur = group_start(self.cur, d, self.GROUPS)
            elif kind == "press":
                self.cur = next_char(self.cur, d, self.charset)
            else:
                self.cur = group_start(self.cur, d, self.GROUPS)
        elif name == "ok" and kind == "press" and self.cur is not None and self.room(self.text()) > 0:
            self.chars.append(self.cur)
            self.cur = None
        elif name == "ok" and kind == "press":
            self.finish()
            return
        elif name == "ok" and kind == "long":
            self.finish(self.offer(self.text()))
            return
        elif name == "back" and kind == "press":
            if self.cur is not None:
                self.cur = None
            elif self.chars:
                self.chars.pop()
            else:
                self.app.pop()
                return
        elif name == "back" and kind == "long":
            self.app.pop()
            return
        else:
            return
        self.app.invalidate()

    def finish(self, offered=""):
        """Done: the text (or the text offered for it), when clean takes it."""
        try:
            text = self.clean(offered or self.text())
        except ValueError:
            return  # not one yet: stay
        self.app.pop()
        self.done(text)

    def group(self):
        """The group being typed: the character's, or on an empty place the one
        up starts in (A-Z first, then a-z)."""
        return group_of(self.cur or self.starts()[0], self.GROUPS)

    def hints(self):
        """Four lines under the text: the character in words (`describe`), then what
        the buttons do now."""
        cur = self.cur
        g = self.group()
        hold = "hold: " + self.GROUP_NAMES[(g + 1) % len(self.GROUPS)]
        offered = self.offer(self.text())
        first = "hold ok:" + offered if offered else ""
        if cur is not None:
            return [self.describe(cur) or first, hold, "ok: keep it", "back: clear"]
        if self.room() <= 0:
            return [first, self.FULL, self.DONE, "back: delete"]
        ends = self.starts()
        keys = "up: %s  down: %s" % (ends[0], ends[1])
        if not self.chars:
            return [first, keys, hold, "back: cancel"]
        return [first, keys, self.DONE, "back: delete"]

    def draw(self, canvas):
        self.title = self.WORD + ": " + self.GROUP_NAMES[self.group()]
        ui.Screen.draw(self, canvas)
        shown = "".join(self.chars)
        while shown and canvas.text_width(shown + "_", 1) > canvas.width:
            shown = shown[1:]  # a long text: its end, where the typing is
        scale = 2 if canvas.text_width(shown + "_", 2) <= canvas.width else 1
        y = ui.TOP + 1
        canvas.text(shown, 0, y, scale)
        x = canvas.text_width(shown, scale)
        cur = self.cur or ""
        if cur:
            canvas.text(cur, x, y, scale)
        width = canvas.text_width(cur or " ", scale)
        if self.room() > 0:
            canvas.fill_rect(x, y + 8 * scale + 1, width, 2, 1)  # the place being chosen
        rest = self.offered_rest()
        if cur:
            x += width + 1  # after the character being chosen; else on the empty place
        while rest and x + canvas.text_width(rest, 1) > canvas.width:
            rest = rest[:-1]
        if rest:  # the rest of the offered text, small, after the place
            canvas.text(rest, x, y + 8 * scale - 8)
        for i, line in enumerate(self.hints()):  # 8 pixels a line: four under the text
            canvas.text(line, 0, HINTS_Y + 8 * i)

    def offered_rest(self):
        """What the offered text adds to the typed one, as the display spells it."""
        typed = self.text()
        offered = self.offer(typed)
        return offered[len(typed) :] if offered else ""


HINTS_Y = 31  # the first hint line: under a text drawn twice the size and its underline
