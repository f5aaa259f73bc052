"""I Go / Corsari match setup: players, target, who starts (deals), the players'
names, the age order. Loaded while these screens are open (their MODULES): the match
screens are ui_igo.py, the name picker and editor ui_names.py.
"""

from ..rules.igo_scoring import MAX_PLAYERS, default_target
from . import ui, ui_form
from .ui import clamp

MIN_PLAYERS = 2
RULE_NAMES = {"igo": "I Go", "corsari": "Corsari"}
DRAW = -1  # `first`: the device draws who starts / deals


class Setup(ui_form.SetupForm):
    """New match: players, target, who starts (deals) or a draw, a line per seat (ok:
    pick a name from the roster or enter one), then the age order (Corsari).

    The seats are the last group's (roster.seats; a fresh device: P1..Pn), and Starts /
    Deals the player that group's setup chose (app.starts) while that player sits at
    the table; else a draw, as I Go's rules say ("randomly determine a start
    player"; Corsari's say nothing: the same). The line under the list says which
    ("as last time" / "new table: draw") until it is changed, and for every other
    line what ok does there."""

    MODULES = ("ui_igo_setup", "roster") + ui_form.FORM_MODULES
    HINT_ROWS = 1

    def __init__(self, app, rules, players=None):
        from ..storage import roster

        self.rules = rules
        most = MAX_PLAYERS[rules]
        key = "igo_target" if rules == "igo" else "corsari_target"
        self.target = app.settings[key] or None  # None: Corsari automatic
        ui_form.SetupForm.__init__(
            self,
            app,
            RULE_NAMES[rules] + " setup",
            ["players", "target", "first"],
            players or app.settings["players"],
            MIN_PLAYERS,
            most,
            roster.seats(most, app.seated),  # a name for every possible seat: the last group, then P1..
        )
        names = self.names()
        kept = app.starts in names  # the last group's starter, at the table again
        self.first = names.index(app.starts) if kept else DRAW
        self.said = "as last time" if kept else "new table: draw"  # until Starts changes

    def label(self, key):
        if key == "first":
            return "Starts" if self.rules == "igo" else "Deals"
        if key == "target":
            return "Target"
        return ui_form.SetupForm.label(self, key)

    def value(self, key):
        if key == "target":
            if self.target is None:
                return "%d auto" % default_target(self.rules, self.players)
            return str(self.target)
        if key == "first":
            return "draw" if self.first == DRAW else self.names()[self.first]
        return ui_form.SetupForm.value(self, key)

    def change(self, key, delta):
        if key == "players":
            ui_form.SetupForm.change(self, key, delta)
            self.first = min(self.first, self.players - 1)
        elif key == "target":
            unit = 1 if self.rules == "igo" else 10
            t = self.target or default_target(self.rules, self.players)
            self.target = clamp(t + unit * delta, 1, 990)
        elif key == "first":  # the players, then "draw"
            self.first = (self.first + 1 + (1 if delta > 0 else -1)) % (self.players + 1) - 1
            self.said = None

    def hint(self):
        """The line under the list: what the highlighted line is or what ok does."""
        key = self.items[self.index]
        if key == "first" and self.said:
            return self.said
        if type(key) is int:
            return "ok: pick a name"
        if key == "players":
            return "ok: %d to %d" % (self.fewest, self.most)
        if key == "start":
            return "ok: start"
        return "ok: change"

    def swapped(self, a, b):
        """Starts / Deals names a player: it follows that player to the other seat."""
        if self.first in (a, b):
            self.first = b if self.first == a else a
        if self.first >= self.players:  # gone to a seat beyond the table: its seat stays
            self.first = a if self.first == b else b

    def start(self):
        self.app.settings["players"] = self.players
        names = self.names()
        if self.rules == "corsari":
            self.app.push(AgeOrder(self.app, names, self.begin))
        else:
            self.begin(None)

    def begin(self, youngest_first):
        app = self.app
        first, drawn = self.first, self.first == DRAW
        if drawn:
            from ..rules import rng

            app.transient("rng")  # (it stayed loaded under the whole match)
            first = rng.Rng(app.now_ms * 7919 + app.history.next_seq).below(self.players)
        note = None
        if drawn:
            note = (
                "Drawn",
                "%s %s (drawn by the device)." % (self.names()[first], "starts" if self.rules == "igo" else "deals"),
            )
        # The setup closes first: its modules are gone before the match's load.
        problem = app.open_match(self.rules, self.names(), self.target, youngest_first, first, drawn, note)
        if problem:
            app.notice("Not started", problem)


class AgeOrder(ui.Menu):
    """Corsari: pick the players youngest first (the zero rule needs it)."""

    MODULES = ("ui_igo_setup", "roster") + ui_form.FORM_MODULES

    def __init__(self, app, names, done):
        self.names = names
        self.order = []
        self.done = done
        ui.Menu.__init__(self, app, "Youngest?", [])
        self._refresh()

    def _refresh(self):
        self.left = [i for i in range(len(self.names)) if i not in self.order]
        self.items = [self.names[i] for i in self.left]
        self.index = 0
        self.title = "Youngest?" if not self.order else "Next youngest?"

    def choose(self, index):
        self.order.append(self.left[index])
        self._refresh()
        if len(self.left) == 1:
            order = self.order + self.left
            self.app.pop()
            self.done(order)

    def on_nav(self, name, kind):
        if name == "back" and kind == "press" and self.order:
            self.order.pop()
            self._refresh()
            self.app.invalidate()
            return
        ui.Menu.on_nav(self, name, kind)
