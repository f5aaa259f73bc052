"""Battle of Corsica referee mode (real cards), driven through the App with
synthetic GPIO snapshots (tests/corsica_rig.py)."""

import gc

from corsica_rig import PINS, Table, orders, referee

from table.device.tones import TONES
from table.screens.ui_corsica import RefereeSetup
from table.screens.ui_referee import Referee

# --- referee mode -----------------------------------------------------------------------


def row(mark, name, margin):
    """A line of the result's list: mark, name, margin with its unit."""
    return "%s%-7s%8s" % (mark, name, margin)


def saved_settings(table):
    """The settings in the table's state.json ({} before the first save)."""
    import json

    from canvas_record import exists, read_file

    path = table.rig.root + "/data/state.json"
    return json.loads(read_file(path))["settings"] if exists(path) else {}


def test_referee_setup_offers_players_and_tie_settings_then_starts():
    table = Table(4)
    try:
        app = table.app
        app.push(RefereeSetup(app))
        text = table.shown()
        assert "Players 4" in text and "Tie gap 1000us" in text and "Ties random" in text
        assert "1 P1" in text and "Sandwich" not in text  # a line per seat, then Start
        setup = table.screen()
        setup.index = 0
        table.nav("ok")
        table.nav("up")  # at most the board's player buttons
        table.nav("down")
        table.nav("ok")
        setup.index = 2
        table.nav("ok")
        table.nav("up")
        assert saved_settings(table).get("tie_break", "random") == "random"  # not at every step
        table.nav("ok")
        assert app.settings["tie_break"] == "reslap"
        assert saved_settings(table)["tie_break"] == "reslap"  # saved when the edit ends
        setup.index = 3
        table.nav("ok")
        table.nav("up")
        table.nav("ok")
        assert app.settings["out_at_3"] is True
        setup.index = len(setup.items) - 1
        assert setup.items[-1] == "start" and setup.items[-2] == 2, setup.items  # three seats now
        gc.collect()  # the unix port compiles the referee's modules from source here
        table.nav("ok")
        screen = table.screen()
        assert type(screen).__name__ == "Referee" and screen.players == 3, (type(screen).__name__, table.shown())
        assert "ok: pile changed" in table.shown()
    finally:
        table.close()


def test_first_tap_wins_with_order_and_margins_shown():
    table = referee()
    try:
        table.t = (1 << 30) - 3000  # the ticks wrap between the pile change and the taps
        table.nav("ok")
        assert table.screen().slap_window
        assert "SLAP" in table.canvas().title()
        table.down(1, after=5000)
        table.down(0, after=1400)  # 1.4 ms behind
        table.down(2, after=10600)  # 12 ms behind
        table.settle()
        screen = table.screen()
        assert not screen.slap_window
        canvas = table.canvas()
        assert canvas.title() == "FIRST TAP"
        assert canvas.scale_of("P2") == 2  # the winner, large
        lines = canvas.shown()
        assert row(" ", "P1", "+1.4 ms") in lines and row(" ", "P3", "+12 ms") in lines
        assert "+0.0" not in lines and "first" not in lines  # the winner's own line is its name
        assert "down: false tap" in lines
        assert screen.result["winner"] == 1
        assert orders(screen.result) == [(1, 0), (0, 1400), (2, 12000)]
        # The line is queued when the result is left (it may still be marked false).
        assert table.history() == []
        table.nav("back")
        [line] = table.history()
        assert line["rules"] == "corsica" and line["winner"] == 1
        assert orders(line) == [(1, 0), (0, 1400), (2, 12000)]
        assert line["false"] == [] and line["tie"] == []
        assert [o["t_us"] for o in line["order"]] == [2000, 3400, 14000]
    finally:
        table.close()


def test_winner_led_and_beep_then_off_at_the_next_arm():
    table = referee()
    try:
        table.nav("ok")
        table.down(2, after=1000)
        table.down(0, after=3000)
        table.settle()
        assert table.hw.leds == {2: True}
        assert table.hw.beeps == [TONES["won"][0]]  # its first note
        table.up(2)
        table.up(0)
        table.nav("ok")
        assert table.hw.leds == {2: False}
    finally:
        table.close()


def test_tie_is_broken_by_a_shown_and_logged_random_draw():
    def play(seed):
        table = referee(3, seed=seed)
        try:
            table.nav("ok")
            table.down(0, after=2000)
            table.down(2, after=300)  # within the 1000 us tie window
            table.down(1, after=5000)
            table.settle()
            result = table.screen().result
            canvas = table.canvas()
            table.nav("back")
            return result, canvas, table.history()
        finally:
            table.close()

    result, canvas, history = play(11)
    assert result["tie"] == [0, 2] and result["winner"] in (0, 2)
    assert canvas.title() == "DRAWN AT RANDOM"
    text = canvas.shown()
    other = 2 if result["winner"] == 0 else 0
    assert row("=", "P%d" % (other + 1), "first" if other == 0 else "+300 us") in text
    assert "s=" not in text  # the seed belongs in the history
    assert canvas.scale_of("P%d" % (result["winner"] + 1)) == 2
    assert history[0]["seed"] == result["seed"] and history[0]["tie"] == [0, 2]
    assert history[0]["winner"] == result["winner"] and history[0]["reslap"] is False
    # The same seed gives the same draw (replayable from the log).
    again, _, _ = play(11)
    assert again["seed"] == result["seed"] and again["winner"] == result["winner"]
    # And the logged seed alone tells who won: xorshift32 (test_rng) from that seed,
    # its first 16-bit draw modulo the two tied players.
    from table.rules.rng import Rng

    assert result["winner"] == [0, 2][(Rng(result["seed"]).next32() >> 16) % 2]
    # Over many seeds both tied players win sometimes.
    winners = set()
    for seed in range(1, 9):
        winners.add(play(seed)[0]["winner"])
    assert winners == {0, 2}


def test_tie_with_reslap_rearms_and_holds_flash_writes():
    table = referee(settings={"tie_break": "reslap"})
    try:
        table.nav("ok")
        table.down(0, after=2000)
        table.down(1, after=999)
        table.settle()
        screen = table.screen()
        assert screen.result["reslap"] and screen.result["winner"] is None
        assert screen.slap_window  # armed again on the same pile
        assert "RE-SLAP" in table.shown() and table.hw.beeps == [TONES["reslap"][0]]
        assert table.history() == []  # queued, not written while a slap can happen
        # Both still hold their buttons: they tap again only after a release.
        table.down(2, after=100000)
        table.up(0, after=1000)
        table.down(0, after=30000)
        table.settle()
        assert screen.result["winner"] == 2
        assert orders(screen.result) == [(2, 0), (0, 31000)]
        (first,) = table.history()  # window closed: the re-slap line is on flash now
        assert first["tie"] == [0, 1] and first["winner"] is None and first["reslap"]
        table.nav("ok")
        assert len(table.history()) == 1  # the next pile's window is open again
    finally:
        table.close()


def test_button_held_before_arm_taps_only_after_release():
    table = referee()
    try:
        table.down(0)  # resting on the button when the pile changes
        table.nav("ok")
        table.down(1, after=10000)
        table.settle()
        assert orders(table.screen().result) == [(1, 0)]
        table.nav("ok")  # still held through the next pile change
        table.up(0, after=20000)
        table.down(0, after=25000)
        table.down(1, after=20000)  # P2 was held too, from the last slap
        table.up(1, after=1000)
        table.down(1, after=25000)
        table.settle()
        assert orders(table.screen().result) == [(0, 0), (1, 46000)]
    finally:
        table.close()


def test_button_held_when_the_screen_opens_is_read_from_the_pins():
    table = Table(6)
    try:
        table.hw.levels &= ~(1 << PINS[0])  # held before the screen came up: no snapshot
        table.app.push(Referee(table.app, 3, 7, table))
        table.nav("ok")
        table.down(1, after=10000)
        table.settle()
        assert orders(table.screen().result) == [(1, 0)]
    finally:
        table.close()


def test_bounce_makes_no_second_tap():
    table = referee()
    try:
        table.nav("ok")
        table.down(0, after=1000)
        table.up(0, after=200)
        table.down(0, after=100)  # contact bounce
        table.down(1, after=1300)
        table.up(0, after=500)
        table.down(0, after=1000)  # chatter: released only 1 ms
        table.settle()
        result = table.screen().result
        assert orders(result) == [(0, 0), (1, 1600)]
        assert result["winner"] == 0 and result["tie"] == []
    finally:
        table.close()


def test_marking_false_charges_the_shown_winner_only_and_passes_the_win():
    table = referee()
    try:
        table.nav("ok")
        table.down(2, after=1000)
        table.down(0, after=20000)
        table.down(1, after=40000)  # 60 ms behind the first: did nothing wrong
        table.settle()
        screen = table.screen()
        table.nav("down")  # P3's tap was false: the win passes to P1
        assert screen.false_taps == [0, 0, 1]
        canvas = table.canvas()
        assert canvas.title() == "FALSE: P3" and canvas.scale_of("P1") == 2
        assert row("x", "P3", "first") in canvas.shown() and "dn:false up:undo" in canvas.shown()
        assert table.hw.leds[0] and not table.hw.leds[2]
        table.nav("up")  # a slip: unmark
        assert screen.false_taps == [0, 0, 0] and table.canvas().scale_of("P3") == 2
        table.nav("down")
        table.nav("down")  # P1 too: the win passes to P2
        assert screen.false_taps == [1, 0, 1] and table.canvas().scale_of("P2") == 2
        assert table.canvas().title() == "2 FALSE TAPS"
        table.nav("down")  # and P2: nobody is left
        assert screen.false_taps == [1, 1, 1] and table.canvas().scale_of("nobody") == 2
        assert "false tap" not in table.shown() and "up: undo" in table.shown()
        table.nav("up")
        table.nav("back")  # result done: idle screen with the tallies
        text = table.shown()
        assert "P1      0     1" in text and "P2      1     0" in text and "P3      0     1" in text
        [line] = table.history()
        assert line["false"] == [2, 0] and line["winner"] == 1
        assert orders(line) == [(2, 0), (0, 20000), (1, 60000)]
        table.nav("back")  # leaving asks first: the tallies are kept
        assert table.screen().title == "Leave referee?"
        table.nav("ok")
        assert type(table.screen()).__name__ != "Referee"
    finally:
        table.close()


def test_marking_a_drawn_tie_false_passes_the_win_in_the_draws_order():
    from table.rules.rng import Rng

    for seed in range(1, 13):
        table = referee(4, seed=seed)
        try:
            table.nav("ok")
            table.down(3, after=1000)
            table.down(1, after=200)
            table.down(0, after=300)  # three within the 1000 us window of the first
            table.down(2, after=30000)
            table.settle()
            screen = table.screen()
            result = screen.result
            # The draw, redone here from the seed: one pick among the tied players,
            # then the picks go on among the rest.
            rng, tied, drawn = Rng(result["seed"]), [3, 1, 0], []
            while tied:
                drawn.append(tied.pop(rng.below(len(tied))))
            assert result["winner"] == drawn[0]
            shown = []
            for _ in range(4):
                shown.append(screen.winner())
                table.nav("down")
            assert shown == drawn + [2] and screen.winner() is None
            assert screen.false_taps == [1, 1, 1, 1]
            table.nav("back")
            [line] = table.history()
            assert line["tie"] == [3, 1, 0] and line["seed"] == result["seed"]
            assert line["false"] == shown and line["winner"] is None
        finally:
            table.close()


def test_a_six_way_tie_fits_the_screen():
    table = referee(6)
    try:
        table.nav("ok")
        for p in range(6):
            table.down(p, after=100)
        table.settle()
        canvas = table.canvas()
        assert canvas.title() == "DRAWN AT RANDOM" and canvas.off_screen() == []
        text = canvas.shown()
        assert "  and 3 more" in text and sum(1 for p in range(6) if "=P%d " % (p + 1) in text) == 2
        table.nav("down")
        assert table.canvas().off_screen() == []
    finally:
        table.close()


def test_taps_before_arming_are_shown_and_never_count():
    table = referee()
    try:
        table.press(2)  # before the pile changed
        canvas = table.canvas()
        assert "early: P3" in canvas.shown() and canvas.off_screen() == []
        table.nav("ok")
        assert "early" not in table.shown()
        table.down(1, after=20000)
        table.settle()
        assert orders(table.screen().result) == [(1, 0)]
        table.press(0)  # after the collection time: late, listed, never counted
        assert row(" ", "P1", "late") in table.shown() and "early" not in table.shown()
        table.nav("back")
        [line] = table.history()
        assert line["late"][0]["player"] == 0 and line["late"][0]["margin_us"] > 400000
        table.nav("ok")
        table.down(0, after=30000)
        table.settle()
        assert orders(table.screen().result) == [(0, 0)]
    finally:
        table.close()


def no_cards(table, player):
    """Idle: the cursor to the player, hold ok (the table says: no cards)."""
    for _ in range(player):
        table.nav("down")
    table.app.on_nav("ok", "long")


def tap_alone(table, player):
    """Arm; the player taps alone; the result is shown."""
    table.nav("ok")
    table.down(player, after=1000)
    table.up(player, after=50000)
    table.settle()


def false_taps_without_cards(table, player, count):
    for _ in range(count):
        tap_alone(table, player)
        table.nav("down")
        table.nav("back")


def test_third_mistake_without_cards_eliminates_with_the_setting():
    table = referee(settings={"out_at_3": True})
    try:
        screen = table.screen()
        no_cards(table, 1)
        assert screen.no_cards == 2 and "P2     no cards" in table.shown()
        assert "0 of 3 mistakes" in table.shown()  # the cursor's player
        false_taps_without_cards(table, 1, 3)
        assert screen.mistakes == [0, 3, 0] and "P2          out" in table.shown()
        table.nav("ok")  # out for good: P2's button does nothing
        table.down(1, after=1000)
        table.down(0, after=5000)
        table.settle()
        assert orders(screen.result) == [(0, 0)]
    finally:
        table.close()
    table = referee(settings={"out_at_3": True})  # the third mark taken back: still in
    try:
        screen = table.screen()
        no_cards(table, 1)
        false_taps_without_cards(table, 1, 2)
        tap_alone(table, 1)
        table.nav("down")  # the third mistake: out
        assert screen.mistakes == [0, 3, 0] and screen.out(1)
        table.nav("up")  # taken back
        assert screen.mistakes == [0, 2, 0] and not screen.out(1)
        tap_alone(table, 1)  # still in
        assert orders(screen.result) == [(1, 0)]
    finally:
        table.close()
    table = referee()  # the setting off: mistakes are counted, nobody is out
    try:
        screen = table.screen()
        no_cards(table, 1)
        false_taps_without_cards(table, 1, 3)
        assert screen.mistakes == [0, 3, 0] and "3 mistakes" in table.shown()
        tap_alone(table, 1)  # still in
        assert orders(screen.result) == [(1, 0)]
    finally:
        table.close()


def test_nobody_taps_then_back_logs_nothing():
    table = referee()
    try:
        table.nav("ok")
        table.after(5000000).tick()
        assert table.screen().state == 1 and table.screen().slap_window
        table.nav("back")
        assert not table.screen().slap_window
        assert table.history() == []
    finally:
        table.close()


def test_margins_carry_their_unit():
    from table.screens.ui_tap import margin_text

    assert [margin_text(us) for us in (0, 1, 15, 99, 100, 999, 1000, 1450, 12345, 126000, 1234567)] == [
        "first",
        "+1 us",
        "+15 us",
        "+99 us",
        "+100 us",
        "+999 us",
        "+1.0 ms",
        "+1.4 ms",
        "+12 ms",
        "+126 ms",
        "+1.2 s",
    ]
