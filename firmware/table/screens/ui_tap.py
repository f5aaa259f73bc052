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


from ..rules.judge import Judge, pin_of
from ..rules.rng import Rng
from ..rules.ticks import ticks_diff
from . import ui

# Loaded for the Corsica modes only: the app drops them when they are left.
TAP_MODULES = ("ui_tap", "judge", "rng")

RULES = "corsica"
COLLECT_MS = const(400)  # after the first tap, later taps are collected this long
SEED_RANGE = const(10000)  # tie-break seeds are 0..9999: short enough to show


NAME_CHARS = const(7)  # a name in the slap screens' lists (ui.short_names: told apart)


def name(player):
    """A seat by number (P1..), where nobody is seated."""
    return "P%d" % (player + 1)


def margin_text(us):
    """Margin behind the first tap, with its unit: "first" for the first tap itself,
    "+9 us" below a millisecond (PIO timestamps tell taps that close apart),
    "+1.4 ms" below 10 ms, "+126 ms", then "+1.2 s". At most 7 characters."""
    if us <= 0:
        return "first"
    if us < 1000:
        return "+%d us" % us
    if us < 10000:
        return "+%d.%d ms" % (us // 1000, us % 1000 // 100)
    if us < 1000000:
        return "+%d ms" % (us // 1000)
    return "+%d.%d s" % (us // 1000000, us % 1000000 // 100000)


def tie_text(tie, names=None):
    """Tied players as "Al Cy" (names: the screen's short names; P1 P3 without)."""
    return " ".join(names[p] if names else name(p) for p in tie)


class TapScreen(ui.Screen):
    """A judge fed with the player-button snapshots, armed at every pile change."""

    MODULES = TAP_MODULES  # type: tuple
    MODE = ""  # "referee" or "deck": on the game's start line

    def __init__(self, app, players, seed=None, clock=None, game_id=None):
        """seed: of the tie-break seeds (default: the clock); clock: () -> ticks_us
        of now, on the ring the tap ring records on (tests pass their own); game_id:
        a game going on (its start line is in the history already)."""
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
        self.game_id = game_id or app.new_game_id()
        # The seats' names, as the setup seated them (P1.. for a seat without one).
        self.names = ["P%d" % (p + 1) for p in range(players)]
        self.names[: len(app.seated[:players])] = app.seated[:players]
        self.short = ui.short_names(self.names, NAME_CHARS)  # as the lists spell them
        if not game_id:
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
        for key in ("late", "no_cards"):  # the referee's, when there are any
            if result.get(key):
                fields[key] = result[key]
        self.app.log("slap", self.game_id, RULES, fields)

    def leave(self):
        self.slap_window = False
        self.light(None)
        self.app.pop()
