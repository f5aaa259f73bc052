"""I Go / Corsari round entry: the round menu, who ended, the penalties, the review,
a void round, undo/redo, the match's delete. Loaded while these screens are open
(over the match screen, ui_match.py). The setup before a match is ui_igo_setup.py,
the score sheet ui_sheet.py, the game over ui_igo_over.py and the hand calculator
ui_hand.py: each is loaded while its screens are open.

Every confirmed change goes through `app.match` (scoresheet.Sheet) and is followed
by `app.save()`, so a power cut loses at most the round being entered.
"""

from . import ui
from .ui import ROWS, clamp, row_y

MAX_PENALTY = 199  # above any 12-card hand


class MatchMenu(ui.Menu):
    """What to do next in the match. It opens on Enter round; Score sheet is the last
    line, so up from Enter round (a list wraps) lands on it, never on Delete match
    or Undo round."""

    MODULES = ("ui_igo",)

    def __init__(self, app):
        ui.Menu.__init__(self, app, "Round", [])

    def enter(self):
        sheet = self.app.match
        if sheet is None:
            self.app.pop()
            return
        self.actions = ["round", "void", "hand"]
        if sheet.rounds:
            self.actions.append("undo")
        if sheet.can_redo():
            self.actions.append("redo")
        self.actions += ["end", "sheet"]  # the destructive lines away from both ends
        self.items = [ACTION_LABELS[a] for a in self.actions]
        self.index = min(self.index, len(self.items) - 1)

    def choose(self, index):
        app = self.app
        action = self.actions[index]
        if action == "round":
            app.replace(RoundEnder(app))
        elif action == "void":
            app.replace(VoidEntry(app))
        elif action == "hand":
            app.push(app.screen("hand"))
        elif action == "sheet":
            app.push(app.screen("sheet"))
        elif action == "undo":
            from . import ui_undo

            ui_undo.confirm_undo(app)
        elif action == "redo":
            from . import ui_undo

            ui_undo.confirm_redo(app)
        elif action == "end":
            from ..storage import matches

            app.transient("matches")
            question = matches.delete_question(matches.summary(app.match, 0))
            app.confirm("Delete match", question, lambda: end_match(app), True)


ACTION_LABELS = {
    "round": "Enter round",
    "void": "Void round",
    "hand": "Hand calc",
    "sheet": "Score sheet",
    "undo": "Undo round",
    "redo": "Redo round",
    "end": "Delete match",
}


def end_match(app):
    """Delete the match being played from the saved matches (Continue can restore it
    until the next delete)."""
    from ..storage import matches_app

    app.transient("matches_app")
    problem = matches_app.delete(app, app.match.game, app.match.rules)
    app.home()
    if problem:
        app.storage_failed(problem)


class RoundEnder(ui.Menu):
    """Round entry, step 1: who ended the round (said I Go)."""

    MODULES = ("ui_igo",)

    def __init__(self, app):
        ui.Menu.__init__(self, app, "Who ended?", list(app.match.names))

    def choose(self, index):
        self.app.push(PenaltyEntry(self.app, index))


class PenaltyEntry(ui.Screen):
    """Round entry, step 2: each player's penalty, the ender first, then in turn
    order. up/down: +-1, long press / repeat: +-10; ok: next player;
    long ok: the hand calculator for this player (ok on its result uses the hand and
    goes on to the next player); back: previous player. A penalty from a hand
    changed here says so ("typed (hand 12)"); the calculator opens on that hand again.
    Hands entered in the calculator are kept for the round (ui_hand.RoundHands, made
    on the first use: its code is loaded only for rounds entered from hands).
    A past round's penalties (route "penalties", from ui_round): `penalties` its
    values, `edit` its index; the last ok opens the change's review instead."""

    MODULES = ("ui_igo",)

    def __init__(self, app, ender, penalties=None, edit=None):
        ui.Screen.__init__(self, app)
        self.ender = ender
        self.edit = edit
        n = len(app.match.names)
        self.order = [(ender + k) % n for k in range(n)]
        self.penalties = list(penalties or [0] * n)
        self.confirmed = [penalties is not None] * n  # penalty passed with ok (announced)
        self.pos = 0
        self.hands = None  # ui_hand.RoundHands once the calculator was used

    def player(self):
        return self.order[self.pos]

    def set_penalty(self, value):
        p = self.player()
        if self.hands and self.hands.cards[p]:  # typed over: no longer the hand's, and
            self.hands.typed_over(p, self.penalties[p])  # the hint says so (the hand is kept)
        self.penalties[p] = clamp(value, 0, MAX_PENALTY)
        self.app.invalidate()

    def next_player(self):
        """The player's penalty is confirmed (ok, or the hand used in the calculator):
        the next player's, or after the last the review."""
        self.confirmed[self.player()] = True
        if self.pos + 1 < len(self.order):
            self.pos += 1
            self.app.invalidate()
        elif self.hands:  # announced penalties may change the engine's pick
            self.hands.rearrange()  # its garbage collected before the review opens
            self.app.next_pass(self.review)
        else:
            self.review()

    def on_nav(self, name, kind):
        p = self.player()
        if name in ("up", "down"):
            d = ui.step(kind)
            self.set_penalty(self.penalties[p] + (d if name == "up" else -d))
        elif name == "ok" and kind == "press":
            self.next_player()
        elif name == "ok" and kind == "long":
            self.app.push(self.app.screen("round_hand", self, p))
        elif name == "back" and kind == "press":
            if self.pos:
                self.pos -= 1
                self.app.invalidate()
            else:
                self.app.pop()

    def review(self):
        """The penalties are in: the round's review (a change's, when editing)."""
        if self.edit is None:
            self.app.push(RoundReview(self.app, self.ender, list(self.penalties)))
        else:
            change = {"ender": self.ender, "penalties": list(self.penalties)}
            self.app.push(self.app.screen("round", self.edit, change))

    def draw(self, canvas):
        sheet = self.app.match
        p = self.player()
        if self.edit is None:
            self.title = "Penalty %d of %d" % (self.pos + 1, len(self.order))
        else:
            self.title = "R%d penalty %d/%d" % (self.edit + 1, self.pos + 1, len(self.order))
        ui.Screen.draw(self, canvas)
        name = sheet.names[p] + (" (ended)" if p == self.ender else "")
        canvas.center(name, ui.TOP + 1)
        ui.draw_big(canvas, str(self.penalties[p]), ui.TOP + 13, 3)
        hands = self.hands
        hint = "hold ok: hand"
        if hands and hands.cards[p]:
            hint = "from hand"
        elif hands and hands.was[p]:  # changed here: the hand said otherwise
            hint = "typed (hand %d)" % hands.was[p][1]
        canvas.text(hint, 0, row_y(ROWS - 1))


class RoundReview(ui.Screen):
    """Round entry, step 3: penalties and the round's scores; ok saves the round."""

    MODULES = ("ui_igo",)

    def __init__(self, app, ender, penalties):
        ui.Screen.__init__(self, app)
        from ..rules import igo_scoring

        sheet = app.match
        self.ender = ender
        self.penalties = penalties
        self.scores, self.winners = igo_scoring.score_round(sheet.rules, ender, penalties, sheet.youngest_first)
        self.lines = review_lines(sheet, ender, penalties, self.scores, self.winners)
        self.top = 0
        self.title = "ok: save round"

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            app = self.app
            app.match.add_round(self.ender, self.penalties)
            app.save()
            app.reset(app.screen("match"))
            if not app.unsaved:
                app.out.play("saved")
        elif name in ("up", "down"):
            self.top = ui.scroll(self.top, name, len(self.lines))
            self.app.invalidate()
        else:
            ui.Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        ui.draw_rows(canvas, self.lines, self.top)


def review_lines(sheet, ender, penalties, scores, winners):
    """Who wins the game at once (first: it matters most), who ended, a header, then
    per player: name ('*' after the ender's), penalty, round score, new total."""
    totals = sheet.totals()
    out = []
    if winners:
        out.append("Wins the game:")
        out += [sheet.names[i] for i in winners]
    out.append("%s ended" % sheet.names[ender])
    news = [totals[i] + scores[i] for i in range(len(totals))]
    return out + ui.round_table(sheet.names, ender, penalties, scores, news)


class VoidEntry(ui.Menu):
    """A void round: who took the last display (tavern) card; ok saves it."""

    MODULES = ("ui_igo",)

    def __init__(self, app):
        sheet = app.match
        items = list(sheet.names)
        if sheet.rules == "corsari":
            items.append("(nobody)")  # Corsari: the deal passes anyway
        ui.Menu.__init__(self, app, "Void: who took?", items)

    def choose(self, index):
        app = self.app
        taker = index if index < len(app.match.names) else None
        app.match.add_void(taker)
        app.save()
        app.pop()
        if not app.unsaved:
            app.out.play("saved")
