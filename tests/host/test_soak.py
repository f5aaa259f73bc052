"""The long session (issue #27), short: `make test` plays a few simulated minutes of
seeded mixed play (host_tools/bench/soak.py) with the Pico's heap and checks that it runs
to its end without running out of memory or an Error screen; the same script on
fresh copies of the same flash (its chip included: simchip) with a fixed start of the
wall clock gives the same run; a run says how far it got every simulated minute, and
the watchdog of the long runs stops one that is silent, not one that is slow. `make
soak` plays hours of it (bench/README.md, "The long session"; heap_largest_free_block
in results.json)."""

import json
import os
import shutil
import sys

import host_cli
import simulator

from host_tools.bench import session, soak_script, watch
from host_tools.sim.simdevice import simscript

MINUTES = 3


def test_the_session_is_seeded_valid_and_presses_every_button(tmp_path):
    text = soak_script.soak_script(seed=5, minutes=MINUTES)
    assert text == soak_script.soak_script(seed=5, minutes=MINUTES)
    assert text != soak_script.soak_script(seed=6, minutes=MINUTES)
    events = simscript.parse(text.splitlines())
    assert {b for _, b, _ in events} == set(simscript.BUTTONS)  # p1..p6 included
    assert {a for _, _, a in events} == {"down", "up", "press"}  # holds: down, then up
    assert MINUTES * 60000 <= events[-1][0] < (MINUTES + 15) * 60000
    out = tmp_path / "soak.txt"
    r = host_cli.run("soak", "--minutes", MINUTES, "--seed", 5, "--out", out)
    assert r.returncode == 0, r.stderr
    assert out.read_text() == text
    r = host_cli.run("soak", "--minutes", 0, "--out", out)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr


def stats(r):
    lines = [line for line in r.stderr.splitlines() if line.startswith("@bench ")]
    assert len(lines) == 1, r.stderr[-2000:]
    return lines[0], json.loads(lines[0][len("@bench ") :])


def test_a_few_minutes_of_mixed_play_on_the_picos_heap(tmp_path):
    script = tmp_path / "soak.txt"
    soak_script.write_script(script, 5, MINUTES)
    flash = tmp_path / "flash"
    screens = tmp_path / "screens"
    app = session.SOAK_APP
    r = simulator.run_ok("--script", script, "--app", app, "--heap", "192k", "--flash", flash, "--screens", screens)
    _, s = stats(r)
    assert s["crashes"] == 0, s["last_crash"]  # no Error screen
    assert not (flash / "data" / "errors.txt").exists()
    assert "MemoryError" not in r.stderr
    assert s["free_probes"] > 0 and 0 < s["free_block_min"] <= s["free_block_end"]
    shown = (screens / "screens.txt").read_text().splitlines()
    assert len(shown) > 50 and int(shown[-1].split()[1]) > (MINUTES - 1) * 60000  # played to the end
    said = [line for line in r.stderr.splitlines() if watch.PROGRESS.search(line.encode())]
    assert [int(line.split()[1]) for line in said] == list(range(1, MINUTES + 1)), said  # every simulated minute
    assert all("heap in use" in line and "largest free block" in line for line in said), said


def test_the_watchdog_judges_silence_not_the_time_a_run_takes():
    said = []
    dog = watch.Watchdog(300, 0, said.append)
    for minute in range(1, 50):  # a line every 200 s: the run goes on far past 300 s in all
        now = minute * 200
        assert not dog.stuck(now)
        dog.heard(2, b"soak: %d min, 9 s on the host; heap in use 1; Home\n" % minute, now)
    assert dog.where == "49 simulated minutes" and len(said) == 49
    assert not dog.stuck(49 * 200 + 300) and dog.stuck(49 * 200 + 301)  # then silence
    dog.heard(1, b"soak: 50 min on stdout\n", 10000)  # either stream
    assert not dog.stuck(10300) and dog.where == "50 simulated minutes"


def test_the_watchdog_reads_lines_that_come_in_pieces_and_only_progress_lines():
    said = []
    dog = watch.Watchdog(300, 0, said.append)
    dog.heard(2, b"soak: 1", 1000)  # a line cut by the pipe: not heard yet
    dog.heard(1, b"soak: 7 min on the other stream\n", 1000)
    assert not dog.stuck(1300) and said == ["soak: 7 min on the other stream"]
    dog.heard(2, b"2 min, 60 s on the host\nsoak: 750000 ms: Match crashed: MemoryError\n", 2000)
    assert said[-1] == "soak: 12 min, 60 s on the host" and dog.where == "12 simulated minutes"
    dog.heard(2, b"soak: 750100 ms: Match crashed\n@bench {}\n", 3000)  # not progress
    assert len(said) == 2 and dog.stuck(2301)


def test_a_silent_run_is_stopped_and_one_that_ends_is_read_whole():
    talks = "import sys\nfor m in range(1, 4):\n    print('soak: %d min' % m, file=sys.stderr)\nprint('@bench {}')"
    said = []
    code, out, err, stalled = watch.run_watched([sys.executable, "-c", talks], 60, said.append)
    assert (code, out, stalled) == (0, "@bench {}\n", None)
    assert said == ["soak: 1 min", "soak: 2 min", "soak: 3 min"] and err.count("soak:") == 3
    hangs = "import time\nprint('soak: 1 min', flush=True)\ntime.sleep(600)"
    code, out, err, stalled = watch.run_watched([sys.executable, "-c", hangs], 1)
    assert code == -9 and stalled == "1 simulated minutes" and out == "soak: 1 min\n"


def test_the_same_script_on_the_same_flash_gives_the_same_run(tmp_path):
    """Deterministic in simulated time: every frame (with the ms it appeared), the
    heap figures sampled as it ran, and what it wrote on the flash."""
    script = tmp_path / "soak.txt"
    soak_script.write_script(script, 3, MINUTES)
    first = tmp_path / "first"  # a flash that has played before: matches, history, ids
    start = ("--start", "2025-01-01T12:00:00")  # a fixed wall clock: the history's dates replay too
    simulator.run_ok("--script", script, "--flash", first, *start)
    runs = []
    for name in ("a", "b"):
        flash = tmp_path / name
        shutil.copytree(first, flash)
        screens = tmp_path / ("screens-" + name)
        app = session.SOAK_APP
        r = simulator.run_ok("--script", script, "--app", app, "--flash", flash, "--screens", screens, *start)
        runs.append((stats(r)[0], screens, flash))
    (line_a, screens_a, flash_a), (line_b, screens_b, flash_b) = runs
    assert line_a == line_b  # the heap figures, to the byte
    assert sorted(os.listdir(screens_a)) == sorted(os.listdir(screens_b))
    assert (screens_a / "screens.txt").read_text() == (screens_b / "screens.txt").read_text()
    for name in os.listdir(screens_a):
        assert (screens_a / name).read_bytes() == (screens_b / name).read_bytes(), name
    for folder, _, files in os.walk(flash_a):
        for name in files:
            path = os.path.join(folder, name)
            other = os.path.join(flash_b, os.path.relpath(path, flash_a))
            with open(path, "rb") as f, open(other, "rb") as g:
                assert f.read() == g.read(), os.path.relpath(path, flash_a)


def test_a_few_minutes_of_the_evening_on_a_w_board_with_four_phones(tmp_path):
    """The evening of `make soak`, short: the same mixed play on a W board with the live
    page's server and 4 phones following (bench/live_soak_app.py): no Error screen, no
    MemoryError, each phone's stream ended by the server and opened again (a stream
    lives live_server.STREAM_MS), the heap measured as it went."""
    from table.live import live_server

    script = tmp_path / "soak.txt"
    soak_script.write_script(script, 5, MINUTES)
    flash = tmp_path / "flash"
    app = session.LIVE_SOAK_APP
    r = simulator.run_ok(
        "--script", script, "--app", app, "--board", "sim_w", "--heap", session.LIVE_UNIX_HEAP, "--flash", flash
    )
    _, s = stats(r)
    assert s["crashes"] == 0, s["last_crash"]
    assert not (flash / "data" / "errors.txt").exists()
    assert "MemoryError" not in r.stderr
    assert s["free_probes"] > 0 and 0 < s["free_block_min"] <= s["free_block_end"]
    assert s["live_after_gc_max"] > 0
    assert s["streams_reopened"] >= 4 * (MINUTES * 60000 // live_server.STREAM_MS - 1)
    assert s["clients_bytes"] > 0
