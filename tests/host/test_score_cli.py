"""`python -m host_tools score ROUND.json`: docs/formats.md "Round file" in and out; bad
input exits 2 with one line on standard error and nothing on standard output."""

import json

import host_cli
import pytest

HANDS = [
    ["O1", "O2", "O3", "O4", "O5", "K6", "K7", "K9", "K11", "Y1", "Y2", "R1"],
    ["O8", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G9", "B10", "R2", "R3"],
    ["K8", "Y3", "Y4", "Y5", "Y6", "Y7", "C1", "C2", "C9", "N11", "R4", "R5"],
    ["O10", "K10", "B1", "B2", "B3", "B4", "B5", "P6", "P7", "P8", "P9", "W11"],
]
ROUND = {"rules": "igo", "ender": 0, "display": "r", "hands": HANDS, "players": ["Ann", "Ben", "Cy", "Di"]}


def run(*args, stdin=None):
    return host_cli.run("score", *args, stdin=stdin)


def run_round(data, *args):
    return run("-", *args, stdin=data if isinstance(data, str) else json.dumps(data))


def ok(r):
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    out = json.loads(r.stdout)
    assert r.stdout.strip() == json.dumps(out, sort_keys=True)
    return out


def test_round_from_hands(tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(ROUND))
    out = ok(run(str(path)))
    assert sorted(out) == ["arrangements", "penalties", "round_scores", "winners"]
    assert out["penalties"] == [3, 0, 11, 21]
    assert out["round_scores"] == [0, 1, 0, 0] and out["winners"] == []
    assert out["arrangements"][0] == {
        "removed": ["R1"],
        "series": ["O1", "O2", "O3", "O4", "O5", "K6", "K7", "K9", "K11"],
        "added": [],
        "left": ["Y1", "Y2"],
    }
    assert out["arrangements"][1]["added"] == ["O8"]
    assert out["arrangements"][2]["added"] == ["K8"]
    assert len(out["arrangements"][3]["added"]) == 1


def test_round_from_penalties_on_stdin():
    out = ok(run_round({"rules": "corsari", "ender": 1, "penalties": [3, 5, 0, 0], "youngest_first": [3, 0, 2, 1]}))
    assert out == {"penalties": [3, 5, 0, 0], "round_scores": [-10, 18, -10, -10], "winners": [3]}
    out = ok(run_round({"rules": "igo", "ender": 0, "penalties": [0, 4]}))
    assert out == {"penalties": [0, 4], "round_scores": [1, 0], "winners": [0]}


def test_given_series_and_corsari_crew():
    out = ok(run_round(dict(ROUND, rules="corsari", ender_series=["O1", "O2", "O3", "O4", "O5"])))
    assert out["arrangements"][0]["series"] == ["O1", "O2", "O3", "O4", "O5"]
    assert out["penalties"][0] == 36
    out = ok(run_round(dict(ROUND, rules="corsari")))
    assert out["round_scores"][0] == min(out["round_scores"][0], 13)
    assert ok(run_round(ROUND, "--declared-colours"))["penalties"][0] == 3


BAD = [
    (dict(ROUND, hands=[HANDS[0][:11] + ["Z3"]] + HANDS[1:]), "Z3"),
    (dict(ROUND, hands=[HANDS[0][:11] + ["K12"]] + HANDS[1:]), "K12"),
    (dict(ROUND, hands=[HANDS[0][:11] + ["O8"]] + HANDS[1:]), "duplicate card O8"),
    (dict(ROUND, hands=[HANDS[0][:11] + ["O1"]] + HANDS[1:]), "duplicate card O1"),
    (dict(ROUND, hands=[HANDS[0][:11]] + HANDS[1:]), "11 cards"),
    (dict(ROUND, ender=4), "ender"),
    (dict(ROUND, ender=-1), "ender"),
    (dict(ROUND, ender="0"), "ender"),
    (dict(ROUND, ender=True), "ender"),
    (dict(ROUND, display="X"), "display colour"),
    (dict(ROUND, display=3), "display colour"),
    (dict(ROUND, rules="poker"), "rules"),
    (dict(ROUND, hands="O1 O2"), "hands"),
    (dict(ROUND, hands=HANDS[:3] + [5]), "hand 3"),
    (dict(ROUND, hands=[[1] * 12] + HANDS[1:]), "card 1"),
    (dict(ROUND, hands=HANDS[:1]), "players"),
    (dict(ROUND, ender_series=["W1"]), "not in the ender's hand"),
    (dict(ROUND, ender_series=["O1", "K6", "Y2"]), "two colours"),
    (dict(ROUND, ender_series="O1"), "ender_series"),
    (dict(ROUND, players=["Ann"]), "players"),
    (dict(ROUND, youngest_first=[9]), "youngest_first"),
    (dict(ROUND, youngest_first="0"), "youngest_first"),
    (dict(ROUND, penalties=[1, 2, 3, 4]), "either"),
    (dict(ROUND, hand=HANDS), "unknown key 'hand'"),
    ({"rules": "igo", "penalties": [1, 2]}, "missing key 'ender'"),
    ({"rules": "igo", "ender": 0}, "either"),
    ({"rules": "igo", "ender": 0, "hands": HANDS}, "missing key 'display'"),
    ({"rules": "igo", "ender": 0, "penalties": [1, "2"]}, "penalties"),
    ({"rules": "igo", "ender": 0, "penalties": [1, -2]}, "penalty"),
    ({"rules": "igo", "ender": 0, "penalties": 3}, "penalties"),
    ({"rules": "corsari", "ender": 0, "penalties": [4, 0, 0]}, "youngest_first"),
    ([1, 2], "JSON object"),
    ('{"rules": "igo", ', "not valid JSON"),
    ("", "not valid JSON"),
    ("[" * 100000, "not valid JSON"),
]


@pytest.mark.parametrize("data, words", BAD)
def test_bad_input_is_one_line_exit_2(data, words):
    r = run_round(data)
    check_bad(r, words)


def check_bad(r, words):
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    assert r.stderr.count("\n") == 1 and r.stderr.endswith("\n"), r.stderr
    assert "Traceback" not in r.stderr
    assert words in r.stderr, r.stderr


def test_bad_arguments_and_files(tmp_path):
    check_bad(run(str(tmp_path / "missing.json")), "missing.json")
    check_bad(run(), "required")
    check_bad(run("a.json", "b.json"), "unrecognized")
    check_bad(run(str(tmp_path)), "cannot read")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe{")
    check_bad(run(str(binary)), "bin.json")
