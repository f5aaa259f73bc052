"""I Go / Corsari round entry, step 2: each player's penalty (`PenaltyEntry`) and the
hands entered in the round's hand calculators (`RoundHands`, kept by the entry).
Loaded while the entry is open. Small on purpose: it is what stays under the hand
calculator (ui_hand.py), whose open is the I Go session's heap peak; the round menu,
who ended and the review are ui_igo.py's, closed while the calculator is up
(app.Covered), and the calculator's code and engine leave when it closes (the hands
stay here, as data: a hold of ok loads the calculator again on the hand kept).
"""

from . import ui
from .ui import ROWS, clamp, row_y

MAX_PENALTY = 199  # above any 12-card hand
ENGINE = ("igo_choice", "igo_arrange", "igo_masks")  # the hands' arrangement (rules)


class PenaltyEntry(ui.Screen):
    """Round entry, step 2: each player's penalty, the ender first, then in turn
    order. up/down: +-1, long press / repeat: +-10; ok: next player;
    long ok: the hand calculator for this player (ok on its result uses the hand and
    goes on to the next player); back: previous player. A penalty from a hand
    changed here says so ("typed (hand 12)"); the calculator opens on that hand again.
    Hands entered in the calculator are kept for the round (RoundHands, made on the
    first use). A past round's penalties (route "penalties", from ui_round):
    `penalties` its values, `edit` its index; the last ok opens the change's review
    instead."""

    MODULES = ("ui_penalty",)

    def __init__(self, app, ender, penalties=None, edit=None):
        ui.Screen.__init__(self, app)
        self.ender = ender
        self.edit = edit
        n = len(app.match.names)
        self.order = [(ender + k) % n for k in range(n)]
        self.penalties = list(penalties or [0] * n)
        self.confirmed = [penalties is not None] * n  # penalty passed with ok (announced)
        self.pos = 0
        self.hands = None  # RoundHands once the calculator was used

    def player(self):
        return self.order[self.pos]

    def set_penalty(self, value):
        p = self.player()
        if self.hands and self.hands.cards[p]:  # typed over: no longer the hand's, and
            self.hands.typed_over(p, self.penalties[p])  # the hint says so (the hand is kept)
        self.penalties[p] = clamp(value, 0, MAX_PENALTY)
        self.app.invalidate()

    def next_player(self, arranged=False):
        """The player's penalty is confirmed (ok, or the hand used in the calculator,
        which `arranged` the hands already): the next player's, or after the last the
        review."""
        self.confirmed[self.player()] = True
        if self.pos + 1 < len(self.order):
            self.pos += 1
            self.app.invalidate()
        elif self.hands:  # announced penalties may change the engine's pick
            if not arranged:
                self.hands.rearrange()  # its garbage and code collected before the review opens
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
            if self.hands is None:
                self.hands = RoundHands(self)
            self.app.push(self.app.screen("hand", self.hands, p))
        elif name == "back" and kind == "press":
            if self.pos:
                self.pos -= 1
                self.app.invalidate()
            else:
                self.app.pop()

    def review(self):
        """The penalties are in: the round's review (a change's, when editing)."""
        if self.edit is None:
            self.app.push(self.app.screen("review", self.ender, list(self.penalties)))
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


class RoundHands:
    """The hands entered in one round's calculators, and what follows from them: the
    ender's option (`choice`, None = the engine's pick) decides what the others add,
    and every penalty from a hand follows it (`rearrange`). `entry` is the round
    entry (ender, order, penalties, confirmed). Data only: the engine (igo_choice) is
    imported by the calls that need it, which the calculator makes while it is
    loaded; `rearrange` from the entry loads it for the moment (app.transient)."""

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
        from ..rules.igo_choice import masks_of

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
        mine = igo_choice.masks_of(hand, self.display)
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
        app = self.entry.app
        app.transient(*ENGINE)  # (the calculator names them while it is open)
        from ..rules.igo_choice import arrange

        option = self.ender_option()
        declared = app.settings["declared_colours"]
        for p in self.entry.order:
            if self.cards[p]:
                self.entry.penalties[p] = arrange(self.cards[p], self.display, p == self.ender, option, declared)[
                    "penalty"
                ]
        app.drop(*ENGINE)  # from the entry: the code leaves at once (the calculator keeps it)
        app.invalidate()
