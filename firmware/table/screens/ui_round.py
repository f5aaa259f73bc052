"""One round of the score sheet: what it was, and changing it in place (docs/rules.md,
"Fixing a past round"). Loaded while these screens are open (their MODULES).

RoundView (ok on a round of the score sheet) shows the round; ok offers the changes
(ChangeMenu): the penalties (the round entry's penalty screen, ui_igo.PenaltyEntry,
opened by name with the round's values), who ended, who took the last card, a void
round made a scored one and back. EditReview shows the round as it will be, the
totals and, in words, how the end of the game changes; ok saves the change
(scoresheet.Sheet.edit) and goes back to the sheet on that round.
"""

from . import ui


def card_word(sheet):
    return "display" if sheet.rules == "igo" else "tavern"


def round_lines(sheet, r, chars, totals=True):
    """What a round of sheet.rounds (or of Sheet.edit_result) was, in lines of at most
    chars characters: who ended and the round's table (ui_table.round_table, drawn as it
    is: its header over its columns), or who took the last card of a void round and,
    if totals, everyone's total."""
    names = sheet.names
    if r.get("void"):
        taker = r.get("taker")
        took = "nobody took" if taker is None else "%s took" % names[taker]
        out = ui.wrap("Void, %s the last %s card" % (took, card_word(sheet)), chars)
        if totals:
            out.append("Totals:")
            for i, name in enumerate(ui.short_names(names, 8)):
                out.append("%-8s%6d" % (name, r["totals"][i]))
        return out
    from .ui_table import round_table  # (in the MODULES of the screens that show a round)

    out = ui.wrap("%s ended" % names[r["ender"]], chars)
    return out + round_table(names, r["ender"], r["penalties"], r["round_scores"], r["totals"])


def seat_line(sheet, r):
    """Who started (I Go) / dealt (Corsari) the round."""
    if sheet.rules == "igo":
        return "%s started" % sheet.names[r["starter"]]
    return "%s dealt" % sheet.names[r["dealer"]]


def winners_text(sheet, winners):
    names = [sheet.names[i] for i in winners]
    if len(names) == 1:
        return "%s wins" % names[0]
    return "%s share the win" % ", ".join(names)


def end_change(sheet, index, result):
    """In words, how the change of round index (Sheet.edit_result's result) changes
    the end of the game; "" when it does not."""
    rounds, over, winners, cut = result
    n = len(sheet.rounds)
    if over and cut:
        k = len(rounds)
        later = "Round %d is" % n if cut == 1 else "Rounds %d-%d are" % (k + 1, n)
        return "Game over at round %d: %s. %s taken back." % (k, winners_text(sheet, winners), later)
    if over and not sheet.over:
        return "Game over: %s." % winners_text(sheet, winners)
    if sheet.over and not over:
        return "Not over any more: play goes on."
    if over and winners != sheet.winners:
        return "Now %s." % winners_text(sheet, winners)
    return ""


class _Lines(ui.Screen):
    """Lines of text (`lines(chars)`) that up/down scroll."""

    top = 0

    def on_nav(self, name, kind):
        if name in ("up", "down"):
            self.top += 1 if name == "down" else -1
            self.app.invalidate()
        else:
            ui.Screen.on_nav(self, name, kind)

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        lines = self.lines(canvas.width // 8 - 1)
        self.top = ui.clamp(self.top, 0, max(0, len(lines) - ui.ROWS))
        ui.draw_rows(canvas, lines, self.top)


class RoundView(_Lines):
    """A round of the score sheet: who ended (or who took the last card), each
    player's penalty, round score and total; up/down scroll, ok: change it."""

    MODULES = ("ui_round", "sheet_edit", "ui_table")

    def __init__(self, app, index):
        ui.Screen.__init__(self, app)
        self.index = index
        self.title = "Round %d" % (index + 1)

    def lines(self, chars):
        sheet = self.app.match
        r = sheet.rounds[self.index]
        return round_lines(sheet, r, chars) + ui.wrap("ok: change it", chars) + ui.wrap(seat_line(sheet, r), chars)

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            self.app.push(ChangeMenu(self.app, self.index))
        else:
            _Lines.on_nav(self, name, kind)


class ChangeMenu(ui.Menu):
    """What to change in a round: a scored round's penalties, who ended, or void; a
    void round's taker, or scored."""

    MODULES = ("ui_round", "sheet_edit", "ui_table")

    def __init__(self, app, index):
        self.round = index
        r = app.match.rounds[index]
        if r.get("void"):
            self.actions = ["taker", "scored"]
        else:
            self.actions = ["penalties", "ender", "void"]
        ui.Menu.__init__(self, app, "Change round %d" % (index + 1), [CHANGES[a] for a in self.actions])

    def choose(self, index):
        app = self.app
        sheet = app.match
        r = sheet.rounds[self.round]
        action = self.actions[index]
        if action == "penalties":
            enter_penalties(app, r["ender"], r["penalties"], self.round)
        elif action == "ender":
            self.pick("Who ended?", list(sheet.names), r["ender"], self.new_ender)
        elif action == "scored":
            self.pick("Who ended?", list(sheet.names), 0, self.scored)
        else:  # who took the last card: a void round
            names = list(sheet.names)
            if sheet.rules == "corsari":
                names.append("(nobody)")  # the deal passes anyway
            taker = r.get("taker")
            self.pick("Void: who took?", names, len(names) - 1 if taker is None else taker, self.void)

    def pick(self, title, items, index, then):
        menu = ui.Menu(self.app, title, items, then, index)
        menu.MODULES = self.MODULES
        self.app.push(menu)

    def review(self, change):
        self.app.push(EditReview(self.app, self.round, change))

    def new_ender(self, ender):
        self.review({"ender": ender, "penalties": list(self.app.match.rounds[self.round]["penalties"])})

    def scored(self, ender):
        enter_penalties(self.app, ender, [0] * len(self.app.match.names), self.round)

    def void(self, taker):
        self.review({"void": True, "taker": taker if taker < len(self.app.match.names) else None})


def enter_penalties(app, ender, penalties, index):
    """The round entry's penalty screen (ui_igo, by name) for round index, over the
    match (or its game over) alone: the sheet and these screens leave the heap to the
    hand calculator. Its last ok opens the change's review (route "round")."""
    app.reset(app.screen("match"))
    app.push(app.screen("penalties", ender, penalties, index))


def open_round(app, index, change=None):
    """Route "round": the view of round index, or with a change its review."""
    if change is None:
        return RoundView(app, index)
    return EditReview(app, index, change)


CHANGES = {
    "penalties": "Penalties",
    "ender": "Who ended",
    "void": "Make it void",
    "taker": "Who took",
    "scored": "Make it scored",
}


class EditReview(_Lines):
    """The round as the change makes it, the totals before and after, and how the end
    of the game changes; ok saves the change, back goes back a step."""

    MODULES = ("ui_round", "sheet_edit", "ui_table")

    def __init__(self, app, index, change):
        ui.Screen.__init__(self, app)
        self.index = index
        self.change = change
        self.title = "ok: save change"
        sheet = app.match
        try:
            self.result = sheet.edit_result(index, change)
        except ValueError as e:  # unchanged: nothing to save
            self.result = None
            self.problem = str(e)

    def lines(self, chars):
        sheet = self.app.match
        if self.result is None:
            return ui.wrap("No change: %s." % self.problem, chars)
        rounds = self.result[0]
        end = end_change(sheet, self.index, self.result)
        out = ui.wrap(end, chars) if end else []
        out += round_lines(sheet, rounds[self.index], chars, False)  # the totals: below
        news = rounds[-1]["totals"]
        olds = sheet.totals()
        out.append("Totals now:")
        for i, name in enumerate(ui.short_names(sheet.names, 4)):
            out.append("%-4s%4d ->%4d" % (name, olds[i], news[i]))
        return out

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            if self.result is None:  # back to the round (or, without one under it, one step)
                if not [s for s in self.app.stack if isinstance(s, RoundView)]:
                    self.app.pop()
                    return
                while not isinstance(self.app.top(), RoundView):
                    self.app.pop()
                return
            save_change(self.app, self.index, self.change)
        else:
            _Lines.on_nav(self, name, kind)


def save_change(app, index, change):
    """Change the round, save the match, then the match (or its game over) with the
    score sheet over it, on the changed round."""
    app.match.edit(index, change)
    app.save()
    app.reset(app.screen("match"))
    sheet = app.screen("sheet")
    sheet.at = index
    app.push(sheet)
    if not app.unsaved:
        app.out.play("saved")
