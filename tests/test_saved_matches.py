"""Saved matches through the app: several across a reboot, resume, view, delete, the
limit, the migration of a state.json from before matches/ and of the files from before
data/ held them, a corrupt match file."""

import gc
import json
import os

gc.collect()
from table import app  # noqa: E402,F401

gc.collect()
from table.screens import ui_igo  # noqa: E402,F401  (the unix port compiles it: on a clean heap)

gc.collect()
from canvas_record import Rig, exists, read_file, write_file  # noqa: E402

from table.storage import matches_app  # noqa: E402


def play(rig, penalties):
    sheet = rig.app.match
    sheet.add_round(0, penalties)
    rig.app.save()


def test_several_matches_survive_a_reboot_and_resume_where_they_were():
    rig = Rig(names=["Ann", "Bob", "Cy"])
    try:
        ids = []
        for k in range(8):
            assert rig.start_match("igo" if k % 2 else "corsari", ["Ann", "Bob", "Cy"], None) is None
            for _ in range(k % 3):
                play(rig, [3, 10, 20])
            ids.append(rig.app.match.game)
        rig.boot()
        assert rig.app.match is None and rig.app.saved_count == 8
        rig.choose("Continue (8)")
        assert rig.screen() == "Continue"
        entries = rig.app.top().entries
        assert [e["id"] for e in entries] == ids[::-1]
        rig.nav("down*2 ok")  # the third most recent: ids[5], I Go, 2 rounds
        rig.choose("Resume")
        assert rig.screen() == "MatchScreen" and rig.app.match.game == ids[5], rig.text()
        assert len(rig.app.match.rounds) == 2
        play(rig, [3, 10, 20])
        rig.boot()
        rig.choose("Continue")
        assert rig.app.top().entries[0]["id"] == ids[5]  # played last: first in the list
        assert rig.app.top().entries[0]["rounds"] == 3
        assert "I Go round 4 Ann leads: 3" in " ".join(rig.text().split())
    finally:
        rig.close()


def test_a_save_writes_only_what_changed():
    rig = Rig(names=["Ann", "Bob"])
    try:
        rig.start_match("igo", ["Ann", "Bob"], 4)
        play(rig, [3, 10])
        index = rig.root + "/data/matches/index.json"
        saved = read_file(rig.root + "/data/matches/%s.json" % rig.app.match.game)
        os.remove(index)  # would be written again with the match
        rig.app.settings["volume"] = 1
        rig.app.save()
        assert json.loads(read_file(rig.root + "/data/state.json"))["settings"]["volume"] == 1
        assert not exists(index) and read_file(rig.root + "/data/matches/%s.json" % rig.app.match.game) == saved
        os.remove(rig.root + "/data/state.json")  # would be written again if the settings had changed
        play(rig, [3, 10])  # the next round writes both match files, not state.json
        assert json.loads(read_file(index))["matches"][0]["rounds"] == 2
        assert not exists(rig.root + "/data/state.json")
    finally:
        rig.close()


def test_a_finished_match_stays_viewable_until_deleted():
    rig = Rig(names=["Ann", "Bob"])
    try:
        rig.start_match("igo", ["Ann", "Bob"], 1)
        play(rig, [3, 10])
        assert rig.app.match.over
        rig.boot()
        rig.choose("Continue")
        assert "I Go finished Ann won" in " ".join(rig.text().split())
        rig.nav("ok")
        rig.choose("View")
        assert rig.screen() == "GameOver", rig.text()
        rig.app.home()
        rig.choose("Continue")
        rig.nav("ok")
        rig.choose("Delete")
        assert rig.screen() == "Confirm" and "Delete I Go finished: Ann Bob?" in rig.text()
        rig.nav("back")
        assert rig.screen() == "MatchActions"
        rig.choose("Delete")
        rig.nav("down ok")  # yes
        assert rig.screen() == "Continue" and "Restore deleted:" in rig.text()
        rig.nav("back")
        assert rig.screen() == "Home" and "Continue (0)" in rig.text()  # to restore it
        assert [h["event"] for h in rig.history()] == ["start", "round", "game_over", "delete"]  # history kept
    finally:
        rig.close()


def test_a_slip_deletes_nothing_and_a_delete_is_restored_until_the_next():
    rig = Rig(names=["Ann", "Bob", "Cy", "Dan"])
    try:
        rig.start_match("igo", ["Ann", "Bob", "Cy", "Dan"], None)
        for _ in range(3):
            play(rig, [3, 10, 20, 5])
        game = rig.app.match.game
        rig.boot()
        rig.nav("ok ok down ok")  # Continue > the match > Delete: asked first, naming it
        assert rig.screen() == "Confirm", rig.text()
        assert "Delete I Go round 4: Ann Bob Cy Dan?" in rig.text()
        chosen = [t[0] for t in rig.canvas.texts if t[4] == 0 and t[2] > 9]
        assert chosen == ["No"], rig.canvas.texts
        rig.nav("ok")  # one ok too many: no
        assert rig.screen() == "MatchActions" and rig.app.saved_count == 1
        assert exists(rig.root + "/data/matches/%s.json" % game)
        rig.nav("ok")  # down, ok: yes
        rig.nav("down ok")
        assert rig.screen() == "Continue" and rig.app.saved_count == 0
        assert "Restore deleted: I Go round 4 Ann Bob Cy Dan" in " ".join(rig.text().split())
        rig.boot()  # kept on the flash
        assert "Continue (0)" in rig.text()
        rig.nav("ok ok")  # Continue > Restore
        assert rig.screen() == "Continue" and [e["id"] for e in rig.app.top().items] == [game]
        assert rig.app.saved_count == 1 and not rig.app.restorable
        rig.nav("ok")
        rig.choose("Resume")
        assert rig.screen() == "MatchScreen" and len(rig.app.match.rounds) == 3
        assert [h["event"] for h in rig.history()][-2:] == ["delete", "restore"]
        # Deleted again from the round menu (asked the same way), then another match
        # deleted: the first is gone for good.
        rig.nav("ok")
        rig.choose("Delete match")
        assert "Delete I Go round 4: Ann Bob Cy Dan?" in rig.text()
        rig.nav("down ok")
        assert rig.screen() == "Home" and rig.app.match is None and rig.app.restorable
        rig.start_match("corsari", ["Ann", "Bob"], None)
        other = rig.app.match.game
        rig.app.home()
        rig.nav("ok ok down ok down ok")
        files = sorted(os.listdir(rig.root + "/data/matches"))
        assert files == ["%s.deleted" % other, "index.json"], files
        assert [(h["event"], h["game"]) for h in rig.history()][-2:] == [("start", other), ("delete", other)]
    finally:
        rig.close()


def test_at_most_max_matches_then_setup_says_why():
    from table.storage import matches

    rig = Rig()
    try:
        for _ in range(matches.MAX_MATCHES):
            assert rig.start_match("igo", ["A", "B"], None) is None
        rig.app.home()
        rig.setup()
        rig.start()
        assert rig.screen() == "Notice" and "delete one in Continue" in rig.text()
        assert rig.app.saved_count == matches.MAX_MATCHES
    finally:
        rig.close()


def test_an_old_state_json_with_one_match_is_migrated_at_boot():
    from table.rules.scoresheet import Sheet

    rig = Rig()
    try:
        sheet = Sheet("igo", ["Ann", "Zoë"], 4, None, 1, "1-3")
        sheet.add_round(1, [10, 2])
        old = {"v": 1, "settings": {"igo_target": 5}, "match": sheet.to_obj()}
        from table.storage import store

        store.save(rig.root + "/data/state.json", old)
        rig.boot()
        assert "Notice" not in rig.screen()
        assert rig.app.settings["igo_target"] == 5
        assert rig.app.saved_count == 1
        state = json.loads(read_file(rig.root + "/data/state.json"))
        assert "match" not in state and state["settings"]["igo_target"] == 5
        assert exists(rig.root + "/data/matches/1-3.json")
        assert matches_app.resume(rig.app, "1-3") is None
        assert rig.app.match.names == ["Ann", "Zoë"] and rig.app.match.totals() == [0, 1]
        # a match without a usable id gets a new one
        sheet.game = None
        store.save(rig.root + "/data/state.json", {"v": 1, "settings": {}, "match": sheet.to_obj()})
        rig.boot()
        assert rig.app.saved_count == 2
    finally:
        rig.close()


def test_a_corrupt_match_file_is_set_aside_when_opened():
    rig = Rig()
    try:
        rig.start_match("igo", ["A", "B"], None)
        game = rig.app.match.game
        rig.boot()
        write_file(rig.root + "/data/matches/%s.json" % game, '{"v": 1, "rules": "chess"}')
        problem = matches_app.resume(rig.app, game)
        assert "kept as %s.json.bad" % game in problem
        assert rig.app.match is None and rig.app.saved_count == 0
        assert exists(rig.root + "/data/matches/%s.json.bad" % game)
    finally:
        rig.close()


def test_the_continue_list_checks_the_files_and_sets_an_unusable_one_aside():
    rig = Rig()
    try:
        rig.start_match("igo", ["A", "B"], None)
        import os

        write_file(rig.root + "/data/matches/9-9.json", '{"v": 1, "rules": ')
        os.remove(rig.root + "/data/matches/index.json")  # lost: rebuilt from the files
        rig.boot()
        assert "Continue (2)" in rig.text()  # counted from the files at boot
        rig.choose("Continue")
        assert rig.screen() == "Notice" and "kept as 9-9.json.bad" in rig.app.top().text
        rig.nav("ok")
        assert rig.screen() == "Continue" and len(rig.app.top().entries) == 1
        rig.nav("back")
        assert "Continue (1)" in rig.text()
        assert exists(rig.root + "/data/matches/9-9.json.bad")
    finally:
        rig.close()


def test_the_continue_list_counts_highlights_the_chosen_match_and_stays_in_range():
    rig = Rig(names=["Ann", "Bob", "Cy"])
    try:
        for players in (["Ann", "Bob"], ["Bob", "Cy"], ["Cy", "Ann"]):
            rig.start_match("igo", players, None)
        rig.app.home()
        rig.choose("Continue")
        screen = rig.app.top()

        def look():
            """The title, and the players of the match drawn inverted (the chosen one)."""
            rig.shown()
            chosen = [s.strip() for s, x, y, scale, colour in rig.canvas.texts if colour == 0 and y >= 9]
            return rig.canvas.title(), chosen[-1]

        assert look() == ("Continue 1/3", "Cy Ann"), rig.text()
        rig.nav("down")
        assert look() == ("Continue 2/3", "Bob Cy"), rig.text()
        rig.nav("down ok")  # the last one: delete it
        rig.choose("Delete")
        rig.nav("down ok")  # yes
        assert rig.app.top() is screen and len(screen.entries) == 2
        assert look() == ("Continue 3/3", "Ann Bob"), rig.text()  # the deleted one, to restore
    finally:
        rig.close()


def test_a_flash_of_the_firmware_before_data_is_moved_there_at_boot():
    # That firmware kept matches/, players.json and state.json at the root, where the
    # folder shadows matches.mpy on a Pico: every match must come through the move.
    rig = Rig(names=["Ann", "Bob"])
    try:
        ids = []
        for _ in range(2):
            rig.start_match("igo", ["Ann", "Bob"], 4)
            play(rig, [3, 10])
            ids.append(rig.app.match.game)
        rig.app.settings["volume"] = 1
        rig.app.save()
        for name in ("matches", "players.json", "state.json"):
            os.rename(rig.root + "/data/" + name, rig.root + "/" + name)
        rig.boot()
        assert sorted(os.listdir(rig.root)) == ["config.json", "data"]
        assert rig.app.saved_count == 2 and rig.app.settings["volume"] == 1
        assert "Ann" in rig.app.roster
        assert matches_app.resume(rig.app, ids[0]) is None and len(rig.app.match.rounds) == 1
    finally:
        rig.close()


def test_the_move_keeps_both_when_a_name_is_in_both_places():
    from tmpfs import TmpDir

    from table.storage import paths

    with TmpDir("layout") as d:
        for folder in ("/matches", "/data", "/data/matches"):
            os.mkdir(d + folder)
        write_file(d + "/matches/1-1.json", "old")
        write_file(d + "/matches/1-2.json", "only old")
        write_file(d + "/data/matches/1-1.json", "new")
        write_file(d + "/players.json", "old roster")
        write_file(d + "/data/players.json", "new roster")
        assert paths.move_old_layout(os, d) == ["players.json", "matches"]
        assert sorted(os.listdir(d)) == ["data"]
        assert sorted(os.listdir(d + "/data/matches")) == ["1-1.json", "1-1.json.old", "1-2.json"]
        assert read_file(d + "/data/matches/1-1.json") == "new"
        assert read_file(d + "/data/matches/1-1.json.old") == "old"
        assert read_file(d + "/data/players.json.old") == "old roster"
        assert paths.move_old_layout(os, d) == []  # done: the next boot finds nothing
