"""Player names on the device: a seat's picker (the roster's recent names, a new
name, editing the name) and the name editor with the four navigation buttons.
Loaded while these screens are open (their MODULES).

Name editor: the name so far, then the character being chosen (underlined); the
title names its group ("Name: a-z"), the lines under it what the buttons do now.
up/down: the next / previous character (letters, digits, space and signs, then the
Latin letters with marks, named under the letter: the font draws é as e); an empty
place starts at A (up) or Z (down), lower case after the first letter;
a long press or holding jumps a group (A-Z, a-z, 0-9 and signs, A-Z marked, a-z
marked). ok: keep the character and go on to the next one; ok on an empty place, or
a long ok: done. back: delete the last character (on an empty name: cancel); a long
back: cancel.

A name typed in a setup is offered first to its other seats (SeatPicker's `typed`:
the setup's list of the names typed in it).
"""

import names
import roster
import ui
from roster import NAME_LEN

MODULES = ("ui_names", "roster")

# The name editor's characters, in groups (a long press jumps to the next group).
GROUPS = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "abcdefghijklmnopqrstuvwxyz",
    "0123456789 -.'&",
    "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØŒÙÚÛÜÝČŁŠŽ",
    "àáâãäåæçèéêëìíîïñòóôõöøœùúûüýÿßčłšž",
)
CHARSET = "".join(GROUPS)
GROUP_NAMES = ("A-Z", "a-z", "0-9 signs", "A-Z marked", "a-z marked")  # the editor's words

# What the editor says under a marked letter (the display cannot draw the mark).
MARKS = (
    ("acute", "ÁÉÍÓÚÝáéíóúý"),
    ("grave", "ÀÈÌÒÙàèìòù"),
    ("circumflex", "ÂÊÎÔÛâêîôû"),
    ("umlaut", "ÄËÏÖÜäëïöüÿ"),
    ("tilde", "ÃÑÕãñõ"),
    ("ring", "Åå"),
    ("cedilla", "Çç"),
    ("slash", "ØøŁł"),
    ("caron", "ČŠŽčšž"),
    ("ligature", "ÆŒæœ"),
    ("sharp s", "ß"),
)


def mark(ch):
    """The name of the mark on a letter ("acute"), or "" for a plain character."""
    for name, chars in MARKS:
        if ch in chars:
            return name
    return ""


def group_of(ch, groups=GROUPS):
    """The index in groups of the group holding ch (0 for one in none)."""
    for n, group in enumerate(groups):
        if ch in group:
            return n
    return 0


def group_start(ch, step, groups=GROUPS):
    """The first character of the group after (step > 0) or before the one holding ch."""
    return groups[(group_of(ch, groups) + (1 if step > 0 else -1)) % len(groups)][0]


def next_char(ch, step, charset=CHARSET):
    """The editor's character step places after ch in charset (wrapping)."""
    i = charset.find(ch)
    if i < 0:
        return charset[0]
    return charset[(i + step) % len(charset)]


class SeatPicker(ui.Menu):
    """Who sits at seat i: the names typed in this setup (`typed`, the setup's list:
    a name typed for one seat is offered at once to the others, first, the cursor on
    it), the roster's names (one seated elsewhere is swapped), a new name, or this
    seat's name edited. pick(i, name) sets it. Holding ok on a roster name nobody
    sits under asks to forget it (roster.forget; a name in config.json comes back at
    the next start, and the question says so)."""

    MODULES = MODULES

    def __init__(self, app, seat, seated, pick, typed=None):
        self.seat = seat
        self.seated = seated
        self.pick = pick
        self.typed = typed if typed is not None else []
        self.choices = ["+new", "+edit"]
        items = ["New name", "Edit " + seated[seat]]
        for name in self.typed + [n for n in app.roster if n not in self.typed]:
            if name == seated[seat]:
                continue
            self.choices.append(name)
            if name in seated:
                items.append("%s (seat %d)" % (name, seated.index(name) + 1))
            else:
                items.append(name)
        ui.Menu.__init__(self, app, "Seat %d" % (seat + 1), items, index=2 if len(items) > 2 else 0)

    def choose(self, index):
        app = self.app
        choice = self.choices[index]
        if choice == "+new":
            app.replace(NameEditor(app, "", self.done))
        elif choice == "+edit":
            app.replace(NameEditor(app, self.seated[self.seat], self.done))
        else:
            app.pop()
            self.pick(self.seat, choice)

    def on_nav(self, name, kind):
        choice = self.choices[self.index] if self.items else ""
        known = choice in self.app.roster
        if name == "ok" and kind == "long" and known and choice not in self.seated:
            again = choice in self.app.config.get("names", ())
            why = "config.json adds it back at start" if again else "Saved matches keep it"
            self.app.confirm("Forget name", "%s? %s." % (choice, why), lambda: self.forget(choice))
        else:
            ui.Menu.on_nav(self, name, kind)

    def forget(self, name):
        roster.forget(self.app, name)
        self.app.replace(SeatPicker(self.app, self.seat, self.seated, self.pick, self.typed))

    def done(self, name):
        """A name typed: it sits, and the setup's other seats are offered it first."""
        if name in self.typed:
            self.typed.remove(name)
        self.typed.insert(0, name)
        self.pick(self.seat, name)


class NameEditor(ui.Screen):
    """Enter a name with up/down/ok/back; done(name) is called with the cleaned name.
    A subclass types other text with its own GROUPS (ui_wifi.py: a network's name)."""

    MODULES = MODULES
    GROUPS = GROUPS  # type: tuple[str, ...]
    GROUP_NAMES = GROUP_NAMES  # type: tuple[str, ...]
    WORD = "Name"  # in the title
    FULL = "name is full"  # the hints' words
    DONE = "ok: name done"

    def __init__(self, app, name, done):
        ui.Screen.__init__(self, app)
        self.title = self.WORD  # (draw adds the group being typed)
        self.chars = list(name)  # kept characters
        self.cur = None  # the character being chosen, None: an empty place
        self.done = done
        self.charset = "".join(self.GROUPS)

    def text(self):
        return "".join(self.chars) + (self.cur or "")

    def room(self, text=None):
        """Display characters left after text (default: the kept characters;
        roster.NAME_LEN in all)."""
        return NAME_LEN - names.width("".join(self.chars) if text is None else text)

    def clean(self, text):
        """The text as kept; ValueError while it is not one."""
        return roster.clean(text)

    def on_nav(self, name, kind):
        if name in ("up", "down"):
            d = 1 if name == "up" else -1
            if self.cur is None:
                if self.room() <= 0:
                    return
                group = self.GROUPS[1 if self.chars else 0]  # A-Z first, then a-z
                self.cur = group[0] if d > 0 else group[-1]
                if kind != "press":
                    self.cur = group_start(self.cur, d, self.GROUPS)
            elif kind == "press":
                self.cur = next_char(self.cur, d, self.charset)
            else:
                self.cur = group_start(self.cur, d, self.GROUPS)
        elif name == "ok" and kind == "press" and self.cur is not None and self.room(self.text()) > 0:
            self.chars.append(self.cur)
            self.cur = None
        elif name == "ok" and kind in ("press", "long"):
            self.finish()
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

    def finish(self):
        try:
            name = self.clean(self.text())
        except ValueError:
            return  # nothing entered yet: stay
        self.app.pop()
        self.done(name)

    def group(self):
        """The group being typed: the character's, or on an empty place the one
        up/down start in (A-Z first, then a-z)."""
        if self.cur is None:
            return 1 if self.chars else 0
        return group_of(self.cur, self.GROUPS)

    def hints(self):
        """Four lines under the name: the character in words (a mark, a space), then
        what the buttons do now."""
        cur = self.cur
        g = self.group()
        hold = "hold: " + self.GROUP_NAMES[(g + 1) % len(self.GROUPS)]
        if cur is not None:
            what = "space" if cur == " " else mark(cur) and "%s %s" % (names.to_ascii(cur), mark(cur))
            return [what or "", hold, "ok: keep it", "back: clear"]
        if self.room() <= 0:
            return ["", self.FULL, self.DONE, "back: delete"]
        if not self.chars:
            return ["", "up: A  down: Z", hold, "back: cancel"]
        return ["", "up: a  down: z", self.DONE, "back: delete"]

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
        for i, line in enumerate(self.hints()):  # 8 pixels a line: four under the name
            canvas.text(line, 0, HINTS_Y + 8 * i)


HINTS_Y = 31  # the first hint line: under a name drawn twice the size and its underline
