"""Battle of Corsica setups: players and the tap settings, then the referee
(ui_referee.py, real cards) or the virtual deck (ui_deck.py).

The settings shown ("tie_window_us", "tie_break", "slap_window_ms" for the deck,
"out_at_3" for the referee, the deck's "variants") are lines of settings.TABLE.
"""

import ui_form
from corsica import MAX_PLAYERS, MIN_PLAYERS, VARIANTS


class _Setup(ui_form.Form):
    """Players and the tap settings, a line per seat (ok: pick a name from the roster
    or enter one, as for I Go); the last line starts the game."""

    MODULES = ("ui_corsica", "corsica") + ui_form.FORM_MODULES

    START = "Start"

    def __init__(self, app, title, keys):
        import roster

        app.transient("roster")  # not kept under the game: it needs the seats only
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, app.out.players))
        self.seated = roster.seats(app.roster, MAX_PLAYERS)
        self.keys = keys
        ui_form.Form.__init__(self, app, title, [])
        self._lines()

    def _lines(self):
        self.items = self.keys + list(range(self.players)) + ["start"]

    def choose(self, index):
        key = self.items[index]
        if type(key) is int:
            self.app.push(self.app.screen("seat", key, self.seated[: self.players], self.pick))
            return
        import roster

        self.app.transient("roster")
        roster.seat(self.app, self.seated[: self.players])
        self.start()

    def pick(self, seat, name):
        """Seat a name; one seated (or waiting) elsewhere changes places with it."""
        if name in self.seated:
            self.seated[self.seated.index(name)] = self.seated[seat]
        self.seated[seat] = name

    def label(self, key):
        if type(key) is int:
            return "%d %s" % (key + 1, self.seated[key])
        if key == "players":
            return "Players"
        if key == "start":
            return self.START
        return ui_form.Form.label(self, key)

    def value(self, key):
        if key == "players":
            return str(self.players)
        if type(key) is int:
            return None  # a seat: ok opens its picker
        return ui_form.Form.value(self, key)

    def change(self, key, delta):
        if key == "players":
            hi = max(MIN_PLAYERS, min(MAX_PLAYERS, self.app.out.players))
            self.players = max(MIN_PLAYERS, min(hi, self.players + (1 if delta > 0 else -1)))
            self._lines()
            return
        ui_form.Form.change(self, key, delta)
        self.app.save()


class RefereeSetup(_Setup):
    def __init__(self, app):
        _Setup.__init__(self, app, "Corsica referee", ["players", "tie_window_us", "tie_break", "out_at_3"])

    def start(self):
        self.app.push(self.app.screen("referee", self.players))


class DeckSetup(_Setup):
    START = "Deal"

    def __init__(self, app):
        _Setup.__init__(
            self, app, "Corsica deck", ["players", "tie_window_us", "tie_break", "slap_window_ms"] + list(VARIANTS)
        )

    def start(self):
        import ui_deck  # loaded only for a virtual-deck game

        self.app.push(ui_deck.deal(self.app, self.players))
