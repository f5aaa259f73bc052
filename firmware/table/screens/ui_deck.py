"""Battle of Corsica on a virtual deck: the device deals (corsica.Game), shows each
turned card, and the players' buttons play and slap. Rules live in corsica.py, the
tap judging in judge.py (through ui_tap.TapScreen).

The history gets the game's progress pile by pile: its `start` line, a `slap` line
for each judged slap, a `trick` line for each pile won by its honour, `game_over`;
`leave` when the game is left unfinished and `resume` when Continue brings it back.
A slap can win a pile only from a turned card until the pile is won or the slap is
judged: the screen's slap window is closed outside that time (after the deal, after
a pile was taken, after a slap's result), so the app writes the lines then, and saves
the game as the app's match (rules/corsica_match.py: a saved match, in Continue).
Leaving keeps the game as it is; a power cut loses at most the pile in play."""

from ..rules.corsica import Game
from ..rules.corsica_cards import card_text
from ..rules.names import cut
from ..rules.ticks import ticks_diff
from ..storage.matches_deck import kept, opened, refused
from . import ui
from .ui_tap import RULES, TAP_MODULES, TapScreen

REASON_TEXT = {"double": "DOUBLE", "sandwich": "SANDWICH", "sequence": "SEQUENCE", "sum10": "SUM 10"}
COUNTS_X = 72  # x of the card-count column (">Ann 12"); the messages' 9 characters end there
NAME_CHARS = 3  # the seats' names in the column and the messages (ui.short_names: told apart)


def deal(app, players, match=None):
    """A new game with the settings' variants, shuffled by a seed from the clock (a
    notice instead when the saved matches are full: the setup's Start, "ok: deal
    again"); or `match`, a saved deck game (corsica_match.DeckMatch) resumed from
    Continue (its players seated again first: app.seated)."""
    if match:
        return DeckGame(app, match.deck, match=match)
    return refused(app) or DeckGame(app, Game(players, app.settings["variants"], app.out.now_us() % 1000000))


class DeckGame(TapScreen):
    """The device deals (corsica.Game) and shows each turned card. Every player may
    slap, the player to move included: for the slap window after a turned card
    (setting "slap_window_ms") every press is a slap and no card can be turned;
    after it the player to move's press plays (or picks up a won trick) and the
    others' presses slap. Once a slap started every press is a slap until the
    result. Presses are placed by their timestamps, so the window is the same for
    everyone."""

    MODULES = ("ui_deck", "corsica", "corsica_cards", "corsica_match", "matches_deck") + TAP_MODULES
    MODE = "deck"

    def __init__(self, app, game, seed=None, clock=None, match=None):
        """match: a saved game resumed (its start line is in the history); else game
        is new: logged, and saved as the app's match at once."""
        TapScreen.__init__(self, app, game.players, seed, clock, match.game if match else None)
        self.game = game
        self.tag = ui.short_names(self.names, NAME_CHARS)  # as the column and messages spell them
        self.seen = 0  # players whose tap since the last arm was handled (bitmask)
        self.out_bits = 0  # GPIO bits of eliminated players: never pressed
        self.message = ("", "")  # two lines under the card
        self.banner = None  # title text for a tie, until the next card
        self.window_us = 0  # slap window after the last turned card (0: none)
        self.waiting = False  # the window is shown as open
        # The app's match (self.match): saved at its flushes (never in a slap window),
        # from the deal on; a pile left slappable can still be slapped.
        self.arm(self.clock(), opened(self, match))

    def arm(self, t_us, window=True):
        TapScreen.arm(self, t_us, window)
        self.seen = 0
        for p in range(self.players):  # eliminated players' buttons are dead from now on
            if self.game.eliminated(p):
                self.out_bits |= self.bits[p]

    def on_nav(self, button, kind):
        if button == "ok" and kind == "press" and self.game.over:
            self.light(None)  # a new deal, the same players and settings
            self.app.replace(deal(self.app, self.game.players))
        elif button == "back" and kind == "press":
            if self.game.over:
                self.leave()
            else:
                self.app.confirm("Corsica deck", "Leave? The game is kept in Continue", self.leave)

    def leave(self):
        """Close the game; one not over is kept as it is now (a `leave` line, saved:
        Continue offers it)."""
        TapScreen.leave(self)  # the window closed: the save is written at once
        kept(self.app, self.match, "leave")

    def on_snapshot(self, t_us, levels, pin=-1):
        game = self.game
        if game.over:
            return
        if 0 <= pin < 32 and self.out_bits >> pin & 1:
            pin = -1  # an eliminated player's IRQ: with the level masked it read as a tap
        self.feed(t_us, levels | self.out_bits, pin)
        for player, t, _ in self.judge.order():
            bit = 1 << player
            if self.seen & bit:
                continue
            self.seen |= bit
            if not self.tapped and player == game.turn and ticks_diff(t, self.judge.armed_at) >= self.window_us:
                self.play(t)
                return
            self.tapped = True
            self.slap_window = True

    def play(self, t_us):
        """The player to move turns a card (or picks up their trick)."""
        event, player, detail = self.game.play_card()
        turned = event != "trick"
        self.window_us = self.app.settings["slap_window_ms"] * 1000 if turned else 0
        self.waiting = self.window_us > 0
        if event == "trick":
            self.message = ("%s TAKES" % self.tag[player], "%d cards" % detail)
            totals = [len(h) for h in self.game.hands]
            self.app.log("trick", self.game_id, RULES, {"winner": player, "cards": detail, "totals": totals})
        elif event == "draw":
            self.message = ("%s DRAWS" % self.tag[player], "from %s" % self.tag[detail])
        else:
            self.message = ("", "")
        self.banner = None
        self.pile_changed(t_us, turned)  # a pile taken: none to slap until the next card
        self.app.invalidate()

    def pile_changed(self, t_us, window):
        """Arm the judge for the new pile (window: a slap can win it, so no flash
        writes; else the app writes the history and saves the game now); at the
        game's end log it, window closed (the game is kept, finished)."""
        game = self.game
        self.arm(t_us, window and not game.over)
        if game.over:
            self.app.log(
                "game_over", self.game_id, RULES, {"winners": [game.winner], "totals": [len(h) for h in game.hands]}
            )
        if not self.slap_window:
            kept(self.app, self.match)

    def tick(self, now_ms):
        self.judge.keep(self.clock())  # a pile may wait minutes or hours
        if self.waiting and ticks_diff(self.clock(), self.judge.armed_at) >= self.window_us:
            self.waiting = False  # (taps are still placed by their own time)
            self.app.invalidate()
        if not self.collecting_done(now_ms):
            return
        game = self.game
        reason = game.slappable()
        no_cards = [p for p in range(game.players) if not game.hands[p]]
        result = self.decide(reason is not None, reason, no_cards)
        self.log(result)
        self.banner = None
        self.window_us = 0
        self.waiting = False
        if result["tie"]:
            self.banner = "DRAWN AT RANDOM"
        if result["reslap"]:
            self.message = ("RE-SLAP!", "")
            self.arm(self.clock())  # the same pile: window stays open
            self.app.out.play("reslap")
            self.app.invalidate()
            return
        winner = result["winner"]
        if winner is not None:
            game.slap(winner)
            self.message = ("%s SLAP!" % self.tag[winner], REASON_TEXT[reason])
        else:
            taps = result["false_taps"]
            event, player, detail = game.slap(taps[0])
            for p in taps[1:]:
                game.slap(p)
            if event == "false":
                penalty = "%d cards" % detail
            elif event == "mistake":
                penalty = "mistake %d" % detail
            else:
                penalty = "OUT"
            who = "FALSE x%d" % len(taps) if len(taps) > 1 else "FALSE:" + self.tag[player]  # 9 chars
            self.message = (who, penalty)
        self.pile_changed(self.clock(), False)
        self.light(winner, "false" if winner is None else "tie" if result["tie"] else "won")
        self.app.invalidate()

    def title_text(self, chars=99):
        """Who won, or whose turn it is and what to do, in at most chars characters
        (the title's 16 on the display): the first of its wordings that fits, else the
        last with the name cut ("Annabell: 3 tries", "Annabell 3 tries")."""
        game = self.game
        if self.banner and not game.over:
            return self.banner
        if game.over:
            forms = ("%s WINS!", "%s wins")
        elif self.waiting:
            forms = ("%s: wait", "%s wait")
        elif game.trick_winner is not None:
            forms = ("%s: take pile", "Pile to %s")
        elif game.demand:
            tries = "%d %s" % (game.demand, "try" if game.demand == 1 else "tries")
            forms = ("%s: " + tries, "%s " + tries)
        else:
            forms = ("%s to play",)
        name = self.names[game.winner if game.over else game.turn]
        last = forms[-1]
        texts = [form % name for form in forms] + [last % cut(name, chars - len(last) + 2)]
        return ui.first_fit(texts, chars)

    def live(self):
        """The live page's part (live.py): whose turn, each hand's cards, the top card,
        the last event in the screen's words."""
        game = self.game
        top = card_text(game.pile[-1]) if len(game.pile) > game.under else None
        return {
            "view": "deck",
            "title": self.title_text(),
            "names": self.names,
            "cards": [len(h) for h in game.hands],
            "turn": None if game.over else self.names[game.turn],
            "top": top,
            "pile": len(game.pile),
            "message": " ".join(self.message).strip(),
            "over": game.over,
        }

    def draw(self, canvas):
        canvas.clear()
        game = self.game
        ui.draw_title(canvas, self.title_text(canvas.width // 8))
        if game.over:
            ui.draw_big(canvas, self.names[game.winner], 12, 3)
            canvas.center("holds every card", 38)
            canvas.text("ok: deal again", 0, 47)
            canvas.text("back: leave", 0, 56)
            return
        top = card_text(game.pile[-1]) if len(game.pile) > game.under else "--"
        if top[0] == "X":
            top = "JKR"
        canvas.text(top, 0, 12, 3)
        message = self.message if self.message[0] or self.message[1] else self.hint()
        canvas.text(message[0], 0, 42)
        canvas.text(message[1], 0, 52)
        for p in range(game.players):
            mark = ">" if p == game.turn else " "
            if game.eliminated(p):
                line = " %-3s --" % self.tag[p]  # out: no cards, no slaps (never the player to move)
            else:
                line = "%s%-3s %2d" % (mark, self.tag[p], len(game.hands[p]))
            canvas.text(line, COUNTS_X, 11 + 9 * p)

    def hint(self):
        """What the buttons do now, when no event's message is shown (9 characters a
        line): the title names whose turn it is."""
        if self.waiting:
            return ("anyone", "may slap")
        if self.game.trick_winner is not None:
            return ("button:", "take pile")
        return ("button:", "turn card")
