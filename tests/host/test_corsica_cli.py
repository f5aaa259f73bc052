"""`python -m host_tools corsica`: simulate prints JSON, judge delegates, bad
arguments exit 2 with one line on standard error."""

import json
import sys
import types

import host_cli

from host_tools.rules import corsica as cli


def run(*args):
    return host_cli.run("corsica", *args)


def test_simulate_prints_sorted_json_totals():
    r = run("simulate", "--players", "4", "--games", "10", "--seed", "3")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    out = json.loads(r.stdout)
    assert list(out) == sorted(out)
    assert out["games"] == 10 and len(out["wins"]) == 4
    assert sum(out["wins"]) + out["capped"] == 10
    for key in ("turns_mean", "turns_max", "slaps", "false_taps"):
        assert out[key] >= 0
    assert out["turns_mean"] <= out["turns_max"]


def test_simulate_is_reproducible_and_seeded():
    args = ["simulate", "--players", "3", "--games", "5", "--variants", "sandwich,sum10"]
    a = run(*args, "--seed", "8").stdout
    assert a == run(*args, "--seed", "8").stdout
    assert a != run(*args, "--seed", "9").stdout
    assert json.loads(a)["variants"] == ["sandwich", "sum10"]


def test_turn_cap_is_reported():
    r = run(
        "simulate",
        "--players",
        "6",
        "--games",
        "4",
        "--seed",
        "1",
        "--variants",
        "sandwich,sequence,sum10",
        "--turn-cap",
        "30",
    )
    out = json.loads(r.stdout)
    assert out["capped"] == 4 and out["turns_max"] == 30 and out["wins"] == [0] * 6


def test_bad_arguments_exit_2_with_one_line():
    for args in (
        ["simulate", "--players", "7"],
        ["simulate", "--players", "1"],
        ["simulate", "--games", "0"],
        ["simulate", "--games", "many"],
        ["simulate", "--turn-cap", "0"],
        ["simulate", "--variants", "snap"],
        ["simulate", "--colour", "red"],
        ["shuffle"],
        [],
    ):
        r = run(*args)
        assert r.returncode == 2, args
        assert r.stdout == "", args
        assert len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)
        assert "Traceback" not in r.stderr


def test_judge_delegates_to_corsica_judge():
    calls = []
    fake = types.ModuleType("host_tools.rules.corsica_judge")
    fake.main = lambda argv: calls.append(argv) or 7
    saved = sys.modules.get("host_tools.rules.corsica_judge")
    sys.modules["host_tools.rules.corsica_judge"] = fake
    try:
        assert cli.main(["judge", "trace.json"]) == 7
    finally:
        if saved is None:
            del sys.modules["host_tools.rules.corsica_judge"]
        else:
            sys.modules["host_tools.rules.corsica_judge"] = saved
    assert calls == [["trace.json"]]


def test_help_exits_0():
    r = run("simulate", "--help")
    assert r.returncode == 0 and "--turn-cap" in r.stdout
