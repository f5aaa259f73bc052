"""Every host command answers bad input with one line on standard error and exit
status 2: never a traceback, never output on standard output."""

import os
import signal
import subprocess
import sys
import time

from host_cli import run

from host_tools import ROOT
from host_tools.history import pull

BOM = "\ufeff"


def table(tmp):
    """(argv, standard input, words the error line must hold)."""
    good_script = tmp / "ok.txt"
    good_script.write_text("100 ok press\n")
    a_file = tmp / "a-file"
    a_file.write_text("x")
    db = str(tmp / "empty.sqlite")
    pull.load(db, [])
    (tmp / "index.html").mkdir()  # where report writes its page
    trace = '{"players": 2, "pile": ["5S", "5H"], "taps": [{"player": 0, "t_us": 5}]%s}'
    rows = [
        (["score", "-"], '{"rules": "igo", "ender": 0, "penalties": [1e35, 2]}', "integers"),
        (["score", "-"], '{"rules": "igo", "ender": 0, "penalties": [131, 2]}', "out of range 0-130"),
        (["score", "-"], '{"rules": "igo", "ender": 0, "ender": 1, "penalties": [1, 2]}', 'key "ender" appears twice'),
        (["score", "-"], '{"rules": "igo", "ender": "0", "penalties": [1, 2]}', "ender"),
        (["score", "-"], '{"rules": "igo", "ender": 0, "penalties": ["1", 2]}', "integers"),
        (["score", "-"], '{"rules": "igo", "ender": 0, "penalties": [1, 2], "players": [1, 2]}', "names"),
        (["score", str(tmp)], None, "is a folder"),
        (["score", str(tmp / "missing.json")], None, "no such file"),
        (["corsica", "judge", "-"], '{"players": 2, "taps": [{"player": 0, "t_us": 5}]}', "missing key 'pile'"),
        (["corsica", "judge", "-"], trace % ', "seed": -1', "seed"),
        (["corsica", "judge", "-"], trace % ', "tie_window_us": 0', "tie_window_us"),
        (["corsica", "simulate", "--seed", "-5"], None, "--seed must be"),
        (["corsica", "simulate", "--games", "0"], None, "--games must be"),
        (["corsica", "simulate", "--turn-cap", "99999999999"], None, "--turn-cap must be"),
        (["corsica", "simulate", "--players", "9"], None, "--players must be"),
        (["sim", "--script", str(good_script), "--flash", str(a_file)], None, "is a file"),
        (["sim", "--script", str(good_script), "--screens", str(a_file)], None, "is a file"),
        (["sim", "--script", str(good_script), "--scale", "0"], None, "--scale"),
        (["sim", "--script", str(good_script), "--app", "nothing_here"], None, "--app"),
        (["sim", "--script", str(good_script), "--board", "nothing"], None, "unknown board"),
        (["sim", "--script", str(good_script), "--heap", "1k"], None, "--heap 1k out of range"),
        (["sim", "--script", str(good_script), "--heap", "99999999k"], None, "out of range"),
        (["sim", "--script", str(good_script), "--flash-size", "1k"], None, "--flash-size"),
        (["sim", "--script", str(good_script), "--seed", "-1"], None, "--seed"),
        (["sim", "--script", str(good_script), "--speed", "0"], None, "--speed must be"),
        (["sim", "--script", str(good_script), "--speed", "nan"], None, "--speed must be"),
        (["sim", "--speed", "2"], None, "--speed needs --script"),
        (["sim", "--script", str(tmp / "missing.txt")], None, "cannot read script"),
        (["pull", "--file", str(tmp / "missing.jsonl"), "--db", str(tmp / "h.sqlite")], None, "cannot read"),
        (["report", "--db", str(tmp / "missing.sqlite"), "--out", str(tmp / "r")], None, "no database"),
        (["report", "--db", db, "--out", str(a_file)], None, "--out %s is a file" % a_file),
        (["report", "--db", db, "--out", str(tmp)], None, "cannot write %s: Is a directory" % (tmp / "index.html")),
        (["report", "--db", db, "--csv", str(a_file)], None, "--csv %s is a file" % a_file),
        (["names", "--flash", str(tmp / "nowhere"), "list"], None, "no flash folder %s" % (tmp / "nowhere")),
        (["names", "--flash", str(tmp), "add", "A\tB"], None, "has a control character"),
        (["doctor", "--port", str(tmp / "no-port")], None, "cannot open port"),
        (["doctor", "--board", "nothing"], None, "unknown board"),
        (
            ["deploy", "--project", str(tmp / "missing")],
            None,
            "argument --project: %s has no firmware/" % (tmp / "missing"),
        ),
        (["doctor", "--project", str(tmp)], None, "has no firmware/ folder"),
        (["screenshots", "--out", str(a_file)], None, "--out %s is a file" % a_file),
        (["screenshots", "--work", str(a_file)], None, "--work %s is a file" % a_file),
        (["wiring", "--out", str(a_file)], None, "--out %s is a file" % a_file),
        (["vdevice", "--flash", str(a_file)], None, "--flash %s is a file" % a_file),
        (["vdevice", "--flash", str(tmp / "v"), "--flash-size", "-1"], None, "--flash-size must be"),
        (["check", str(tmp / "missing.py")], None, "missing.py: no such file"),
        (["bench", "--keep", str(a_file)], None, "--keep %s is a file" % a_file),
        (["bench", "--out", str(tmp)], None, "--out %s is a folder" % tmp),
        (["bench", "--out", str(a_file / "results.json")], None, "--out's folder %s is a file" % a_file),
        (["sim", "--script", str(good_script), "--screenshot", str(tmp / "last.txt")], None, "ends in .png"),
        (
            ["sim", "--script", str(good_script), "--screenshot", str(a_file / "x.png")],
            None,
            "folder %s is a file" % a_file,
        ),
    ]
    # Arguments argparse itself refuses: one line too (no usage), naming the command.
    for argv, words in (
        (["sim", "--scale", "x"], "sim: argument --scale"),
        (["deploy", "--runtime", "nothing"], "deploy: argument --runtime"),
        (["doctor", "--nothing"], "doctor: unrecognized arguments"),
        (["pull", "--file", "h.jsonl"], "pull: the following arguments are required: --db"),
        (
            ["report", "--db", "h.sqlite"],
            "report: give --out DIR (the HTML report), --csv DIR (the CSV files), or both",
        ),
        (["clock", "--nothing"], "clock: unrecognized arguments"),
        (["names", "shout"], "names: argument action: invalid choice"),
        (["vdevice", "--flash", "f", "--flash-size", "x"], "vdevice: argument --flash-size"),
        (["wiring", "--nothing"], "wiring: unrecognized arguments"),
        (["screenshots", "--nothing"], "screenshots: unrecognized arguments"),
        (["check", "--nothing"], "check: unrecognized arguments"),
        (["bench", "--nothing"], "bench: unrecognized arguments"),
        (["mutate", "--nothing"], "mutate: unrecognized arguments"),
        (["score"], "score: the following arguments are required"),
        (["corsica", "simulate", "--games", "many"], "corsica: argument --games"),
    ):
        rows.append((argv, None, words))
    for text, words in (
        ("100 ok press\n50 up press\n", "line 2: time 50 goes back"),
        ("100 zz press\n", "line 1: unknown button"),
        ("100 ok press\n99999999999999 ok press\n", "line 2: time"),
        ("100 ok squeeze\n", "line 1: unknown action"),
    ):
        script = tmp / ("script%d.txt" % len(rows))
        script.write_text(text)
        rows.append((["sim", "--script", str(script), "--flash", str(tmp / "f")], None, words))
    return rows


def test_bad_input_table(tmp_path):
    for argv, stdin, words in table(tmp_path):
        r = run(*argv, stdin=stdin)
        where = " ".join(argv)
        assert r.returncode == 2, (where, r.returncode, r.stderr[-500:])
        assert r.stdout == "", where
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in r.stderr, (where, r.stderr[-500:])
        assert words in lines[0], (where, lines[0])


def test_a_utf8_bom_is_accepted():
    r = run("score", "-", stdin=BOM + '{"rules": "igo", "ender": 0, "penalties": [1, 2]}')
    assert r.returncode == 0 and '"round_scores": [1, 0]' in r.stdout


def interpreters(flash):
    """PIDs of MicroPython interpreters running on this flash folder."""
    out = subprocess.run(["pgrep", "-f", "simrun.py.*--flash %s " % flash], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def test_the_interpreter_ends_with_the_simulator(tmp_path):
    script = tmp_path / "long.txt"
    script.write_text("100 ok press\n3600000 back press\n")  # an hour of simulated time
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGKILL):
        flash = tmp_path / ("flash-%d" % sig)
        sim = subprocess.Popen(
            [sys.executable, "-m", "host_tools", "sim", "--script", str(script), "--flash", str(flash)],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while not interpreters(flash) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert interpreters(flash), "the simulator did not start"
        sim.send_signal(sig)
        sim.wait(timeout=30)
        deadline = time.monotonic() + 10
        while interpreters(flash) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert interpreters(flash) == [], "the interpreter outlived %s" % signal.Signals(sig).name
    assert os.path.isdir(tmp_path / "flash-15")
