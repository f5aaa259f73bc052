"""Saved matches: one file per match in matches/ and the Continue list's index."""

import os

from tmpfs import TmpDir, read, write

from table.rules.scoresheet import Sheet
from table.screens import ui_matches
from table.storage import matches, matches_boot, store
from table.storage.jsonfmt import dumps


def sheet_from(obj):
    return Sheet.from_obj(obj)


def new(game, names=("Ann", "Bob", "Cy"), rules="igo"):
    return Sheet(rules, list(names), None, None, 0, game)


def two_saved(d):
    """Matches 1-1 and 1-2 saved in d/matches: (the Matches, match 1-1)."""
    m = matches.Matches(d + "/matches")
    assert matches_boot.check(m, 1, sheet_from) == ([], [])
    a = new("1-1")
    assert m.save(a, 1) is None and m.save(new("1-2"), 2) is None
    return m, a


def test_several_matches_saved_listed_most_recent_first_and_loaded():
    with TmpDir("matches") as d:
        m = matches.Matches(d + "/matches")
        assert matches_boot.check(m, 1, sheet_from)[1] == [] and m.count == 0
        a, b = new("1-1"), new("1-5", ("Zoë", "Ñu"), "corsari")
        a.add_round(0, [5, 10, 20])
        assert m.save(a, 3) is None and m.save(b, 6) is None
        b.add_round(1, [30, 0])
        assert m.save(b, 8) is None
        a.add_round(1, [5, 3, 20])
        assert m.save(a, 9) is None
        assert m.count == 2
        entries = m.entries()
        assert [e["id"] for e in entries] == ["1-1", "1-5"]
        assert entries[0]["rounds"] == 2 and entries[0]["totals"] == [1, 1, 0]
        assert ui_matches.leaders(entries[0]) == [0, 1]
        assert entries[1]["names"] == ["Zoë", "Ñu"] and ui_matches.leaders(entries[1]) == [1]
        loaded, problem = m.load("1-5", sheet_from)
        assert problem is None and loaded.names == ["Zoë", "Ñu"] and loaded.totals() == b.totals()
        assert sorted(os.listdir(d + "/matches")) == ["1-1.json", "1-5.json", "index.json"]


def test_delete_keeps_the_match_until_the_next_delete_and_restore_puts_it_back():
    with TmpDir("matches") as d:
        m, _ = two_saved(d)
        assert m.delete("1-1") is None
        assert [e["id"] for e in m.entries()] == ["1-2"] and m.count == 1
        assert sorted(os.listdir(d + "/matches")) == ["1-1.deleted", "1-2.json", "index.json"]
        again = matches.Matches(d + "/matches")  # as read from the flash
        assert [e["id"] for e in again.entries()] == ["1-2"] and again.deleted["id"] == "1-1"
        entry, problem = again.restore()
        assert problem is None and entry["id"] == "1-1" and again.deleted is None
        assert [e["id"] for e in again.entries()] == ["1-2", "1-1"] and again.deleted is None  # by stamp
        assert sorted(os.listdir(d + "/matches")) == ["1-1.json", "1-2.json", "index.json"]
        assert again.restore() == (None, "no deleted match")
        # The next delete removes the one deleted before for good.
        assert again.delete("1-1") is None and again.delete("1-2") is None
        assert sorted(os.listdir(d + "/matches")) == ["1-2.deleted", "index.json"]
        assert again.entries() == [] and again.deleted["id"] == "1-2"


def test_restore_into_a_full_list_is_refused_and_keeps_the_deleted_match():
    with TmpDir("matches") as d:
        m, _ = two_saved(d)
        assert m.delete("1-1") is None
        for k in range(matches.MAX_MATCHES - 1):
            assert m.save(new("3-%d" % k), 10 + k) is None
        assert m.restore() == (None, "%d matches saved: no room to restore it." % matches.MAX_MATCHES)
        assert m.deleted["id"] == "1-1" and "1-1.deleted" in os.listdir(d + "/matches")


def test_a_power_cut_inside_a_delete_leaves_the_match_in_the_list():
    with TmpDir("matches") as d:
        m, _ = two_saved(d)
        assert m.delete("1-2") is None
        entries = m.entries()
        m.deleted = entries[0]  # 1-1's delete: the index written, then the power went
        m.write_index([])
        m = matches.Matches(d + "/matches")
        checked, problems = matches_boot.check(m, 9, sheet_from)
        assert problems == [] and [e["id"] for e in checked] == ["1-1"]
        assert m.deleted is None  # 1-1.deleted is not there: nothing to restore
        assert matches.Matches(d + "/matches").entries() == checked


def test_boot_rebuilds_the_index_from_the_match_files():
    with TmpDir("matches") as d:
        m, a = two_saved(d)
        a.add_round(2, [5, 10, 0])  # the match file written, then a power cut
        store.save(d + "/matches/1-1.json", a.to_obj())
        os.remove(d + "/matches/1-2.json")  # an entry without its file
        write(d + "/matches/2-7.json", store_text(new("2-7")))  # a file without its entry
        m = matches.Matches(d + "/matches")
        checked, problems = matches_boot.check(m, 9, sheet_from)
        assert problems == []
        assert checked == m.entries()  # as the rewritten index holds them
        ids = sorted(e["id"] for e in m.entries())
        assert ids == ["1-1", "2-7"] and m.count == 2
        # a stale summary is corrected when the match is next saved
        m.save(a, 10)
        assert m.entries()[0]["rounds"] == 1


def store_text(sheet):
    with TmpDir("matches_one") as d:
        store.save(d + "/x.json", sheet.to_obj())
        return read(d + "/x.json")


def test_unusable_files_are_set_aside_never_deleted():
    with TmpDir("matches") as d:
        os.mkdir(d + "/matches")
        write(d + "/matches/index.json", b'{"v": 1, "matches": [{"id": "../x"}]}')
        write(d + "/matches/3-3.json", b'{"v": 1, "rules": "chess"}')
        write(d + "/matches/4-4.json", store_text(new("9-9")))  # another match's id
        m = matches.Matches(d + "/matches")
        checked, problems = matches_boot.check(m, 1, sheet_from)
        assert len(problems) == 3, problems
        assert "index.json corrupt" in problems[0] and "kept as index.json.bad" in problems[0]
        assert "3-3.json" in problems[1] and "kept as 3-3.json.bad" in problems[1]
        assert "its id is" in problems[2]
        assert all("\n" not in p for p in problems)
        assert sorted(os.listdir(d + "/matches")) == ["3-3.json.bad", "4-4.json.bad", "index.json", "index.json.bad"]
        assert m.entries() == [] and m.count == 0 and checked == []


def test_an_index_is_read_most_recent_first_and_every_field_checked():
    with TmpDir("matches") as d:
        os.mkdir(d + "/matches")
        m = matches.Matches(d + "/matches")
        a, b = matches.summary(new("1-1"), 3), matches.summary(new("1-2"), 7)
        write(d + "/matches/index.json", dumps({"v": 1, "matches": [a, b]}).encode())
        assert [e["id"] for e in m.entries()] == ["1-2", "1-1"]  # stamp 7 first
        spoilt = (
            ("rules", "chess"),
            ("names", "Ann"),
            ("totals", [0]),
            ("rounds", "0"),
            ("stamp", None),
            ("winners", [True]),
            ("over", 0),
            ("names", ["Ann", 2, "Cy"]),
            ("totals", [0, 0, "1"]),
        )
        for key, value in spoilt:
            bad = dict(a)
            bad[key] = value
            write(d + "/matches/index.json", dumps({"v": 1, "matches": [bad, b]}).encode())
            assert m.read_index() == ([], "index.json corrupt: bad entry for 1-1"), (key, value)


def test_a_file_where_the_folder_belongs_is_set_aside():
    with TmpDir("matches") as d:
        write(d + "/matches", b"not a folder")
        m = matches.Matches(d + "/matches")
        checked, problems = matches_boot.check(m, 1, sheet_from)
        assert problems == ["matches was a file (kept as matches.bad)"] and checked == []
        assert read(d + "/matches.bad") == b"not a folder"
        assert m.save(new("1-1"), 1) is None


def test_ids_are_safe_file_names():
    for good in ("1-2", "12345-67890", "m1"):
        assert matches.valid_id(good)
    for bad in ("", "../x", "a/b", "A-1", 12, None, "x" * 25, "1 2"):
        assert not matches.valid_id(bad)


def test_the_continue_lines_fit_and_always_show_the_total():
    e = {
        "id": "1-1",
        "rules": "corsari",
        "names": ["Maximili", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"],
        "rounds": 11,
        "totals": [-130, 40, 52, 61, 70, 80, 90],
        "over": False,
        "winners": [],
        "stamp": 1,
    }
    assert ui_matches.headline(e) == "Corsari round 12"
    assert ui_matches.lead_line(e) == "Max leads: -130"
    assert len(ui_matches.players_line(e, 15)) <= 15
    e["totals"][1] = -130
    assert ui_matches.lead_line(e) == "2 tied at -130"
    e["over"], e["winners"] = True, [0, 1]
    assert ui_matches.headline(e) == "Corsari finished" and ui_matches.lead_line(e) == "Max Bob won"
    e["rounds"], e["over"], e["winners"] = 0, False, []
    assert ui_matches.lead_line(e) == "no rounds yet"
    e["rules"], e["rounds"], e["totals"] = "igo", 2, [1, 0, 0, 2, 0, 0, 0]
    assert ui_matches.lead_line(e) == "Dee leads: 2"


def test_match_ids_are_the_json_files_of_the_folder_but_the_index():
    from table.storage import paths

    listing = ["index.json", "1-1.json", "2-5.json", "2-5.json.bad", "index.json.tmp", "x.txt"]
    assert paths.match_ids(listing) == ["1-1", "2-5"]
