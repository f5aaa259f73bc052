"""Battle of Corsica setups: players and the tap settings, then the referee
(ui_referee.py, real cards) or the virtual deck (ui_deck.py).

The settings shown ("tie_window_us", "tie_break", "slap_window_ms" for the deck,
"out_at_3" for the referee, the deck's "variants") are lines of settings.TABLE.
"""

from ..rules.corsica_table import MAX_PLAYERS, MIN_PLAYERS, VARIANTS
from . import ui_form


class _Setup(ui_form.SetupForm):
    """Players and the tap settings (saved when an edit ends), a line per seat (ok: pick a name
    from the roster or enter one, as for I Go); the last line starts the game."""

    # roster: the seats at open and at Start; corsica_table: the numbers shown here
    # (not the game engine, which the referee does not use). Not kept under the referee.
    MODULES = ("ui_corsica", "roster", "corsica_table") + ui_form.FORM_MODULES  # type: tuple

    def __init__(self, app, title, keys):
        from ..storage import roster

        most = max(MIN_PLAYERS, min(MAX_PLAYERS, app.out.players))
        seated = roster.seats(MAX_PLAYERS, app.seated)
        # The last table's count (any game's setup), at most the board's player buttons.
        ui_form.SetupForm.__init__(self, app, title, keys, app.settings["players"], MIN_PLAYERS, most, seated)

    def choose(self, index):
        if self.items[index] == "start":
            from ..storage import roster

            self.app.settings["players"] = self.players  # the next setup opens with it
            roster.seat(self.app, self.names(), self.app.starts)  # (saved with the seats; the
            # I Go starter stays while that player sits)
        ui_form.SetupForm.choose(self, index)

    def edited(self, key):
        if key != "players":
            self.app.save()


class RefereeSetup(_Setup):
    """The referee's setup; with the last game's tallies on the flash, a line to go on
    with them (where the cursor starts), and Start asks before it sets them to 0."""

    def __init__(self, app):
        import os

        from ..storage import paths

        try:
            os.stat(app.path(paths.REFEREE))  # read by the referee when it goes on
            self.kept = True
        except OSError:
            self.kept = False
        _Setup.__init__(self, app, "Corsica referee", ["players", "tie_window_us", "tie_break", "out_at_3"])
        if self.kept:
            self.index = self.items.index("resume")

    def _lines(self):
        _Setup._lines(self)
        if getattr(self, "kept", None):
            self.items.insert(len(self.items) - 1, "resume")

    def label(self, key):
        return "Go on last game" if key == "resume" else _Setup.label(self, key)

    def value(self, key):
        return None if key == "resume" else _Setup.value(self, key)

    def choose(self, index):
        if self.items[index] == "resume":
            self.app.replace(self.app.screen("referee", self.players, None, None, True))
        else:
            _Setup.choose(self, index)

    def start(self):
        if self.kept:
            self.app.confirm("New game?", "Every tally back to 0? (The history keeps them.)", self.begin)
        else:
            self.begin()

    def begin(self):
        """The referee takes the setup's place: leaving it goes home."""
        self.app.replace(self.app.screen("referee", self.players))


class DeckSetup(_Setup):
    START = "Deal"
    # The deck's game engine, its saved form and saving, the tap judge, loaded after
    # the setup's first frame and kept for the deck (not loaded twice, and the deck opens with less to load).
    MODULES = _Setup.MODULES + ("corsica", "corsica_cards", "corsica_match", "matches_deck", "rng", "judge")

    def __init__(self, app):
        app.preload("table.storage.matches_deck")  # (which imports corsica_match, corsica)
        app.preload("table.rules.judge")
        _Setup.__init__(
            self, app, "Corsica deck", ["players", "tie_window_us", "tie_break", "slap_window_ms"] + list(VARIANTS)
        )

    def start(self):
        self.app.push(self.app.screen("deck", self.players))
