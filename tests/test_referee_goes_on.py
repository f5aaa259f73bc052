"""The referee's tallies across leaving and a power cut, until a new game (a file of
its own: the whole app twice over, on a fresh heap on MicroPython)."""

from corsica_rig import Table


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
        from table.device.signals import Signals

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
