"""Battle of Corsica referee mode over time: a pile that waits past the clock's
wrap, the tallies kept across leaving and a power cut, the setups' last count
(tests/corsica_rig.py drives the app; a file of its own: a fresh heap on MicroPython)."""

from corsica_rig import Table, orders, referee

from table.screens.ui_corsica import RefereeSetup


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


def test_both_corsica_setups_open_with_the_last_tables_count():
    from table.screens.ui_corsica import DeckSetup

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
