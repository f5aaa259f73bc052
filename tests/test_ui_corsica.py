"""Battle of Corsica screens: referee mode and the virtual deck, driven through the
App with synthetic GPIO snapshots (active-low levels with microsecond times)."""
from canvas_record import Rig
from corsica import Game
from corsica_cards import parse_card
from ui_corsica import COLLECT_MS, RESLAP_BEEP, WIN_BEEP, DeckSetup, Referee, RefereeSetup
from ui_deck import DeckGame

PINS = (16, 17, 18, 19, 20, 21)  # GPIO of players 1..6, as boards/pico.py


class FakeHw:
    """What the screens use of hw.Hardware: player count and pins, LEDs, beeper."""

    def __init__(self, players=6):
        from tapring import TapRing

        self.players = players
        self.player_bits = tuple(1 << pin for pin in PINS[:players])
        self.ring = TapRing(8)  # the app reads its overflow count
        self.levels = 0xFFFFFFFF >> 2  # GPIO_IN: 30 bits, all high
        self.leds = {}
        self.beeps = []

    def player_levels(self):
        return self.levels

    def led(self, i, on):
        self.leds[i] = on

    def beep(self, freq_hz, ms):
        self.beeps.append((freq_hz, ms))


class Table:
    """An App with a fake board; the players' buttons and one clock for us and ms.
    The table is also the screens' clock (it is callable)."""

    def __init__(self, players=6, settings=None):
        self.rig = Rig()
        self.app = self.rig.app
        self.hw = self.app.hw = FakeHw(players)
        self.app.player_buttons = players
        if settings:
            for key in settings:
                self.app.settings[key] = settings[key]
        self.t = (1 << 30) - 3000000  # 3 s before the ticks wrap

    def __call__(self):
        return self.t & 0x3FFFFFFF

    def screen(self):
        return self.app.top()

    def shown(self):
        return self.rig.shown()

    def canvas(self):
        self.rig.shown()
        return self.rig.canvas

    def tick(self):
        self.app.tick((self.t // 1000) & 0x3FFFFFFF)

    def nav(self, name):
        self.app.on_nav(name, "press")
        self.tick()

    def after(self, us):
        self.t += us
        return self

    def down(self, player, after=0):
        self.t += after
        self.hw.levels &= ~(1 << PINS[player])
        self.app.on_snapshot(self(), self.hw.levels)
        self.tick()

    def up(self, player, after=0):
        self.t += after
        self.hw.levels |= 1 << PINS[player]
        self.app.on_snapshot(self(), self.hw.levels)
        self.tick()

    def press(self, player):
        """A whole press: down, up 50 ms later, then 50 ms more."""
        self.down(player)
        self.up(player, 50000)
        self.t += 50000

    def settle(self):
        """Let the collection time after the first tap run out."""
        self.tick()
        self.t += (COLLECT_MS + 1) * 1000
        self.tick()

    def history(self, event="slap"):
        return [h for h in self.rig.history() if h["event"] == event]

    def close(self):
        self.rig.close()


def referee(players=3, settings=None, seed=7):
    table = Table(6, settings)
    table.app.push(Referee(table.app, players, seed, table))
    return table


def orders(result_or_line):
    return [(o["player"], o["margin_us"]) for o in result_or_line["order"]]


# --- referee mode -----------------------------------------------------------------------


def test_referee_setup_offers_players_and_tie_settings_then_starts():
    table = Table(4)
    try:
        app = table.app
        app.push(RefereeSetup(app))
        text = table.shown()
        assert "Players 4" in text and "Tie us 1000" in text and "Ties random" in text
        assert "Start" in text and "Sandwich" not in text
        setup = table.screen()
        setup.index = 0
        table.nav("ok")
        table.nav("up")  # at most the board's player buttons
        table.nav("down")
        table.nav("ok")
        setup.index = 2
        table.nav("ok")
        table.nav("up")
        table.nav("ok")
        assert app.settings["tie_break"] == "reslap"
        setup.index = 3
        table.nav("ok")
        screen = table.screen()
        assert type(screen).__name__ == "Referee" and screen.players == 3
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
        assert canvas.scale_of("P2") == 3
        lines = canvas.shown()
        assert "P2 +0.0" in lines and "P1 +1.4" in lines and "P3 +12" in lines
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
        assert table.hw.beeps == [WIN_BEEP]
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
    assert canvas.title() == "TIE: DRAWN"
    text = canvas.shown()
    assert "tie" in text and "1/3" in text and "s=%d" % result["seed"] in text
    assert canvas.scale_of("P%d" % (result["winner"] + 1)) == 3
    assert history[0]["seed"] == result["seed"] and history[0]["tie"] == [0, 2]
    assert history[0]["winner"] == result["winner"] and history[0]["reslap"] is False
    # The same seed gives the same draw (replayable from the log).
    again, _, _ = play(11)
    assert again["seed"] == result["seed"] and again["winner"] == result["winner"]
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
        assert "RE-SLAP" in table.shown() and table.hw.beeps == [RESLAP_BEEP]
        assert table.history() == []  # queued, not written while a slap can happen
        # Both still hold their buttons: they tap again only after a release.
        table.down(2, after=100000)
        table.up(0, after=1000)
        table.down(0, after=30000)
        table.settle()
        assert screen.result["winner"] == 2
        assert orders(screen.result) == [(2, 0), (0, 31000)]
        first, = table.history()  # window closed: the re-slap line is on flash now
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


def test_marking_false_counts_mistakes_and_is_logged():
    table = referee()
    try:
        table.nav("ok")
        table.down(2, after=1000)
        table.down(0, after=20000)
        table.settle()
        table.nav("down")
        screen = table.screen()
        assert screen.mistakes == [1, 0, 1]
        assert table.canvas().title() == "FALSE TAP" and "v:undo" in table.shown()
        table.nav("down")  # a slip: unmark
        assert screen.mistakes == [0, 0, 0] and screen.result["winner"] == 2
        table.nav("down")
        table.nav("back")  # result done: idle screen with the mistakes
        text = table.shown()
        assert "P1:1" in text and "P2:0" in text and "P3:1" in text
        [line] = table.history()
        assert line["false"] == [0, 2] and line["winner"] is None
        assert orders(line) == [(2, 0), (0, 20000)]
        table.nav("back")
        assert type(table.screen()).__name__ != "Referee"
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


# --- virtual deck ------------------------------------------------------------------------


def cards(text):
    return [parse_card(c) for c in text.split()]


def deck(hands, variants=(), settings=None):
    table = Table(6, settings)
    game = Game(len(hands), variants, hands=[cards(h) for h in hands])
    table.app.push(DeckGame(table.app, game, 5, table))
    return table, game


def test_deck_setup_toggles_variants_and_deals():
    table = Table(3)
    try:
        app = table.app
        app.push(DeckSetup(app))
        assert "Sum 10 off" in table.shown()
        setup = table.screen()
        setup.index = setup.items.index("sum10")
        table.nav("ok")
        table.nav("up")
        table.nav("ok")
        assert app.settings["variants"] == ["sum10"]
        setup.index = setup.items.index("start")
        table.nav("ok")
        screen = table.screen()
        assert type(screen).__name__ == "DeckGame"
        assert screen.game.players == 3 and screen.game.variants == ("sum10",)
        assert screen.game.card_count() == 54
        assert table.canvas().title() == "P1 to play"
    finally:
        table.close()


def test_deck_turn_order_big_card_and_counts():
    table, game = deck(["5S 9D 4C 4D QS", "7H 2C 6S 6D 8C", "10C 3S"])
    try:
        assert table.canvas().title() == "P1 to play"
        table.press(0)
        canvas = table.canvas()
        assert canvas.scale_of("5S") == 3 and canvas.title() == "P2 to play"
        assert " 1  4" in canvas.shown() and ">2  5" in canvas.shown()
        table.press(0)  # not P1's turn: a tap (judged once the taps are in)
        table.press(1)  # a slap had started: P2's press is a tap too, not a play
        assert len(game.pile) == 1 and game.turn == 1
        table.settle()
        assert game.pile[-1] == parse_card("5S") and game.turn == 1
        assert "FALSE:P1+1" in table.shown() and "3 cards" in table.shown()
        assert [len(h) for h in game.hands] == [1, 2, 2] and game.under == 6
        table.press(1)
        assert table.canvas().scale_of("6D") == 3 and game.turn == 2
        table.press(2)
        assert table.canvas().scale_of("10C") == 3
        assert table.canvas().title() == "P1 to play"
        table.nav("back")  # asks first: a slip must not end the game
        table.nav("back")
        assert table.screen().game is game
        table.nav("back")
        table.nav("ok")
        assert type(table.screen()).__name__ == "Home"
        assert table.hw.leds == {}
    finally:
        table.close()


def test_deck_good_double_slap():
    table, game = deck(["5S 9D", "5H 2C", "10C 3S"])
    try:
        table.press(0)
        table.press(1)  # 5H on 5S: a double
        assert table.screen().slap_window
        table.down(0, after=20000)
        table.down(2, after=3000)  # P3's turn, but a slap had started: a tap
        table.settle()
        screen = table.screen()
        text = table.shown()
        assert "P1 SLAP!" in text and "DOUBLE" in text
        assert game.hands[0] == cards("9D 5S 5H") and game.hands[2] == cards("10C 3S")
        assert game.pile == [] and game.turn == 0
        assert not screen.slap_window
        assert table.hw.leds == {0: True} and table.hw.beeps == [WIN_BEEP]
        [line] = table.history()
        assert line["winner"] == 0 and line["reason"] == "double"
        assert orders(line) == [(0, 0), (2, 3000)] and line["false"] == []
        # The slappers release; P1 leads the next card.
        table.up(0)
        table.up(2)
        table.after(30000).press(0)
        assert table.canvas().scale_of("9D") == 3 and table.hw.leds[0] is False
    finally:
        table.close()


def test_deck_sandwich_variant_reason():
    table, game = deck(["5S 9D", "8H 2C", "5C 3S"], ("sandwich",))
    try:
        table.press(0)
        table.press(1)
        table.press(2)
        table.press(1)
        table.settle()
        assert "SANDWICH" in table.shown() and len(game.hands[1]) == 4
    finally:
        table.close()


def test_deck_false_slap_pays_three_cards():
    table, game = deck(["5S 9D", "7H 2C", "10C 3S 4D 8H"])
    try:
        table.press(0)
        table.press(2)  # P2's turn: P3 slaps a lone 5
        table.settle()
        text = table.shown()
        assert "FALSE: P3" in text and "3 cards" in text
        assert game.hands[2] == cards("8H") and game.under == 3
        assert table.canvas().scale_of("5S") == 3  # the turned card is still on top
        [line] = table.history()
        assert line["false"] == [2] and line["winner"] is None and "reason" not in line
        assert table.hw.leds == {} and table.hw.beeps == []
    finally:
        table.close()


def test_deck_honour_demand_and_a_game_to_the_end():
    table, game = deck(["5S 2D", "KH 3C"])
    try:
        table.press(0)
        table.press(1)  # a king: P1 has 3 attempts
        assert table.canvas().title() == "P1: 3 tries"
        table.press(0)
        assert table.canvas().title() == "P1: 2 tries"
        table.press(0)  # out of cards: draws from P2's deck
        assert "P1 DRAWS" in table.shown() and "from P2" in table.shown()
        assert table.canvas().title() == "P2: take pile"
        table.press(1)
        assert game.over and game.winner == 1
        canvas = table.canvas()
        assert canvas.title() == "P2 WINS!" and canvas.scale_of("P2") == 3
        assert not table.screen().slap_window
        [over] = table.history("game_over")
        assert over["winners"] == [1] and over["totals"] == [0, 4]
        table.press(0)  # nothing happens after the end
        assert game.over and table.history("slap") == []
        table.nav("back")
        assert type(table.screen()).__name__ == "Home"
    finally:
        table.close()


def test_deck_seeded_game_played_to_the_end_by_presses():
    table = Table(3)
    try:
        game = Game(3, (), 2024)
        table.app.push(DeckGame(table.app, game, 1, table))
        for _ in range(3000):
            if game.over:
                break
            table.press(game.turn)
            if game.slappable() and not game.over:
                table.press((game.turn + 1) % 3)
                table.settle()
        assert game.over
        assert table.canvas().title() == "P%d WINS!" % (game.winner + 1)
        assert len(table.history("game_over")) == 1
        assert len(table.history("slap")) >= 1
    finally:
        table.close()


def test_deck_tie_banner_and_mistakes_until_out():
    table, game = deck(["5S 9D 4C", "", "5H 2C 8D"])
    try:
        table.press(0)
        for count in (1, 2):
            table.after(30000).press(1)  # P2 has no cards: a false tap is a mistake
            table.settle()
            assert "FALSE: P2" in table.shown() and "mistake %d" % count in table.shown()
        table.after(30000).press(1)
        table.settle()
        text = table.shown()
        assert "OUT" in text and " 2  x" in text and game.eliminated(1)
        slaps = len(table.history())
        table.after(30000).press(1)  # out for good: the button does nothing
        table.settle()
        assert len(table.history()) == slaps and game.mistakes[1] == 3
        # A tie between the two others: drawn at random, shown in the title.
        table.press(2)  # P3 plays 5H on 5S (P2 is skipped)
        assert game.turn == 0
        table.after(30000).down(1)
        table.down(2, after=10000)
        table.down(0, after=500)
        table.settle()
        line = table.history()[-1]
        assert line["tie"] == [2, 0] and line["seed"] >= 0
        assert table.canvas().title() == "TIE 3/1 s=%d" % line["seed"]
        winner = line["winner"]
        assert winner in (0, 2) and game.pile == [] and game.turn == winner
        assert "P%d SLAP!" % (winner + 1) in table.shown()
    finally:
        table.close()


def test_six_players_fit_the_screen():
    table = referee(6)
    try:
        table.nav("ok")
        for p in range(6):
            table.down(p, after=30000 + 7000 * p)
        table.settle()
        text = table.shown()  # Rig.shown asserts nothing is drawn off screen
        assert "P6 +" in text
        table.nav("back")
        assert "P6:0" in table.shown()
        table.app.push(DeckGame(table.app, Game(6, (), 3), 1, table))
        assert "6  9" in table.shown()
    finally:
        table.close()
