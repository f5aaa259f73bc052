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

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        lines = self.rows(canvas.width // 8 - 1)
        ui.draw_rows(canvas, lines, ui.scroll_top(self.index, len(lines)), self.index)

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
            # A long value shortens the label, never itself: "Deal <Annabell>".
            lines.append("%s %s" % (self.label(key)[: max(1, chars - 1 - len(value))], value))
        return lines


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
        (`swapped`)."""
        if name in self.seated:
            other = self.seated.index(name)
            self.seated[other] = self.seated[seat]
            self.seated[seat] = name
            self.swapped(seat, other)
        self.seated[seat] = name

    def swapped(self, a, b):
        """Seats a and b changed places (a subclass's lines that name a seat follow)."""

    def start(self):
        """ok on Start: the subclass starts its game."""
