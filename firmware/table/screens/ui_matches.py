"""The Continue list: the saved I Go / Corsari matches and Battle of Corsica deck
games, most recently played first, three lines each (the game and the round to play,
a deck game's pile in play; the leader, a deck game's by cards; the players), and
last the match deleted last, which ok restores. ok on a match: resume it (a finished
one opens on its game over: viewable until deleted) or delete it (asked first, "No"
chosen). Loaded while these screens are open (their MODULES).
"""

from ..rules.names import cut
from ..storage import matches
from ..storage.matches import headline, players_line
from . import ui
from .ui import LINE_H, row_y

PER_SCREEN = ui.ROWS // 3  # matches shown at once, three lines each


def leaders(entry):
    """The leading players of a summary: the winners once over, else who leads on its
    totals (igo_scoring.leaders; a deck game: who holds the most cards); [] before the
    first round."""
    if entry["over"]:
        return list(entry["winners"])
    if entry["rules"] == matches.DECK:
        most = max(entry["totals"])
        return [i for i in range(len(entry["totals"])) if entry["totals"][i] == most]
    if not entry["rounds"]:
        return []
    from ..rules import igo_scoring

    return igo_scoring.leaders(entry["rules"], entry["totals"])


def lead_line(entry, chars=15):
    """Who leads, in words, at most chars characters: "Ann leads: 3", "Ann Bob
    tied at 3" (short names; "2 tied at 3" when they do not fit), "Ann won", or "no
    rounds yet"; a long name is cut so that the total always shows. A deck game
    counts cards: "Ann leads 20 cards", "Ann: 20 cards"."""
    lead = leaders(entry)
    if not lead:
        return "no rounds yet"
    names = entry["names"]
    if entry["over"]:
        if len(lead) == 1:
            return cut(names[lead[0]], chars - 4) + " won"
        texts = [" ".join(ui.short_names(names, 3)[i] for i in lead) + " won", "%d won" % len(lead)]
    elif len(lead) == 1:
        total = entry["totals"][lead[0]]
        name = names[lead[0]]
        texts = ["%s leads: %d" % (name, total)]
        if entry["rules"] == matches.DECK:
            cards = ": %d cards" % total
            texts = ["%s leads %d cards" % (name, total), name + cards, cut(name, max(1, chars - len(cards))) + cards]
        room = chars - 8 - len(str(total))
        if room >= 3:
            texts.append("%s leads: %d" % (cut(name, room), total))
        else:  # a narrow line: the name as far as it fits, and the total
            texts.append("%s: %d" % (cut(name, max(1, chars - 2 - len(str(total)))), total))
    else:
        total = entry["totals"][lead[0]]
        some = " ".join(ui.short_names(names, 3)[i] for i in lead)
        texts = ["%s tied at %d" % (some, total), "%d tied at %d" % (len(lead), total)]
    for text in texts:
        if len(text) <= chars:
            return text
    return text[:chars]


class Continue(ui.Menu):
    """The saved matches (`entries`) and, last, the match deleted last (`deleted`, a
    summary or None): the menu's items. up/down choose; ok: resume or delete a
    match, restore the deleted one; back: home."""

    MODULES = (
        "ui_matches",
        "matches",
        "matches_boot",
        "store_load",
    )

    def __init__(self, app):
        ui.Menu.__init__(self, app, "Continue", [])
        self.entries = []
        self.deleted = None

    def enter(self):
        app = self.app
        from ..storage import matches_boot

        saved = matches.saved(app)
        entries, problems = matches_boot.check(saved, app.history.next_seq, matches.match_from(app))  # files vs index
        app.saved_count = saved.count
        app.restorable = saved.deleted is not None
        self.entries = entries
        self.deleted = saved.deleted
        self.items = entries + [saved.deleted] if saved.deleted else entries
        if not self.items:
            app.pop()
        else:
            self.index = min(self.index, len(self.items) - 1)
        for problem in problems:
            app.notice("Notice", problem)

    def choose(self, index):
        if index < len(self.entries):
            self.app.push(MatchActions(self.app, self.entries[index]))
            return
        app = self.app
        from ..storage import matches_app

        app.transient("matches_app")
        problem = matches_app.restore(app)
        self.enter()  # the list again, the restored match in its place
        if problem:
            app.notice("Notice", problem)

    def draw(self, canvas):
        items = self.items
        self.title = "Continue %d/%d" % (self.index + 1, len(items))
        ui.Screen.draw(self, canvas)
        top = max(0, min(self.index, len(items) - PER_SCREEN))
        for k in range(min(PER_SCREEN, len(items) - top)):
            i = top + k
            entry = items[i]
            y = row_y(3 * k)
            colour = 1
            if i == self.index:
                canvas.fill_rect(0, y - 1, canvas.width, 3 * LINE_H, 1)
                colour = 0
            if i < len(self.entries):
                lines = (headline(entry), " " + lead_line(entry), " " + players_line(entry, 15))
            else:  # the deleted match
                lines = ("Restore deleted:", " " + headline(entry), " " + players_line(entry, 15))
            for n, line in enumerate(lines):
                canvas.text(line, 0, y + n * LINE_H, 1, colour)


class MatchActions(ui.Menu):
    """Resume (or view) a saved match, or delete it."""

    MODULES = (
        "ui_matches",
        "matches",
        "matches_boot",
        "store_load",
    )

    def __init__(self, app, entry):
        self.entry = entry
        ui.Menu.__init__(self, app, headline(entry), ["View" if entry["over"] else "Resume", "Delete"])

    def choose(self, index):
        app = self.app
        if index == 0:
            from ..storage import matches_app

            app.transient("matches_app")
            problem = matches_app.resume(app, self.entry["id"])
            if problem:
                app.pop()
                app.notice("Notice", problem)
                return
            match = app.match
            if match.rules == matches.DECK:  # a deck game: its screen, as it was left
                app.seated = list(match.names)  # its players, seated again
                app.reset(app.screen("deck", match.deck.players, match))
            else:
                app.reset(app.screen("match"))
        else:
            app.confirm("Delete match", matches.delete_question(self.entry), self.delete, True)

    def delete(self):
        app = self.app
        from ..storage import matches_app

        app.transient("matches_app")
        problem = matches_app.delete(app, self.entry["id"], self.entry["rules"])
        app.pop()  # back to the list (it closes itself when empty)
        if problem:
            app.storage_failed(problem)
