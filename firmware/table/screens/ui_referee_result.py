"""The referee's armed view and result, the false-tap marks, the late taps, the
result's history line (ui_referee.Referee: `self`, its screen) and its part of the
live page: loaded after the referee's first frame (the idle tallies), so that the
referee opens with less to load.
"""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


from ..rules.ticks import ticks_diff
from . import ui
from .ui_tap import margin_text, tie_text

LIST_ROWS = const(3)  # the result's list under the winner's name (rows 2-4), a hint below


def draw(self, canvas, armed):
    """The armed view (SLAP!, a re-slap's tie) and the result (the winner, the taps)."""
    result = self.result
    if armed:
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
    lines = result_lines(self, winner)
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


def live(self, shown):
    """The live page's part (live.py): the last slap (winner, every tap with its
    margin, false taps marked, late ones) and the tallies as the device keeps them
    (piles won, false taps, mistakes without cards, who has no cards)."""
    result = self.result
    last = None
    if result is not None and not result["reslap"]:
        winner = self.winner() if shown else result["winner"]
        marks = self.marks if shown else result.get("false_taps", ())
        taps = [[self.names[t["player"]], margin_text(t["margin_us"]), t["player"] in marks] for t in result["order"]]
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


def note_late(self, pressed, t_us):
    """Players newly pressed after the collection time: late, with their margin
    behind the first tap (once each; a player already in the order is not)."""
    order = self.result["order"]
    first = order[0]["t_us"] if order else t_us
    seen = [o["player"] for o in order] + [x[0] for x in self.late]
    for p in range(self.players):
        if pressed >> p & 1 and p not in seen:
            self.late.append((p, ticks_diff(t_us, first)))


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
