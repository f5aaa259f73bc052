"""Battle of Corsica screens: the setups, referee mode (real cards) and what the
virtual deck (ui_deck.py) shares with it.

Screens only show and route: judge.py orders the taps and breaks ties, corsica.py
applies the rules. While taps are being collected a screen sets `slap_window`, so
the app holds back flash writes; it is cleared when the result is shown.

Settings (app.settings): "tie_window_us", "tie_break" ("random" | "reslap"),
"variants" (list of corsica.VARIANTS for the virtual deck).
"""
import time

import ui
import ui_form
from corsica import MAX_PLAYERS, MIN_PLAYERS, VARIANTS
from judge import Judge, pin_of, ticks_diff
from rng import Rng

# Loaded for the Corsica modes only: the app drops them when they are left.
CORSICA_MODULES = ("ui_corsica", "ui_deck", "judge", "corsica", "corsica_cards", "rng",
                   "ui_form")

RULES = "corsica"
COLLECT_MS = 400  # after the first tap, later taps are collected this long
SEED_RANGE = 10000  # tie-break seeds are 0..9999: short enough to show
WIN_BEEP = (2000, 120)  # (Hz, ms) for a slap winner
RESLAP_BEEP = (600, 300)
VARIANT_LABEL = {"sandwich": "Sandwich", "sequence": "Sequence", "sum10": "Sum 10"}
ORDER_X = 56  # referee: x of the tap-order column

_ticks_us = getattr(time, "ticks_us", None)


def now_us():
    """Current time on the 30-bit ticks ring the tap ring records on. (A Hardware
    whose taps run on another clock, CircuitPython's keypad, has its own now_us.)"""
    if _ticks_us is None:  # CPython (tests): any microsecond clock will do
        return getattr(time, "monotonic_ns")() // 1000 & 0x3FFFFFFF
    return _ticks_us() & 0x3FFFFFFF


def clock_of(app):
    """The clock the app's player-button timestamps are on."""
    return getattr(app.hw, "now_us", None) or now_us


def name(player):
    return "P%d" % (player + 1)


def margin_text(us):
    """Margin behind the first tap in ms: "+0.4" below 10 ms, "+12" above."""
    if us < 10000:
        return "+%d.%d" % (us // 1000, us % 1000 // 100)
    return "+%d" % (us // 1000)


def tie_text(tie):
    """Tied players as "1/3"."""
    return "/".join(str(p + 1) for p in tie)


# --- setup ------------------------------------------------------------------------


class _Setup(ui_form.Form):
    """Players and the tap settings; the last line starts the game."""

    MODULES = CORSICA_MODULES

    START = "Start"

    def __init__(self, app, title, keys):
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, app.player_buttons))
        ui_form.Form.__init__(self, app, title, keys + ["start"])

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
        import ui_deck  # loaded only for a virtual-deck game

        self.app.push(ui_deck.deal(self.app, self.players))


# --- what both modes share ---------------------------------------------------------


class _TapScreen(ui.Screen):
    """A judge fed with the player-button snapshots, armed at every pile change."""

    MODULES = CORSICA_MODULES

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
        self.clock = clock or clock_of(app)
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

    def feed(self, t_us, levels, pin=-1):
        self.levels = levels
        self.judge.snapshot(t_us, levels, pin)

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

    def on_nav(self, button, kind):
        if kind != "press":
            return
        if button == "ok":
            self.close_result()
            self.result = None
            self.state = ARMED
            self.arm(self.clock())
        elif button == "down" and self.state == SHOWN and self.result["order"]:
            self.toggle_false()
        elif button == "back":
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

    def on_snapshot(self, t_us, levels, pin=-1):
        if self.state != ARMED:
            self.levels = levels
            return
        self.feed(t_us, levels, pin)
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
