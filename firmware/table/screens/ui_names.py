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
            items.insert(0, "%s (seat %d)" % (here, seat + 1))
        for name in known:
            if name == here:
                continue
            self.choices.append(name)
            if name in seated:
                items.append("%s (seat %d)" % (name, seated.index(name) + 1))
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


class NameEditor(ui_text.TextEditor):
    """Enter a name with up/down/ok/back (ui_text.py); done(name) is called with the
    cleaned name. Up to roster.NAME_LEN characters as the display spells them."""

    MODULES = MODULES
    GROUPS = GROUPS
    GROUP_NAMES = GROUP_NAMES
    START = ("AZ", "az")
    WORD = "Name"
    FULL = "name is full"
    DONE = "ok: name done"

    def room(self, text=None):
        """Display characters left after text (default: the kept characters)."""
        return NAME_LEN - names.width("".join(self.chars) if text is None else text)

    def clean(self, text):
        return roster.clean(text)

    def offer(self, typed):
        """The roster's, else a common, name that starts with what is typed."""
        from . import firstnames

        return firstnames.offer(typed, self.app.roster)

    def describe(self, ch):
        """A marked letter as the letter and its mark (the display cannot draw the mark)."""
        m = mark(ch)
        return "%s %s" % (names.to_ascii(ch), m) if m else ui_text.TextEditor.describe(self, ch)
