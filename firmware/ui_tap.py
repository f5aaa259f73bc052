"""What the Battle of Corsica screens share: a screen whose judge is fed with the
player-button snapshots (`TapScreen`), the clock the taps are on, and how players,
margins and ties are written.

Screens only show and route: judge.py orders the taps and breaks ties, corsica.py
applies the rules. While taps are being collected a screen sets `slap_window`, so
the app holds back flash writes; it is cleared when the result is shown.
"""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


import ui
from judge import Judge, pin_of
from rng import Rng
from ticks import ticks_diff

# Loaded for the Corsica modes only: the app drops them when they are left.
TAP_MODULES = ("ui_tap", "judge", "rng")

RULES = "corsica"
COLLECT_MS = const(400)  # after the first tap, later taps are collected this long
SEED_RANGE = const(10000)  # tie-break seeds are 0..9999: short enough to show


def name(player):
    return "P%d" % (player + 1)


def margin_text(us):
    """Margin behind the first tap: "+15u" (microseconds) below 0.1 ms, where PIO
    timestamps tell taps apart, then in ms: "+0.4" below 10 ms, "+12" above."""
    if 0 < us < 100:
        return "+%du" % us
    if us < 10000:
        return "+%d.%d" % (us // 1000, us % 1000 // 100)
    return "+%d" % (us // 1000)


def tie_text(tie):
    """Tied players as "P1 P3"."""
    return " ".join(name(p) for p in tie)


class TapScreen(ui.Screen):
    """A judge fed with the player-button snapshots, armed at every pile change."""

    MODULES = TAP_MODULES  # type: tuple
    MODE = ""  # "referee" or "deck": on the game's start line

    def __init__(self, app, players, seed=None, clock=None):
        """seed: of the tie-break seeds (default: the clock); clock: () -> ticks_us
        of now, on the ring the tap ring records on (tests pass their own)."""
        ui.Screen.__init__(self, app)
        s = app.settings
        out = app.out
        self.bits = out.player_bits[:players]
        pins = [pin_of(bit) for bit in self.bits]
        self.judge = Judge(players, pins, s["tie_window_us"], s["tie_break"])
        self.players = players
        # Last GPIO levels (None: unknown, taken as all released): who is held at arm.
        self.levels = out.levels()
        self.clock = clock or out.now_us
        self.rng = Rng(self.clock() if seed is None else seed)  # tie-break seeds
        self.game_id = app.new_game_id()
        # The seats' names, as the setup seated them (P1.. for a seat without one).
        self.names = ["P%d" % (p + 1) for p in range(players)]
        self.names[: len(app.seated[:players])] = app.seated[:players]
        app.log("start", self.game_id, RULES, {"players": self.names, "mode": self.MODE})
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

    def light(self, player, tone=None):
        """The winner's LED on (the previous one off) and `tone` (tones.TONES) if
        given; None: LEDs off."""
        if self.lit is not None:
            self.app.out.led(self.lit, False)
        self.lit = player
        if player is not None:
            self.app.out.led(player, True)
        if tone:
            self.app.out.play(tone)

    def log(self, result):
        """One history `slap` line for a judged result."""
        fields = {
            "order": result["order"],
            "winner": result["winner"],
            "false": result["false_taps"],
            "tie": result["tie"],
        }
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
