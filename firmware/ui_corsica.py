"""Battle of Corsica setups: players and the tap settings, then the referee
(ui_referee.py, real cards) or the virtual deck (ui_deck.py).

The settings shown ("tie_window_us", "tie_break", "slap_window_ms" for the deck,
"out_at_3" for the referee, the deck's "variants") are lines of settings.TABLE.
"""
import ui_form
from corsica import MAX_PLAYERS, MIN_PLAYERS, VARIANTS


class _Setup(ui_form.Form):
    """Players and the tap settings; the last line starts the game."""

    MODULES = ("ui_corsica", "corsica") + ui_form.FORM_MODULES

    START = "Start"

    def __init__(self, app, title, keys):
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, app.out.players))
        ui_form.Form.__init__(self, app, title, keys + ["start"])

    def label(self, key):
        if key == "players":
            return "Players"
        if key == "start":
            return self.START
        return ui_form.Form.label(self, key)

    def value(self, key):
        if key == "players":
            return str(self.players)
        return ui_form.Form.value(self, key)

    def change(self, key, delta):
        if key == "players":
            hi = max(MIN_PLAYERS, min(MAX_PLAYERS, self.app.out.players))
            self.players = max(MIN_PLAYERS, min(hi, self.players + (1 if delta > 0 else -1)))
            return
        ui_form.Form.change(self, key, delta)
        self.app.save()


class RefereeSetup(_Setup):
    def __init__(self, app):
        _Setup.__init__(self, app, "Corsica referee",
                        ["players", "tie_window_us", "tie_break", "out_at_3"])

    def choose(self, index):
        self.app.push(self.app.screen("referee", self.players))


class DeckSetup(_Setup):
    START = "Deal"

    def __init__(self, app):
        _Setup.__init__(self, app, "Corsica deck",
                        ["players", "tie_window_us", "tie_break", "slap_window_ms"]
                        + list(VARIANTS))

    def choose(self, index):
        import ui_deck  # loaded only for a virtual-deck game

        self.app.push(ui_deck.deal(self.app, self.players))
