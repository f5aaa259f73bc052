"""Battle of Corsica on the virtual deck, driven through the App with synthetic GPIO
snapshots (tests/corsica_rig.py)."""

import gc

gc.collect()  # the unix port compiles these from source: the app first, on a clean heap
from table import app  # noqa: E402,F401

gc.collect()
from corsica_rig import PINS, Table, orders, referee  # noqa: E402

from table.device.tones import TONES  # noqa: E402
from table.rules.corsica import Game  # noqa: E402
from table.rules.corsica_cards import parse_card  # noqa: E402
from table.screens.ui_corsica import DeckSetup  # noqa: E402
from table.screens.ui_deck import DeckGame  # noqa: E402

# --- virtual deck ------------------------------------------------------------------------


def cards(text):
    return [parse_card(c) for c in text.split()]


def deck(hands, variants=(), settings=None, window_ms=0):
    """A deck game with these hands; window_ms: the slap window after a card."""
    settings = dict(settings or {})
    settings["slap_window_ms"] = window_ms
    table = Table(6, settings)
    game = Game(len(hands), variants, hands=[cards(h) for h in hands])
    table.app.push(DeckGame(table.app, game, 5, table))
    return table, game


def test_deck_setup_toggles_variants_and_deals():
    table = Table(3)
    try:
        app = table.app
        app.push(DeckSetup(app))
        assert "Slap for 1000ms" in table.shown()
        setup = table.screen()
        setup.index = setup.items.index("sum10")
        assert "Sum 10 off" in table.shown()  # the list scrolled to it
        table.nav("ok")
        table.nav("up")
        table.nav("ok")
        assert app.settings["variants"] == ["sum10"]
        setup.index = setup.items.index("start")
        table.nav("ok")
        screen = table.screen()
        assert type(screen).__name__ == "DeckGame", table.shown()
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
        assert " P1   4" in canvas.shown() and ">P2   5" in canvas.shown()
        assert "button:" in canvas.shown() and "turn card" in canvas.shown()  # what to press
        table.press(0)  # not P1's turn: a tap (judged once the taps are in)
        table.press(1)  # a slap had started: P2's press is a tap too, not a play
        assert len(game.pile) == 1 and game.turn == 1
        table.settle()
        assert game.pile[-1] == parse_card("5S") and game.turn == 1
        assert "FALSE x2" in table.shown() and "3 cards" in table.shown()
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
        assert table.hw.leds == {0: True} and table.hw.beeps == [TONES["won"][0]]
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


def test_deck_player_to_move_slaps_in_the_window_and_wins():
    table, game = deck(["5S 9D", "5H 2C", "10C 3S"], window_ms=1000)
    try:
        table.press(0)
        table.after(1000000).press(1)  # 5H on 5S: a double; P3 is to move
        assert table.canvas().title() == "P3: wait"
        table.down(2, after=200000)  # inside the window: a slap, not a card
        table.down(0, after=3000)
        table.settle()
        assert "P3 SLAP!" in table.shown() and game.hands[2] == cards("10C 3S 5S 5H")
        [line] = table.history()
        assert line["winner"] == 2 and orders(line) == [(2, 0), (0, 3000)]
    finally:
        table.close()


def test_deck_a_press_meant_to_play_never_wins_a_pile():
    table, game = deck(["5S 9D", "5H 2C", "10C 3S"], window_ms=1000)
    try:
        table.press(0)
        table.after(1000000).press(1)  # a double nobody slaps within the window
        table.after(1000000).tick()
        assert table.canvas().title() == "P3 to play"
        table.press(2)  # meant to play: 10C covers the double
        assert table.canvas().scale_of("10C") == 3 and game.pile == cards("5S 5H 10C")
        assert table.history() == [] and game.hands[2] == cards("3S")
        # In the window after a card that makes no double, the mover's press is a
        # false tap like anybody's, and no card is turned.
        table.down(0, after=100000)
        table.up(0, after=50000)
        table.settle()
        assert "FALSE:P1" in table.shown() and game.pile[-1] == parse_card("10C")
        [line] = table.history()
        assert line["false"] == [0] and line["winner"] is None
    finally:
        table.close()


def test_deck_window_is_judged_by_the_press_time_not_the_drain_time():
    table, game = deck(["5S 9D", "5H 2C", "10C 3S"], window_ms=1000)
    try:
        table.press(0)
        table.after(1000000).press(1)
        screen = table.screen()
        armed = screen.judge.armed_at
        # A press 999 ms after the card, seen by the app only 5 ms after the window.
        table.hw.levels &= ~(1 << PINS[2])
        table.t += 1005000
        table.tick()
        table.app.on_snapshot((armed + 999000) & 0x3FFFFFFF, table.hw.levels)
        table.settle()
        assert "P3 SLAP!" in table.shown()
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
        assert "FALSE:P3" in text and "3 cards" in text
        assert game.hands[2] == cards("8H") and game.under == 3
        assert table.canvas().scale_of("5S") == 3  # the turned card is still on top
        [line] = table.history()
        assert line["false"] == [2] and line["winner"] is None and "reason" not in line
        assert table.hw.leds == {} and table.hw.beeps == [TONES["false"][0]]  # the false tap's tone
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
        text = canvas.shown()
        assert "holds every card" in text and "ok: deal again" in text
        assert "back: leave" in text
        table.press(0)  # nothing happens after the end
        assert game.over and table.history("slap") == []
        table.nav("ok")  # a new deal for the same players
        screen = table.screen()
        assert type(screen).__name__ == "DeckGame" and screen.game is not game
        assert screen.players == 2 and not screen.game.over
        assert screen.game.card_count() == 54
        table.nav("back")  # a game under way: asks first
        assert type(table.screen()).__name__ == "Confirm"
        table.nav("ok")
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
            assert "FALSE:P2" in table.shown() and "mistake %d" % count in table.shown()
        table.after(30000).press(1)
        table.settle()
        text = table.shown()
        assert "OUT" in text and " P2  --" in text and game.eliminated(1)
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
        assert table.canvas().title() == "DRAWN AT RANDOM"
        winner = line["winner"]
        assert winner in (0, 2) and game.pile == [] and game.turn == winner
        assert "P%d SLAP!" % (winner + 1) in table.shown()
    finally:
        table.close()


def test_deck_an_eliminated_players_button_is_dead_also_to_its_irq():
    # The pin IRQ names the GPIO it fired for: with the player's level masked as
    # released, the judge took it for a contact shorter than the IRQ latency, a tap.
    table, game = deck(["5S 9D 4C", "", "5H 2C 8D"])
    try:
        table.press(0)
        for _ in range(3):
            table.after(30000).press(1)  # P2 has no cards: three mistakes, out
            table.settle()
        assert game.eliminated(1) and " P2  --" in table.shown()
        slaps = len(table.history())
        for pin in (PINS[1], -1):
            table.t += 30000
            table.hw.levels &= ~(1 << PINS[1])
            table.app.on_snapshot(table(), table.hw.levels, pin)
            table.tick()
            table.hw.levels |= 1 << PINS[1]
            table.app.on_snapshot(table.after(50000)(), table.hw.levels, pin)
            table.settle()
            assert len(table.history()) == slaps and game.mistakes[1] == 3
        assert not table.screen().tapped
        table.press(2)  # the others play on: P3 turns 5H on 5S, P1 to move
        table.down(2, after=30000)
        table.settle()
        assert "P3 SLAP!" in table.shown() and orders(table.history()[-1]) == [(2, 0)]
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
        assert " P2       +37 ms" in text and "  and 3 more" in text
        table.nav("back")
        assert "P1      1     0" in table.shown() and "P6" not in table.shown()  # four rows, an arrow
        for _ in range(5):
            table.nav("down")
        assert "P6      0     0" in table.shown()
        table.app.push(DeckGame(table.app, Game(6, (), 3), 1, table))
        assert " P6   9" in table.shown()
    finally:
        table.close()


def test_deck_names_the_players_seated_at_setup_and_logs_them():
    table = Table(3)
    try:
        app = table.app
        app.roster = ["Ann", "Zoë", "Cy", "Dee"]
        app.push(DeckSetup(app))
        setup = table.screen()  # the roster's names wait in the pickers: nobody sat yet
        assert setup.seated[:3] == ["P1", "P2", "P3"]
        setup.pick(0, "Ann")  # as the seat's picker does (test_players: its buttons)
        setup.pick(1, "Zoë")
        setup.pick(2, "Cy")
        setup.index = setup.items.index(0)  # the first seat's line, scrolled into view
        assert "1 Ann" in table.shown() and setup.label(0) == "1 Ann"
        setup.pick(1, "Dee")  # as the seat's picker does (test_players: its buttons)
        assert setup.seated[:3] == ["Ann", "Dee", "Cy"]
        setup.index = setup.items.index("start")
        table.nav("ok")
        screen = table.screen()
        assert screen.names == ["Ann", "Dee", "Cy"]
        assert table.canvas().title() == "Ann to play"
        text = table.shown()  # the counts name the seats as the title does (P1..: nobody seated)
        assert ">Ann" in text and " Dee" in text and " Cy " in text and "P1" not in text
        assert app.roster[:4] == ["Ann", "Dee", "Cy", "Zoë"] and app.seated == ["Ann", "Dee", "Cy"]
        [start] = table.history("start")  # on the flash once dealt: no pile to slap yet
        assert start["players"] == ["Ann", "Dee", "Cy"] and start["mode"] == "deck"
        assert start["rules"] == "corsica" and start["game"] == screen.game_id
    finally:
        table.close()


def test_a_cut_loses_at_most_the_pile_in_play():
    """The history on the flash (what a power cut leaves) holds the start line once
    dealt, then every pile taken (a `trick` line) or judged (a `slap` line) as soon
    as its result is shown; only the pile in play may still be in RAM."""
    # P1 turns a jack, P2 fails once: P1 takes the pile; P1 leads 5S, P2 turns 5H, a
    # double that P1 slaps.
    table, game = deck(["JS 5S 9D", "4C 5H 2C", "10C 3S 8H"])
    try:
        app = table.app
        table.tick()  # the loop's next pass
        assert [h["event"] for h in table.rig.history()] == ["start"]  # written at the deal
        table.press(0)  # JS: P2 has one try
        assert table.screen().slap_window and app.history.pending() == 0
        table.press(1)  # 4C: the try failed, P1 wins the trick
        table.press(0)  # P1 takes it
        assert game.hands[0] == cards("5S 9D JS 4C")
        [trick] = table.history("trick")
        assert (trick["winner"], trick["cards"], trick["totals"]) == (0, 2, [4, 2, 3])
        assert not table.screen().slap_window and app.history.pending() == 0
        table.press(0)  # 5S
        table.press(1)  # 5H: a double
        table.down(0, after=20000)
        assert table.history() == []  # being judged: the pile in play is not written yet
        table.settle()
        [slap] = table.history()
        assert slap["winner"] == 0 and app.history.pending() == 0
    finally:
        table.close()


def test_the_title_says_whose_turn_whole_with_long_names():
    """The title keeps its words and cuts a name only when nothing else fits the 16
    characters (the name as the display spells it: "ß" takes two)."""
    table, game = deck(["5S 9D", "KH 3C", "10C 4D"])
    try:
        screen = table.screen()
        screen.names = ["Annabell", "Weißhaarig", "Ann"]
        cases = [
            (0, {}, "Annabell to play"),
            (0, {"demand": 3}, "Annabell 3 tries"),  # "Annabell: 3 tries" was cut to "...trie"
            (2, {"demand": 3}, "Ann: 3 tries"),
            (0, {"demand": 1}, "Annabell: 1 try"),
            (1, {"demand": 2}, "Weisshaa 2 tries"),
            (1, {}, "Weisshaa to play"),
            (0, {"trick_winner": 0}, "Pile to Annabell"),
            (2, {"trick_winner": 2}, "Ann: take pile"),
        ]
        for turn, state, title in cases:
            game.turn = turn
            game.demand = state.get("demand", 0)
            game.trick_winner = state.get("trick_winner")
            assert table.canvas().title() == title, (turn, state, table.canvas().title())
        game.demand, game.trick_winner = 0, None
        screen.waiting = True
        game.turn = 1
        assert table.canvas().title() == "Weisshaarig wait"
        screen.waiting = False
        assert screen.title_text() == "Weißhaarig to play"  # the live page: no cut
    finally:
        table.close()
