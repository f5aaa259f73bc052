"""I Go / Corsari hand calculator: enter a 12-card hand with the buttons and see the
best arrangement and its penalty.

In a round (ui_penalty.RoundHands: the round's display colour and hands, kept by the
round entry, ui_penalty.PenaltyEntry) the ender steps through every option (igo_choice:
I Go, every lowest-penalty series; Corsari, every crew) with the engine's pick
preselected, the same pick as the host's `score`; the other players' calculators add
to the chosen series. This module and the engine are loaded while the calculator is
open only: the hands stay with the entry, and a hold of ok there loads them again.
"""

from . import ui
from .ui import ROWS, row_y

# The colours' names, six characters each: one string, not a tuple of ten (#46: the heap
# under the calculator).
COLOUR_NAMES = "red   orangeyellowgreen cyan  blue  purplepink  brown white "


def colour_name(colour):
    """The name of a colour index ("red" for 0)."""
    return COLOUR_NAMES[6 * colour : 6 * colour + 6].rstrip()


def start_value(cards, colour):
    """Where the calculator starts a card of colour: the first value above the
    highest of that colour in cards that is not in them (a hand typed in order then
    takes no up/down for a run of values), 1 for a colour not in them yet."""
    held = [c & 15 for c in cards if c >> 4 == colour]
    v = max(held) if held else 0
    for _ in range(11):
        v = v % 11 + 1
        if v not in held:
            return v
    return 1  # every value of the colour is in: ok refuses each


class HandCalc(ui.Screen):
    """Hand calculator: the display colour (once per round), then 12 cards (up/down
    over the colour, ok, up/down over the value, ok; back steps back), then the
    arrangement, over a bottom row that says what the keys do. A card starts at the
    last card's colour and the next value of it not in the hand (start_value); a card
    already in the hand is refused ("already in hand" and the error tone). The ender's result: up/down step through the
    options (long press: scroll). ok on the result hands the hand to the round entry,
    which goes on to its next player (one ok: the hand's penalty is confirmed)."""

    MODULES = (
        "ui_hand",
        "igo_arrange",
        "igo_masks",
        "igo_choice",
    )  # (igo_scoring is the match's: the sheet holds it)

    def __init__(self, app, entry=None, player=0):
        ui.Screen.__init__(self, app)
        self.entry = entry
        self.player = player
        self.rules = app.match.rules if app.match else "igo"
        self.ender = entry is None or player == entry.ender
        self.declared = app.settings["declared_colours"]
        self.display = entry.display if entry else None
        self.cards = list(entry.hand(player) or ()) if entry else []
        self.colour = self.display or 0
        self.value = start_value(self.cards, self.colour)
        self.problem = ""  # a refusal shown until the next press ("already in hand")
        self.options = ()  # the ender's options (igo_choice.options)
        self.pick = 0  # the engine's pick among them
        self.index = 0  # the option shown
        self.option = None  # the ender's option the result lays out (None: own series only)
        self.result = None
        self.mine = None  # the complete hand's masks (masks_of), made once
        self.score = None  # the ender's round score line (ender_line), with the result
        self.top = 0
        self.field = "display" if self.display is None else "colour"
        if len(self.cards) == 12:
            self.arranged()
        else:  # the engine, after the first frame: the 12th card's result shows at once
            app.preload("table.rules.igo_choice")

    def on_nav(self, name, kind):
        field = self.field
        self.problem = ""
        if name in ("up", "down"):
            d = 1 if name == "up" else -1
            if field in ("display", "colour"):
                self.colour = (self.colour + d) % 10
                if field == "colour":
                    self.value = start_value(self.cards, self.colour)
            elif field == "value":
                self.value = (self.value - 1 + d * ui.step(kind)) % 11 + 1
            elif kind == "press" and len(self.options) > 1:
                self.index = (self.index - d) % len(self.options)
                self.show()
            else:
                self.top = max(0, self.top - d)
        elif name == "ok" and kind == "press":
            self.ok()
        elif name == "back" and kind == "press":
            self.back()
        self.app.invalidate()

    def ok(self):
        if self.field == "display":
            self.display = self.colour
            self.field = "colour"
        elif self.field == "colour":
            self.field = "value"
        elif self.field == "value":
            card = self.colour * 16 + self.value
            if card in self.cards:  # a card exists once: refused, said and heard
                self.problem = "already in hand"
                self.app.out.play("error")
                return
            self.cards.append(card)
            self.field = "colour"  # the same colour, its next value not in the hand
            self.value = start_value(self.cards, self.colour)
            if len(self.cards) == 12:
                self.arranged()
        else:  # the result used: one ok, and the round entry goes on to the next player
            entry = self.entry
            if entry:  # with the engine still loaded (the pop drops it)
                choice = self.index if self.index != self.pick else None
                entry.use_hand(self.player, self.display, self.cards, choice)
            self.app.pop()
            if entry:
                entry.entry.next_player(True)

    def back(self):
        if self.field == "display":
            self.app.pop()
        elif self.field == "value":
            self.field = "colour"
        elif self.field == "colour" and not self.cards:
            if self.entry and self.entry.display is not None:
                self.app.pop()  # the round's display colour is set
                return
            self.field = "display"
            self.colour = self.display
        else:  # take back the last card to edit it
            card = self.cards.pop()
            self.colour, self.value = card >> 4, card & 15
            self.field = "value"

    def arranged(self):
        """The hand is complete: the ender's options and the engine's pick, then the
        arrangement shown."""
        from ..rules import igo_choice

        self.field = "result"
        self.mine = mine = igo_choice.masks_of(self.cards, self.display)
        if self.ender:
            others = self.entry.others(self.display) if self.entry else []
            self.options = igo_choice.options(self.rules, mine, self.declared)
            self.pick = igo_choice.choose(self.rules, mine, others, self.declared, self.options)
            choice = self.entry.choice if self.entry else None
            self.index = choice if choice is not None and choice < len(self.options) else self.pick
        self.show()

    def show(self):
        if self.ender:
            option = self.options[self.index]
        else:  # the ender's option, once their hand is in
            option = self.entry.ender_option() if self.entry else None
        self.option = option
        from ..rules.igo_choice import arrange

        self.result = arrange(self.cards, self.display, self.ender, option, self.declared, self.mine)
        self.score = self.ender_line() if self.ender and self.entry else None
        self.top = 0

    def ender_line(self):
        """The ender's round score with the option shown, once the others are in."""
        entry = self.entry
        if not entry.others_in():
            return "Ender's score: once all are in"
        from ..rules import igo_choice, igo_scoring

        own, qs = igo_choice.penalties(self.options[self.index], self.mine, entry.others(self.display))
        penalties = qs[: entry.ender] + [own] + qs[entry.ender :]
        scores, _ = igo_scoring.score_round(self.rules, entry.ender, penalties, self.app.match.youngest_first)
        return "Ender scores %d" % scores[entry.ender]

    def draw(self, canvas):
        from ..rules.igo_masks import COLOURS

        if self.field == "result":
            return self.draw_result(canvas)
        if self.field == "display":
            self.title = "Display colour"
            ui.Screen.draw(self, canvas)
            canvas.center("cards to remove", ui.TOP)
            # The name large (a big "O" alone reads as zero), the card letter under it.
            ui.draw_big(canvas, colour_name(self.colour).upper(), ui.TOP + 14, 2)
            canvas.center("card letter %s" % COLOURS[self.colour], row_y(ROWS - 1))
            return
        self.title = "Card %d of 12" % (len(self.cards) + 1)
        ui.Screen.draw(self, canvas)
        rows = ui.wrap(cards_text(self.cards), canvas.width // 8)[-3:]
        for i, line in enumerate(rows):
            canvas.text(line, 0, row_y(i))
        c, v = COLOURS[self.colour], str(self.value)
        edit = "[%s]%s" % (c, v) if self.field == "colour" else "%s[%s]" % (c, v)
        canvas.text(edit, 0, row_y(3) + 2, 2)
        canvas.text(colour_name(self.colour), canvas.width - 48, row_y(4))
        canvas.text(self.problem or "display: " + colour_name(self.display), 0, row_y(ROWS - 1))

    def draw_result(self, canvas):
        from ..rules.igo_masks import COLOURS

        r = self.result
        self.title = "Penalty %d" % r["penalty"]
        ui.Screen.draw(self, canvas)
        width = canvas.width // 8 - 1
        lines = []
        if self.ender:
            colours = self.options[self.index][0]
            name = "+".join(COLOURS[c] for c in colours) or "no colour"
            lines.append("Option %d of %d" % (self.index + 1, len(self.options)))
            lines.append(name + (" (pick)" if self.index == self.pick else ""))
            if self.score:
                lines += ui.wrap(self.score, width)
        word = "Crew: " if self.rules == "corsari" else "Series: "
        lines += ui.wrap(word + (cards_text(r["series"]) or "-"), width)
        if r["added"]:
            lines += ui.wrap("Added: " + cards_text(r["added"]), width)
        lines += ui.wrap("Left: " + (cards_text(r["left"]) or "-"), width)
        if not self.ender and self.option is None:
            lines.append("own series only")
        # The lines scroll over the bottom row, which says what the keys do.
        rows = ROWS - 1
        self.top = min(self.top, max(0, len(lines) - rows))
        ui.draw_rows(canvas, lines[self.top : self.top + rows])
        ui.draw_more(canvas, self.top > 0, self.top + rows < len(lines), last=rows - 1)
        canvas.hline(0, row_y(rows) - 1, canvas.width, 1)
        canvas.text(self.keys(), 0, row_y(rows))

    def keys(self):
        """The result's key line (16 characters at most): ok uses the hand (alone:
        ends the calculator); an ender with
        several options steps through them with up/down (a long press scrolls, as
        the arrows say); otherwise up/down scroll."""
        ok = "ok:use" if self.entry else "ok:end"
        if self.ender and len(self.options) > 1:
            return "up/dn:opt " + ok
        return ok


def cards_text(cards):
    from ..rules.igo_masks import card_text

    return " ".join(card_text(c) for c in cards)
