"""The setup's Start opens a match a loop pass at a time (issue #37): the setup closes
first and draws nothing, so its modules are gone (collected between passes) before
the match's are imported; the match's screen is drawn before the code that logs and
saves it loads, and the writes come in the passes after: the history's lines, then
the match's file."""

import sys

from canvas_record import exists
from corsica_rig import Table
from test_referee_first_frame import LoopHw

from table import app as app_module
from table.app import unload

SETUP = ("table.screens.ui_igo_setup", "table.screens.ui_form", "table.storage.roster")
SAVING = (
    "table.storage.matches_app",
    "table.storage.matches",
    "table.storage.store_load",
    "table.storage.jsonfmt",
    "table.storage.events",
)


def test_the_match_starts_after_the_setup_is_gone_and_saves_after_its_frame():
    table = Table()
    hw = LoopHw(table.rig.root)
    table.hw = table.app.hw = hw
    table.app.out.__init__(hw)
    app = table.app
    try:
        table.rig.choose("I Go")
        setup = app.top()
        setup.first = 0  # seat 1 starts (a draw's notice would come over the match)
        setup.index = len(setup.items) - 1  # Start
        for name in ("table.rules.scoresheet", "table.screens.ui_match") + SAVING:
            unload(name)  # as on a fresh boot: none loaded yet
        hw.events = [("ok", "press"), ("down", "press")]  # down: latched while it loads
        app_module.step(app, hw, 1000)
        # The setup closed, its modules dropped, no frame; the match not made yet.
        assert type(app.top()).__name__ == "Home" and hw.frames == [] and app.match is None
        assert not [m for m in SETUP + ("table.rules.scoresheet", "table.screens.ui_match") if m in sys.modules]
        assert list(app.postponed) == [("down", "press")]  # for the screen that opens next
        app_module.step(app, hw, 1005)
        # The match's screen, drawn with only the sheet and its screen loaded.
        assert type(app.top()).__name__ == "MatchScreen" and len(hw.frames) == 1
        assert not [m for m in SETUP + SAVING if m in sys.modules] and not app.postponed
        saved = table.rig.root + "/data/matches/%s.json" % app.match.game
        app_module.step(app, hw, 1010)  # logged, seated, the save due
        assert not exists(saved)
        app_module.step(app, hw, 1015)  # the history's lines written at the pass's start
        assert exists(table.rig.root + "/data/history.jsonl") and not exists(saved)
        app_module.step(app, hw, 1020)  # the match at the next one's (App.flush's `one`)
        assert exists(saved) and not app.match.changed
    finally:
        table.close()
