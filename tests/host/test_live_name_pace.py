"""A name from a phone never takes a press meant for the table (issue #44): driven
through the device loop (app.step and the live server's pass, as live_server._main
runs them) with the real navigation buttons (navbuttons.py: debounced, a press on
release, a long press after 600 ms), at the table's pace, with the name arriving
at every moment of a round being entered."""

import json
import sys

from corsica_rig import FakeHw
from test_live_server import Clock, Loop, Radio, post_name

from host_tools import FIRMWARE

sys.path.insert(0, FIRMWARE)
from table import app as app_module  # noqa: E402
from table.device.navbuttons import NavButtons  # noqa: E402
from table.live import live_name, live_server  # noqa: E402

PASS_MS = 5  # the loop's pause between passes (app.run, live_server.PASS_MS)
PACE_MS = 300  # a press every 300 ms
HOLD_MS = 80  # each held 80 ms
NAV = ("up", "down", "ok", "back")


def round_keys(ender, penalties):
    """The presses that enter a round from the match screen: the round menu, Enter
    round, the ender, each penalty from the ender on (an up per point, ok), save."""
    keys = ["ok", "ok"] + ["down"] * ender + ["ok"]
    n = len(penalties)
    for k in range(n):
        keys += ["up"] * penalties[(ender + k) % n] + ["ok"]
    return keys + ["ok"]


class PaceHw(FakeHw):
    """The buttons pressed on a schedule, read by the real NavButtons each pass; the
    frames sent (time, top screen)."""

    def __init__(self, app, presses):
        FakeHw.__init__(self)
        from canvas_record import RecordingCanvas

        self.app = app
        self.canvas = RecordingCanvas()
        self.nav = NavButtons(NAV, [False] * 4, 0)
        self.presses = presses  # [(down ms, up ms, button)]
        self.now = 0
        self.frames = []

    def poll_nav(self, now):
        self.now = now
        events = []
        for i, name in enumerate(NAV):
            down = False
            for d, u, b in self.presses:
                if b == name and d <= now < u:
                    down = True
            self.nav.level(i, down, now, events)
        return events

    def nav_held(self):
        return self.nav.held()

    def ignore_held_nav(self):
        self.nav.ignore_held()

    def show(self):
        self.frames.append((self.now, type(self.app.top()).__name__))


def press_at(down):
    """When a press down at `down` gives its event: on release, once debounced."""
    return down + HOLD_MS + NavButtons(NAV, [False] * 4, 0).debounce_ms


def schedule(keys, start):
    return [(start + k * PACE_MS, start + k * PACE_MS + HOLD_MS, key) for k, key in enumerate(keys)]


class Table:
    """A 4-player I Go match on the match screen, a W board's live server beside it."""

    def __init__(self):
        from canvas_record import Rig

        self.rig = Rig(names=["Ann", "Bob", "Cy", "Dee"])
        app = self.app = self.rig.app
        self.rig.start_match("igo", ["Ann", "Bob", "Cy", "Dee"], 4)
        self.rig.app.reset(self.rig.app.screen("match"))
        app.pressed_at = 0  # the setup's Start was pressed a moment ago
        live_server.asyncio = Loop
        self.clock = Clock()
        app.live = live_server.Live(app, Radio(), self.clock)
        self.hw = None
        self.t = 0  # ms: where the last run ended
        self.asked_at = None  # ms: when the question's first frame was sent

    def run(self, presses, until, name_at=None, name=b"Zed", pass_ms=PASS_MS):
        """Pass after pass for `until` ms from where the last run ended, the presses
        and the phone's name (posted at name_at) timed from there too. Return the
        answers to the name's POST."""
        app = self.app
        base = self.t
        hw = self.hw = PaceHw(app, [(base + d, base + u, b) for d, u, b in presses])
        app.hw = hw
        app.out.__init__(hw)
        answers = []
        for now in range(base, base + until, pass_ms):
            self.clock.ms = now
            if name_at is not None and now >= base + name_at:
                answers.append(post_name(app.live.server, name))
                name_at = None
            app_module.step(app, hw, now)
            app.live.ask(now)
            if self.asked_at is None and hw.frames and hw.frames[-1] == (now, "Confirm"):
                self.asked_at = now
        self.t = base + until
        return answers

    def close(self):
        self.app.live = None
        self.rig.close()


def test_a_round_entered_press_by_press_is_saved_as_entered_whenever_a_name_arrives():
    """Names arrive at every moment of a round entered at 300 ms a press: the round is
    saved exactly as entered, the question waits for the buttons to be still over
    the match screen, and a press made after it appeared, past its wait, keeps the
    name."""
    keys = round_keys(0, [1, 3, 5, 2])
    presses = schedule(keys, 500)
    end = presses[-1][1]
    for name_at in range(400, end + 400, 50):
        table = Table()
        try:
            app = table.app
            table.run(presses, end + 1000, name_at)
            assert len(app.match.rounds) == 1, name_at
            rnd = app.match.rounds[0]
            assert (rnd["ender"], rnd["penalties"]) == (0, [1, 3, 5, 2]), (name_at, rnd)
            assert app.roster[:4] == ["Ann", "Bob", "Cy", "Dee"] and "Zed" not in app.roster
            assert table.asked_at is None  # not yet: the buttons were pressed a moment ago
            assert app.live.server.name == "Zed"
            table.run([], live_name.STILL_MS + 200)  # the table is still: the question
            assert type(app.top()).__name__ == "Confirm" and type(app.stack[-2]).__name__ == "MatchScreen"
            shown = table.asked_at
            assert shown is not None
            press = shown + live_name.WAIT_MS + 300 - table.t  # a moment after the wait
            table.run([(press, press + HOLD_MS, "ok")], press + 1000)
            assert app.roster[0] == "Zed" and app.live.answered == ["Zed", True], name_at
            assert type(app.top()).__name__ == "MatchScreen"
            assert app.match.rounds[0]["penalties"] == [1, 3, 5, 2]
            with open(table.rig.root + "/data/players.json") as f:
                kept = json.load(f)
            assert kept["names"][0] == "Zed" and kept["last"] == ["Ann", "Bob", "Cy", "Dee"]  # the seats stay
        finally:
            table.close()


def test_no_name_is_kept_by_a_press_made_before_the_question_could_be_seen():
    """A player on the match screen presses ok after a pause of any length: a press
    that went down before the question's first frame, or within its wait, answers
    nothing (the question stays); the question never appears while a button is
    down."""
    for pause in range(live_name.STILL_MS - 200, live_name.STILL_MS + live_name.WAIT_MS + 400, 20):
        table = Table()
        try:
            app = table.app
            table.run([], 100, name_at=0)  # the name is held
            app.pressed_at = table.t  # the last press: now
            down = table.t + pause
            table.run([(pause, pause + HOLD_MS, "ok")], pause + 2000)
            asked = table.asked_at
            if "Zed" in app.roster:
                assert asked is not None and asked < down, (pause, asked)
                assert press_at(down) - asked >= live_name.WAIT_MS, (pause, asked)
            else:  # the press opened the round menu (asked after it), or was ignored
                assert asked is None or asked >= down or press_at(down) - asked < live_name.WAIT_MS
            assert asked is None or not (down <= asked < down + HOLD_MS), (pause, asked)
        finally:
            table.close()


def test_the_question_waits_while_a_round_a_name_or_a_setting_is_entered():
    """Over a screen in the middle of a sequence (the round menu, a penalty, the
    settings) the name is held however long the buttons are still; back on a screen
    at rest it is asked."""
    table = Table()
    try:
        app = table.app
        table.run(schedule(["ok", "ok", "ok"], 0), 1000, name_at=50)  # penalty entry
        assert type(app.top()).__name__ == "PenaltyEntry"
        table.run([], 20000)
        assert table.asked_at is None and app.live.server.name == "Zed"
        from table.live import live

        state = live.state(app)
        assert state["asking"] == "Zed" and state["asked"] is False
        table.run(schedule(["back", "back", "back", "back"], 0), 1500)  # (the first wakes the display)
        assert type(app.top()).__name__ == "Home"
        table.run(schedule(["up", "ok"], 0), 700)  # Settings, the last line
        assert type(app.top()).__name__ == "Settings"
        table.run([], 20000)
        assert table.asked_at is None and live.state(app)["asked"] is False
        table.run(schedule(["back", "back"], 0), 700)
        assert type(app.top()).__name__ == "Home"
        table.run([], live_name.STILL_MS + 200)
        assert type(app.top()).__name__ == "Confirm" and live.state(app)["asked"] is True
    finally:
        table.close()


def test_a_name_the_table_never_had_a_moment_for_is_let_go():
    table = Table()
    try:
        app = table.app
        table.run(schedule(["ok"], 0), 500, name_at=10)  # the round menu
        table.run([], live_name.HOLD_MS + 1000, pass_ms=100)
        assert app.live.server.name is None and app.live.answered == ["Zed", None]
        assert "Zed" not in app.roster and type(app.top()).__name__ == "MatchMenu"
    finally:
        table.close()
