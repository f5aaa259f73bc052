"""The Continue list: the saved I Go / Corsari matches, most recently played first,
two lines each (the game, the round to play and the leader; the players). ok on a
match: resume it (a finished one opens on its game over: viewable until deleted) or
delete it (with confirmation). Loaded while these screens are open (their MODULES).
"""
import matches
import ui
from ui import LINE_H, row_y

GAME_NAMES = {"igo": "I Go", "corsari": "Corsari"}
PER_SCREEN = ui.ROWS // 2  # matches shown at once


def leaders(entry):
    """The leading players of a summary: the winners once over, else I Go the most
    points, Corsari the lowest total; [] before the first round."""
    if entry["over"]:
        return list(entry["winners"])
    if not entry["rounds"]:
        return []
    totals = entry["totals"]
    best = max(totals) if entry["rules"] == "igo" else min(totals)
    return [i for i in range(len(totals)) if totals[i] == best]


def headline(entry):
    """"I Go R4 Ann 3": the game, the round to play and the leader (with '+' when
    others share the lead); a finished match: "I Go over Ann"."""
    names = entry["names"]
    lead = leaders(entry)
    game = GAME_NAMES[entry["rules"]]
    who = names[lead[0]][:6] + ("+" if len(lead) > 1 else "") if lead else ""
    if entry["over"]:
        return "%s over %s" % (game, who)
    text = "%s R%d" % (game, entry["rounds"] + 1)
    if who:
        text += " %s %d" % (who, entry["totals"][lead[0]])
    return text


def players_line(entry, chars=16):
    """The players, each name cut so that all fit on one line."""
    names = entry["names"]
    width = max(2, (chars + 1) // len(names) - 1)
    return " ".join(n[:width] for n in names)[:chars]


class Continue(ui.Screen):
    """The saved matches; up/down choose, ok: resume or delete, back: home."""

    MODULES = ("ui_matches", "matches")

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.title = "Continue"
        self.index = 0
        self.entries = []

    def enter(self):
        self.entries = self.app.saved().entries()
        if not self.entries:
            self.app.pop()
            return
        self.index = min(self.index, len(self.entries) - 1)

    def on_nav(self, name, kind):
        n = len(self.entries)
        if name in ("up", "down") and n:
            self.index = (self.index + (1 if name == "down" else -1)) % n
            self.app.invalidate()
        elif name == "ok" and kind == "press" and n:
            self.app.push(MatchActions(self.app, self.entries[self.index]))
        else:
            ui.Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        self.title = "Continue %d/%d" % (self.index + 1, len(self.entries))
        ui.Screen.draw(self, canvas)
        top = max(0, min(self.index - 1, len(self.entries) - PER_SCREEN))
        for k in range(min(PER_SCREEN, len(self.entries) - top)):
            i = top + k
            y = row_y(2 * k)
            colour = 1
            if i == self.index:
                canvas.fill_rect(0, y - 1, canvas.width, 2 * LINE_H, 1)
                colour = 0
            canvas.text(headline(self.entries[i])[:16], 0, y, 1, colour)
            canvas.text(" " + players_line(self.entries[i], 15), 0, y + LINE_H, 1, colour)


class MatchActions(ui.Menu):
    """Resume (or view) a saved match, or delete it."""

    MODULES = ("ui_matches", "matches")

    def __init__(self, app, entry):
        self.entry = entry
        ui.Menu.__init__(self, app, headline(entry)[:16],
                         ["View" if entry["over"] else "Resume", "Delete"])

    def choose(self, index):
        app = self.app
        if index == 0:
            problem = matches.resume(app, self.entry["id"])
            if problem:
                app.pop()
                app.notice("Notice", problem)
                return
            app.home()
            app.push(app.screen("match"))
        else:
            app.push(ui.Confirm(app, "Delete match", "Delete %s (%s)? Its history stays."
                                % (GAME_NAMES[self.entry["rules"]],
                                   " ".join(self.entry["names"])), self.delete))

    def delete(self):
        app = self.app
        problem = matches.delete(app, self.entry["id"])
        app.pop()  # back to the list (it closes itself when empty)
        if problem:
            app.storage_failed(problem)
