"""Battle of Corsica screens: referee mode (real cards) and the virtual deck.

Screens only show and route: judge.py orders the taps and breaks ties, corsica.py
applies the rules. While taps are being collected a screen sets `slap_window`, so
the app holds back flash writes; it is cleared when the result is shown.

Settings (app.settings): "tie_window_us", "tie_break" ("random" | "reslap"),
"variants" (list of corsica.VARIANTS for the virtual deck).
"""
import time

import ui
from corsica import MAX_PLAYERS, MIN_PLAYERS, VARIANTS, Game
from corsica_cards import card_text
from judge import Judge, ticks_diff
from rng import Rng

RULES = "corsica"
COLLECT_MS = 400  # after the first tap, later taps are collected this long
SEED_RANGE = 10000  # tie-break seeds are 0..9999: short enough to show
WIN_BEEP = (2000, 120)  # (Hz, ms) for a slap winner
RESLAP_BEEP = (600, 300)
REASON_TEXT = {"double": "DOUBLE", "sandwich": "SANDWICH", "sequence": "SEQUENCE",
               "sum10": "SUM 10"}
VARIANT_LABEL = {"sandwich": "Sandwich", "sequence": "Sequence", "sum10": "Sum 10"}
ORDER_X = 56  # referee: x of the tap-order column
COUNTS_X = 88  # deck: x of the card-count column

try:
    from time import ticks_us
except ImportError:  # CPython (tests)
    def ticks_us():
        return time.perf_counter_ns() // 1000


def now_us():
    """Current time on the 30-bit ticks ring the tap ring records on."""
    return ticks_us() & 0x3FFFFFFF


def name(player):
    return "P%d" % (player + 1)


def margin_text(us):
    """Margin behind the first tap in ms: "+0.4" below 10 ms, "+12" above."""
    if us < 10000:
        return "+%d.%d" % (us // 1000, us % 1000 // 100)
    return "+%d" % (us // 1000)


def pin_of(bit):
    """GPIO number of a one-bit mask (hw.player_bits holds masks, the judge wants pins)."""
    pin = 0
    while bit > 1:
        bit >>= 1
        pin += 1
    return pin


def tie_text(tie):
    """Tied players as "1/3"."""
    return "/".join(str(p + 1) for p in tie)


# --- setup ------------------------------------------------------------------------


class _Setup(ui.Form):
    """Players and the tap settings; the last line starts the game."""

    START = "Start"

    def __init__(self, app, title, keys):
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, app.player_buttons))
        ui.Form.__init__(self, app, title, keys + ["start"])

    def label(self, key):
        if key in VARIANT_LABEL:
            return VARIANT_LABEL[key]
        return {"players": "Players", "tie_window_us": "Tie us", "tie_break": "Ties",
                "start": self.START}[key]

    def value(self, key):
        s = self.app.settings
        if key == "players":
            return str(self.players)
        if key == "tie_window_us":
            return str(s["tie_window_us"])
        if key == "tie_break":
            return "re-slap" if s["tie_break"] == "reslap" else "random"
        if key in VARIANT_LABEL:
            return "on" if key in s.get("variants", ()) else "off"
        return None

    def change(self, key, delta):
        s = self.app.settings
        if key == "players":
            hi = max(MIN_PLAYERS, min(MAX_PLAYERS, self.app.player_buttons))
            self.players = max(MIN_PLAYERS, min(hi, self.players + (1 if delta > 0 else -1)))
            return
        if key == "tie_window_us":
            s[key] = max(100, min(50000, s[key] + 100 * delta))
        elif key == "tie_break":
            s[key] = "reslap" if s[key] == "random" else "random"
        else:
            on = s.get("variants", ())
            s["variants"] = [v for v in VARIANTS if (v == key) != (v in on)]
        self.app.save()


class RefereeSetup(_Setup):
    def __init__(self, app):
        _Setup.__init__(self, app, "Corsica referee", ["players", "tie_window_us", "tie_break"])

    def choose(self, index):
        self.app.push(Referee(self.app, self.players))


class DeckSetup(_Setup):
    START = "Deal"

    def __init__(self, app):
        _Setup.__init__(self, app, "Corsica deck",
                        ["players", "tie_window_us", "tie_break"] + list(VARIANTS))

    def choose(self, index):
        seed = now_us() % 1000000
        self.app.push(DeckGame(self.app, Game(self.players, self.app.settings.get("variants", ()), seed)))


# --- what both modes share ---------------------------------------------------------


class _TapScreen(ui.Screen):
    """A judge fed with the player-button snapshots, armed at every pile change."""

    def __init__(self, app, players, seed=None, clock=None):
        """seed: of the tie-break seeds (default: the clock); clock: () -> ticks_us
        of now, on the ring the tap ring records on (tests pass their own)."""
        ui.Screen.__init__(self, app)
        s = app.settings
        hw = app.hw
        self.bits = hw.player_bits[:players] if hw else [1 << p for p in range(players)]
        pins = [pin_of(bit) for bit in self.bits]
        self.judge = Judge(players, pins, s["tie_window_us"], s["tie_break"])
        self.players = players
        # Last GPIO levels (None: unknown, taken as all released): who is held at arm.
        self.levels = hw.player_levels() if hw else None
        self.clock = clock or now_us
        self.rng = Rng(self.clock() if seed is None else seed)  # tie-break seeds
        self.game_id = app.new_game_id()
        self.tapped = False  # a tap came since the judge was armed
        self.first_ms = None  # tick time when that tap was first seen
        self.lit = None  # player whose LED is on

    def arm(self, t_us, window=True):
        """The pile changed at t_us: buttons held now tap only after a release."""
        held = self.judge.held_mask(self.levels) if self.levels is not None else 0
        self.judge.arm(t_us, held)
        self.tapped = False
        self.first_ms = None
        self.slap_window = window
        self.light(None)

    def feed(self, t_us, levels):
        self.levels = levels
        self.judge.snapshot(t_us, levels)

    def collecting_done(self, now_ms):
        """True once COLLECT_MS have passed since the first tap was seen."""
        if not self.tapped:
            return False
        if self.first_ms is None:
            self.first_ms = now_ms
            return False
        return ticks_diff(now_ms, self.first_ms) >= COLLECT_MS

    def decide(self, slappable=True, reason=None, no_cards=()):
        self.tapped = False
        return self.judge.decide(slappable, reason, self.rng.below(SEED_RANGE), no_cards)

    def light(self, player):
        """The winner's LED on (the previous one off) and a beep; None: LEDs off."""
        if self.lit is not None:
            self.app.led(self.lit, False)
        self.lit = player
        if player is not None:
            self.app.led(player, True)
            self.app.beep(WIN_BEEP[0], WIN_BEEP[1])

    def log(self, result):
        """One history `slap` line for a judged result."""
        fields = {"order": result["order"], "winner": result["winner"],
                  "false": result["false_taps"], "tie": result["tie"]}
        if result["tie"]:
            fields["reslap"] = result["reslap"]
            fields["seed"] = result["seed"]
        if result["reason"]:
            fields["reason"] = result["reason"]
        self.app.log("slap", self.game_id, RULES, fields)

    def leave(self):
        self.slap_window = False
        self.light(None)
        self.app.pop()


# --- referee mode ------------------------------------------------------------------

IDLE = 0  # waiting for the first pile change
ARMED = 1  # collecting taps
SHOWN = 2  # result on screen


class Referee(_TapScreen):
    """Real cards: ok = the pile changed (arm); the first tap wins; down marks the
    shown result false (every tapper gets a mistake); back ends the result, then
    leaves. The result's history line is queued when the result is left, so that
    it carries the table's false mark."""

    def __init__(self, app, players, seed=None, clock=None):
        _TapScreen.__init__(self, app, players, seed, clock)
        self.mistakes = [0] * players
        self.state = IDLE
        self.result = None  # the judge's dict for the shown result or a re-slap
        self.unlogged = False  # the shown result is not in the history yet

    def on_nav(self, name, kind):
        if kind != "press":
            return
        if name == "ok":
            self.close_result()
            self.result = None
            self.state = ARMED
            self.arm(self.clock())
        elif name == "down" and self.state == SHOWN and self.result["order"]:
            self.toggle_false()
        elif name == "back":
            if self.state == IDLE:
                self.leave()
                return
            self.close_result()
            self.state = IDLE
            self.slap_window = False
            self.light(None)
        else:
            return
        self.app.invalidate()

    def on_snapshot(self, t_us, levels):
        if self.state != ARMED:
            self.levels = levels
            return
        self.feed(t_us, levels)
        if not self.tapped and self.judge.order():
            self.tapped = True

    def tick(self, now_ms):
        if self.state != ARMED or not self.collecting_done(now_ms):
            return
        result = self.result = self.decide()
        if result["reslap"]:
            self.log(result)
            self.arm(self.clock())  # same pile, slap again: stays ARMED
            self.app.beep(RESLAP_BEEP[0], RESLAP_BEEP[1])
        else:
            self.state = SHOWN
            self.unlogged = True
            self.slap_window = False
            self.light(result["winner"])
        self.app.invalidate()

    def toggle_false(self):
        marked = not self.result["false_taps"]
        self.result = self.judge.decide(not marked, None, self.result["seed"])
        for tap in self.result["order"]:
            self.mistakes[tap["player"]] += 1 if marked else -1

    def close_result(self):
        if self.unlogged:
            self.log(self.result)
            self.unlogged = False

    def draw(self, canvas):
        canvas.clear()
        result = self.result
        if self.state == IDLE:
            ui.draw_title(canvas, "Corsica referee")
            canvas.text("ok: pile changed", 0, 12)
            canvas.text("Mistakes:", 0, 26)
            for p in range(self.players):
                canvas.text("%s:%d" % (name(p), self.mistakes[p]),
                            (p % 3) * 44, 38 + (p // 3) * 12)
            return
        if self.state == ARMED:
            ui.draw_title(canvas, "ARMED: SLAP!")
            if result and result["reslap"]:
                ui.draw_big(canvas, "RE-SLAP", 20, 2)
                canvas.center("tie " + tie_text(result["tie"]), 44)
            else:
                ui.draw_big(canvas, "SLAP!", 20, 3)
            return
        if result["false_taps"]:
            title = "FALSE TAP"
        elif result["tie"]:
            title = "TIE: DRAWN"
        else:
            title = "FIRST TAP"
        ui.draw_title(canvas, title)
        order = result["order"]
        first = result["winner"]
        if first is None:
            first = order[0]["player"]
        canvas.text(name(first), 0, 14, 3)
        if result["tie"]:
            canvas.text("tie", 0, 40)
            canvas.text(tie_text(result["tie"])[:7], 0, 48)
            canvas.text("s=%d" % result["seed"], 0, 56)
        else:
            canvas.text("v:undo" if result["false_taps"] else "v:false", 0, 52)
        for i, tap in enumerate(order[:6]):
            canvas.text("%s %s" % (name(tap["player"]), margin_text(tap["margin_us"])),
                        ORDER_X, 11 + 9 * i)


# --- virtual deck --------------------------------------------------------------------


class DeckGame(_TapScreen):
    """The device deals (corsica.Game) and shows each turned card. A player's button
    plays their card on their turn (picks up a won trick) and slaps otherwise; once
    a slap started every press is a slap until the result."""

    def __init__(self, app, game, seed=None, clock=None):
        _TapScreen.__init__(self, app, game.players, seed, clock)
        self.game = game
        self.seen = 0  # players whose tap since the last arm was handled (bitmask)
        self.out_bits = 0  # GPIO bits of eliminated players: never pressed
        self.message = ("", "")  # two lines under the card
        self.banner = None  # title text for a tie, until the next card
        self.arm(self.clock())

    def arm(self, t_us, window=True):
        _TapScreen.arm(self, t_us, window)
        self.seen = 0

    def on_nav(self, name, kind):
        if name == "back" and kind == "press":
            if self.game.over:
                self.leave()
            else:
                self.app.push(ui.Confirm(self.app, "Corsica deck", "Leave this game?", self.leave))

    def on_snapshot(self, t_us, levels):
        game = self.game
        if game.over:
            return
        self.feed(t_us, levels | self.out_bits)
        for player, t, _ in self.judge.order():
            bit = 1 << player
            if self.seen & bit:
                continue
            self.seen |= bit
            if not self.tapped and player == game.turn:
                self.play(t)
                return
            self.tapped = True
            self.slap_window = True

    def play(self, t_us):
        """The player to move turns a card (or picks up their trick)."""
        event, player, detail = self.game.play_card()
        if event == "trick":
            self.message = ("%s TAKES" % name(player), "%d cards" % detail)
        elif event == "draw":
            self.message = ("%s DRAWS" % name(player), "from %s" % name(detail))
        else:
            self.message = ("", "")
        self.banner = None
        self.pile_changed(t_us, True)
        self.app.invalidate()

    def pile_changed(self, t_us, window):
        """Arm the judge for the new pile; at the game's end log it, window closed."""
        game = self.game
        self.arm(t_us, window and not game.over)
        if game.over:
            self.app.log("game_over", self.game_id, RULES,
                         {"winners": [game.winner], "totals": [len(h) for h in game.hands]})

    def tick(self, now_ms):
        if not self.collecting_done(now_ms):
            return
        game = self.game
        reason = game.slappable()
        no_cards = [p for p in range(game.players) if not game.hands[p]]
        result = self.decide(reason is not None, reason, no_cards)
        self.log(result)
        self.banner = None
        if result["tie"]:
            self.banner = "TIE %s s=%d" % (tie_text(result["tie"]), result["seed"])
        if result["reslap"]:
            self.message = ("RE-SLAP!", "")
            self.arm(self.clock())  # the same pile: window stays open
            self.app.beep(RESLAP_BEEP[0], RESLAP_BEEP[1])
            self.app.invalidate()
            return
        winner = result["winner"]
        if winner is not None:
            game.slap(winner)
            self.message = ("%s SLAP!" % name(winner), REASON_TEXT[reason])
        else:
            taps = result["false_taps"]
            event, player, detail = game.slap(taps[0])
            for p in taps[1:]:
                game.slap(p)
            more = "+%d" % (len(taps) - 1) if len(taps) > 1 else ""  # fits 11 chars
            if event == "false":
                penalty = "%d cards" % detail
            elif event == "mistake":
                penalty = "mistake %d" % detail
            else:
                penalty = "OUT"
            self.message = ("FALSE:%s%s" % (name(player), more) if more else
                            "FALSE: " + name(player), penalty)
        for p in range(game.players):
            if game.eliminated(p):
                self.out_bits |= self.bits[p]
        self.pile_changed(self.clock(), False)
        self.light(winner)
        self.app.invalidate()

    def title_text(self):
        game = self.game
        if game.over:
            return "%s WINS!" % name(game.winner)
        if self.banner:
            return self.banner
        if game.trick_winner is not None:
            return "%s: take pile" % name(game.turn)
        if game.demand:
            return "%s: %d %s" % (name(game.turn), game.demand,
                                  "try" if game.demand == 1 else "tries")
        return "%s to play" % name(game.turn)

    def draw(self, canvas):
        canvas.clear()
        game = self.game
        ui.draw_title(canvas, self.title_text())
        if game.over:
            ui.draw_big(canvas, name(game.winner), 14, 3)
            canvas.center("WINS THE GAME", 44)
            return
        top = card_text(game.pile[-1]) if len(game.pile) > game.under else "--"
        if top[0] == "X":
            top = "JKR"
        canvas.text(top, 0, 12, 3)
        canvas.text(self.message[0], 0, 42)
        canvas.text(self.message[1], 0, 52)
        for p in range(game.players):
            mark = ">" if p == game.turn else " "
            if game.eliminated(p):
                line = "%s%d  x" % (mark, p + 1)
            else:
                line = "%s%d %2d" % (mark, p + 1, len(game.hands[p]))
            canvas.text(line, COUNTS_X, 11 + 9 * p)
