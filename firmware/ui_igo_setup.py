"""I Go / Corsari match setup: players, target, who starts (deals), the age order.
Loaded while these screens are open (their MODULES): the match screens are ui_igo.py.
"""
import ui
import ui_form
from igo_scoring import MAX_PLAYERS
from scoresheet import default_target
from ui import clamp

MIN_PLAYERS = 2
RULE_NAMES = {"igo": "I Go", "corsari": "Corsari"}


class Setup(ui_form.Form):
    """New match: players, target, who starts (deals), then the age order (Corsari)."""

    MODULES = ("ui_igo_setup", "config") + ui_form.FORM_MODULES

    def __init__(self, app, rules, players=None):
        self.rules = rules
        self.players = clamp(players or app.settings["players"], MIN_PLAYERS,
                             MAX_PLAYERS[rules])
        key = "igo_target" if rules == "igo" else "corsari_target"
        self.target = app.settings[key] or None  # None: Corsari automatic
        self.first = 0
        ui_form.Form.__init__(self, app, RULE_NAMES[rules] + " setup",
                         ["players", "target", "first", "start"])

    def names(self):
        import config

        return config.names(self.app.config, self.players)

    def label(self, key):
        if key == "first":
            return "Starts" if self.rules == "igo" else "Deals"
        return {"players": "Players", "target": "Target", "start": "Start"}[key]

    def value(self, key):
        if key == "players":
            return str(self.players)
        if key == "target":
            if self.target is None:
                return "%d auto" % default_target(self.rules, self.players)
            return str(self.target)
        if key == "first":
            return self.names()[self.first]
        return None

    def change(self, key, delta):
        if key == "players":
            self.players = clamp(self.players + (1 if delta > 0 else -1), MIN_PLAYERS,
                                 MAX_PLAYERS[self.rules])
            self.first = min(self.first, self.players - 1)
        elif key == "target":
            unit = 1 if self.rules == "igo" else 10
            t = self.target or default_target(self.rules, self.players)
            self.target = clamp(t + unit * delta, 1, 990)
        elif key == "first":
            self.first = (self.first + (1 if delta > 0 else -1)) % self.players

    def choose(self, index):
        app = self.app
        if app.match and not app.match.over:
            app.push(ui.Confirm(app, "New match", "End the match in progress?", self.start))
        else:
            self.start()

    def start(self):
        self.app.settings["players"] = self.players
        names = self.names()
        if self.rules == "corsari":
            self.app.push(AgeOrder(self.app, names, self.begin))
        else:
            self.begin(None)

    def begin(self, youngest_first):
        app = self.app
        app.start_match(self.rules, self.names(), self.target, youngest_first, self.first)
        app.home()
        app.push(app.screen("match"))


class AgeOrder(ui.Menu):
    """Corsari: pick the players youngest first (the zero rule needs it)."""

    MODULES = ("ui_igo_setup", "config") + ui_form.FORM_MODULES

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
