"""Battle of Corsica setups: players and the tap settings, then the referee
(ui_referee.py, real cards) or the virtual deck (ui_deck.py).

The settings shown ("tie_window_us", "tie_break", "slap_window_ms" for the deck,
"out_at_3" for the referee, the deck's "variants") are lines of settings.TABLE.
"""

import ui_form
from corsica import MAX_PLAYERS, MIN_PLAYERS, VARIANTS


class _Setup(ui_form.SetupForm):
    """Players and the tap settings (saved when an edit ends), a line per seat (ok: pick a name
    from the roster or enter one, as for I Go); the last line starts the game."""

    MODULES = ("ui_corsica",) + ui_form.FORM_MODULES

    def __init__(self, app, title, keys):
        import roster

        # Not kept under the game: the setup needs the seats only, and corsica's
        # numbers were read at import (the virtual deck's game loads it again).
        app.transient("roster", "corsica", "corsica_cards")
        most = max(MIN_PLAYERS, min(MAX_PLAYERS, app.out.players))
        seated = roster.seats(app.roster, MAX_PLAYERS)
        ui_form.SetupForm.__init__(self, app, title, keys, app.out.players, MIN_PLAYERS, most, seated)

    def choose(self, index):
        if self.items[index] == "start":
            import roster

            self.app.transient("roster")
            roster.seat(self.app, self.names())
        ui_form.SetupForm.choose(self, index)

    def edited(self, key):
        if key != "players":
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
        self.app.push(self.app.screen("deck", self.players))
