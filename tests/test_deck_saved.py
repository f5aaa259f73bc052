"""A Battle of Corsica deck game kept as a saved match (#45): the engine's state saved
and put back exactly (the random draws to come included), the game in Continue after
leaving it or a power cut (at most the pile in play lost), resumed, kept when
finished, a corrupt file set aside, no new game when the saved matches are full."""

import gc
import json
import os

gc.collect()
from table import app  # noqa: E402,F401

gc.collect()
from canvas_record import exists, read_file, write_file  # noqa: E402
from corsica_rig import Table  # noqa: E402
from raising import value_error  # noqa: E402

from table.rules.corsica import Game, game_from  # noqa: E402
from table.rules.corsica_cards import parse_card  # noqa: E402
from table.rules.corsica_match import DeckMatch, from_obj  # noqa: E402
from table.rules.corsica_sim import play_game  # noqa: E402
from table.rules.rng import Rng  # noqa: E402
from table.screens.ui_deck import DeckGame  # noqa: E402

NAMES = ["Ann", "Bob", "Cy"]


def cards(text):
    return [parse_card(c) for c in text.split()]


def again(obj):
    """obj through JSON text, as the flash keeps it."""
    return json.loads(json.dumps(obj))


# --- the engine's state ------------------------------------------------------------------


class Seen:
    """Every action of a game in one number (a list of them does not fit the test heap
    on MicroPython) and the draws from another player's deck."""

    def __init__(self):
        self.sum = self.draws = 0

    def __call__(self, game, event):
        detail = event[2]
        detail = detail if type(detail) is int else len(detail or "")
        self.sum = (self.sum * 31 + len(event[0]) * 7 + event[1] * 101 + detail) % 1000000007
        self.draws += event[0] == "draw"


def test_a_saved_game_goes_on_exactly_as_the_game_itself():
    """Put back from its saved data at any point, a game plays on to the same end: the
    same cards, turns, draws from another player's deck (the random state) and winner."""
    draws = 0
    for seed in range(1, 7):
        for turns in (1, 30, 200):
            game = Game(2 + seed % 5, ("sandwich",) if seed % 2 else (), seed)
            play_game(game, Rng(seed), turn_cap=turns)
            if game.over:
                continue
            copy = game_from(again(game.to_obj()))
            assert copy.to_obj() == game.to_obj()
            seen_a, seen_b = Seen(), Seen()
            a = play_game(game, Rng(99), 2000, after_action=seen_a)
            b = play_game(copy, Rng(99), 2000, after_action=seen_b)
            assert a == b and seen_a.sum == seen_b.sum and copy.to_obj() == game.to_obj()
            assert copy.winner == game.winner and copy.card_count() == 54
            draws += seen_a.draws
    assert draws > 0  # some draws were made by the random state put back


def test_the_random_state_goes_on_with_the_same_numbers():
    rng = Rng(2026)
    rng.next32()
    copy = Rng(again(rng.state()))
    assert [copy.next32() for _ in range(5)] == [rng.next32() for _ in range(5)]


def test_a_saved_game_keeps_the_honour_being_answered_and_the_mistakes():
    game = Game(3, (), hands=[cards("KS 5S"), cards("4C"), cards("10C 3S")])
    game.play_card()  # KS: P2 has 3 tries
    game.play_card()  # 4C: P2 out of cards, 2 tries left (draws next)
    game.slap(1)  # P2 has no cards: a mistake
    copy = game_from(again(game.to_obj()))
    assert (copy.turn, copy.demand, copy.honour_by, copy.mistakes) == (1, 2, 0, [0, 1, 0])
    assert copy.pile == cards("KS 4C") and copy.total == 5


def test_a_bad_saved_game_is_refused_in_one_line():
    good = Game(2, (), 5).to_obj()
    cases = [
        ({"hands": [good["hands"][0], good["hands"][0]]}, "twice"),
        ({"pile": [54]}, "unknown card 54"),
        ({"turn": 2}, "turn 2 is not 0..1"),
        ({"players": 7}, "players 7"),
        ({"variants": ["snap"]}, "unknown slap variant"),
        ({"winner": 0}, "winner 0 does not hold every card"),
        ({"rng": 0}, "rng 0"),
        ({"mistakes": [0, 4]}, "mistakes 4"),
        ({"demand": 2}, "a demand without its honour"),
    ]
    for change, words in cases:
        obj = dict(good)
        obj.update(change)
        text = value_error(game_from, obj)
        assert words in text and "\n" not in text, (change, text)
    match = DeckMatch("3-4", ["Ann", "Bob"], Game(2, (), 5)).to_obj()
    assert from_obj(again(match)).deck.to_obj() == match["deck"]
    match["names"] = ["Ann"]
    assert value_error(from_obj, match) == "1 names for 2 players"
    assert value_error(from_obj, {"v": 1, "rules": "igo"}) == "not a saved deck game"


# --- through the app -----------------------------------------------------------------------


def deck(hands=None, seed=2024, rig=None):
    """A deck game of Ann, Bob and Cy dealt on a Table (these hands, else seeded);
    no slap window: a press plays at once."""
    table = Table(3, {"slap_window_ms": 0}, rig=rig)
    table.app.seated = list(NAMES)
    game = Game(3, (), seed, hands=[cards(h) for h in hands] if hands else None)
    table.app.push(DeckGame(table.app, game, 5, table))
    return table, game


def reboot(table):
    """The device boots again on the same flash (the fake board kept)."""
    from table.device.signals import Signals

    table.rig.boot()
    table.app = table.rig.app
    table.app.hw = table.hw
    table.app.out = Signals(table.hw)
    table.app.out.now_us = table  # the screens' clock: the table's


def choose(table, label):
    """ok on the menu line holding label."""
    menu = table.screen()
    menu.index = [i for i in range(len(menu.items)) if label in str(menu.items[i])][0]
    table.nav("ok")


def index(table):
    return json.loads(read_file(table.rig.root + "/data/matches/index.json"))["matches"]


def events(table):
    return [h["event"] for h in table.rig.history()]


HANDS = ["JS 5S 9D", "4C 5H 2C", "10C 3S 8H"]


def test_a_game_left_is_kept_in_continue_and_resumed_as_it_was():
    table, game = deck(HANDS)
    try:
        game_id = table.screen().game_id
        assert [e["id"] for e in index(table)] == [game_id]  # kept from the deal on
        table.press(0)  # JS: Bob has one try
        table.press(1)  # 4C: Ann wins the pile
        table.press(0)  # Ann takes it
        table.press(0)  # 5S: a pile in play
        table.nav("back")
        assert table.screen().__class__.__name__ == "Confirm"
        assert "Leave? The game is kept in Continue" in table.rig.text()
        table.nav("ok")
        assert table.screen().__class__.__name__ == "Home" and "Continue (1)" in table.shown()
        [entry] = index(table)
        assert (entry["rounds"], entry["totals"], entry["over"]) == (1, [3, 2, 3], False)
        assert events(table) == ["start", "trick", "leave"]
        [leave] = [h for h in table.rig.history() if h["event"] == "leave"]
        assert leave["totals"] == [3, 2, 3] and leave["game"] == game_id
        reboot(table)
        choose(table, "Continue")
        text = table.rig.text()
        assert "Deck pile 2" in text and "2 tied at 3" in text and "Ann Bob Cy" in text, text
        table.nav("ok")
        assert table.rig.text().startswith("Deck pile 2") and "Resume" in table.rig.text()
        choose(table, "Resume")
        screen = table.screen()
        assert screen.__class__.__name__ == "DeckGame" and screen.game_id == game_id
        resumed = screen.game
        assert resumed.pile == cards("5S") and resumed.turn == 1  # the pile in play too
        assert resumed.hands == [cards("9D JS 4C"), cards("5H 2C"), cards("10C 3S 8H")]
        assert table.canvas().title() == "Bob to play" and ">Bob  2" in table.shown()
        assert table.app.seated == NAMES  # a new deal seats them again
        table.press(1)  # 5H on 5S: a double, slapped by Ann
        table.down(0, after=20000)
        table.settle()
        assert "Ann SLAP!" in table.shown() and resumed.hands[0] == cards("9D JS 4C 5S 5H")
        assert events(table)[-3:] == ["leave", "resume", "slap"]
        [entry] = index(table)
        assert entry["rounds"] == 2 and entry["totals"] == [5, 1, 3]  # saved after the slap
    finally:
        table.close()


def test_a_power_cut_loses_at_most_the_pile_in_play():
    table, game = deck(HANDS)
    try:
        table.press(0)
        table.press(1)
        table.press(0)  # Ann took the first pile: saved
        table.press(0)  # 5S
        table.press(1)  # 5H: a double nobody slapped yet
        reboot(table)  # the power went: no leave line
        assert "Continue (1)" in table.shown()
        choose(table, "Continue")
        assert "Deck pile 2" in table.rig.text()
        table.nav("ok")
        choose(table, "Resume")
        resumed = table.screen().game
        assert resumed.pile == [] and resumed.turn == 0  # as the first pile left it
        assert resumed.hands == [cards("5S 9D JS 4C"), cards("5H 2C"), cards("10C 3S 8H")]
        assert events(table) == ["start", "trick", "resume"]
        # Played on to the end: the game is kept, finished.
        for _ in range(200):
            if resumed.over:
                break
            table.press(resumed.turn)
            if resumed.slappable():
                table.press((resumed.turn + 1) % 3)
                table.settle()
        assert resumed.over and events(table)[-1] == "game_over"
        [entry] = index(table)
        assert entry["over"] and entry["winners"] == [resumed.winner]
    finally:
        table.close()


def test_a_finished_game_stays_viewable_until_deleted():
    table, game = deck(["5S 2D", "KH 3C", ""])
    try:
        for p in (0, 1, 0, 0, 1):  # the king: Ann fails, draws, Bob takes every card
            table.press(p)
        assert game.over and game.winner == 1
        table.nav("back")  # over: no question
        assert table.screen().__class__.__name__ == "Home"
        choose(table, "Continue")
        text = table.rig.text()
        assert "Deck finished" in text and "Bob won" in text, text
        table.nav("ok")
        choose(table, "View")
        assert table.canvas().title() == "Bob WINS!" and "back: leave" in table.shown()
        table.nav("back")
        choose(table, "Continue")
        table.nav("ok")
        choose(table, "Delete")
        assert "Delete Deck finished: Ann Bob Cy?" in table.rig.text()
        table.nav("down")
        table.nav("ok")
        assert table.app.saved_count == 0 and table.app.match is None
        line = table.rig.history()[-1]
        assert (line["event"], line["rules"]) == ("delete", "corsica")
    finally:
        table.close()


def test_a_corrupt_saved_deck_game_is_set_aside_with_one_line():
    table, game = deck(HANDS)
    try:
        game_id = table.screen().game_id
        table.nav("back")
        table.nav("ok")  # left: kept
        path = table.rig.root + "/data/matches/%s.json" % game_id
        obj = json.loads(read_file(path))
        obj["deck"]["pile"] = [obj["deck"]["hands"][0][0]]  # a card twice
        write_file(path, json.dumps(obj))
        reboot(table)  # boots: it only counts the files
        assert "Continue (1)" in table.shown()
        choose(table, "Continue")
        table.nav("ok")
        choose(table, "Resume")
        assert table.screen().__class__.__name__ == "Notice"
        text = table.rig.text()
        assert "%s.json: card 40 twice (kept as %s.json.bad)" % (game_id, game_id) in text, text
        assert exists(path + ".bad") and not exists(path)
        table.nav("ok")
        assert table.screen().__class__.__name__ == "Home" and table.app.saved_count == 0
        # A file the index lacks is checked when the list opens.
        write_file(table.rig.root + "/data/matches/7-7.json", '{"v": 1, "rules": "corsica", "mode": "deck"}')
        reboot(table)
        choose(table, "Continue")
        assert "7-7.json: bad game or names" in table.rig.text()
        assert exists(table.rig.root + "/data/matches/7-7.json.bad")
    finally:
        table.close()


def test_no_new_deck_game_when_the_saved_matches_are_full():
    table, game = deck(HANDS)
    try:
        app = table.app
        table.nav("back")
        table.nav("ok")  # kept: one saved
        for _ in range(9):
            assert table.rig.start_match("igo", ["Ann", "Bob"], None) is None
        assert app.saved_count == 10
        files = os.listdir(table.rig.root + "/data/matches")
        from table.screens.ui_corsica import DeckSetup

        app.push(DeckSetup(app))
        choose(table, "start")
        assert table.screen().__class__.__name__ == "Notice"
        assert "10 matches saved: delete one in Continue first." in table.rig.text()
        assert os.listdir(table.rig.root + "/data/matches") == files
    finally:
        table.close()
