"""I Go / Corsari screens, driven by button presses on a recording canvas."""

import gc
import json

gc.collect()  # the unix port compiles these from source: start on a clean heap
from table import app  # noqa: E402,F401

gc.collect()
from table.rules import scoresheet  # noqa: E402,F401

gc.collect()
from table.screens import ui_igo  # noqa: E402,F401

gc.collect()
from canvas_record import Rig, exists, read_file  # noqa: E402


def new_match(rig, game_downs, players_delta, extra=""):
    """From the home screen: choose a game (game_downs presses of down), change the
    player count from the default 4 by players_delta, then `extra` keys on the
    setup form (cursor on the player line), then Start. Seat 1 starts (a fresh device
    offers a draw: these tests choose seat 1, as a table can)."""
    rig.nav("down*%d ok" % game_downs if game_downs else "ok")
    assert rig.screen() == "Setup"
    rig.app.top().first = 0
    if players_delta:
        key = "up" if players_delta > 0 else "down"
        rig.nav("ok %s*%d ok" % (key, abs(players_delta)))
    if extra:
        rig.nav(extra)
    setup = rig.app.top()
    rig.nav("down*%d ok" % (len(setup.items) - 1 - setup.index))


def play_round(rig, ender, penalties):
    """Enter a round with the buttons: menu, ender, each penalty (the ender first,
    then in turn order), review, save. Penalties reach their value with long
    presses (10) and presses (1)."""
    assert rig.screen() == "MatchScreen", rig.screen()
    rig.nav("ok")  # the round menu, on "Enter round"
    assert rig.screen() == "MatchMenu"
    rig.nav("ok")
    assert rig.screen() == "RoundEnder"
    rig.nav(("down*%d ok" % ender) if ender else "ok")
    n = len(penalties)
    for k in range(n):
        p = penalties[(ender + k) % n]
        keys = []
        if p // 10:
            keys.append("up:long")
        if p // 10 > 1:
            keys.append("up:repeat*%d" % (p // 10 - 1))
        if p % 10:
            keys.append("up*%d" % (p % 10))
        keys.append("ok")
        rig.nav(" ".join(keys))
    assert rig.screen() == "RoundReview"
    review = rig.text()
    rig.nav("ok")
    return review


def test_full_i_go_game_to_4_points():
    rig = Rig(names=["Ann", "Bob", "Cy"])
    try:
        new_match(rig, 0, -1)
        assert rig.screen() == "MatchScreen"
        text = rig.shown()
        assert rig.canvas.title() == "Round 1, to 4"
        assert ">Ann" in text and "Bob" in text and "Cy" in text
        assert rig.canvas.scale_of("0") == 1  # big totals for up to 2 players: 3 as lines
        assert "ok: round menu" in text
        for k in range(4):
            review = play_round(rig, 0, [5, 10, 20])
            assert "Ann ended" in review and "Ann*  5  +1   %d" % (k + 1) in review
        assert rig.screen() == "GameOver"
        text = rig.shown()
        assert "Reached 4 points" in text and "wins the game" in text
        assert rig.canvas.scale_of("Ann") == 2
        assert "ok: what next" in text
        sheet = rig.app.match
        assert sheet.over and sheet.winners == [0] and sheet.totals() == [4, 0, 0]
        events = [h["event"] for h in rig.history()]
        assert events == ["start"] + ["round"] * 4 + ["game_over"]
        start = rig.history()[0]
        assert start["players"] == ["Ann", "Bob", "Cy"] and start["game"] == sheet.game
        assert start["first"] == 0 and start["drawn"] is False and start["target"] == 4
        last = rig.history()[4]
        assert last["totals"] == [4, 0, 0] and last["penalties"] == [5, 10, 20]
        assert last["rules"] == "igo" and last["game"] == sheet.game
        # game over menu: a new game with the same players, next starter
        rig.nav("ok")
        assert rig.screen() == "GameOverMenu"
        rig.choose("New game")
        assert rig.screen() == "Setup"
        text = rig.shown()
        assert "Players 3" in text and "Starts Bob" in text
        assert "1 Ann" in text and "2 Bob" in text  # the same players in their seats
        rig.nav("up ok")  # start
        assert rig.screen() == "MatchScreen"
        assert rig.app.match.totals() == [0, 0, 0] and rig.app.match.first == 1
        assert rig.app.saved_count == 2  # the finished one stays, viewable
    finally:
        rig.close()


def test_shared_win_is_shown():
    rig = Rig(names=["Ann", "Bob", "Cy"])
    try:
        new_match(rig, 0, -1, "down ok down*3 ok")  # target 4 -> 1
        # Cy ends with 10; Ann (5) and Bob (8) are not above: both score and win
        play_round(rig, 2, [5, 8, 10])
        assert rig.screen() == "GameOver"
        text = rig.shown()
        assert "Shared win" in text and "Ann" in text and "Bob" in text
        assert rig.app.match.winners == [0, 1]
    finally:
        rig.close()


def test_perfect_i_go_wins_at_once():
    rig = Rig()
    try:
        new_match(rig, 0, -2)
        play_round(rig, 1, [3, 0])
        assert rig.screen() == "GameOver"
        assert "P2" in rig.shown()
    finally:
        rig.close()


def test_corsari_age_order_and_zero_rule():
    rig = Rig(names=["Ann", "Bob", "Cy"])
    try:
        new_match(rig, 1, -1)
        assert rig.screen() == "AgeOrder"
        text = rig.shown()
        assert rig.canvas.title() == "Youngest?"
        rig.nav("down*2 ok")  # Cy is the youngest
        assert "Cy" not in rig.shown()
        assert rig.canvas.title() == "Next youngest?"
        rig.nav("back")  # take back the pick
        assert "Cy" in rig.shown()
        rig.nav("down*2 ok ok")  # Cy, then Ann; Bob is the oldest
        assert rig.screen() == "MatchScreen"
        sheet = rig.app.match
        assert sheet.rules == "corsari" and sheet.youngest_first == [2, 0, 1]
        assert sheet.target == 100  # max(100, 30 x 3)
        rig.shown()
        assert rig.canvas.title() == "Round 1, max 100"
        # Ann ends with 7; Bob 12 is above; Cy 3 is a skunker
        review = play_round(rig, 0, [7, 12, 3])
        assert "Ann*  7 +20  20" in review and "Cy    3 -10 -10" in review
        assert sheet.totals() == [20, 12, -10]
        # Ann ends with 9, Bob and Cy announce 0: the youngest of them (Cy) wins
        review = play_round(rig, 0, [9, 0, 0])
        assert "Wins the game: Cy" in review
        assert rig.screen() == "GameOver"
        assert sheet.winners == [2]
        assert "Cy" in rig.shown() and rig.canvas.scale_of("Cy") == 2
        assert "Youngest of 2 announcing 0" in rig.text()
    finally:
        rig.close()


def test_corsari_ends_past_the_target_lowest_total_wins():
    rig = Rig(names=["Ann", "Bob"])
    try:
        new_match(rig, 1, -2, "down ok down*8 ok")  # target 100 -> 20
        rig.nav("ok")  # Ann is the youngest; Bob follows
        assert rig.app.match.target == 20
        play_round(rig, 0, [4, 25])  # Bob scores 25 > 20
        assert rig.screen() == "GameOver"
        assert rig.app.match.winners == [0]
    finally:
        rig.close()


def test_long_press_and_repeat_step_by_ten():
    rig = Rig()
    try:
        new_match(rig, 0, 0)
        rig.nav("ok ok ok")  # round menu, enter round, ender P1
        assert rig.screen() == "PenaltyEntry"
        rig.nav("up:long up:repeat down")
        assert rig.app.top().penalties[0] == 19
        text = rig.shown()
        assert "19" in text and rig.canvas.scale_of("19") == 3
        assert "P1 (ended)" in text
        rig.nav("down:long down:repeat*3")  # never below 0
        assert rig.app.top().penalties[0] == 0
        rig.nav("ok up*2")
        assert rig.app.top().penalties == [0, 2, 0, 0]
        rig.nav("back")  # back to the ender's penalty
        assert rig.app.top().player() == 0
        rig.nav("back")
        assert rig.screen() == "RoundEnder"
    finally:
        rig.close()


def test_undo_and_redo_with_confirmation():
    rig = Rig(names=["Ann", "Bob"])
    try:
        new_match(rig, 0, -2)
        play_round(rig, 0, [5, 10])
        play_round(rig, 1, [5, 10])  # Bob ends above Ann: Ann scores
        sheet = rig.app.match
        assert sheet.totals() == [2, 0]
        rig.nav("ok")
        rig.choose("Undo")
        assert rig.screen() == "Confirm"
        assert "Undo round 2 (Bob ended)?" in rig.text()
        rig.nav("back")  # no
        assert sheet.totals() == [2, 0]
        rig.choose("Undo")
        rig.nav("ok")  # yes
        assert rig.screen() == "MatchScreen"
        assert sheet.totals() == [1, 0] and len(sheet.rounds) == 1
        saved = read_file(rig.root + "/data/matches/%s.json" % sheet.game)
        assert json.loads(saved)["undone"] == [1]
        rig.nav("ok")
        rig.choose("Redo")
        assert "Put back round 2?" in rig.text()
        rig.nav("ok")
        assert sheet.totals() == [2, 0]
        events = [(h["event"], h.get("of")) for h in rig.history()]
        assert events == [("start", None), ("round", None), ("round", None), ("undo", 3), ("round", None)]
        rig.nav("ok")
        assert "Redo round" not in rig.text()
    finally:
        rig.close()


def test_void_round():
    rig = Rig(names=["Ann", "Bob", "Cy"])
    try:
        new_match(rig, 0, -1)
        rig.nav("ok")
        rig.choose("Void")
        assert rig.screen() == "VoidEntry"
        assert "(nobody)" not in rig.text()  # I Go: the taker is needed
        rig.nav("down ok")  # Bob took the last display card
        assert rig.screen() == "MatchScreen"
        sheet = rig.app.match
        assert sheet.rounds[0]["void"] and sheet.next_starter() == 1
        assert ">Bob" in rig.shown()
        assert rig.canvas.title() == "Round 2, to 4"
        line = rig.history()[1]
        assert line["event"] == "round" and line["void"] is True and line["taker"] == 1
    finally:
        rig.close()


def test_corsari_void_round_without_taker():
    rig = Rig()
    try:
        new_match(rig, 1, -2)
        rig.nav("ok")  # age order: P1, P2
        rig.nav("ok")
        rig.choose("Void")
        rig.choose("(nobody)")
        assert rig.app.match.rounds[0]["void"] and rig.app.match.dealer() == 1
    finally:
        rig.close()


def test_score_sheet_scrolls_and_pages():
    rig = Rig()
    try:
        new_match(rig, 1, 3)  # Corsari, 7 players
        rig.nav("ok*6")  # age order: seat order
        sheet = rig.app.match
        assert len(sheet.names) == 7
        for k in range(7):
            sheet.add_round(k, [10 + k] * 3 + [20] * 4)
        rig.app.save()
        rig.nav("ok")
        rig.choose("Score sheet")
        assert rig.screen() == "SheetView"
        text = rig.shown()
        assert rig.canvas.title() == "ok:round P1-3/7"  # ok opens the round under the cursor
        rows = text.split("\n")[2:-2]
        assert rows[0].startswith(" 5") and rows[-1].startswith(" 7")  # the last rounds
        assert text.split("\n")[-2].startswith("to ")  # how far each is below the target
        assert text.split("\n")[-1] == "hold ok: P4-6"  # the key to the next players, where the leader was
        head = text.split("\n")[1]
        assert head.startswith("Rd") and "P1" in head and "P4" not in head
        rig.nav("ok:long")  # the next players (ok opens the round under the cursor)
        assert "P4" in rig.shown().split("\n")[1]
        rig.nav("ok:long")
        text = rig.shown()
        assert rig.canvas.title() == "ok:round P7/7" and text.split("\n")[-1] == "hold ok: P1-3"
        rig.nav("ok:long")
        rig.shown()
        assert rig.canvas.title() == "ok:round P1-3/7"
        rig.nav("up:long")
        assert rig.shown().split("\n")[2].startswith(" 1")
        rig.nav("down:long")  # no further than the last round on the last line
        assert rig.shown().split("\n")[2].startswith(" 5")
        rig.nav("back")
        assert rig.screen() == "MatchMenu"
    finally:
        rig.close()


def test_the_score_sheets_last_line_says_who_is_closest_in_words():
    from table.rules.scoresheet import Sheet
    from table.screens.ui_sheet import leader_line

    sheet = Sheet("igo", ["Annabell", "Bob", "Cy"], 4)
    assert leader_line(sheet, 15) == "All need 4"  # "All need 4 to win" is too long
    assert leader_line(sheet, 17) == "All need 4 to win"
    sheet.add_round(0, [3, 10, 20])
    assert leader_line(sheet, 15) == "Ann needs 3"  # "Annabell needs 3" is too long
    assert leader_line(sheet, 22) == "Annabell needs 3"
    assert leader_line(sheet, 23) == "Annabell needs 3 to win"
    sheet.add_round(1, [10, 3, 20])
    assert leader_line(sheet, 15) == "Ann Bob need 3"
    sheet.add_round(2, [10, 20, 3])
    assert leader_line(sheet, 15) == "All need 3"
    cy = Sheet("igo", ["Ann", "Bob", "Cy"], 4)
    for _ in range(2):
        cy.add_round(2, [10, 20, 3])
    assert leader_line(cy, 15) == "Cy needs 2"
    assert leader_line(cy, 17) == "Cy needs 2 to win"
    four = Sheet("igo", ["Annabell", "Annelise", "Benedikt", "Clemence"], 4)
    for ender in range(3):
        four.add_round(ender, [3 if p == ender else 10 for p in range(4)])
    assert leader_line(four, 15) == "3 need 3"  # "Ana Ane Ben need 3" is too long
    won = Sheet("igo", ["Annabell", "Bob"], 1)
    won.add_round(0, [3, 10])
    assert leader_line(won, 15) == "Annabell won"
    assert leader_line(won, 21) == "Annabell won the game"
    corsari = Sheet("corsari", ["Annabell", "Bob", "Cy"], 100)
    assert leader_line(corsari, 15) == "All level"
    corsari.add_round(0, [3, 10, 20])  # the lowest total leads
    assert leader_line(corsari, 15) == "Leads: Annabell"
    assert leader_line(corsari, 12) == "Leads: Annab"
    corsari.add_round(1, [10, 1, 20])  # [10, 10, 40]
    assert leader_line(corsari, 15) == "Lead: Ann Bob"
    low = Sheet("corsari", ["Ann", "Bob", "Cy"], 30)
    low.add_round(2, [11, 11, 1])
    assert leader_line(low, 15) == "Leads: Cy"
    low.add_round(2, [15, 3, 2])  # [26, 14, 0]
    low.add_round(2, [9, 3, 2])  # [35, 17, 0]: over, the lowest wins
    assert leader_line(low, 15) == "Cy won the game"


def test_match_screen_lists_many_players_and_scrolls():
    rig = Rig()
    try:
        new_match(rig, 1, 3)
        rig.nav("ok*6")
        text = rig.shown()
        assert ">P1" in text and "P5" in text and "P6" not in text, text  # 5 lines, then the key line
        assert rig.canvas.scale_of("0") == 1
        rig.nav("down*2")
        assert "P7" in rig.shown()
        rig.nav("down*3")  # the last player is on the last list line already
        text = rig.shown()
        assert "P3" in text and "P7" in text and "P2" not in text and "ok: round menu" in text
    finally:
        rig.close()


def test_reboot_resumes_the_match_and_loses_only_the_round_being_entered():
    rig = Rig(names=["Ann", "Bob", "Cy"])
    try:
        new_match(rig, 0, -1)
        play_round(rig, 0, [5, 10, 20])
        play_round(rig, 1, [5, 10, 20])
        rig.nav("ok ok ok up*7")  # entering a third round ... power cut
        rig.boot()
        assert rig.screen() == "Home"
        text = rig.shown()
        assert "Continue (1)" in text
        rig.nav("ok")
        assert rig.screen() == "Continue"
        assert "I Go round 3 Ann leads: 2 Ann Bob Cy" in " ".join(rig.text().split())
        rig.nav("ok")
        rig.choose("Resume")
        assert rig.screen() == "MatchScreen"
        sheet = rig.app.match
        assert sheet.totals() == [2, 0, 0] and len(sheet.rounds) == 2
        rig.shown()
        assert rig.canvas.title() == "Round 3, to 4"
        # history continues: seq goes on, the boot counter is 2
        play_round(rig, 2, [5, 10, 20])
        lines = rig.history()
        assert [h["seq"] for h in lines] == [1, 2, 3, 4]
        assert [h["boot"] for h in lines] == [1, 1, 1, 2]
        assert len(set(h["game"] for h in lines)) == 1
    finally:
        rig.close()


def test_a_new_game_keeps_the_running_match():
    rig = Rig()
    try:
        new_match(rig, 0, 0)
        play_round(rig, 0, [5, 10, 20, 30])
        first = rig.app.match.game
        rig.nav("back")
        assert rig.screen() == "Home" and "Continue (1)" in rig.text()
        new_match(rig, 1, 0)  # I Go again, under Continue
        assert rig.screen() == "MatchScreen" and rig.app.match.rounds == []
        assert rig.app.match.game != first
        rig.nav("back")
        assert "Continue (2)" in rig.text()
        rig.choose("Continue")
        assert rig.app.top().entries[1]["id"] == first  # the most recent first
        text = " ".join(rig.text().split())
        assert "I Go round 1 no rounds yet" in text and "I Go round 2 P1 leads: 1" in text
    finally:
        rig.close()


def test_delete_match_from_the_round_menu():
    rig = Rig()
    try:
        new_match(rig, 0, 0)
        game = rig.app.match.game
        rig.nav("ok")
        rig.choose("Delete match")
        assert rig.screen() == "Confirm" and "Delete I Go round 1:" in rig.text()
        rig.nav("ok")  # "No" is chosen
        assert rig.screen() == "MatchMenu" and rig.app.match.game == game
        rig.choose("Delete match")
        rig.nav("down ok")
        assert rig.screen() == "Home" and rig.app.match is None
        assert "Continue (0)" in rig.text()  # the deleted match, to restore
        assert not exists(rig.root + "/data/matches/%s.json" % game)
        assert exists(rig.root + "/data/matches/%s.deleted" % game)
        rig.boot()
        assert rig.app.match is None and rig.app.saved_count == 0 and rig.app.restorable
    finally:
        rig.close()


def test_a_stray_press_from_the_round_menus_first_line_never_reaches_a_delete():
    """Issue #45: up from "Enter round" wrapped to "Delete match", and in its question
    up chose Yes. Score sheet is the last line now; in the question up keeps No."""
    rig = Rig()
    try:
        new_match(rig, 0, 0)
        play_round(rig, 0, [1, 2, 3, 4])
        rig.nav("ok")  # the round menu, on Enter round
        menu = rig.app.top()
        assert menu.items == ["Enter round", "Void round", "Hand calc", "Undo round", "Delete match", "Score sheet"]
        assert menu.index == 0
        rig.nav("up")  # wraps to the last line: the sheet
        assert menu.items[menu.index] == "Score sheet"
        rig.nav("down")
        for label in ("Undo round", "Delete match"):  # two or more presses from Enter round
            assert min(menu.items.index(label), len(menu.items) - menu.items.index(label)) >= 2
        rig.choose("Delete match")
        rig.nav("up up")  # no wrap in the question: No stays chosen
        assert rig.app.top().choice == 0
        rig.nav("ok")
        assert rig.screen() == "MatchMenu" and rig.app.match is not None
        rig.choose("Delete match")
        rig.nav("down down")  # Yes, and stays there
        assert rig.app.top().choice == 1
        rig.nav("back")
    finally:
        rig.close()


def test_every_screen_fits_the_display():
    """Walk the screens of a 7-player Corsari match with long names: Rig.shown
    asserts that no text runs off the display."""
    rig = Rig(names=["Alexandra", "Bartholomew", "Cy", "Dee", "Eve", "Fay", "Gus"])
    try:
        new_match(rig, 1, 3)
        for _ in range(6):
            rig.shown()
            rig.nav("ok")
        rig.shown()
        play_round(rig, 0, [99, 120, 3, 4, 5, 6, 7])
        rig.shown()
        rig.nav("ok")
        for label in ("Score sheet", "Undo", "Void", "Hand calc"):
            rig.choose(label)
            rig.shown()
            rig.nav("back")
            if rig.screen() == "MatchScreen":
                rig.nav("ok")
        rig.app.home()
        rig.choose("Settings")
        rig.nav("ok")
        rig.shown()
    finally:
        rig.close()


def test_game_over_says_why_the_game_ended():
    from table.rules import scoresheet
    from table.screens import ui_igo_over

    names = ["Ann", "Bob", "Cy"]
    sheet = scoresheet.Sheet("igo", names, 4)
    sheet.add_round(1, [5, 0, 9])
    assert ui_igo_over.end_reason(sheet) == "Perfect I Go (ended on 0)"
    sheet = scoresheet.Sheet("igo", names, 1)
    sheet.add_round(0, [2, 5, 9])
    assert ui_igo_over.end_reason(sheet) == "Reached 1 point"
    sheet = scoresheet.Sheet("corsari", names, 100, [2, 0, 1])
    sheet.add_round(0, [0, 5, 9])
    assert ui_igo_over.end_reason(sheet) == "Announced 0 as the ender"
    sheet = scoresheet.Sheet("corsari", names, 100, [2, 0, 1])
    sheet.add_round(0, [4, 0, 9])
    assert ui_igo_over.end_reason(sheet) == "Announced 0"
    sheet = scoresheet.Sheet("corsari", names, 100, [2, 0, 1])
    sheet.add_round(0, [4, 0, 0])
    assert ui_igo_over.end_reason(sheet) == "Youngest of 2 announcing 0"
    assert sheet.winners == [2]
    sheet = scoresheet.Sheet("corsari", names, 100, [2, 0, 1])
    sheet.add_round(0, [90, 120, 130])
    assert ui_igo_over.end_reason(sheet) == "2 players passed 100: lowest wins"
    sheet = scoresheet.Sheet("corsari", names, 100, [2, 0, 1])
    sheet.add_round(0, [20, 120, 30])
    assert ui_igo_over.end_reason(sheet) == "%s passed 100: lowest wins" % names[1]


def test_the_match_screen_always_says_what_ok_does_and_the_mark_when_there_is_room():
    """Every key on its screen: the last row says what ok does with any number of
    players (big digits for three, a scrolling list for six); what > means when a
    row is free for it."""
    rig = Rig(names=["Ann", "Bob", "Cy", "Dee"])
    try:
        new_match(rig, 0, 0)  # four players: two rows free under them
        if rig.screen() == "Notice":  # a new table's drawn starter
            rig.nav("ok")
        text = rig.shown()
        assert "> starts next" in text and "ok: round menu" in text
        for delta in (-2, -1, 2):  # two players (big digits), three, six (a list that scrolls)
            rig.close()
            rig = Rig(names=["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"])
            new_match(rig, 0, delta)
            if rig.screen() == "Notice":
                rig.nav("ok")
            assert rig.screen() == "MatchScreen"
            text = rig.shown()
            assert text.rstrip().endswith("ok: round menu"), text
            rig.nav("down*5")  # scrolled to the last player: the key line stays
            text = rig.shown()
            assert text.rstrip().endswith("ok: round menu"), text
            assert ("Flo" in text) == (delta == 2), text
    finally:
        rig.close()
