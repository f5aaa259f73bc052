"""sim --script --speed: paced by the simulated clock (sleeps measured, not the wall
clock), a progress line for long scripts, the screen drawn on a terminal."""

import io

import pytest
import simulator
from simulator import DEMO

from host_tools.sim import sim

SCRIPT = "100 up press\n300 p1 press\n3500 down press\n"  # runs to 3500 + 80 + 1000 ms


class FakePacer(sim.Pacer):
    """The real Pacer on a clock that only its sleeps move."""

    made = []

    def __init__(self, speed, tick=None):
        self.now = 0.0
        self.sleeps = []
        self.waited_for = []
        super().__init__(speed, clock=lambda: self.now, sleep=self.fake_sleep, tick=tick)
        FakePacer.made.append(self)

    def fake_sleep(self, seconds):
        self.sleeps.append(seconds)
        self.now += seconds

    def wait(self, t_ms):
        self.waited_for.append(t_ms)
        super().wait(t_ms)


def test_speed_paces_by_the_simulated_clock(tmp_path, monkeypatch, capsys):
    script = simulator.script_file(tmp_path, SCRIPT)
    monkeypatch.setattr(sim, "Pacer", FakePacer)
    monkeypatch.setattr(sim.child, "exit_on_signals", lambda: None)
    FakePacer.made = []
    rc = sim.main(["--script", str(script), "--app", DEMO, "--flash", str(tmp_path / "flash"), "--speed", "4"])
    assert rc == 0
    (pacer,) = FakePacer.made
    assert pacer.waited_for == sorted(pacer.waited_for) and len(pacer.waited_for) >= 3
    assert all(s > 0 for s in pacer.sleeps)
    end_ms = pacer.waited_for[-1]  # the end line's simulated time
    assert 4580 <= end_ms <= 4600
    assert pacer.now == pytest.approx(end_ms / 1000 / 4)  # slept exactly to the end, 4x faster
    err = capsys.readouterr().err.splitlines()
    progress = [line for line in err if line.startswith("sim: ")]
    assert progress[0] == "sim: 0% (0.0 s of 4.6 s simulated)"
    assert progress[-1] == "sim: 100% (4.6 s of 4.6 s simulated)"
    shown = [int(line.split()[1].rstrip("%")) for line in progress]
    assert shown == sorted(set(shown)) and len(shown) >= 9  # moves on while the screen is still


def test_pacer_waits_for_simulated_time_over_speed():
    now, sleeps = [10.0], []

    def sleep(s):
        sleeps.append(s)
        now[0] += s

    pacer = sim.Pacer(2, clock=lambda: now[0], sleep=sleep)
    pacer.wait(0)
    pacer.wait(1000)  # 0.5 s after the start
    now[0] += 1.0  # the host was busy for a second: no sleep needed at 1500 ms
    pacer.wait(1500)
    pacer.wait(4000)  # 2.0 s after the start
    assert sum(sleeps) == pytest.approx(1.0) and max(sleeps) <= sim.Pacer.TICK_S
    ticks = []
    pacer = sim.Pacer(2, clock=lambda: now[0], sleep=sleep, tick=ticks.append)
    pacer.wait(500)
    assert ticks == [200, 400, 500]


def test_progress_line():
    out = io.StringIO()
    p = sim.Progress(20000, out)
    for t in (0, 500, 1999, 2000, 2500, 19999, 20000):
        p.update(t)
    p.done()
    assert out.getvalue().splitlines() == [
        "sim: 0% (0.0 s of 20.0 s simulated)",
        "sim: 10% (2.0 s of 20.0 s simulated)",
        "sim: 90% (18.0 s of 20.0 s simulated)",
        "sim: 100% (20.0 s of 20.0 s simulated)",
    ]


def test_short_scripts_show_no_progress(tmp_path):
    script = simulator.script_file(tmp_path, "100 up press\n")
    r = simulator.run("--script", script, "--app", DEMO, "--flash", tmp_path / "flash", "--speed", "100", timeout=120)
    assert r.returncode == 0 and "sim: " not in r.stderr


def test_speed_draws_the_screen_on_a_terminal(tmp_path):
    script = simulator.script_file(tmp_path, SCRIPT)
    options = ["--script", script, "--app", DEMO, "--flash", tmp_path / "flash", "--speed", "50"]
    term = simulator.Terminal(options, 80, 24)
    assert term.end() == 0
    text = term.out.decode("utf-8", "replace")
    assert any("\u2801" <= ch <= "\u28ff" for ch in text)  # the screen in braille dots
    assert " of 4.6s" in text and "keys:" not in text  # the script's length; no keys to press
    assert "\x1b[?1049l" in text  # terminal restored
