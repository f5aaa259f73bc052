"""Battle of Corsica referee mode: real cards on the table, the device says who
tapped first (ui_tap.TapScreen, judge.py) and keeps the false taps."""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


import ui
from ui_tap import TAP_MODULES, TapScreen, margin_text, name, tie_text

ORDER_X = const(64)  # x of the tap-order column (8 characters on each side)


# --- referee mode ------------------------------------------------------------------

IDLE = const(0)  # waiting for the first pile change
ARMED = const(1)  # collecting taps
SHOWN = const(2)  # result on screen
OUT_AT = const(3)  # mistakes (false taps without cards) that eliminate, with "out_at_3" on


class Referee(TapScreen):
    """Real cards: ok = the pile changed (arm); the first tap wins. On the result,
    down marks the shown winner's tap false: that player is charged a false tap and
    the win passes to the next in the judged order (a drawn tie's draw order first);
    up takes the last mark back. Idle: up/down choose a player, hold ok says that
    player has no cards (their false taps are then mistakes; the third eliminates
    with the "out_at_3" setting). Presses before arming are shown as early and never
    count. A result's history line is queued when it is left, with every mark."""

    MODULES = ("ui_referee",) + TAP_MODULES
    MODE = "referee"

    def __init__(self, app, players, seed=None, clock=None):
        TapScreen.__init__(self, app, players, seed, clock)
        self.false_taps = [0] * players  # false taps charged to each player
        self.mistakes = [0] * players  # of those, made while without cards
        self.no_cards = 0  # players (bit i) the table says have no cards
        self.cursor = 0  # idle: the player hold-ok flags
        self.state = IDLE
        self.result = None  # the judge's dict for the shown result or a re-slap
        self.marks = []  # players marked false on the shown result, in order
        self.early = 0  # players (bit i) who pressed while not armed
        self.unlogged = False  # the shown result is not in the history yet
        self.out_bits = 0  # GPIO bits of eliminated players: never pressed

    def out(self, p):
        """Eliminated: three mistakes without cards, with the setting on."""
        return bool(self.app.settings["out_at_3"]) and self.mistakes[p] >= OUT_AT

    def winner(self):
        """The shown winner: the first in the ranking not marked false, or None."""
        ranking = self.result["ranking"] if self.result else ()
        n = len(self.marks)
        return ranking[n] if n < len(ranking) else None

    def on_nav(self, button, kind):
        if button == "ok" and kind == "long" and self.state == IDLE:
            self.no_cards ^= 1 << self.cursor
        elif kind != "press":
            return
        elif button == "ok":
            self.close_result()
            self.result = None
            self.state = ARMED
            self.early = 0
            self.arm(self.clock())
        elif button in ("up", "down") and self.state == IDLE:
            self.cursor = (self.cursor + (1 if button == "down" else -1)) % self.players
        elif button == "down" and self.state == SHOWN and self.winner() is not None:
            self.mark(self.winner(), 1)
        elif button == "up" and self.state == SHOWN and self.marks:
            self.mark(self.marks[-1], -1)
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

    def mark(self, p, d):
        """Charge (d=1) or take back (d=-1) a false tap of player p."""
        if d > 0:
            self.marks.append(p)
        else:
            self.marks.pop()
        self.false_taps[p] += d
        if self.no_cards >> p & 1:
            self.mistakes[p] += d
            bit = self.bits[p]
            self.out_bits = self.out_bits | bit if self.out(p) else self.out_bits & ~bit
        self.light(self.winner())
        if d > 0:
            self.app.out.play("false")

    def on_snapshot(self, t_us, levels, pin=-1):
        levels |= self.out_bits
        if self.state != ARMED:
            old = self.levels if self.levels is not None else levels
            self.early |= self.judge.held_mask(levels) & ~self.judge.held_mask(old)
            self.levels = levels
            self.app.invalidate()
            return
        self.feed(t_us, levels, pin)
        if not self.tapped and self.judge.order():
            self.tapped = True

    def tick(self, now_ms):
        self.judge.keep(self.clock())  # a pile may wait minutes or hours
        if self.state != ARMED or not self.collecting_done(now_ms):
            return
        result = self.result = self.decide()
        self.marks = []
        if result["reslap"]:
            self.log(result)
            self.arm(self.clock())  # same pile, slap again: stays ARMED
            self.app.out.play("reslap")
        else:
            self.state = SHOWN
            self.unlogged = True
            self.slap_window = False
            self.light(result["winner"], "tie" if result["tie"] else "won")
        self.app.invalidate()

    def close_result(self):
        if self.unlogged:
            self.result["winner"] = self.winner()
            self.result["false_taps"] = self.marks
            self.log(self.result)
            self.unlogged = False

    def draw(self, canvas):
        canvas.clear()
        if self.state == IDLE:
            return self.draw_idle(canvas)
        result = self.result
        if self.state == ARMED:
            ui.draw_title(canvas, "ARMED: SLAP!")
            if result and result["reslap"]:
                ui.draw_big(canvas, "RE-SLAP", 20, 2)
                tie = "tie: " + tie_text(result["tie"])
                canvas.center(tie if len(tie) <= 16 else "%d tied" % len(result["tie"]), 44)
            else:
                ui.draw_big(canvas, "SLAP!", 20, 3)
            return
        marks = self.marks
        if len(marks) == 1:
            title = "FALSE: " + self.names[marks[0]]
        elif marks:
            title = "%d FALSE TAPS" % len(marks)
        elif result["tie"]:
            title = "DRAWN AT RANDOM"
        else:
            title = "FIRST TAP"
        ui.draw_title(canvas, title)
        winner = self.winner()
        canvas.text(name(winner) if winner is not None else "--", 0, 14, 3)
        if marks:
            canvas.text("up: undo", 0, 40)
        elif result["tie"]:
            canvas.text("%d tied" % len(result["tie"]), 0, 40)
        if winner is not None:  # the hint for marking the shown winner's tap false
            canvas.text("down if", 0, 48)
            canvas.text("false", 0, 56)
        order = result["order"]
        for i, tap in enumerate(order):
            p = tap["player"]
            mark = "x" if p in marks else "=" if p in result["tie"] else " "
            canvas.text("%s%s %s" % (mark, name(p), margin_text(tap["margin_us"])), ORDER_X, 11 + 9 * i)
        if self.early and len(order) < 6:
            canvas.text(players_text(self.early, self.players, "early ", 8), ORDER_X, 11 + 9 * len(order))

    def draw_idle(self, canvas):
        ui.draw_title(canvas, "Corsica referee")
        canvas.text("ok: pile changed", 0, 11)
        canvas.text("False taps:", 0, 20)
        for p in range(self.players):
            if self.out(p):
                cell = "%s out" % name(p)
            elif self.no_cards >> p & 1:
                cell = "%s %d m%d" % (name(p), self.false_taps[p], self.mistakes[p])
            else:
                cell = "%s %d" % (name(p), self.false_taps[p])
            x, y = (p % 2) * 64, 29 + (p // 2) * 9
            if p == self.cursor:
                canvas.fill_rect(x, y - 1, 63, 9, 1)
            canvas.text(cell[:7], x + 1, y, 1, 0 if p == self.cursor else 1)
        if self.early:
            hint = players_text(self.early, self.players, "early: ", 16)
        elif self.no_cards:
            hint = "m: no-card taps"
        else:
            hint = "hold ok:no cards"
        canvas.text(hint, 0, 56)


def players_text(bits, players, label, chars):
    """label and the players of a bitmask ("early P3 P5"), or how many when that is
    longer than chars ("4 early")."""
    ps = [p for p in range(players) if bits >> p & 1]
    text = label + tie_text(ps)
    return text if len(text) <= chars else "%d %s" % (len(ps), label.strip(" :"))
