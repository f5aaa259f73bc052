"""I Go / Corsari hand calculator: enter a 12-card hand with the buttons and see the
best arrangement and its penalty.

In a round (`RoundHands`: the round's display colour and hands, kept by the round
entry, ui_igo.PenaltyEntry) the ender steps through every option (igo_choice: I Go, every lowest-penalty
series; Corsari, every crew) with the engine's pick preselected, the same pick as
the host's `score`; the other players' calculators add to the chosen series.
"""

from . import ui
from .ui import ROWS, row_y

COLOUR_NAMES = ("red", "orange", "yellow", "green", "cyan", "blue", "purple", "pink", "brown", "white")


def masks_of(cards, display):
    """A hand's masks with the display colour removed."""
    from ..rules import igo_arrange
    from ..rules.igo_cards import hand_masks

    return igo_arrange.without_colour(hand_masks(cards), display)


def arrange(cards, display, ender=True, option=None, declared=False, masks=None):
    """A 12-card hand laid out: the ender lays out `option` ((colours, values); None:
    the first lowest-penalty series), another player faces the ender's `option`
    (None: own series only). `masks`: the hand's masks_of, if the caller has them.
    Returns a dict: penalty, series, added, left, removed (cards)."""
    from ..rules import igo_arrange, igo_choice

    if masks is None:
        masks = masks_of(cards, display)
    if ender:
        option = option or igo_arrange.min_series(masks, declared)[0]
    removed, series, added, left = igo_choice.lay_out(cards, display, masks, option or ((), 0), ender, declared)
    return {"penalty": sum(c & 15 for c in left), "series": series, "added": added, "left": left, "removed": removed}


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


class RoundHands:
    """The hands entered in one round's calculators, and what follows from them: the
    ender's option (`choice`, None = the engine's pick) decides what the others add,
    and every penalty from a hand follows it (`rearrange`). `entry` is the round
    entry (ender, order, penalties, confirmed)."""

    def __init__(self, entry):
        self.entry = entry
        self.ender = entry.ender
        self.display = None  # the round's display colour, once a hand is entered
        self.cards = [None] * len(entry.penalties)  # card lists per player
        self.was = [None] * len(entry.penalties)  # a hand typed over: (cards, its penalty)
        self.choice = None

    def others(self, display):
        """The other players as igo_choice wants them: a hand's masks, an announced
        penalty (int), or left out while unknown."""
        entry = self.entry
        out = []
        for p in entry.order[1:]:
            if self.cards[p]:
                out.append(masks_of(self.cards[p], display))
            elif entry.confirmed[p]:
                out.append(entry.penalties[p])
        return out

    def others_in(self):
        entry = self.entry
        return all(self.cards[p] or entry.confirmed[p] for p in entry.order[1:])

    def ender_option(self):
        """The ender's (colours, values): the choice or the engine's pick; None
        while the ender's hand is not entered."""
        hand = self.cards[self.ender]
        if not hand:
            return None
        from ..rules import igo_choice

        app = self.entry.app
        declared = app.settings["declared_colours"]
        mine = masks_of(hand, self.display)
        options = igo_choice.options(app.match.rules, mine, declared)
        i = self.choice
        if i is None or i >= len(options):
            i = igo_choice.choose(app.match.rules, mine, self.others(self.display), declared, options)
        return options[i]

    def hand(self, player):
        """The player's cards: the hand used, else one typed over (the calculator
        opens on it again), else none."""
        was = self.was[player]
        return self.cards[player] or (was[0] if was else None)

    def typed_over(self, player, penalty):
        """A penalty from the hand changed on the entry: no longer the hand's, which
        is kept (with penalty, what it gave) for the calculator to use again."""
        self.was[player] = (self.cards[player], penalty)
        self.cards[player] = None

    def use_hand(self, player, display, cards, choice):
        """A hand from the calculator (choice: the ender's option, None = the pick)."""
        self.display = display
        self.cards[player] = list(cards)
        self.was[player] = None
        self.entry.confirmed[player] = True
        if player == self.ender:
            self.choice = choice
        self.rearrange()

    def rearrange(self):
        """Every penalty from a hand, against the ender's option."""
        option = self.ender_option()
        declared = self.entry.app.settings["declared_colours"]
        for p in self.entry.order:
            if self.cards[p]:
                self.entry.penalties[p] = arrange(self.cards[p], self.display, p == self.ender, option, declared)[
                    "penalty"
                ]
        self.entry.app.invalidate()


def for_round(app, entry, player):
    """The calculator for a player of a round being entered (entry: ui_igo's
    PenaltyEntry): the round's hands are made on first use and kept by the entry,
    which then keeps this module loaded until the round is saved or left."""
    if entry.hands is None:
        entry.hands = RoundHands(entry)
        entry.MODULES = entry.MODULES + HandCalc.MODULES
    return HandCalc(app, entry.hands, player)


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
        "igo_cards",
        "igo_choice",
        "igo_scoring",
    )

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
            self.app.pop()
            if self.entry:
                choice = self.index if self.index != self.pick else None
                self.entry.use_hand(self.player, self.display, self.cards, choice)
                self.entry.entry.next_player()

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
        self.field = "result"
        self.mine = mine = masks_of(self.cards, self.display)
        if self.ender:
            from ..rules import igo_choice

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
        from ..rules.igo_cards import COLOURS

        if self.field == "result":
            return self.draw_result(canvas)
        if self.field == "display":
            self.title = "Display colour"
            ui.Screen.draw(self, canvas)
            canvas.center("cards to remove", ui.TOP)
            # The name large (a big "O" alone reads as zero), the card letter under it.
            ui.draw_big(canvas, COLOUR_NAMES[self.colour].upper(), ui.TOP + 14, 2)
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
        canvas.text(COLOUR_NAMES[self.colour][:6], canvas.width - 48, row_y(4))
        canvas.text(self.problem or "display: " + COLOUR_NAMES[self.display], 0, row_y(ROWS - 1))

    def draw_result(self, canvas):
        from ..rules.igo_cards import COLOURS

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
    from ..rules.igo_cards import card_text

    return " ".join(card_text(c) for c in cards)
