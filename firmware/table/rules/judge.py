"""Tap judge for Battle of Corsica slaps: debounce, order, ties, false taps.

The firmware drives a `Judge` incrementally: `arm()` when the pile changes (with
the players whose button is already down), then feed what the pin IRQ recorded
(`snapshot()` for GPIO snapshots from `tapring.TapRing`, `edge()` for raw levels
of one player, `tap()` for already debounced presses), then `decide()`.
`judge_trace.judge_trace()` judges a whole trace at once (host CLI, tests).

Debounce is leading-edge: the first falling edge (level 0) is the press time.
A press ends only when the level has stayed high for RELEASE_US, so press bounce
and release chatter never make a second press. Only each player's first press
after `arm()` is a tap. Times are ticks_us on the 30-bit ring and are compared
only through `ticks.ticks_diff`, so taps across the wrap order correctly. The ring
tells order only within 2**29 us (~9 minutes): `keep(now)`, called as the clock
runs (every main-loop pass), keeps a pile that waits longer judgeable (minutes or
hours), moving the arm time and confirming releases before they fall out of reach.
"""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


from .rng import Rng
from .ticks import MASK, ticks_diff

# Button state per player (`Judge._state`): released, pressed, or a time >= 0 =
# pressed but the level has been high since then (release not yet confirmed).
_RELEASED = const(-2)
_PRESSED = const(-1)
_NO_TAP = const(-1)


def pin_of(bit):
    """GPIO number of a one-bit mask (hw.player_bits holds masks, the judge wants pins)."""
    pin = 0
    while bit > 1:
        bit >>= 1
        pin += 1
    return pin


class Judge:
    """Judge the taps after one pile change (call `arm()` first). Tunables are
    class attributes; an instance may override them."""

    RELEASE_US = 20000  # level must stay high this long for a release to count
    KEEP_US = 1 << 27  # keep(): an arm time this old (~2 min) moves up to KEEP_BACK_US before now
    KEEP_BACK_US = 1000000  # far behind any edge not yet fed (a drain waits ms, not a second)
    TIE_WINDOW_US = 1000  # taps less than this behind the first tie with it
    TIE_BREAK = "random"  # or "reslap"
    FALSE_TAP_CARDS = 3  # cards a false tapper puts under the pile

    def __init__(self, players, pins=None, tie_window_us=None, tie_break=None):
        """`pins`: GPIO pin number (0..31) of each player, for `snapshot()` and
        `held_mask()`."""
        if not 1 <= players <= 30:
            raise ValueError("players must be 1..30")
        for pin in pins or ():
            if not 0 <= pin < 32:
                raise ValueError("GPIO pin %r out of range 0..31 (a pin number, not a bit)" % (pin,))
        if tie_window_us is not None:
            if tie_window_us < 1:
                raise ValueError("tie_window_us must be at least 1")
            self.TIE_WINDOW_US = tie_window_us
        if tie_break is not None:
            if tie_break not in ("random", "reslap"):
                raise ValueError("tie_break must be 'random' or 'reslap'")
            self.TIE_BREAK = tie_break
        self.players = players
        self._bits = [1 << pin for pin in pins] if pins is not None else []
        if pins is not None and len(self._bits) != players:
            raise ValueError("need one pin per player")
        self._pin_mask = 0
        for bit in self._bits:
            self._pin_mask |= bit
        self._state = [_RELEASED] * players
        self._tap_t = [_NO_TAP] * players  # first press time since arm()
        self._levels = self._pin_mask  # last snapshot, player pins only
        self.armed_at = 0

    def held_mask(self, levels):
        """Players (bit i = player i) pressed in a GPIO snapshot (active-low)."""
        mask = 0
        for p in range(self.players):
            if not levels & self._bits[p]:
                mask |= 1 << p
        return mask

    def arm(self, t_us, held_mask=0):
        """The pile changed at `t_us`; players in `held_mask` are down and tap only
        after a release, as do players whose release is not confirmed yet (level
        high for less than RELEASE_US). Forgets all earlier taps."""
        self.armed_at = t_us
        levels = self._pin_mask
        for p in range(self.players):
            self._tap_t[p] = _NO_TAP
            s = self._state[p]
            if held_mask >> p & 1:
                self._state[p] = _PRESSED
                if self._bits:
                    levels &= ~self._bits[p]
            elif s < 0 or not 0 <= ticks_diff(t_us, s) < self.RELEASE_US:
                self._state[p] = _RELEASED
        self._levels = levels

    def keep(self, now_us):
        """The clock is at now_us: confirm releases that have lasted RELEASE_US, and
        while no tap has come, move an arm time older than KEEP_US up to KEEP_BACK_US
        before now (every edge fed later is after the pile change all the same). So
        the wrapping clock never makes a tap look early, or a press look like the
        chatter of a release, however long the pile waited."""
        state = self._state
        for p in range(self.players):
            s = state[p]
            if s >= 0 and not 0 <= ticks_diff(now_us, s) < self.RELEASE_US:
                state[p] = _RELEASED
        if ticks_diff(now_us, self.armed_at) >= self.KEEP_US and self._tap_t.count(_NO_TAP) == self.players:
            self.armed_at = (now_us - self.KEEP_BACK_US) & MASK

    def edge(self, player, t_us, level):
        """One raw level of one player's button (0 = pressed), in time order."""
        state = self._state
        s = state[player]
        if level:
            if s == _PRESSED:
                state[player] = t_us  # high since t_us; a release once it lasts
            return
        if s == _PRESSED:
            return
        state[player] = _PRESSED
        if s >= 0 and ticks_diff(t_us, s) < self.RELEASE_US:
            return  # release chatter: still the same press
        if self._tap_t[player] == _NO_TAP and ticks_diff(t_us, self.armed_at) >= 0:
            self._tap_t[player] = t_us

    def snapshot(self, t_us, levels, pin=-1):
        """One GPIO snapshot (bit = 0: pressed), taken by the IRQ of GPIO `pin` (-1 or
        any other number: unknown). Players newly pressed in the same snapshot get the
        same time, whatever the order the pin IRQs ran in. A pin whose IRQ fired while
        its level reads released as before made a contact shorter than the IRQ
        latency: a press at `t_us`, released at once."""
        changed = (levels ^ self._levels) & self._pin_mask
        self._levels ^= changed
        pin_bit = 1 << pin if 0 <= pin < 32 else 0
        bits = self._bits
        for p in range(self.players):
            bit = bits[p]
            if changed & bit:
                self.edge(p, t_us, levels & bit)
            elif bit == pin_bit and levels & bit:
                self.edge(p, t_us, 0)
                self.edge(p, t_us, 1)

    def tap(self, player, t_us):
        """One debounced press; the earliest after `arm()` counts."""
        if ticks_diff(t_us, self.armed_at) < 0:
            return
        old = self._tap_t[player]
        if old == _NO_TAP or ticks_diff(t_us, old) < 0:
            self._tap_t[player] = t_us

    def order(self):
        """Taps as `[(player, t_us, margin_us)]`, by time then player."""
        keyed = []
        for p in range(self.players):
            t = self._tap_t[p]
            if t != _NO_TAP:
                keyed.append((ticks_diff(t, self.armed_at), p, t))
        keyed.sort()
        if not keyed:
            return []
        first = keyed[0][0]
        return [(p, t, k - first) for k, p, t in keyed]

    def decide(self, slappable=True, reason=None, seed=0, no_cards=()):
        """The ruling for the taps so far.

        `slappable`/`reason`: the pile's state (referee mode: True unless the table
        marks the tap false). `no_cards`: players without cards (a false tap is a
        mistake for them). Returns a dict: `slappable`, `reason`, `winner` (None if
        nobody tapped, the pile was not slappable, or a re-slap is needed), `tie`
        (players within the tie window of the first, by time, or []), `reslap`,
        `seed` and `draw` (index into `tie` of the random tie break, else None),
        `ranking` (who wins if the ones before are marked false: the draw's order
        of a drawn tie, then the later taps by time), `order` ([{"player", "t_us",
        "margin_us"}]), `false_taps` (players, sorted) and `penalties`
        ([{"player", "penalty": "cards"|"mistake", "cards"}])."""
        order = self.order()
        result = {
            "slappable": bool(slappable),
            "reason": reason if slappable else None,
            "winner": None,
            "tie": [],
            "reslap": False,
            "seed": seed,
            "draw": None,
            "ranking": [p for p, _, _ in order],
            "order": [{"player": p, "t_us": t, "margin_us": m} for p, t, m in order],
            "false_taps": [],
            "penalties": [],
        }
        if not slappable:
            for p in sorted(p for p, _, _ in order):
                result["false_taps"].append(p)
                if p in no_cards:
                    result["penalties"].append({"player": p, "penalty": "mistake", "cards": 0})
                else:
                    cards = self.FALSE_TAP_CARDS
                    result["penalties"].append({"player": p, "penalty": "cards", "cards": cards})
            return result
        if not order:
            return result
        tie = [p for p, _, m in order if m < self.TIE_WINDOW_US]
        if len(tie) == 1:
            result["winner"] = tie[0]
            return result
        result["tie"] = tie
        if self.TIE_BREAK == "reslap":
            result["reslap"] = True
        else:
            rng = Rng(seed)
            draw = rng.below(len(tie))
            result["draw"] = draw
            result["winner"] = tie[draw]
            rest = tie[:draw] + tie[draw + 1 :]
            drawn = [tie[draw]]
            while rest:  # the draw goes on for the order behind the winner
                drawn.append(rest.pop(rng.below(len(rest))))
            result["ranking"] = drawn + result["ranking"][len(tie) :]
        return result
