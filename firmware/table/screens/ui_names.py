"""Player names on the device: a seat's picker (the roster's recent names, a new
name, editing the name) and the name editor with the four navigation buttons.
Loaded while these screens are open (their MODULES).

Name editor (ui_text.py's, with a name's characters): letters, digits, space and
signs, then the Latin letters with marks, named under the letter (the font draws é as
e); an empty place starts at A (up) or Z (down), lower case after the first letter; a
long press or holding jumps five letters (A F K P U, a f k p u), then to the digits and
signs, the capitals with marks, the small ones. As it is typed, the first roster name,
else common first name (firstnames.py), that starts with it is offered: a long ok
takes it.

A name typed in a setup is offered first to its other seats (SeatPicker's `typed`:
the setup's list of the names typed in it).
"""

from ..rules import names
from ..storage import roster
from ..storage.roster import NAME_LEN
from . import ui, ui_text

MODULES = ("ui_names", "roster", "ui_text", "firstnames")

# The name editor's characters, in groups (a long press jumps to the next group):
# the letters five at a time, so that any letter is a few presses away.
GROUPS = (
    "ABCDE",
    "FGHIJ",
    "KLMNO",
    "PQRST",
    "UVWXYZ",
    "abcde",
    "fghij",
    "klmno",
    "pqrst",
    "uvwxyz",
    "0123456789 -.'&",
    "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØŒÙÚÛÜÝČŁŠŽ",
    "àáâãäåæçèéêëìíîïñòóôõöøœùúûüýÿßčłšž",
)
CHARSET = "".join(GROUPS)  # every character a name is typed from
# The editor's words for them (the title, "hold: f-j").
GROUP_NAMES = (
    "A-E",
    "F-J",
    "K-O",
    "P-T",
    "U-Z",
    "a-e",
    "f-j",
    "k-o",
    "p-t",
    "u-z",
    "0-9 signs",
    "A-Z marked",
    "a-z marked",
)

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


ROW = 15  # characters a menu line shows (128 pixels, the arrows' column left free)


def seated_at(name, seat):
    """A picker's line for a name seated at seat (0-based): "Ann (seat 1)", or for a
    name too long for that "Maximili seat 1": the seat always shows."""
    line = "%s (seat %d)" % (name, seat + 1)
    return line if names.width(line) <= ROW else "%s seat %d" % (name, seat + 1)


class SeatPicker(ui.Menu):
    """Who sits at seat i. It opens on the seat's player ("Ann (seat 1)", first: ok
    keeps it) or, on a seat nobody sits in yet (P1..), on "New name"; then "Edit", the
    names typed in this setup (`typed`, the setup's list: a name typed for one seat is
    offered to the others first) and the roster's. A name seated elsewhere says its
    seat, and ok on it asks before the two change places. pick(i, name) sets it.
    Holding ok on a roster name nobody sits under asks to forget it (roster.forget; a
    name in config.json comes back at the next start, and the question says so)."""

    MODULES = MODULES

    def __init__(self, app, seat, seated, pick, typed=None):
        self.seat = seat
        self.seated = seated
        self.pick = pick
        self.typed = typed if typed is not None else []
        here = seated[seat]
        known = self.typed + [n for n in app.roster if n not in self.typed]
        self.choices = ["+new", "+edit"]
        items = ["New name", "Edit " + here]
        if here in known:  # the seat's player first, the cursor on it
            self.choices.insert(0, here)
            items.insert(0, seated_at(here, seat))
        for name in known:
            if name == here:
                continue
            self.choices.append(name)
            if name in seated:
                items.append(seated_at(name, seated.index(name)))
            else:
                items.append(name)
        ui.Menu.__init__(self, app, "Seat %d" % (seat + 1), items)

    def choose(self, index):
        app = self.app
        choice = self.choices[index]
        if choice == "+new":
            app.replace(NameEditor(app, "", self.done))
        elif choice == "+edit":
            app.replace(NameEditor(app, self.seated[self.seat], self.done))
        elif choice == self.seated[self.seat]:
            app.pop()  # kept
        elif choice in self.seated:  # sits elsewhere: swap only after a yes
            self.ask_swap(choice, lambda: self.chosen(choice))
        else:
            self.chosen(choice)

    def ask_swap(self, name, yes):
        """name sits at another seat: ask before it changes places with this seat's."""
        there = self.seated.index(name) + 1
        question = "%s sits at seat %d. Swap %s and %s?" % (name, there, name, self.seated[self.seat])
        self.app.confirm("Swap seats", question, yes)

    def chosen(self, name):
        self.app.pop()
        self.pick(self.seat, name)

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
        if name != self.seated[self.seat] and name in self.seated:  # seated elsewhere
            self.ask_swap(name, lambda: self.pick(self.seat, name))
        else:
            self.pick(self.seat, name)


PAGE = 5  # positions a held up or down jumps


def line(count):
    """Where the options of a typed text lie (count of them, the most likely first):
    [position of option 0, of option 1, ...] on the editor's line, 0 the place the
    editor starts at, up +1 (held: +PAGE), down -1 (held: -PAGE), the line from
    -(count - 1) // 2 to count // 2. The likelier an option, the fewer presses away:
    0 is none, then +1, -1, +5, -5 (one press), +2, -2, +4, -4, +6, -6, +10, -10 (two)."""
    top, bottom = count // 2, -((count - 1) // 2)
    presses = {0: 0}
    todo = [0]
    i = 0
    while i < len(todo):
        at = todo[i]
        i += 1
        for step in (1, -1, PAGE, -PAGE):
            p = at + step
            if bottom <= p <= top and p not in presses:
                presses[p] = presses[at] + 1
                todo.append(p)
    return sorted(presses, key=lambda p: (presses[p], abs(p), -p))


class NameEditor(ui_text.TextEditor):
    """Enter a name with up/down/ok/back (ui_text.py), steered by the list of first
    names (firstnames.py); done(name) is called with the cleaned name. Up to
    roster.NAME_LEN characters as the display spells them.

    The options for what is kept (`opts`: the table's names, then the list's whole
    names and next letters, the most likely first) lie on a line (`line`): the most
    likely is shown at once after a new name's first frame and after each letter
    kept, the next likeliest one press of up, down or a held up or down away. The
    option shown (`cur`, drawn after the kept text, a whole name drawn whole): ok takes
    it (a letter is kept and the next options shown; a whole name is the name: done);
    holding ok: done with the name shown (the kept text and the option). Past the
    line's ends, the letters as ui_text has them (A.. up, Z.. down). back on an option:
    the letters (`letters`): from there on every key does what ui_text's editor does
    (1.2.0's editor: A.. up, Z.. down from an empty place, a held key five letters,
    hold ok done), so a name on no list costs at most that one press more than there,
    until ok on an empty place shows the options again. With no options (a name on no
    list) every key does what ui_text's editor does: ok on an empty place is done."""

    MODULES = MODULES
    GROUPS = GROUPS
    GROUP_NAMES = GROUP_NAMES
    START = ("AZ", "az")
    WORD = "Name"
    FULL = "name is full"
    DONE = "ok: name done"

    def __init__(self, app, text, done):
        ui_text.TextEditor.__init__(self, app, text, done)
        self.pos = None  # the option shown (cur) is at this position of the line; None: none, or a letter of the groups
        self.typed = None  # the kept text the options are for
        self.opts_kept = []  # (their cache: a press reads the list once)
        self.order = []  # line(len(opts)): the options' positions
        self.letters = False  # back on an option: the letters, until ok on an empty place
        if not text:
            self.show(0)

    def room(self, text=None):
        """Display characters left after text (default: the kept characters)."""
        return NAME_LEN - names.width("".join(self.chars) if text is None else text)

    def clean(self, text):
        return roster.clean(text)

    def opts(self):
        """The options shown for the kept text: none while typing letters (`letters`)."""
        return [] if self.letters else self.found()

    def found(self):
        """The options for the kept text (firstnames.options, the roster first): the
        letters among them that fit the room left."""
        typed = "".join(self.chars)
        if self.typed != typed:
            from . import firstnames

            room = self.room()
            found = [] if room <= 0 else firstnames.options(typed, self.app.roster)
            self.opts_kept = [o for o in found if len(o) > 1 or names.width(o) <= room]
            self.order = line(len(self.opts_kept))
            self.typed = typed
        return self.opts_kept

    def show(self, pos):
        """Show the option at position pos of the line; past its ends the letters
        (ui_text's: A, a up; Z, z down); no options: none (an empty place)."""
        opts = self.opts()
        if not opts:
            self.cur, self.pos = None, None
        elif pos in self.order:
            self.cur, self.pos = opts[self.order.index(pos)], pos
        else:
            self.cur, self.pos = self.starts()[0 if pos > 0 else 1], None
        self.app.invalidate()

    def text(self):
        cur = self.cur or ""
        return cur if len(cur) > 1 else "".join(self.chars) + cur  # a whole name is the name

    def on_nav(self, name, kind):
        if name == "back" and kind == "press" and self.pos is not None:  # an option shown
            self.letters = True
            self.cur = self.pos = None
            self.app.invalidate()
            return
        if name == "ok" and kind == "press" and self.letters and self.cur is None and self.found():
            self.letters = False  # the options again
            self.show(0)
            return
        opts = self.opts()
        cur = self.cur
        if name in ("up", "down") and opts and (cur is None or self.pos is not None):
            step = (1 if kind == "press" else PAGE) * (1 if name == "up" else -1)
            if cur is None:  # back on the line: the most likely (held: PAGE on)
                self.show(0 if kind == "press" else step)
            else:
                self.show(self.pos + step)
            return
        if name == "ok" and kind == "press" and cur is not None and len(cur) > 1:
            self.finish()
            return
        if name == "ok" and kind == "press" and cur is not None and self.room(self.text()) > 0:
            self.chars.append(cur)
            self.show(0)
            return
        if name == "ok" and kind == "long":
            if self.chars or len(self.text()) > 1:  # not a letter alone: a stray hold
                self.finish()
            return
        if name == "back" or name == "ok":
            self.pos = None
        ui_text.TextEditor.on_nav(self, name, kind)

    def hints(self):
        """Four lines under the text: what ok takes, what up and down show, what
        holding ok keeps, back."""
        opts = self.opts()
        if self.letters and self.cur is None and self.found():  # ok: the options again
            lines = ui_text.TextEditor.hints(self)
            lines[0] = "ok: likely"
            if self.chars:
                lines[2] = "hold ok: done"
            return lines
        if not opts or (self.cur is not None and self.pos is None):
            return ui_text.TextEditor.hints(self)
        if self.cur is None:  # cleared: ok keeps the text as it is
            kept = "".join(self.chars)
            first = self.DONE if kept else ""
            steps = "up/dn: " + self.spell(opts[0])
            hold = "hold ok: done" if kept else "hold up/dn: %d" % PAGE
            return [first, steps, hold, "back: delete" if kept else "back: cancel"]
        ends = self.starts()
        pos = self.pos
        first = "ok:" + self.spell(self.cur)
        up = self.spell(opts[self.order.index(pos + 1)]) if pos + 1 in self.order else ends[0]
        down = self.spell(opts[self.order.index(pos - 1)]) if pos - 1 in self.order else ends[1]
        steps = "up:%s dn:%s" % (up, down)
        if len(steps) > ROW + 1:
            steps = "up/dn: more"
        shown = names.to_ascii(self.text())
        hold = "hold ok:" + shown if self.chars or len(self.cur) > 1 else "hold up/dn: %d" % PAGE
        return [first, steps, hold, "back: letters"]

    def spell(self, option):
        """An option in a hint: a letter with its mark in words ("e acute")."""
        return self.describe(option) or names.to_ascii(option)

    def describe(self, ch):
        """A marked letter as the letter and its mark (the display cannot draw the mark)."""
        if len(ch) != 1:
            return ""
        m = mark(ch)
        return "%s %s" % (names.to_ascii(ch), m) if m else ui_text.TextEditor.describe(self, ch)

    def group(self):
        cur = self.cur
        if cur is not None and len(cur) > 1:
            cur = None
        return ui_text.group_of(cur or self.starts()[0], self.GROUPS)

    def draw(self, canvas):
        """As ui_text draws it; a whole name shown is drawn whole, the part after the
        kept text underlined; the title says "likely" while the options are shown."""
        cur = self.cur or ""
        likely = self.pos is not None or (self.cur is None and self.opts())
        group = "likely" if likely else self.GROUP_NAMES[self.group()]
        self.title = self.WORD + ": " + group
        ui.Screen.draw(self, canvas)
        kept = "".join(self.chars)
        if len(cur) > 1:  # a whole name
            same = names.to_ascii(cur[: len(kept)]).lower() == names.to_ascii(kept).lower()
            kept = cur[: len(kept)] if same else ""
            cur = cur[len(kept) :]
        shown = kept
        while shown and canvas.text_width(shown + "_", 1) > canvas.width:
            shown = shown[1:]  # a long text: its end, where the typing is
        scale = 2 if canvas.text_width(shown + (cur or "_"), 2) <= canvas.width else 1
        y = ui.TOP + 1
        canvas.text(shown, 0, y, scale)
        x = canvas.text_width(shown, scale)
        if cur:
            canvas.text(cur, x, y, scale)
        width = canvas.text_width(cur or " ", scale)
        if self.room() > 0 or len(self.cur or "") > 1:
            canvas.fill_rect(x, y + 8 * scale + 1, width, 2, 1)  # the place being chosen
        for i, line in enumerate(self.hints()):  # 8 pixels a line: four under the text
            canvas.text(line, 0, ui_text.HINTS_Y + 8 * i)
