"""The device's clock from the PC (clock, deploy, pull) and dated history lines,
against the virtual Pico running the firmware's own history writer."""

import datetime
import json

from host_cli import rows, run

from host_tools import FIRMWARE
from host_tools.device.mpremote_port import Device
from host_tools.sim.vdevice import running

PLAY = """\
from table.storage import history
h = history.History('data/history.jsonl', 'data/boot.json')
h.log('start', %(game)r, 'igo', {'players': ['Zo\\u00eb', '\\u0141ukasz', '\\u00d8yvind'], 'first': 0, 'target': 4})
h.log('round', %(game)r, 'igo', {'ender': 0, 'penalties': [1, 5, 7], 'round_scores': [1, 0, 0], 'totals': [1, 0, 0]})
h.log('game_over', %(game)r, 'igo', {'totals': [1, 0, 0], 'winners': [0]})
print(h.flush())
"""


def device_time(port):
    with Device(port) as device:
        return device.ask("import time\nprint(list(time.localtime()[:6]))")


def play(port, game):
    """One short I Go game written by the firmware's history.py on the device."""
    with Device(port) as device:
        assert device.exec(PLAY % {"game": game}).strip() == "True"


def near_now(text):
    at = datetime.datetime.fromisoformat(text)
    return abs((at - datetime.datetime.now()).total_seconds()) < 120


def test_the_clock_command_sets_the_pico_clock_and_a_soft_reset_keeps_it(tmp_path):
    with running(tmp_path / "flash") as port:
        assert device_time(port)[:3] == [2021, 1, 1]  # a Pico's clock at power-up
        out = run("clock", "--port", port)
        assert out.returncode == 0, out.stderr
        line = out.stdout.strip()
        assert line.startswith("clock: set to ") and line.endswith(" (this PC's time)")
        assert near_now(line[len("clock: set to ") :].split(" (")[0])
        y, m, d, hh, mm, ss = device_time(port)  # a new session: a soft reset in between
        assert near_now("%04d-%02d-%02dT%02d:%02d:%02d" % (y, m, d, hh, mm, ss))
    out = run("clock", "--help")
    assert out.returncode == 0 and "python -m host_tools clock --port" in out.stdout


def test_games_played_before_the_clock_is_set_are_undated_and_placed_by_their_order(tmp_path):
    db = str(tmp_path / "h.sqlite")
    with running(tmp_path / "flash", "--frozen", FIRMWARE) as port:
        play(port, "1-1")  # the Pico was never connected since power-up: no date
        out = run("pull", "--port", port, "--db", db)  # sets the clock
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith("clock: set to ")
        play(port, "1-5")  # dated from now on
        assert run("pull", "--port", port, "--db", db).returncode == 0
        lines = (tmp_path / "flash" / "data" / "history.jsonl").read_text(encoding="utf-8").splitlines()
    ats = [json.loads(text)["at"] for text in lines]
    assert ats[:3] == [None] * 3 and all(near_now(at) for at in ats[3:])
    got = rows(db, "SELECT game, started, ended, ord, placed FROM games ORDER BY ord")
    assert [(g, s is None, o) for g, s, _, o, _ in got] == [("1-1", True, 1), ("1-5", False, 2)]
    assert got[0][4] == got[1][1]  # undated: placed before the first dated line after it
    assert sorted(rows(db, "SELECT name FROM players")) == [("Zoë",), ("Øyvind",), ("Łukasz",)]


def test_deploy_sets_the_clock_and_the_games_after_it_are_dated(tmp_path):
    db = str(tmp_path / "h.sqlite")
    with running(tmp_path / "flash", "--frozen", FIRMWARE) as port:
        out = run("deploy", "--port", port, "--frozen", "--board", "pico")
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines()[-1].startswith("clock: set to ")
        play(port, "1-1")
        assert run("pull", "--port", port, "--db", db).returncode == 0
    [(started, ended, seconds)] = rows(db, "SELECT started, ended, seconds FROM games")
    assert near_now(started) and near_now(ended) and 0 <= seconds < 60


def line(seq, event, game, at=None, device="d1", history="h1", **fields):
    obj = dict(fields, seq=seq, boot=1, event=event, game=game, rules="igo", device=device, history=history)
    if at is not None:
        obj["at"] = at
    return json.dumps(obj, sort_keys=True)


def game_lines(seq, game, at_start, at_end, **ids):
    return [
        line(seq, "start", game, at_start, players=["Ann", "Bob"], **ids),
        line(seq + 1, "game_over", game, at_end, totals=[1, 0], winners=[0], **ids),
    ]


def test_undated_games_go_after_the_dated_lines_before_them_across_devices(tmp_path):
    one = (
        game_lines(1, "a", None, None)  # before any date: before the first dated line
        + game_lines(3, "b", "2026-11-20T10:00:00", "2026-11-20T10:20:30")
        + game_lines(5, "c", None, None)  # after b's last dated line
        + game_lines(7, "d", "2026-11-20T12:00:00", "2026-11-20T12:05:00")
    )
    two = game_lines(1, "e", "2026-11-20T11:00:00", None, device="d2")
    old = game_lines(1, "f", None, None, device="d3")  # a history without dates: first
    path = tmp_path / "history.jsonl"
    path.write_text("\n".join(one + two + old) + "\n")
    db = str(tmp_path / "h.sqlite")
    assert run("pull", "--file", path, "--db", db).returncode == 0
    assert rows(db, "SELECT game, placed, seconds, placed_by FROM games ORDER BY ord") == [
        ("f", None, None, None),
        ("a", "2026-11-20T10:00:00", None, "before"),
        ("b", "2026-11-20T10:00:00", 1230, "dated"),
        ("c", "2026-11-20T10:20:30", None, "after"),
        ("e", "2026-11-20T11:00:00", None, "dated"),
        ("d", "2026-11-20T12:00:00", 300, "dated"),
    ]


def test_a_bad_date_is_a_bad_line(tmp_path):
    path = tmp_path / "history.jsonl"
    bad = ["2026-13-01T00:00:00", "2026-11-26 01:30:00", "2026-11-26T01:30", 1795657035]
    path.write_text("\n".join(line(1 + i, "undo", "a", at, of=1) for i, at in enumerate(bad)) + "\n")
    db = tmp_path / "h.sqlite"
    out = run("pull", "--file", path, "--db", db)
    assert out.returncode == 2
    assert out.stderr.splitlines() == ["pull: history line %d: bad 'at' (skipped)" % n for n in (1, 2, 3, 4)]
    assert out.stdout.strip() == "no valid history line (4 skipped): no database written"
    assert not db.exists()  # a pull with no valid line leaves no database behind
