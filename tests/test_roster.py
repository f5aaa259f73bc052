"""The roster of recent player names (players.json)."""

import os

from raising import value_error
from tmpfs import TmpDir, write

from table.storage import roster, store


def test_a_started_match_puts_its_players_first_in_seat_order():
    r = roster.used(["Ann", "Bob", "Cy", "Dee"], ["Cy", "Eve", "Ann"])
    assert r == ["Cy", "Eve", "Ann", "Bob", "Dee"]
    assert roster.seats(3, ["Cy", "Eve", "Ann"]) == ["Cy", "Eve", "Ann"]


def test_the_roster_is_bounded_the_oldest_fall_off():
    r = []
    for i in range(40):
        r = roster.used(r, ["N%d" % i, "M%d" % i])
    assert len(r) == roster.MAX_NAMES
    assert r[:4] == ["N39", "M39", "N38", "M38"]
    assert "N0" not in r


def test_seats_nobody_sat_in_are_numbered_and_never_repeat():
    assert roster.seats(3) == ["P1", "P2", "P3"]  # a fresh device, whatever its roster holds
    assert roster.seats(3, []) == ["P1", "P2", "P3"]
    assert roster.seats(3, ["Ann"]) == ["Ann", "P2", "P3"]
    assert roster.seats(4, ["P3", "Ann"]) == ["P3", "Ann", "P4", "P5"]


def test_the_last_group_sits_again_and_nobody_else_takes_a_seat():
    # names added to the roster since (the PC's `names add`, config.json) sit nowhere:
    # the seats the last group leaves free are P5, P6 (the pickers offer the names)
    assert roster.seats(4, ["Ann", "Bob", "Cy", "Dan"]) == ["Ann", "Bob", "Cy", "Dan"]
    assert roster.seats(6, ["Ann", "Bob", "Cy", "Dan"]) == ["Ann", "Bob", "Cy", "Dan", "P5", "P6"]
    assert roster.seats(1, ["Cy", "Ann"]) == ["Cy"]


def test_the_starter_is_kept_with_the_seats_and_only_while_that_player_sits():
    obj = roster.to_obj(["Bob", "Ann", "Cy"], ["Ann", "Bob"], "Bob")
    assert obj == {"v": 1, "names": ["Bob", "Ann", "Cy"], "last": ["Ann", "Bob"], "starts": "Bob"}
    assert roster.starter(obj, ["Ann", "Bob"]) == "Bob"
    assert roster.starter(obj, ["Ann"]) is None  # Bob left the group
    assert "starts" not in roster.to_obj(["Bob", "Ann"], ["Ann", "Bob"], None)  # a draw: no key
    assert "starts" not in roster.to_obj(["Bob", "Ann"], ["Ann", "Bob"], "Cy")  # not seated
    assert "starts" not in roster.to_obj(["Bob", "Ann"], None, "Bob")  # no group: no starter
    assert value_error(roster.starter, {"starts": 3}, ["Ann"]) == "starts must be a name"


def test_load_preloads_config_names_after_the_recent_ones():
    with TmpDir("roster") as d:
        p = d + "/players.json"
        assert roster.load(p, ["Ann", " Zoë ", "", 5, "Ann"]) == (["Ann", "Zoë"], None, None, None)
        assert store.save(p, roster.to_obj(["Bob", "Ann"])) is None
        assert roster.load(p, ["Ann", "Cy"]) == (["Bob", "Ann", "Cy"], None, None, None)
        assert store.save(p, roster.to_obj(["Bob", "Ann"], ["Ann", "Bob"])) is None
        assert roster.load(p) == (["Bob", "Ann"], ["Ann", "Bob"], None, None)
        assert store.save(p, roster.to_obj(["Bob", "Ann"], ["Ann", "Bob"], "Bob")) is None
        assert roster.load(p) == (["Bob", "Ann"], ["Ann", "Bob"], "Bob", None)


def test_an_unusable_roster_is_reported_in_one_line():
    with TmpDir("roster") as d:
        p = d + "/players.json"
        for text, words in (
            ('{"v": 2, "names": []}', "unknown version"),
            ('{"v": 1, "names": "Ann"}', "names must be a list"),
            ('{"v": 1, "names": [], "last": "Ann"}', "last must be a list"),
            ('{"v": 1, "names": [], "last": ["Ann"], "starts": 1}', "starts must be a name"),
            ('[1]', "not a JSON object"),
            ('{"v": 1, ', "corrupt"),
        ):
            write(p, text.encode())
            r, last, starts, problem = roster.load(p, ["Cy"])
            assert r == ["Cy"] and last is None and starts is None, (r, last, starts)
            assert words in problem and "\n" not in problem, problem
        os.remove(p)
        write(p, b'{"v": 1, "names": [' + b'"xxxxxxxx",' * 300 + b'"y"]}')
        r, last, starts, problem = roster.load(p)
        assert r == [] and "too big" in problem


def test_clean_keeps_the_true_name_within_the_length():
    assert roster.clean("  Zoë ") == "Zoë"
    assert roster.clean("Maximiliana") == "Maximili"
    assert len(roster.clean("Ñandú Ñandú")) == roster.NAME_LEN
    assert roster.clean("Ann Bob   x") == "Ann Bob"  # cut, then the space dropped
    for bad in ("", "   ", "a\nb", "tab\t", "del\x7f", 5, None):
        value_error(roster.clean, bad)  # one line
