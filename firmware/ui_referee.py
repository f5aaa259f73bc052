"""Battle of Corsica referee mode: real cards on the table, the device says who
tapped first (ui_tap.TapScreen, judge.py) and keeps the table's tallies (piles won
by slap, false taps, mistakes without cards) until the table starts a new game."""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


import paths
import ui
from ticks import ticks_diff
from ui_tap import TAP_MODULES, TapScreen, margin_text, tie_text

LIST_ROWS = const(3)  # the result's list under the winner's name (rows 2-4), a hint below
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

    MODULES = ("ui_referee",) + TAP_MODULES
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
            self.close_result()
            self.result = None
            self.state = ARMED
            self.early = 0
            self.late = []
            self.arm(self.clock())
        elif button in ("up", "down") and self.state == IDLE:
            self.cursor = (self.cursor + (1 if button == "down" else -1)) % self.players
        elif button == "down" and self.state == SHOWN and self.winner() is not None:
            self.mark(self.winner(), 1)
        elif button == "up" and self.state == SHOWN and self.marks:
            self.mark(self.marks[-1], -1)
        elif button == "back":
            if self.state == IDLE:
                self.app.confirm("Leave referee?", "The tallies are kept until a new game.", self.leave)
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
            pressed = self.judge.held_mask(levels) & ~self.judge.held_mask(old)
            self.levels = levels
            if self.state == SHOWN:
                self.note_late(pressed, t_us)
            else:
                self.early |= pressed
            self.app.invalidate()
            return
        self.feed(t_us, levels, pin)
        if not self.tapped and self.judge.order():
            self.tapped = True

    def note_late(self, pressed, t_us):
        """Players newly pressed after the collection time: late, with their margin
        behind the first tap (once each; a player already in the order is not)."""
        order = self.result["order"]
        first = order[0]["t_us"] if order else t_us
        seen = [o["player"] for o in order] + [x[0] for x in self.late]
        for p in range(self.players):
            if pressed >> p & 1 and p not in seen:
                self.late.append((p, ticks_diff(t_us, first)))

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
        """The shown result is left: its history line (with the marks, the late taps
        and who had no cards), the pile to its winner's tally, the tallies kept."""
        if not self.unlogged:
            return
        result = self.result
        winner = result["winner"] = self.winner()
        result["false_taps"] = self.marks
        result["late"] = [{"player": p, "margin_us": m} for p, m in self.late]
        result["no_cards"] = [p for p in range(self.players) if self.no_cards >> p & 1]
        self.log(result)
        self.unlogged = False
        if winner is not None:
            self.won[winner] += 1
        self.keep_tallies()

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

    def live(self):
        """The live page's part (live.py): the last slap (winner, every tap with its
        margin, false taps marked, late ones) and the tallies as the device keeps them
        (piles won, false taps, mistakes without cards, who has no cards)."""
        result = self.result
        last = None
        if result is not None and not result["reslap"]:
            winner = self.winner() if self.state == SHOWN else result["winner"]
            marks = self.marks if self.state == SHOWN else result.get("false_taps", ())
            taps = [
                [self.names[t["player"]], margin_text(t["margin_us"]), t["player"] in marks] for t in result["order"]
            ]
            taps += [[self.names[p], "late", False] for p, _ in self.late]
            last = {"winner": None if winner is None else self.names[winner], "tie": bool(result["tie"]), "taps": taps}
        return {
            "view": "referee",
            "state": ("idle", "armed", "shown")[self.state],
            "names": self.names,
            "won": self.won,
            "false": self.false_taps,
            "mistakes": self.mistakes,
            "no_cards": [bool(self.no_cards >> p & 1) for p in range(self.players)],
            "out": [self.out(p) for p in range(self.players)],
            "last": last,
        }

    # --- drawing -------------------------------------------------------------------

    def draw(self, canvas):
        canvas.clear()
        if self.state == IDLE:
            return self.draw_idle(canvas)
        result = self.result
        if self.state == ARMED:
            ui.draw_title(canvas, "ARMED: SLAP!")
            if result and result["reslap"]:
                ui.draw_big(canvas, "RE-SLAP", 20, 2)
                tie = "tie: " + tie_text(result["tie"], self.short)
                canvas.center(tie if len(tie) <= 16 else "%d tied" % len(result["tie"]), 44)
            else:
                ui.draw_big(canvas, "SLAP!", 20, 3)
                canvas.center("first tap wins", 48)
            return
        marks = self.marks
        if len(marks) == 1:
            title = "FALSE: " + self.short[marks[0]]
        elif marks:
            title = "%d FALSE TAPS" % len(marks)
        elif result["tie"]:
            title = "DRAWN AT RANDOM"
        else:
            title = "FIRST TAP"
        ui.draw_title(canvas, title)
        winner = self.winner()
        big = ui.short_names(self.names, 8)[winner] if winner is not None else "nobody"
        ui.draw_big(canvas, big, 11, 2)
        lines = self.result_lines(winner)
        if len(lines) > LIST_ROWS:
            lines = lines[: LIST_ROWS - 1] + ["  and %d more" % (len(lines) - LIST_ROWS + 1)]
        for i, line in enumerate(lines):
            canvas.text(line, 0, ui.row_y(2 + i))
        if winner is not None and marks:
            hint = "dn:false up:undo"
        elif winner is not None:
            hint = "down: false tap"
        else:
            hint = "up: undo"
        canvas.text(hint, 0, ui.row_y(5))

    def result_lines(self, winner):
        """The result's list: every tap but the shown winner's, in the judged order
        (x: marked false, =: tied), then the late and the early presses."""
        result = self.result
        lines = []
        for tap in result["order"]:
            p = tap["player"]
            if p != winner:
                mark = "x" if p in self.marks else "=" if p in result["tie"] else " "
                lines.append("%s%-7s%8s" % (mark, self.short[p], margin_text(tap["margin_us"])))
        for late in self.late:
            lines.append(" %-7s%8s" % (self.short[late[0]], "late"))
        for p in range(self.players):
            if self.early >> p & 1:
                lines.append(" %-7s%8s" % (self.short[p], "early"))
        return lines

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
    import store_load

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
