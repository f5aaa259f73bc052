"""The benchmark's own checks. `make test` runs the smoke test (each scripted session
drives the firmware to its end without an error; the long session's is
tests/host/test_soak.py); `make bench` also runs the `bench`-marked test: `python -m
host_tools bench --quick` writes every figure in results.json but the long session's,
which `--only heap_largest_free_block` (`make soak`) adds (no timing assertions)."""

import json
import os
import subprocess

import host_cli
import pytest
import simulator

from host_tools import ROOT
from host_tools.bench import session as bench
from host_tools.sim import sim

FIGURES = (
    "igo_round_us",
    "corsari_ender_choice_us",
    "corsica_game_us",
    "judge_edges_per_s",
    "firmware_heap_peak_bytes",
    "display_bytes_per_update",
    "tap_fairness",
    "live_server",
    "deploy_s",
    "igo_heap_peak_bytes",
    "screen_open_ms",
    "name_presses",
    "live_soak",
)
SESSIONS = ("igo", "corsari", "referee")


def test_every_session_plays_its_game_without_an_error(tmp_path):
    for name in SESSIONS:
        flash = tmp_path / name
        script = os.path.join(ROOT, "bench", "session_%s.txt" % name)
        r = simulator.run_ok("--script", script, "--app", bench.SESSION_APP, "--flash", flash, timeout=600)
        stats = [json.loads(line[len("@bench ") :]) for line in r.stderr.splitlines() if line.startswith("@bench ")]
        assert stats and stats[0]["errors"] == 0 and stats[0]["heap_peak"] > 0, name
        assert_by_screen(stats[0]["heap_by_screen"], stats[0]["heap_peak"], [stats[0]["heap_peak_screen"]])
        assert not (flash / "data" / "errors.txt").exists(), name
        with open(flash / "data" / "history.jsonl") as f:
            events = [json.loads(line)["event"] for line in f]
        if name == "referee":  # every slap judged (a re-slap is a line of its own)
            assert events.count("slap") >= bench.REFEREE_SLAPS, name
        else:  # the whole match, to its end
            assert events[-1] == "game_over" and events.count("round") >= 5, name


def test_the_romfs_session_runs_the_firmware_from_the_image(tmp_path):
    image = bench.romfs_image(sim.compiled_firmware(), str(tmp_path))
    rom = bench.run_session_romfs("referee", str(tmp_path), image)
    assert rom["problem"] is None, rom["problem"]
    ram = bench.run_session("referee", str(tmp_path))  # the bytecode in the heap: more
    assert ram["problem"] is None and 0 < rom["heap_peak"] < ram["heap_peak"]


def assert_by_screen(by_screen, peak, peak_screens):
    """The per-screen heap figures: the home screen and the peak's screens among them,
    none empty, and the largest is the peak."""
    assert "Home" in by_screen and all(s in by_screen for s in peak_screens), sorted(by_screen)
    assert all(v > 0 for v in by_screen.values()), by_screen
    assert max(by_screen.values()) == peak, (by_screen, peak)


@pytest.mark.bench
def test_quick_bench_writes_every_key(tmp_path):
    out = tmp_path / "results.json"
    r = host_cli.run("bench", "--quick", "--out", out, "--keep", tmp_path / "work", timeout=600)
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    res = json.loads(text)
    assert text == json.dumps(res, sort_keys=True, indent=2) + "\n"  # sorted keys
    for key in ("date", "machine") + FIGURES:
        assert key in res, key
    assert "heap_largest_free_block" not in res  # the long session is make soak's
    assert "`heap_largest_free_block` | | not measured here: `make soak` measures it |" in r.stdout
    for key in ("platform", "cpu_count", "python", "micropython"):
        assert res["machine"][key], key
    for name in FIGURES[:4]:
        assert res[name]["cpython"] > 0 and res[name]["micropython"] > 0, name
    for name in FIGURES:
        assert "target" in res[name] and "pass" in res[name], name
    d = res["display_bytes_per_update"]
    assert d["updates"] > 0 and 0 < d["median"] <= d["max"]
    h = res["firmware_heap_peak_bytes"]
    assert h["unix64"]["value"] > 0 and h["target"] == "<= 40960"
    assert all(h["unix64"]["per_session"][n] > 0 for n in SESSIONS)
    assert_by_screen(h["unix64"]["by_screen"], h["unix64"]["value"], h["unix64"]["peak_screen"].values())
    rom = h["unix64"]["bytecode_in_flash"]  # the bytecode runs in place: less heap
    assert all(0 < rom["per_session"][n] < h["unix64"]["per_session"][n] for n in SESSIONS)
    assert "32-bit" in h["runtime"]
    if bench.mp32_node():  # the 32-bit runner is installed (make mp32)
        assert h["value"] > 0 and h["simulator_base_bytes"] > 0
        for n in SESSIONS:
            assert h["per_session"][n] > 0 and h["peak_screen"][n], n
            assert h["high_water_bound_bytes"][n] >= h["per_session"][n], n
            assert 0 < h["module_code_bytes"][n] < h["per_session"][n], n
        assert h["high_water_bound_bytes"]["value"] >= h["value"]
        assert_by_screen(h["by_screen"], h["value"], h["peak_screen"].values())
    else:
        assert h["value"] is None and h["by_screen"] is None and not h["pass"]
        assert bench.MP32_MISSING in h["problems"]
        assert bench.MP32_MISSING in r.stdout
    t = res["tap_fairness"]
    assert t["pairs"] > 0 and 0 <= t["share"] <= 1
    lv = res["live_server"]  # a W board's page and streams, against the same session without
    assert lv["with_server"]["unix64_heap_peak"] > lv["without"]["unix64_heap_peak"] > 0
    for fig in (lv["with_server"], lv["without"]):  # the code in flash: less on the heap
        assert 0 < fig["unix64_romfs_heap_peak"] < fig["unix64_heap_peak"]
    assert lv["referee"] == {"slaps": bench.REFEREE_SLAPS, "ties": lv["referee"]["ties"], "judged_alike": True}
    if bench.mp32_node():
        assert lv["with_server"]["heap_peak"] > lv["without"]["heap_peak"] > 0
        assert lv["with_server"]["page_bytes"] > 0 and lv["with_server"]["clients_bytes"] > 0
        assert 0 < lv["code_in_flash_estimate"] < lv["value"]
        chip = lv["pico_w_estimate"]  # the runner's peak scaled by the emulated chip's ratio
        assert chip["peak"] > lv["value"] and chip["free"] == bench.PICO_W_HEAP - chip["peak"]
    so = res["screen_open_ms"]  # every screen opened, its first frame after the press
    assert not so["problems"] and all(s["ms"] > 0 for s in so["screens"].values())
    assert so["value"] == max(s["ms"] for s in so["screens"].values())
    assert so["screens"]["referee"]["screen"] == "Referee" and so["screens"]["referee"]["load_bytes"] > 0
    ls = res["live_soak"]  # the evening on a W board, short with --quick
    assert ls["minutes"] == bench.LIVE_SOAK_QUICK_MINUTES and ls["problems"] == []
    assert ls["unix64"]["crashes"] == 0 and 0 < ls["unix64"]["free_block_min"] <= ls["unix64"]["free_block_end"]
    assert ls["unix64"]["heap_in_use_max"] > 0 and ls["unix64"]["streams_reopened"] > 0
    d = res["deploy_s"]
    assert d["full_s"] > 0 and d["noop_s"] > 0 and d["full_copied"] > 30
    assert d["baseline"]["full_s"] > 0 and d["baseline"]["noop_s"] > 0
    np = res["name_presses"]  # played in the simulator to a started match
    assert np["problems"] == [] and np["pass"], np
    assert np["after"]["Ann"] <= 12 < np["before"]["Ann"] and np["after"]["table"] <= 40 < np["before"]["table"]
    assert "problem" not in np["list"] and np["list"]["presses"] > 100 and np["list"]["flash_bytes"] > 0, np["list"]
    for name in FIGURES:
        assert "`%s`" % name in r.stdout  # the Markdown table

    # make soak's figure, short with --quick, added to the same file; the others kept
    r = host_cli.run("bench", "--quick", "--only", "heap_largest_free_block", "--out", out, timeout=600)
    assert r.returncode == 0, r.stderr
    soaked = json.loads(out.read_text())
    assert {k: v for k, v in soaked.items() if k != "heap_largest_free_block"} == res
    fb = soaked["heap_largest_free_block"]
    assert fb["minutes"] == bench.SOAK_QUICK_MINUTES and fb["floor_bytes"] == bench.FREE_BLOCK_FLOOR
    assert 0 < fb["unix64"]["min"] <= fb["unix64"]["end"] and fb["unix64"]["crashes"] == 0
    assert fb["unix64"]["probes"] > 0 and fb["unix64"]["live_after_gc_max"] > 0
    if bench.mp32_node():
        assert 0 < fb["mp32"]["min"] <= fb["mp32"]["end"] and fb["mp32"]["crashes"] == 0
    else:
        assert fb["mp32"]["min"] is None and not fb["pass"]
    said = [line for line in r.stderr.splitlines() if line.startswith("bench: heap_largest_free_block ")]
    assert any(" unix64 soak: 1 min" in line for line in said), r.stderr[-2000:]  # its progress, as it came


@pytest.mark.soak  # minutes: make soak runs it
def test_long_random_deck_games_never_crash():
    # tests/test_corsica_fuzz.py's games (#28), many more of them: here on CPython, then
    # on the MicroPython unix port with the firmware compiled as on a Pico (192 KB heap).

    import run_micropython  # (tests/ is on the path: tests/conftest.py)
    import test_corsica_fuzz as fuzz

    from host_tools import MICROPYTHON

    kinds = fuzz.play(1000, 600, 500)
    assert kinds["results"] > 6000 and all(kinds.get(k) for k in fuzz.KINDS), kinds
    run_micropython.compile_firmware()
    code = (
        "import sys\n"
        "sys.path[:0] = %r\n"
        "import test_corsica_fuzz as fuzz\n"
        "print('results', fuzz.play(5000, 200, 500)['results'])\n"
    ) % [run_micropython.MPY_DIR, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests")]
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=192k", "-c", code], capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert int(r.stdout.split("results ")[1]) > 2000, r.stdout


QSTR_PROBE = '''
import gc

import session_app


def start(board):
    first = [session_app.start(board)]  # the measured start: its first pass makes room
    keep = [None] * session_app.QSTR_ROOM  # the names stay live: no collection frees them

    def probe():
        if first:
            first.pop()()  # the pass before the heap base is taken
            return True
        largest = 0
        for i in range(len(keep)):
            keep[i] = name = "fw%d" % i
            before = gc.mem_alloc()
            hasattr(probe, name)  # interns the name, as a module's load does
            largest = max(largest, gc.mem_alloc() - before)
        print("@largest %d" % largest)
        return False

    return probe
'''


def test_the_firmware_s_names_grow_no_qstr_pool_on_the_32_bit_runner(tmp_path):
    """session_app.start makes room in MicroPython's qstr pools before the heap base
    (simcore.qstr_room): QSTR_ROOM new names then cost their text only, with no pool
    allocated for them, whatever the simulator's own modules interned (the simulator's
    names once put a 9 KB pool on the I Go figure at the hand calculator's load)."""
    node = bench.mp32_node()
    if node is None:
        pytest.skip("the 32-bit runner is not installed (make mp32)")
    apps = tmp_path / "apps"
    apps.mkdir()
    (apps / "session_app.py").write_text(open(os.path.join(ROOT, "bench", "session_app.py")).read())
    (apps / "qstr_probe.py").write_text(QSTR_PROBE)
    script = tmp_path / "script.txt"
    script.write_text("100 ok press\n")
    flash = tmp_path / "flash"
    sim.fresh_flash(str(flash), bench.CHIP_ID)
    cmd = [node, bench.MP32_RUN, "--flash", str(flash), "--app", str(apps / "qstr_probe.py")]
    cmd += ["--firmware", sim.compiled_firmware(), "--script", str(script)]

    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    largest = [int(line.split()[1]) for line in out.stdout.splitlines() if line.startswith("@largest ")]
    assert largest, out.stderr[-500:]
    assert largest[0] < 1024  # a name's text; a pool for these names would be over 6 KB


LOUD_APP = '''
def start(board):
    def one_pass():
        for i in range(4000):
            print("line %d %s" % (i, "x" * 60))
        print("@end")
        return False

    return one_pass
'''


def test_the_32_bit_runner_s_output_all_comes_out_however_slowly_it_is_read(tmp_path):
    """A run never returns to node's event loop: what a stream write could not put in a
    full pipe waited to the end, unheard by a long run's watchdog, and process.exit
    dropped it. Here 280 KB go through a 4 KB pipe read only once it is full: every
    line arrives, the last too."""
    import array
    import fcntl
    import termios
    import time

    node = bench.mp32_node()
    if node is None:
        pytest.skip("the 32-bit runner is not installed (make mp32)")
    app = tmp_path / "loud_app.py"
    app.write_text(LOUD_APP)
    flash = tmp_path / "flash"
    sim.fresh_flash(str(flash), bench.CHIP_ID)
    read_end, write_end = os.pipe()
    size = fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    proc = subprocess.Popen(
        [node, bench.MP32_RUN, "--flash", str(flash), "--app", str(app), "--firmware", sim.compiled_firmware()],
        cwd=ROOT,
        stdout=write_end,
    )
    os.close(write_end)
    waiting = array.array("i", [0])
    while proc.poll() is None and waiting[0] < size:  # the pipe fills: the runner must wait
        time.sleep(0.05)
        fcntl.ioctl(read_end, termios.FIONREAD, waiting)
    with os.fdopen(read_end, "rb") as f:
        lines = f.read().decode().splitlines()
    assert proc.wait(timeout=300) == 0
    assert lines[-1] == "@end" and lines[-2].startswith("line 3999 "), lines[-3:]
    assert len([line for line in lines if line.startswith("line ")]) == 4000


FILE_PROBE = '''
def start(board):
    from table import app

    def one_pass():
        print('@bench {"file": "%s"}' % app.__file__)
        return False

    return one_pass
'''


def test_the_32_bit_session_runs_the_firmware_deployed_on_the_flash(tmp_path, monkeypatch):
    """The I Go peak's runs (session.run_session_mp32) import the firmware from the
    flash, each module's file named from its root as on the chip whose figures
    calibrate the target, not from a host folder under a frozen build's renaming
    (simfrozen's strings, longer with a package's path, were counted as the
    firmware's heap)."""
    node = bench.mp32_node()
    if node is None:
        pytest.skip("the 32-bit runner is not installed (make mp32)")
    app = tmp_path / "file_probe.py"
    app.write_text(FILE_PROBE)
    script = tmp_path / "script.txt"
    script.write_text("100 ok press\n")
    monkeypatch.setattr(bench, "SESSION_APP", str(app))  # the bench's own call, this probe run
    monkeypatch.setattr(bench, "_script", lambda name: str(script))
    stats = bench.run_session_mp32(node, "igo", str(tmp_path))
    assert stats.get("file") == "table/app.mpy", stats


LOADER_CHECK = """
import builtins, gc, sys
sys.path[:0] = ["host_tools/sim/simdevice", "FIRMWARE"]
import simload


class World:
    slept = True

    def __init__(self):
        self.now = 0  # an instance's: the loader moves it on

    def own(self, before):
        pass

    def report(self):
        pass

    def dispatch(self, target):
        pass


def kept(loads):
    # The heap a loader holds after charging `loads` imports: what freeing it frees.
    loader = simload.Loader(World(), builtins.__import__, "FIRMWARE")
    for name in ("ticks", "rng", "names")[:loads]:
        loader(name, {"__name__": "table.rules.judge"}, None, None, 1)  # as `from . import`
        del sys.modules["table.rules." + name]
        delattr(sys.modules["table.rules"], name)
    gc.collect()
    before = gc.mem_alloc()
    del loader
    gc.collect()
    return before - gc.mem_alloc(), loads


print(kept(0)[0], kept(3)[0])
"""


def test_the_simulator_s_import_hook_keeps_nothing_on_the_heap():
    """simload charges each load of a module from a file; what it computes for that
    (a relative import's whole name, its file's size) is garbage, not kept by the
    loader: the bench counts the live heap as the firmware's (a cache of sizes by name
    once kept 480 bytes there in an I Go session)."""
    firmware = sim.compiled_firmware()
    code = LOADER_CHECK.replace("FIRMWARE", firmware)
    out = subprocess.run([sim.MICROPYTHON, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-500:]
    idle, after_loads = map(int, out.stdout.split())
    assert after_loads == idle, out.stdout
