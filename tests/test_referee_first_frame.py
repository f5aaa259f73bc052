"""A screen opened in a loop pass (app.step) is drawn before anything it saves is
written (issue #37: the referee opened after four flash writes): the writes wait
for the next pass's start. Nothing is written while the referee is armed."""

from canvas_record import RecordingCanvas, exists, read_file
from corsica_rig import FakeHw, Table

from table import app as app_module


class LoopHw(FakeHw):
    """FakeHw with what app.step uses besides: queued navigation events, a canvas,
    and show(), which notes what the flash held when each frame was sent."""

    def __init__(self, root):
        FakeHw.__init__(self)
        self.root = root
        self.events = []
        self.canvas = RecordingCanvas()
        self.frames = []  # (the frame's title, the flash's referee file and history then)

    def poll_nav(self, now):
        events, self.events = self.events, []
        return events

    def nav_held(self):
        return False

    def show(self):
        self.frames.append((self.canvas.title(), flash(self.root)))


def flash(root):
    """The referee's tallies file and the history as they are on the flash."""
    out = []
    for name in ("data/referee.json", "data/history.jsonl"):
        path = root + "/" + name
        out.append(read_file(path) if exists(path) else None)
    return tuple(out)


def test_the_referee_is_drawn_before_its_writes_and_writes_nothing_while_armed():
    table = Table()
    hw = LoopHw(table.rig.root)
    table.hw = table.app.hw = hw
    table.app.out.__init__(hw)  # the screens' signals on this board
    app = table.app
    try:
        table.rig.choose("Corsica ref")
        table.rig.to_line("Start")
        before = flash(hw.root)
        hw.events = [("ok", "press")]
        app_module.step(app, hw, 1000)
        assert type(app.top()).__name__ == "Referee"
        assert hw.frames == [("ok: pile changed", before)]  # drawn, nothing written yet
        assert flash(hw.root) == before
        app_module.step(app, hw, 1005)  # the next pass writes first: the history's lines,
        assert flash(hw.root)[0] == before[0] and '"event":"start"' in flash(hw.root)[1]
        app_module.step(app, hw, 1010)  # the files at the pass after (App.flush's `one`)
        tallies, history = flash(hw.root)
        assert '"no_cards":0' in tallies and '"event":"start"' in history.splitlines()[-1]
        # Hold ok (no cards) and ok (the pile changed) in one pass: armed, so the
        # tallies it changed wait while a slap can happen.
        hw.events = [("ok", "long"), ("ok", "press")]
        app_module.step(app, hw, 2000)
        assert app.top().slap_window and flash(hw.root) == (tallies, history)
        app_module.step(app, hw, 3000)
        assert flash(hw.root) == (tallies, history)
        hw.events = [("back", "press")]  # the pile taken back: no slap can happen now
        app_module.step(app, hw, 4000)
        app_module.step(app, hw, 4005)
        assert not app.top().slap_window and '"no_cards":1' in flash(hw.root)[0]
    finally:
        table.close()
