"""The simulated chip (#38): each flash its own device id, each boot of it its own
random numbers (a wiped data/ gets a history id never used before), and a wall clock
that starts at the PC's time, never goes back from one boot of a flash to the next and,
in an interactive run, keeps the host's pace. Real simulator runs, real SQLite."""

import datetime
import json
import os
import shutil
import subprocess

import host_cli
import simulator
from test_app_sim import Script

from host_tools import MICROPYTHON, ROOT
from host_tools.sim import sim

CHIP = ".sim_chip"  # host_tools/sim/simdevice/simchip.py FILE


def play(tmp_path, flash, *options, resume=False):
    """A round of I Go: a new game of 4 (resume: the saved match, continued)."""
    s = Script()
    if resume:
        s.press("ok", 3)  # Continue, the match, Resume
    else:
        s.press("ok").press("up").press("ok")  # I Go, 4 players, Start
        s.press("ok")  # the notice: a new table, the device drew who starts
    s.round(0, [1, 2, 3, 4])
    simulator.run_ok("--script", s.write(str(tmp_path / "script.txt")), "--flash", flash, *options)


def history(flash):
    path = flash / "data" / "history.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


def chip(flash):
    return json.loads((flash / CHIP).read_text())


def near_now(at):
    return abs((datetime.datetime.fromisoformat(at) - datetime.datetime.now()).total_seconds()) < 300


def test_the_clock_starts_at_the_pcs_time_and_never_goes_back_on_one_flash(tmp_path):
    flash = tmp_path / "flash"
    play(tmp_path, flash)
    first = history(flash)
    assert first and all(near_now(o["at"]) for o in first)  # the PC's time, not a fixed date
    play(tmp_path, flash, resume=True)  # a second boot, its clock where the first left it or later
    play(tmp_path, flash, "--start", "2025-01-01T12:00:00", resume=True)  # a fixed start goes no way back
    lines = history(flash)
    assert [o["boot"] for o in lines if o["event"] == "round"] == [1, 2, 3]
    ats = [o["at"] for o in lines]
    assert ats == sorted(ats), ats
    assert chip(flash)["clock"] >= ats[-1] and chip(flash)["boots"] == 3
    fresh = tmp_path / "fresh"
    play(tmp_path, fresh, "--start", "2025-01-01T12:00:00")  # a new flash: that time exactly
    assert history(fresh)[0]["at"].startswith("2025-01-01T12:00:0")


def test_two_fresh_flashes_are_two_devices_and_a_wiped_data_gets_a_new_history(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    play(tmp_path, one)
    play(tmp_path, two)  # the same script and the same (default) seed
    a, b = history(one), history(two)
    assert a[0]["device"] != b[0]["device"] and a[0]["history"] != b[0]["history"]
    assert chip(one)["id"] == a[0]["device"]  # machine.unique_id(), kept with the flash
    db = tmp_path / "h.sqlite"
    for flash in (one, two):
        out = host_cli.run("pull", "--file", flash / "data" / "history.jsonl", "--db", db)
        assert out.returncode == 0 and out.stderr == "", out.stderr
    played = len(a) + len(b)
    assert host_cli.rows(db, "SELECT COUNT(*) FROM lines") == [(played,)]
    assert host_cli.rows(db, "SELECT COUNT(*) FROM rounds") == [(2,)]  # 17 of 20 before (#38)

    shutil.rmtree(one / "data")  # the device starts its history anew: same chip, new history
    play(tmp_path, one)
    again = history(one)
    assert again[0]["device"] == a[0]["device"]
    assert again[0]["history"] not in (a[0]["history"], b[0]["history"])
    out = host_cli.run("pull", "--file", one / "data" / "history.jsonl", "--db", db)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert host_cli.rows(db, "SELECT COUNT(*) FROM lines") == [(played + len(again),)]


def test_a_copy_of_a_flash_with_the_same_seed_and_start_replays_the_same_run(tmp_path):
    first = tmp_path / "first"
    play(tmp_path, first)
    shutil.rmtree(first / "data")  # the next boot draws a new history id: from the chip and the seed
    copies = []
    for name in ("a", "b"):
        flash = tmp_path / name
        shutil.copytree(first, flash)
        play(tmp_path, flash, "--start", "2030-06-01T09:00:00", "--seed", "5")
        copies.append(((flash / "data" / "history.jsonl").read_text(), (flash / CHIP).read_text()))
    assert copies[0] == copies[1]
    assert history(tmp_path / "a")[0]["at"].startswith("2030-06-01T09:00:0")


def test_the_benchs_fresh_flashes_are_one_known_chip(tmp_path):
    runs = []
    for name in ("a", "b"):  # at other times of the PC's clock: the same ids
        flash = tmp_path / name
        sim.fresh_flash(flash, "0123456789abcdef")
        play(tmp_path, flash)
        runs.append([(o["device"], o["history"], o["seq"], o["event"]) for o in history(flash)])
    assert runs[0] == runs[1] and runs[0][0][0] == "0123456789abcdef"


# The fake time module against a host clock moved by hand (the unix port's ticks and
# time_ns replaced): an interactive run's wall clock reads the PC's time whenever the
# firmware first looks at it, not that time plus how long it took to look.
INTERACTIVE_CLOCK = """
import sys
sys.path[:0] = [%(simdevice)r, %(firmware)r]
import simcore
real = simcore.rt


class Host:
    t_us = 0
    epoch_s = 1767268800  # 2026-01-01 12:00:00 on the PC, taken as UTC here

    def ticks_us(self):
        return self.t_us

    def ticks_diff(self, a, b):
        return a - b

    def time_ns(self):
        return (self.epoch_s * 1000000 + self.t_us) * 1000

    def time(self):
        return self.epoch_s + self.t_us // 1000000

    def localtime(self, secs=None):
        return real.gmtime(self.time() if secs is None else secs)

    gmtime = localtime

    def mktime(self, t):
        return real.mktime(t)


host = Host()
simcore.rt = host
simcore.reset(real=True)
import time

host.t_us += 360 * 1000000  # six minutes of play before the first dated line
print(time.time() - (host.epoch_s + 360), list(time.localtime()[:6]))
host.t_us += 11 * 60 * 1000000
print(time.time() - (host.epoch_s + 1020), list(time.localtime()[:6]))
"""


def test_an_interactive_runs_clock_keeps_the_pcs_time(tmp_path):
    code = tmp_path / "clock.py"
    code.write_text(
        INTERACTIVE_CLOCK
        % {
            "simdevice": os.path.join(ROOT, "host_tools", "sim", "simdevice"),
            "firmware": os.path.join(ROOT, "firmware"),
        }
    )
    env = dict(os.environ, TZ="UTC")
    r = subprocess.run([MICROPYTHON, str(code)], capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["0 [2026, 1, 1, 12, 6, 0]", "0 [2026, 1, 1, 12, 17, 0]"]


def test_a_bad_start_is_one_line(tmp_path):
    script = simulator.script_file(tmp_path, "100 ok press\n")
    for bad in ("2025-02-30T12:00:00", "2025-01-01 12:00:00", "1999-12-31T23:59:59", "noon"):
        r = simulator.run("--script", script, "--flash", tmp_path / "f", "--start", bad)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and "--start " + bad in r.stderr, r.stderr
