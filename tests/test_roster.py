"""The roster of recent player names (players.json)."""

import os

from raising import value_error
from tmpfs import TmpDir, write

from table.storage import roster, store


def test_a_started_match_puts_its_players_first_in_seat_order():
    r = roster.used(["Ann", "Bob", "Cy", "Dee"], ["Cy", "Eve", "Ann"])
    assert r == ["Cy", "Eve", "Ann", "Bob", "Dee"]
    assert roster.seats(r, 3) == ["Cy", "Eve", "Ann"]


def test_the_roster_is_bounded_the_oldest_fall_off():
    r = []
    for i in range(40):
        r = roster.used(r, ["N%d" % i, "M%d" % i])
    assert len(r) == roster.MAX_NAMES
    assert r[:4] == ["N39", "M39", "N38", "M38"]
    assert "N0" not in r


def test_seats_beyond_the_roster_are_numbered_and_never_repeat():
    assert roster.seats([], 3) == ["P1", "P2", "P3"]
    assert roster.seats(["Ann"], 3) == ["Ann", "P2", "P3"]
    assert roster.seats(["P3", "Ann"], 4) == ["P3", "Ann", "P4", "P5"]


def test_the_last_group_sits_again_whatever_joined_the_roster_since():
    # names added at the front of the roster (the PC's `names add`) sit only where
    # the last group leaves seats free
    r = ["Zoë", "Łukasz", "Annabell", "Ann", "Bob", "Cy", "Dan"]
    assert roster.seats(r, 4, ["Ann", "Bob", "Cy", "Dan"]) == ["Ann", "Bob", "Cy", "Dan"]
    assert roster.seats(r, 6, ["Ann", "Bob", "Cy", "Dan"]) == ["Ann", "Bob", "Cy", "Dan", "Zoë", "Łukasz"]
    assert roster.seats(r, 3, ["Cy", "Ann"]) == ["Cy", "Ann", "Zoë"]
    assert roster.seats(["Ann"], 3, ["Ann"]) == ["Ann", "P2", "P3"]
    assert roster.seats(r[:2], 3, None) == ["Zoë", "Łukasz", "P3"]  # a file from before `last`


def test_load_preloads_config_names_after_the_recent_ones():
    with TmpDir("roster") as d:
        p = d + "/players.json"
        assert roster.load(p, ["Ann", " Zoë ", "", 5, "Ann"]) == (["Ann", "Zoë"], None, None)
        assert store.save(p, roster.to_obj(["Bob", "Ann"])) is None
        assert roster.load(p, ["Ann", "Cy"]) == (["Bob", "Ann", "Cy"], None, None)
        assert store.save(p, roster.to_obj(["Bob", "Ann"], ["Ann", "Bob"])) is None
        assert roster.load(p) == (["Bob", "Ann"], ["Ann", "Bob"], None)


def test_an_unusable_roster_is_reported_in_one_line():
    with TmpDir("roster") as d:
        p = d + "/players.json"
        for text, words in (
            ('{"v": 2, "names": []}', "unknown version"),
            ('{"v": 1, "names": "Ann"}', "names must be a list"),
            ('{"v": 1, "names": [], "last": "Ann"}', "last must be a list"),
            ('[1]', "not a JSON object"),
            ('{"v": 1, ', "corrupt"),
        ):
            write(p, text.encode())
            r, last, problem = roster.load(p, ["Cy"])
            assert r == ["Cy"] and last is None and words in problem and "\n" not in problem, problem
        os.remove(p)
        write(p, b'{"v": 1, "names": [' + b'"xxxxxxxx",' * 300 + b'"y"]}')
        r, last, problem = roster.load(p)
        assert r == [] and "too big" in problem


def test_clean_keeps_the_true_name_within_the_length():
    assert roster.clean("  Zoë ") == "Zoë"
    assert roster.clean("Maximiliana") == "Maximili"
    assert len(roster.clean("Ñandú Ñandú")) == roster.NAME_LEN
    assert roster.clean("Ann Bob   x") == "Ann Bob"  # cut, then the space dropped
    for bad in ("", "   ", "a\nb", "tab\t", "del\x7f", 5, None):
        value_error(roster.clean, bad)  # one line
