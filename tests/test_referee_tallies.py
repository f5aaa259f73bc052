"""Battle of Corsica referee mode over time: a pile that waits past the clock's
wrap, the tallies kept across leaving and a power cut, the setups' last count
(tests/corsica_rig.py drives the app; a file of its own: a fresh heap on MicroPython)."""

from corsica_rig import Table, orders, referee
from ui_corsica import RefereeSetup


def test_a_tap_after_the_pile_waited_eleven_minutes_is_judged():
    # Half the 30-bit microsecond clock's span is about 9 minutes: the table paused.
    table = referee(settings={"display_dim_min": 1, "display_off_min": 2})
    try:
        table.nav("ok")
        for _ in range(11 * 60):  # the main loop runs on, a pass a second here
            table.after(1000000).tick()
        assert not table.app.display_on()  # the display went dark meanwhile
        table.down(2)
        table.down(0, after=126000)
        table.settle()
        screen = table.screen()
        assert screen.result is not None and screen.result["winner"] == 2
        assert orders(screen.result) == [(2, 0), (0, 126000)]
        table.nav("back")
        [line] = table.history()
        assert line["winner"] == 2 and orders(line) == [(2, 0), (0, 126000)]
    finally:
        table.close()


def test_tallies_last_across_leaving_and_a_reboot_until_a_new_game():
    from canvas_record import exists

    table = Table(4)
    try:
        rig = table.rig
        rig.choose("Corsica ref")
        assert "Go on last game" not in table.shown()  # nothing kept yet
        rig.nav("up ok")  # Start: 4 players (the board's count at first)
        screen = table.screen()
        assert type(screen).__name__ == "Referee" and screen.players == 4
        screen.clock = table
        table.nav("ok")
        table.down(1, after=1000)
        table.settle()
        table.nav("down")  # P2's tap was false: nobody else tapped
        table.nav("back")
        table.up(1)
        table.nav("ok")
        table.down(3, after=1000)
        table.settle()
        table.nav("back")  # P4 won that pile
        assert screen.won == [0, 0, 0, 1] and screen.false_taps == [0, 1, 0, 0]
        assert exists(rig.root + "/data/referee.json")
        table.nav("back")
        assert table.screen().title == "Leave referee?"
        table.nav("ok")
        assert rig.screen() == "Home"
        rig.boot()  # a power cut: the tallies are on the flash
        table.app = rig.app
        rig.app.hw = table.hw
        from signals import Signals

        rig.app.out = Signals(table.hw)
        rig.choose("Corsica ref")
        setup = table.screen()
        assert setup.items[setup.index] == "resume" and "Go on last game" in table.shown()
        assert setup.players == 4  # the last table's count
        table.nav("ok")
        screen = table.screen()
        assert screen.won == [0, 0, 0, 1] and screen.false_taps == [0, 1, 0, 0]
        assert "P4      1     0" in table.shown() and "P2      0     1" in table.shown()
        table.nav("back")
        table.nav("ok")  # left again; a new game asks before it sets every tally to 0
        rig.choose("Corsica ref")
        table.screen().index = len(table.screen().items) - 1
        table.nav("ok")
        assert table.screen().title == "New game?"
        table.nav("back")  # no: the setup stays
        assert type(table.screen()).__name__ == "RefereeSetup"
        table.nav("ok")
        table.nav("ok")  # yes
        screen = table.screen()
        assert type(screen).__name__ == "Referee", table.shown()
        assert screen.won == [0, 0, 0, 0] and screen.false_taps == [0, 0, 0, 0]
        starts = [h for h in rig.history() if h["event"] == "start"]
        assert len(starts) == 2  # the game that went on had no second start line
    finally:
        table.close()


def test_both_corsica_setups_open_with_the_last_tables_count():
    from ui_corsica import DeckSetup

    table = Table(6)
    try:
        app = table.app
        app.push(RefereeSetup(app))
        setup = table.screen()
        setup.index = 0
        assert setup.players == 4  # the default at first
        table.nav("ok")
        table.nav("down")
        table.nav("ok")  # 3 players ...
        assert setup.players == 3
        setup.index = len(setup.items) - 1
        table.nav("ok")  # ... start with them
        app.home()
        app.push(DeckSetup(app))
        assert table.screen().players == 3
        app.home()
        app.push(RefereeSetup(app))
        assert table.screen().players == 3
    finally:
        table.close()


def test_unusable_tallies_are_set_aside_and_a_new_game_starts():
    from canvas_record import exists, write_file

    table = Table(4)
    try:
        rig = table.rig
        write_file(rig.root + "/data/referee.json", '{"v": 1, "names": ["Al", 3], "won": [0, 0]}')
        rig.choose("Corsica ref")
        assert "Go on last game" in table.shown()
        table.nav("ok")  # go on: the file is no game to go on with
        screen = table.screen()
        assert type(screen).__name__ == "Referee" and screen.won == [0] * screen.players
        assert exists(rig.root + "/data/referee.json.bad")
    finally:
        table.close()
