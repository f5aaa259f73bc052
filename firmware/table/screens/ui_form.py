"""A settings list (`Form`) for the setup and settings screens, and a new game's
setup form with a line per seat (`SetupForm`): loaded with them (their MODULES name
it), not kept in RAM through a game.
"""

from . import ui

FORM_MODULES = ("ui_form", "settings")  # what a form screen loads besides its own module


def lookup(key):
    """A form line's key in settings.TABLE: (line, None) for a setting, (line, text)
    for one flag of a flags setting, (None, None) for a key of the screen's own.
    settings.py is loaded by the first form line that is a setting (the I Go and
    Corsari setups have none: they open without it)."""
    from ..storage import settings

    line = settings.find(key)
    if line is not None:
        return line, None
    for line in settings.TABLE:
        spec = line[3]
        if spec[0] == "flags":
            for value, text in spec[1:]:
                if value == key:
                    return line, text
    return None, None


def value_text(spec, value):
    """How a setting's value is shown (spec: its settings.TABLE spec)."""
    if type(spec[0]) is int:
        if len(spec) > 3 and spec[3] and value == spec[0]:
            return spec[3]
        return spec[4] % value if len(spec) > 4 else str(value)
    for choice, text in spec:
        if type(value) is type(choice) and value == choice:
            return text
    return str(value)


def stepped(spec, value, delta):
    """The value after up (delta > 0) or down (delta < 0): an int moves by delta
    steps within its range, a choice to the next one."""
    if type(spec[0]) is int:
        return ui.clamp(value + spec[2] * delta, spec[0], spec[1])
    choices = [c for c, _ in spec]
    i = 0
    for j in range(len(choices)):
        if type(value) is type(choices[j]) and value == choices[j]:
            i = j
    return choices[(i + (1 if delta > 0 else -1)) % len(choices)]


def toggled(spec, value, flag):
    """A flags value with one flag switched on or off (kept in table order)."""
    return [v for v, _ in spec[1:] if (v == flag) != (v in value)]


class Form(ui.Menu):
    """A list of settings: ok on a line starts editing it (shown as `< value >`),
    up/down then change the value (long press: by 10), ok or back end the edit.

    A line is a key: a setting of settings.TABLE (or one flag of a flags setting),
    shown and changed as the table says, in app.settings; or the subclass's own key,
    for which it implements `label(key)`, `value(key)` (text) and `change(key,
    delta)`. `edited(key)` is called when an edit ends. A key without a value (value
    returns None) is an action: ok calls `choose(index)`.

    HINT_ROWS > 0: the list takes the rows above a line and `hint()`, what the
    highlighted line is or what its keys do, wrapped into HINT_ROWS lines of 16
    characters under it.
    """

    editing = False
    HINT_ROWS = 0
    EDIT_HINT = "up/down, ok: set"  # the hint while a value is edited

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
        line, flag = lookup(key)
        return flag or (line[1] if line else key)

    def value(self, key):
        line, flag = lookup(key)
        if line is None:
            return None
        v = self.app.settings[line[0]]
        if flag:
            return "on" if key in v else "off"
        return value_text(line[3], v)

    def change(self, key, delta):
        line, flag = lookup(key)
        if line is not None:
            s = self.app.settings
            k = line[0]
            s[k] = toggled(line[3], s[k], key) if flag else stepped(line[3], s[k], delta)

    def edited(self, key):
        pass

    def hint(self):
        """The hint under the list (HINT_ROWS > 0): the subclass's."""
        return ""

    def edit_hint(self):
        """The hint while a value is edited: its keys."""
        return self.EDIT_HINT

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        lines = self.rows(canvas.width // 8 - 1)
        if not self.HINT_ROWS:
            ui.draw_rows(canvas, lines, ui.scroll_top(self.index, len(lines)), self.index)
            return
        rows = ui.ROWS - self.HINT_ROWS
        top = ui.clamp(self.index - rows // 2, 0, max(0, len(lines) - rows))
        ui.draw_rows(canvas, lines[top : top + rows], 0, self.index - top)
        ui.draw_more(
            canvas, top > 0, top + rows < len(lines), self.index == top, self.index == top + rows - 1, 0, rows - 1
        )
        canvas.hline(0, ui.row_y(rows) - 1, canvas.width, 1)
        hint = self.edit_hint() if self.editing else self.hint()
        for i, line in enumerate(ui.wrap(hint, canvas.width // 8)[: self.HINT_ROWS]):
            canvas.text(line, 0, ui.row_y(rows + i))

    def rows(self, chars):
        """The form's lines as shown, "label value", at most chars characters."""
        lines = []
        for key in self.items:
            value = self.value(key)
            if value is None:
                lines.append(self.label(key))
                continue
            if self.editing and key == self.items[self.index]:
                value = "<%s>" % value
            lines.append(fit(self.label(key), value, chars))
        return lines


def fit(label, value, chars):
    """A form line "label value" in chars characters: a long value shortens the label,
    never itself, and the label keeps whole words ("Tie gap <1000us>" reads "Tie
    <1000us>", never "Tie ga"); no word fits: the value alone."""
    room = chars - 1 - len(value)
    while len(label) > room:
        cut = label.rfind(" ", 0, len(label))
        if cut < 0:
            return value
        label = label[:cut]
    return label + " " + value


class SetupForm(Form):
    """A new game's form: its own lines (`keys`; "players" is the player count, from
    `fewest` to `most`), a line per seat (ok: the seat's picker, app.screen("seat")),
    then Start: ok calls `start()`. `seated` names every seat that can be played,
    the first `players` sit; `typed` the names typed in this setup (a seat's picker
    offers them first)."""

    START = "Start"

    def __init__(self, app, title, keys, players, fewest, most, seated):
        self.keys = keys
        self.fewest, self.most = fewest, most
        self.players = ui.clamp(players, fewest, most)
        self.seated = seated
        self.typed = []  # names typed in this setup: each seat's picker offers them first
        Form.__init__(self, app, title, [])
        self._lines()

    def _lines(self):
        self.items = self.keys + list(range(self.players)) + ["start"]

    def names(self):
        return self.seated[: self.players]

    def label(self, key):
        if type(key) is int:
            return "%d %s" % (key + 1, self.seated[key])
        if key == "players":
            return "Players"
        if key == "start":
            return self.START
        return Form.label(self, key)

    def value(self, key):
        if key == "players":
            return str(self.players)
        return None if type(key) is int or key == "start" else Form.value(self, key)

    def change(self, key, delta):
        if key == "players":
            self.players = ui.clamp(self.players + (1 if delta > 0 else -1), self.fewest, self.most)
            self._lines()
        else:
            Form.change(self, key, delta)

    def choose(self, index):
        key = self.items[index]
        if type(key) is int:
            self.app.push(self.app.screen("seat", key, self.names(), self.pick, self.typed))
        else:
            self.start()

    def pick(self, seat, name):
        """Seat a name; one seated (or waiting) elsewhere changes places with it
        (`swapped`); the cursor goes on to the next line (the next seat, or Start)."""
        if name in self.seated:
            other = self.seated.index(name)
            self.seated[other] = self.seated[seat]
            self.seated[seat] = name
            self.swapped(seat, other)
        self.seated[seat] = name
        if seat in self.items:  # on to the next line: the next seat, after the last Start
            self.index = self.items.index(seat) + 1

    def swapped(self, a, b):
        """Seats a and b changed places (a subclass's lines that name a seat follow)."""

    def start(self):
        """ok on Start: the subclass starts its game."""
