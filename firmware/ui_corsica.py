"""Battle of Corsica setups: players and the tap settings, then the referee
(ui_referee.py, real cards) or the virtual deck (ui_deck.py).

Settings (app.settings): "tie_window_us", "tie_break" ("random" | "reslap"),
"slap_window_ms" (deck), "out_at_3" (referee), "variants" (list of corsica.VARIANTS
for the virtual deck).
"""
import ui_form
from corsica import MAX_PLAYERS, MIN_PLAYERS, VARIANTS

VARIANT_LABEL = {"sandwich": "Sandwich", "sequence": "Sequence", "sum10": "Sum 10"}


class _Setup(ui_form.Form):
    """Players and the tap settings, a line per seat (ok: pick a name from the roster
    or enter one, as for I Go); the last line starts the game."""

    MODULES = ("ui_corsica", "ui_form", "corsica", "roster")

    START = "Start"

    def __init__(self, app, title, keys):
        import roster

        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, app.player_buttons))
        self.seated = roster.seats(app.roster, MAX_PLAYERS)
        self.keys = keys
        ui_form.Form.__init__(self, app, title, [])
        self._lines()

    def _lines(self):
        self.items = self.keys + list(range(self.players)) + ["start"]

    def choose(self, index):
        key = self.items[index]
        if type(key) is int:
            self.app.push(self.app.screen("seat", key, self.seated[:self.players], self.pick))
            return
        self.app.seat_players(self.seated[:self.players])
        self.start()

    def pick(self, seat, name):
        """Seat a name; one seated (or waiting) elsewhere changes places with it."""
        if name in self.seated:
            self.seated[self.seated.index(name)] = self.seated[seat]
        self.seated[seat] = name

    def label(self, key):
        if type(key) is int:
            return "%d %s" % (key + 1, self.seated[key])
        if key in VARIANT_LABEL:
            return VARIANT_LABEL[key]
        return {"players": "Players", "tie_window_us": "Tie us", "tie_break": "Ties",
                "slap_window_ms": "Slap ms", "out_at_3": "Out at 3",
                "start": self.START}[key]

    def value(self, key):
        s = self.app.settings
        if key == "players":
            return str(self.players)
        if key == "tie_window_us":
            return str(s["tie_window_us"])
        if key == "tie_break":
            return "re-slap" if s["tie_break"] == "reslap" else "random"
        if key == "slap_window_ms":
            return str(s[key])
        if key == "out_at_3":
            return "on" if s[key] else "off"
        if key in VARIANT_LABEL:
            return "on" if key in s.get("variants", ()) else "off"
        return None

    def change(self, key, delta):
        s = self.app.settings
        if key == "players":
            hi = max(MIN_PLAYERS, min(MAX_PLAYERS, self.app.player_buttons))
            self.players = max(MIN_PLAYERS, min(hi, self.players + (1 if delta > 0 else -1)))
            self._lines()
            return
        if key == "tie_window_us":
            s[key] = max(100, min(50000, s[key] + 100 * delta))
        elif key == "tie_break":
            s[key] = "reslap" if s[key] == "random" else "random"
        elif key == "slap_window_ms":
            s[key] = max(0, min(3000, s[key] + 100 * delta))
        elif key == "out_at_3":
            s[key] = not s[key]
        else:
            on = s.get("variants", ())
            s["variants"] = [v for v in VARIANTS if (v == key) != (v in on)]
        self.app.save()


class RefereeSetup(_Setup):
    def __init__(self, app):
        _Setup.__init__(self, app, "Corsica referee",
                        ["players", "tie_window_us", "tie_break", "out_at_3"])

    def start(self):
        self.app.push(self.app.screen("referee", self.players))


class DeckSetup(_Setup):
    START = "Deal"

    def __init__(self, app):
        _Setup.__init__(self, app, "Corsica deck",
                        ["players", "tie_window_us", "tie_break", "slap_window_ms"]
                        + list(VARIANTS))

    def start(self):
        import ui_deck  # loaded only for a virtual-deck game

        self.app.push(ui_deck.deal(self.app, self.players))
