"""Players at the table: the name editor, the seat picker and the roster; several
saved matches across a reboot; the migration of a state.json from before matches/."""
import gc
import json

gc.collect()
import app  # noqa: E402,F401
gc.collect()
from canvas_record import Rig, exists, read_file, write_file  # noqa: E402


def open_setup(rig, game="I Go"):
    rig.choose(game)
    assert rig.screen() == "Setup"
    return rig.app.top()


def to_line(rig, label):
    """Move the setup form's cursor to the line starting with label."""
    setup = rig.app.top()
    for i, key in enumerate(setup.items):
        if setup.label(key).startswith(label):
            setup.index = i
            return
    raise AssertionError("no line %r" % label)


def start(rig):
    """The setup form's last line: Start."""
    setup = rig.app.top()
    setup.index = len(setup.items) - 1
    rig.nav("ok")


def type_name(rig, keys):
    """Keys in the name editor, then hold ok (done)."""
    assert rig.screen() == "NameEditor"
    rig.nav(keys + " ok:long")


def test_a_new_name_entered_with_the_buttons_sits_and_joins_the_roster():
    rig = Rig()
    try:
        setup = open_setup(rig)
        assert setup.names() == ["P1", "P2", "P3", "P4"]  # nobody known yet
        to_line(rig, "1 ")
        rig.nav("ok")
        assert rig.screen() == "SeatPicker"
        rig.choose("New name")
        rig.shown()
        assert rig.canvas.title() == "Name"
        # Z: down on an empty place; ok; o: a then 14 up; ok; ë: the Latin lower group
        rig.nav("down ok")
        rig.nav("up up*14 ok")
        assert "Zo" in rig.shown()
        rig.nav("up:long up:long up:long")  # a -> 0 -> À -> à
        rig.nav("up*11")  # à á â ã ä å æ ç è é ê ë
        assert "e umlaut" in rig.text()
        rig.nav("down")
        assert "e circumflex" in rig.text()  # ê
        rig.nav("up")
        type_name(rig, "")
        assert rig.screen() == "Setup"
        assert setup.names()[0] == "Zoë"
        assert "1 Zoë" in rig.text()  # canvas.py draws it as "Zoe" (test_canvas)
        start(rig)
        assert rig.screen() == "MatchScreen"
        assert rig.app.match.names[0] == "Zoë"
        assert rig.history()[0]["players"] == ["Zoë", "P2", "P3", "P4"]
        saved = json.loads(read_file(rig.root + "/players.json"))
        assert saved == {"names": ["Zoë", "P2", "P3", "P4"], "v": 1}
    finally:
        rig.close()


def test_the_editor_deletes_cancels_and_refuses_an_empty_name():
    rig = Rig(names=["Ann", "Bob"])
    try:
        setup = open_setup(rig)
        to_line(rig, "2 ")
        rig.nav("ok")
        rig.choose("Edit Bob")
        rig.nav("back back up ok:long")  # delete b, o; "B" + "a" -> "Ba"
        assert setup.names()[:2] == ["Ann", "Ba"]
        rig.nav("ok")
        rig.choose("New name")
        rig.nav("ok:long")  # nothing typed: stays
        assert rig.screen() == "NameEditor"
        rig.nav("up back back")  # the place, then the empty name: cancel
        assert rig.screen() == "Setup" and setup.names()[:2] == ["Ann", "Ba"]
        rig.nav("ok")
        rig.choose("New name")
        rig.nav("up ok up ok up ok up ok up ok up ok up ok up")  # eight characters
        assert "Aaaaaaaa" == rig.app.top().text()
        rig.nav("up")
        rig.nav("ok")  # ok on the eighth character: done
        assert setup.names()[1] == "Aaaaaaab"
        assert not rig.canvas.off_screen()
    finally:
        rig.close()


def test_a_regular_group_sits_from_the_roster_and_swaps_seats():
    rig = Rig(names=["Ann", "Bob", "Cy", "Dee", "Eve"])
    try:
        setup = open_setup(rig)
        assert setup.names() == ["Ann", "Bob", "Cy", "Dee"]  # preloaded from config.json
        to_line(rig, "1 ")
        rig.nav("ok")
        assert "Cy (seat 3)" in rig.text() and "Eve" in rig.text()
        rig.choose("Eve")
        to_line(rig, "2 ")
        rig.nav("ok")
        rig.choose("Cy (seat 3)")  # Cy to seat 2, Bob to seat 3
        assert setup.names() == ["Eve", "Cy", "Bob", "Dee"]
        start(rig)
        rig.nav("back")  # home
        setup = open_setup(rig, "Corsari")  # next time: the same group in the same seats
        assert setup.names() == ["Eve", "Cy", "Bob", "Dee"]
        rig.boot()
        assert rig.app.roster[:5] == ["Eve", "Cy", "Bob", "Dee", "Ann"]
    finally:
        rig.close()


def test_the_device_draws_who_starts_shows_and_logs_it():
    rig = Rig(names=["Ann", "Bob", "Cy"])
    try:
        setup = open_setup(rig)
        setup.players = 3
        setup._lines()
        to_line(rig, "Starts")
        rig.nav("ok down ok")  # from Ann back to "draw"
        assert "Starts draw" in rig.text()
        start(rig)
        assert rig.screen() == "Notice"
        first = rig.app.match.first
        assert rig.text().startswith("Drawn") and "%s starts (drawn by the device)." % ["Ann", "Bob", "Cy"][first] in rig.text()
        line = rig.history()[0]
        assert line["event"] == "start" and line["drawn"] is True and line["first"] == first
        rig.nav("ok")
        assert rig.screen() == "MatchScreen"
    finally:
        rig.close()


def play(rig, penalties):
    sheet = rig.app.match
    sheet.add_round(0, penalties)
    rig.app.save()


def test_several_matches_survive_a_reboot_and_resume_where_they_were():
    rig = Rig(names=["Ann", "Bob", "Cy"])
    try:
        ids = []
        for k in range(8):
            assert rig.app.start_match("igo" if k % 2 else "corsari", ["Ann", "Bob", "Cy"],
                                       None) is None
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
        assert rig.screen() == "MatchScreen" and rig.app.match.game == ids[5]
        assert len(rig.app.match.rounds) == 2
        play(rig, [3, 10, 20])
        rig.boot()
        rig.choose("Continue")
        assert rig.app.top().entries[0]["id"] == ids[5]  # played last: first in the list
        assert rig.app.top().entries[0]["rounds"] == 3
        assert "I Go R4 lead Ann 3" in " ".join(rig.text().split())
    finally:
        rig.close()


def test_a_finished_match_stays_viewable_until_deleted():
    rig = Rig(names=["Ann", "Bob"])
    try:
        rig.app.start_match("igo", ["Ann", "Bob"], 1)
        play(rig, [3, 10])
        assert rig.app.match.over
        rig.boot()
        rig.choose("Continue")
        assert "I Go over won Ann" in " ".join(rig.text().split())
        rig.nav("ok")
        rig.choose("View")
        assert rig.screen() == "GameOver"
        rig.app.home()
        rig.choose("Continue")
        rig.nav("ok")
        rig.choose("Delete")
        assert rig.screen() == "Confirm" and "Ann Bob" in rig.text()
        rig.nav("back")
        assert rig.screen() == "MatchActions"
        rig.choose("Delete")
        rig.nav("ok")
        assert rig.screen() == "Home" and "Continue" not in rig.text()
        assert [h["event"] for h in rig.history()][:2] == ["start", "round"]  # history kept
    finally:
        rig.close()


def test_at_most_max_matches_then_setup_says_why():
    import matches

    rig = Rig()
    try:
        for _ in range(matches.MAX_MATCHES):
            assert rig.app.start_match("igo", ["A", "B"], None) is None
        rig.app.home()
        open_setup(rig)
        start(rig)
        assert rig.screen() == "Notice" and "delete one in Continue" in rig.text()
        assert rig.app.saved_count == matches.MAX_MATCHES
    finally:
        rig.close()


def test_an_old_state_json_with_one_match_is_migrated_at_boot():
    from scoresheet import Sheet

    rig = Rig()
    try:
        sheet = Sheet("igo", ["Ann", "Zoë"], 4, None, 1, "1-3")
        sheet.add_round(1, [10, 2])
        old = {"v": 1, "settings": {"igo_target": 5}, "match": sheet.to_obj()}
        import store

        store.save(rig.root + "/state.json", old)
        rig.boot()
        assert "Notice" not in rig.screen()
        assert rig.app.settings["igo_target"] == 5
        assert rig.app.saved_count == 1
        state = json.loads(read_file(rig.root + "/state.json"))
        assert "match" not in state and state["settings"]["igo_target"] == 5
        assert exists(rig.root + "/matches/1-3.json")
        assert rig.app.open_match("1-3") is None
        assert rig.app.match.names == ["Ann", "Zoë"] and rig.app.match.totals() == [0, 1]
        # a match without a usable id gets a new one
        sheet.game = None
        store.save(rig.root + "/state.json", {"v": 1, "settings": {}, "match": sheet.to_obj()})
        rig.boot()
        assert rig.app.saved_count == 2
    finally:
        rig.close()


def test_a_corrupt_match_file_is_set_aside_when_opened():
    rig = Rig()
    try:
        rig.app.start_match("igo", ["A", "B"], None)
        game = rig.app.match.game
        rig.boot()
        write_file(rig.root + "/matches/%s.json" % game, '{"v": 1, "rules": "chess"}')
        problem = rig.app.open_match(game)
        assert "kept as %s.json.bad" % game in problem
        assert rig.app.match is None and rig.app.saved_count == 0
        assert exists(rig.root + "/matches/%s.json.bad" % game)
    finally:
        rig.close()
