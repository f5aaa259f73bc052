"""What the live page shows (firmware/table/live/live.py): nothing played, an I Go or Corsari
sheet after rounds, the referee's last slap and tallies, the deck game; the app's
real screens on a temporary flash (tests/canvas_record.py, tests/corsica_rig.py)."""

import gc

gc.collect()  # the unix port compiles these from source: the app first, on a clean heap
from table import app  # noqa: E402,F401

gc.collect()
from canvas_record import Rig  # noqa: E402
from corsica_rig import Table, referee  # noqa: E402

from table.live import live  # noqa: E402
from table.rules.corsica import Game  # noqa: E402
from table.rules.corsica_cards import parse_card  # noqa: E402
from table.rules.scoresheet import Sheet  # noqa: E402
from table.screens.ui_deck import DeckGame  # noqa: E402


def test_home_when_nothing_is_played():
    rig = Rig()
    try:
        assert rig.screen() == "Home"
        assert live.state(rig.app) == {"view": "home"}
    finally:
        rig.close()


def test_i_go_sheet_after_rounds_and_at_game_over():
    rig = Rig()
    try:
        sheet = Sheet("igo", ["Ann", "Bob", "Cy"], first=0)
        rig.app.match = sheet
        sheet.add_round(0, [5, 10, 20])  # Ann ends lowest: +1
        sheet.add_void(1)  # Bob took the last display card: he starts
        sheet.add_round(2, [9, 4, 3])  # Cy ends lowest: +1
        state = live.state(rig.app)
        assert state == {
            "view": "sheet",
            "game": "I Go",
            "names": ["Ann", "Bob", "Cy"],
            "totals": [1, 0, 1],
            "rounds": [[1, 0, 0], None, [0, 0, 1]],
            "penalties": [[5, 10, 20], None, [9, 4, 3]],
            "target": 4,
            "to": [3, 4, 3],
            "leaders": ["Ann", "Cy"],
            "over": False,
            "winners": [],
            "starts": state["starts"],
        }
        assert state["starts"] == ["Ann", "Bob", "Cy"][sheet.next_starter()]
        for _ in range(3):
            sheet.add_round(0, [5, 10, 20])
        state = live.state(rig.app)
        assert state["over"] is True and state["winners"] == ["Ann"] and state["starts"] is None
        assert state["totals"] == [4, 0, 1] and state["to"] == [0, 4, 3] and state["leaders"] == ["Ann"]
        assert len(state["rounds"]) == 6 and state["rounds"][1] is None
    finally:
        rig.close()


def test_corsari_sheet_the_lowest_leads():
    sheet = Sheet("corsari", ["Ann", "Bob"], youngest_first=[1, 0])
    sheet.add_round(0, [10, 30])
    state = live.sheet(sheet)
    assert state["game"] == "Corsari" and state["target"] == 100
    assert state["totals"] == [0, 30] and state["to"] == [100, 70]
    assert state["leaders"] == ["Ann"] and state["rounds"] == [[0, 30]]
    assert state["over"] is False and state["starts"] in ("Ann", "Bob")


def test_referee_after_a_slap():
    table = referee()
    try:
        state = live.state(table.app)
        assert state["view"] == "referee" and state["state"] == "idle" and state["last"] is None
        assert state["names"] == ["P1", "P2", "P3"] and state["won"] == [0, 0, 0]
        table.nav("ok")  # the pile changed: armed
        assert live.state(table.app)["state"] == "armed"
        table.down(1, after=5000)
        table.down(0, after=1400)  # 1.4 ms behind
        table.down(2, after=10600)  # 12 ms behind
        table.settle()
        state = live.state(table.app)
        assert state["state"] == "shown"
        last = state["last"]
        assert last["winner"] == "P2" and last["tie"] is False
        assert [t[0] for t in last["taps"]] == ["P2", "P1", "P3"]
        assert [t[2] for t in last["taps"]] == [False, False, False]
        assert "1.4" in last["taps"][1][1] and "12" in last["taps"][2][1]
        assert state["won"] == [0, 0, 0]  # counted once the result is left (a tap may yet be marked false)
        table.nav("back")
        state = live.state(table.app)
        assert state["won"] == [0, 1, 0] and state["false"] == [0, 0, 0] and state["out"] == [False] * 3
        assert state["mistakes"] == [0, 0, 0] and state["no_cards"] == [False] * 3
        assert state["last"]["winner"] == "P2"  # the last slap stays on the page
    finally:
        table.close()


def test_deck_whose_turn_and_the_cards():
    table = Table(6, {"slap_window_ms": 0})
    try:
        hands = [[parse_card(c) for c in h.split()] for h in ("5S 9D 4C 4D QS", "7H 2C 6S 6D 8C", "10C 3S")]
        game = Game(3, (), hands=hands)
        table.app.push(DeckGame(table.app, game, 5, table))
        state = live.state(table.app)
        assert state["view"] == "deck" and state["turn"] == "P1" and state["top"] is None
        assert state["cards"] == [5, 5, 2] and state["pile"] == 0 and state["over"] is False
        table.press(0)  # P1 turns the 5S
        state = live.state(table.app)
        assert state["turn"] == "P2" and state["top"] == "5S"
        assert state["cards"] == [4, 5, 2] and state["pile"] == 1
        assert state["title"] == "P2 to play"
    finally:
        table.close()


class Server:
    """What live.state reads of a W board's app.live: the evening, the phone's name."""

    def __init__(self):
        self.evening = live.Evening()
        self.asking = None  # the question on the device (None: not asked)
        self.answered = None

    def asking_name(self):
        return None


def test_the_evening_games_their_winners_and_each_players_wins():
    """From the history lines the app logs: a game's names from its start line (or the
    match on the device when it was started on an earlier evening), its winners from
    its standing game_over (an undo takes them back); unfinished games are left out."""
    rig = Rig()
    try:
        app = rig.app
        app.live = Server()
        ev = app.live.evening
        assert live.state(app)["evening"] == {"games": [], "wins": []}
        ev.logged(app, "start", "1-1", "igo", {"players": ["Ann", "Bob", "Cy"]}, 1)
        ev.logged(app, "round", "1-1", "igo", {"ender": 0}, 2)
        ev.logged(app, "game_over", "1-1", "igo", {"winners": [0]}, 3)
        ev.logged(app, "start", "1-4", "corsica", {"players": ["Bob", "Di"]}, 4)
        ev.logged(app, "game_over", "1-4", "corsica", {"winners": [1]}, 5)
        ev.logged(app, "start", "1-6", "corsari", {"players": ["Ann", "Di"]}, 6)  # not over
        assert live.state(app)["evening"] == {
            "games": [["I Go", ["Ann"]], ["Corsica deck", ["Di"]]],
            "wins": [["Ann", 1], ["Di", 1], ["Bob", 0], ["Cy", 0]],
        }
        ev.logged(app, "undo", "1-1", "igo", {"of": 3}, 7)  # the last round taken back
        ev.logged(app, "game_over", "1-1", "igo", {"winners": [0, 2]}, 8)  # a tie now
        ev.logged(app, "undo", "1-4", "corsica", {"of": 2}, 9)  # another line's undo
        sheet = Sheet("igo", ["Eve", "Fay"], first=0, game="0-9")  # from an earlier evening
        app.match = sheet
        ev.logged(app, "game_over", "0-9", "igo", {"winners": [1]}, 10)
        ev.logged(app, "game_over", "0-7", "igo", {"winners": [0]}, 11)  # no names for it: left out
        state = live.state(app)
        assert state["evening"]["games"] == [["I Go", ["Ann", "Cy"]], ["Corsica deck", ["Di"]], ["I Go", ["Fay"]]]
        assert state["evening"]["wins"][:4] == [["Ann", 1], ["Cy", 1], ["Di", 1], ["Fay", 1]]
        assert state["asking"] is None and state["asked"] is False and state["answered"] is None
        for k in range(live.MAX_GAMES):  # referee games (never over) push out the unfinished ones first
            ev.logged(app, "start", "2-%d" % k, "corsica", {"players": ["Gus", "Hal"]}, 20 + k)
        assert live.state(app)["evening"]["games"] == state["evening"]["games"]
        assert len(ev.games) == live.MAX_GAMES
    finally:
        app.live = None
        rig.close()


def test_the_app_tells_the_evening_what_it_logs():
    """app.log hands each line to app.live (a W board): a game played to its end on
    the device shows with its winner."""
    rig = Rig()
    try:
        app = rig.app
        app.live = Server()
        logged = []
        app.live.logged = lambda *line: logged.append(line)
        seq = app.log("start", "1-2", "igo", {"players": ["Ann", "Bob"]})
        assert logged == [("start", "1-2", "igo", {"players": ["Ann", "Bob"]}, seq)]
    finally:
        app.live = None
        rig.close()
