"""Battle of Corsica referee mode: real cards on the table, the device says who
tapped first (ui_tap.TapScreen, judge.py) and keeps the table's tallies (piles won
by slap, false taps, mistakes without cards) until the table starts a new game."""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


from ..storage import paths
from . import ui
from .ui_tap import TAP_MODULES, TapScreen, tie_text

IDLE_ROWS = const(4)  # the idle tallies: a header line, then four players (rows 1-4)
TALLY_VERSION = const(1)  # of paths.REFEREE

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
    with the "out_at_3" setting). Presses before arming are early, presses after the
    collection time are late: listed, never counted. A result's history line is
    queued when it is left, with every mark; the tallies are kept on the flash
    (paths.REFEREE) and go on from there (`go_on`) until a new game."""

    # The armed and result views, and the live page's part (ui_referee_result.py),
    # load after the first frame (the idle tallies).
    MODULES = ("ui_referee", "ui_referee_result") + TAP_MODULES
    MODE = "referee"

    def __init__(self, app, players, seed=None, clock=None, go_on=False):
        kept = load_tallies(app) if go_on else None
        if kept:
            app.seated = kept["names"]
            players = len(kept["names"])
        TapScreen.__init__(self, app, players, seed, clock, kept["game"] if kept else None)
        self.won = kept["won"] if kept else [0] * players  # piles won by slap
        self.false_taps = kept["false"] if kept else [0] * players  # false taps charged
        self.mistakes = kept["mistakes"] if kept else [0] * players  # of those, without cards
        self.no_cards = kept["no_cards"] if kept else 0  # players (bit i) the table says have no cards
        self.cursor = 0  # idle: the player hold-ok flags
        self.state = IDLE
        self.result = None  # the judge's dict for the shown result or a re-slap
        self.marks = []  # players marked false on the shown result, in order
        self.early = 0  # players (bit i) who pressed while not armed
        self.late = []  # (player, margin_us) pressed after the collection time
        self.unlogged = False  # the shown result is not in the history yet
        self.out_bits = 0  # GPIO bits of eliminated players: never pressed
        for p in range(players):
            if self.out(p):
                self.out_bits |= self.bits[p]
        self.keep_tallies()  # a new game's zeros replace the last game's at once
        app.preload("table.screens.ui_referee_result")

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
            self.keep_tallies()
        elif kind != "press":
            return
        elif button == "ok":
            self.more().close_result(self)
            self.result = None
            self.state = ARMED
            self.early = 0
            self.late = []
            self.arm(self.clock())
        elif button in ("up", "down") and self.state == IDLE:
            self.cursor = (self.cursor + (1 if button == "down" else -1)) % self.players
        elif button == "down" and self.state == SHOWN and self.winner() is not None:
            self.more().mark(self, self.winner(), 1)
        elif button == "up" and self.state == SHOWN and self.marks:
            self.more().mark(self, self.marks[-1], -1)
        elif button == "back":
            if self.state == IDLE:
                self.app.confirm("Leave referee?", "The tallies are kept until a new game.", self.leave)
                return
            self.more().close_result(self)
            self.state = IDLE
            self.slap_window = False
            self.light(None)
        else:
            return
        self.app.invalidate()

    def on_snapshot(self, t_us, levels, pin=-1):
        levels |= self.out_bits
        if self.state != ARMED:
            old = self.levels if self.levels is not None else levels
            pressed = self.judge.held_mask(levels) & ~self.judge.held_mask(old)
            self.levels = levels
            if self.state == SHOWN:
                self.more().note_late(self, pressed, t_us)
            else:
                self.early |= pressed
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

    def keep_tallies(self):
        """The tallies to the flash at the next save (never during a slap window)."""
        self.app.keep_file(
            paths.REFEREE,
            {
                "v": TALLY_VERSION,
                "game": self.game_id,
                "names": self.names,
                "won": self.won,
                "false": self.false_taps,
                "mistakes": self.mistakes,
                "no_cards": self.no_cards,
            },
        )

    def more(self):
        """ui_referee_result: what the first frame does not need (preloaded after it)."""
        from . import ui_referee_result

        return ui_referee_result

    def live(self):
        """The live page's part (live.py): ui_referee_result.live."""
        return self.more().live(self, self.state == SHOWN)

    # --- drawing -------------------------------------------------------------------

    def draw(self, canvas):
        canvas.clear()
        if self.state == IDLE:
            return self.draw_idle(canvas)
        self.more().draw(self, canvas, self.state == ARMED)

    def draw_idle(self, canvas):
        ui.draw_title(canvas, "ok: pile changed")
        canvas.text("%-6s%3s %5s" % ("", "won", "false"), 0, ui.row_y(0))
        top = max(0, min(self.cursor - 1, self.players - IDLE_ROWS))
        for row in range(min(IDLE_ROWS, self.players - top)):
            p = top + row
            name = self.short[p][:6]
            if self.out(p):
                cell = "%-6s%9s" % (name, "out")
            elif self.no_cards >> p & 1:
                cell = "%-6s%9s" % (name, "no cards")
            else:
                cell = "%-6s%3d %5d" % (name, self.won[p], self.false_taps[p])
            y = ui.row_y(1 + row)
            if p == self.cursor:  # the cursor: the whole line in inverse video
                canvas.fill_rect(0, y - 1, canvas.width - 5, ui.LINE_H, 1)
            canvas.text(cell, 0, y, 1, 0 if p == self.cursor else 1)
        ui.draw_more(canvas, top > 0, top + IDLE_ROWS < self.players, top == self.cursor, False, 1, IDLE_ROWS)
        c = self.cursor
        if self.early:
            hint = players_text(self.early, self.players, "early: ", 16, self.short)
        elif self.no_cards >> c & 1:
            rule = " of %d" % OUT_AT if self.app.settings["out_at_3"] else ""
            hint = "%d%s mistakes" % (self.mistakes[c], rule)
        else:
            hint = "hold ok:no cards"
        canvas.text(hint, 0, ui.row_y(5))


def load_tallies(app):
    """The kept tallies (paths.REFEREE) if they are whole and fit the board's player
    buttons, else None (a new game then; an unusable file is set aside)."""
    from ..storage import store_load

    app.transient("store_load")
    path = app.path(paths.REFEREE)
    obj, problem = store_load.load(path)
    kept = tallies_from(obj, app.out.players)
    if obj is not None and kept is None:  # whole JSON, but not tallies we can go on with
        store_load.set_aside(path)
    return kept


def tallies_from(obj, most):
    """obj if it holds whole tallies for 2 to `most` players, else None."""
    try:
        n = len(obj["names"])
        whole = obj["v"] == TALLY_VERSION and 2 <= n <= most and obj["no_cards"] >= 0
        for key in ("won", "false", "mistakes"):
            whole = whole and len(obj[key]) == n and min(obj[key]) >= 0
        return obj if whole and "%s%s" % (obj["game"], "".join(obj["names"])) else None
    except (KeyError, TypeError, ValueError):
        return None


def players_text(bits, players, label, chars, names):
    """label and the players of a bitmask ("early Al Cy"), or how many when that is
    longer than chars ("4 early")."""
    ps = [p for p in range(players) if bits >> p & 1]
    text = label + tie_text(ps, names)
    return text if len(text) <= chars else "%d %s" % (len(ps), label.strip(" :"))
