"""`python -m host_tools sim` end to end, with the stand-in app tests/host/sim_demo_app.py."""

import json
import os
import subprocess

import simulator
from simulator import DEMO

from host_tools import MICROPYTHON, ROOT
from host_tools.sim import screen, sim
from host_tools.sim.simdevice import simoled, simscript


def run_sim(tmp_path, script_text, *extra, flash=None, app=DEMO):
    script = simulator.script_file(tmp_path, script_text)
    return simulator.run("--script", script, "--app", app, "--flash", flash or tmp_path / "flash", *extra, timeout=120)


def events(flash):
    return (flash / "data" / "events.txt").read_text().split("\n")


def rows_lit(frame, y0, y1):
    return sum(screen.pixel(frame, x, y) for x in range(128) for y in range(y0, y1))


def test_screens_saved_as_png_and_events(tmp_path):
    r = run_sim(
        tmp_path,
        "# taps\n100 up press\n300 p1 press\n300 p2 press\n600 back press\n",
        "--screens",
        str(tmp_path / "shots"),
        "--screenshot",
        str(tmp_path / "last.png"),
        "--events",
    )
    assert r.returncode == 0, r.stderr
    shots = sorted(n for n in os.listdir(tmp_path / "shots") if n.endswith(".png"))
    assert shots[0] == "screen-001.png" and len(shots) >= 3
    index = (tmp_path / "shots" / "screens.txt").read_text().splitlines()
    assert [line.split()[0] for line in index] == shots
    times = [int(line.split()[1]) for line in index]
    assert times == sorted(times) and times[-1] <= 1600
    frames = [screen.from_png(tmp_path / "shots" / n) for n in shots]
    assert all(a != b for a, b in zip(frames, frames[1:]))  # one file per change
    last = screen.from_png(tmp_path / "last.png")
    assert last == frames[-1] and rows_lit(last, 0, 8) > 20  # "boot 1" line
    ev = [ln.split(" ", 1) for ln in r.stdout.splitlines()]
    assert [e[1] for e in ev[:3]] == ["led 0 on", "tone 880", "tone off"]
    assert 180 <= int(ev[0][0]) <= 230 and 45 <= int(ev[2][0]) - int(ev[1][0]) <= 70
    lines = events(tmp_path / "flash")
    assert lines[0].endswith("up press") and lines[1].endswith("back press")


def test_same_script_same_screens(tmp_path):
    text = "100 p1 down\n150 p1 up\n200 down press\n"
    a = run_sim(tmp_path, text, "--screens", str(tmp_path / "a"), flash=tmp_path / "fa")
    b = run_sim(tmp_path, text, "--screens", str(tmp_path / "b"), flash=tmp_path / "fb")
    assert a.returncode == b.returncode == 0
    names = sorted(os.listdir(tmp_path / "a"))
    assert names == sorted(os.listdir(tmp_path / "b"))
    for n in names:
        assert (tmp_path / "a" / n).read_bytes() == (tmp_path / "b" / n).read_bytes()


def test_firmware_crash_exits_nonzero_with_traceback(tmp_path):
    r = run_sim(tmp_path, "100 ok down\n1000 ok up\n", "--screenshot", str(tmp_path / "s.png"))
    assert r.returncode != 0
    assert "Traceback" in r.stderr and "RuntimeError: demo crash on long ok" in r.stderr
    assert os.path.exists(tmp_path / "s.png")


def test_bad_script_exit_2_one_line(tmp_path):
    for text, words in (
        ("100 ok press\n50 up press\n", "line 2"),
        ("# c\n\n10 p9 press\n", "line 3"),
        ("10 ok hold\n", "line 1"),
        ("x ok press\n", "line 1"),
    ):
        r = run_sim(tmp_path, text)
        assert r.returncode == 2 and r.stdout == ""
        assert len(r.stderr.strip().splitlines()) == 1 and words in r.stderr, r.stderr


def test_board_without_button_rejects_script(tmp_path):
    r = run_sim(tmp_path, "10 p3 press\n", "--board", "pico_duo")
    assert r.returncode == 2 and "no button 'p3'" in r.stderr


def test_flash_persists_between_runs(tmp_path):
    flash = tmp_path / "flash"
    for _ in range(2):
        r = run_sim(tmp_path, "100 back press\n", flash=flash)
        assert r.returncode == 0, r.stderr
    assert (flash / "data" / "boots.txt").read_text() == "2"


def test_clock_wrap_does_not_break(tmp_path):
    # ticks_ms and ticks_us both wrap 500 ms after boot.
    start = (1 << 30) * 1000 - 500000
    r = run_sim(
        tmp_path, "450 ok press\n490 p1 press\n700 down press\n900 back press\n", "--clock-start-us", str(start)
    )
    assert r.returncode == 0, r.stderr
    lines = events(tmp_path / "flash")
    kinds = [ln.split(" ", 1)[1] for ln in lines[:3]]
    assert kinds == ["ok press", "down press", "back press"]
    assert 900 <= int(lines[2].split()[0]) <= 1100  # ms since boot, across the wrap
    assert 900000 <= int(lines[3].split()[1]) <= 1100000  # us since boot


def test_presses_at_one_instant_tie_at_zero(tmp_path):
    """Two player buttons pressed at the same ms of a script are in one GPIO snapshot
    (docs/formats.md): the real firmware's referee judges them a tie at 0 us (each
    pin's IRQ ran before the other's level changed, and the judge saw them 1 us apart);
    a press 1 ms later is 1000 us behind."""
    referee = [
        "600 down press",  # Corsica ref, its setup, Start, armed (bench/session_referee.txt)
        "760 down press",
        "920 ok press",
        "1580 ok press",
        "1740 up press",
        "1900 up press",
        "2060 ok press",
        "2220 up press",
        "2380 ok press",
        "3040 ok press",
        "3350 p1 press",
        "3350 p2 press",
        "3351 p3 press",
        "4250 ok press",  # the next pile
        "6000 back press",  # stop: the tallies, leave
        "6700 back press",
        "7400 ok press",
    ]
    script = simulator.script_file(tmp_path, "\n".join(referee) + "\n")
    simulator.run_ok("--script", script, "--flash", tmp_path / "flash")
    with open(tmp_path / "flash" / "data" / "history.jsonl") as f:
        slaps = [e for e in map(json.loads, f) if e["event"] == "slap"]
    assert len(slaps) == 1
    assert [(t["player"], t["margin_us"]) for t in slaps[0]["order"]] == [(0, 0), (1, 0), (2, 1000)]
    assert slaps[0]["tie"] == [0, 1]


def test_runs_end_after_the_last_event(tmp_path):
    r = run_sim(tmp_path, "# nothing pressed\n")
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "flash" / "data" / "events.txt").read_text()


def test_firmware_output_goes_to_stderr(tmp_path):
    app = tmp_path / "printer.py"
    app.write_text("import time\ndef main(board):\n    print('hello from', board.NAME)\n    time.sleep_ms(5)\n")
    r = run_sim(tmp_path, "", app=app, flash=tmp_path / "f")
    assert r.returncode == 0 and r.stdout == "" and "hello from sim" in r.stderr


def test_script_parser():
    assert simscript.parse(["10 OK Press # x", "", "10 p6 down"]) == [(10, "ok", "press"), (10, "p6", "down")]


def test_decode_keys():
    assert sim.decode_keys("12", 6) == ["p1 press", "p2 press"]
    assert sim.decode_keys("\x1b[A\x1b[Bx\r\x1b", 2) == ["up press", "down press", "ok press", "back press"]
    assert sim.decode_keys("W7", 6) == ["up press %d" % sim.LONG_HOLD_MS]
    # A long press is one "long" event (held 600 ms, hw.py LONG_MS), before the first
    # "repeat" (150 ms later): a step of 10, as on the device.
    assert 600 <= sim.LONG_HOLD_MS < 750
    assert sim.decode_keys("1q", 6) is None


def test_half_blocks_and_png_round_trip(tmp_path):
    frame = bytearray(1024)
    frame[0] = 0b11  # (0,0) and (0,1)
    frame[1] = 0b10  # (1,1)
    frame[1023] = 0x80  # (127,63)
    text = screen.half_blocks(frame)
    assert len(text) == 32 and all(len(ln) == 128 for ln in text)
    assert text[0][:3] == "\u2588\u2584 " and text[31][127] == "\u2584"
    assert len(screen.quadrants(frame)[0]) == 64
    screen.to_png(frame, tmp_path / "f.png")
    assert screen.from_png(tmp_path / "f.png") == bytes(frame)


def test_panel_model_horizontal_mode_and_dark_without_charge_pump():
    p = simoled.Panel()
    p.write(bytes([0x00, 0xAF, 0xA1, 0xC8, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3]))
    p.write(bytes([0x40, 1, 2, 3, 4]))  # cols 10-11 of page 2, then of page 3
    assert bytes(p.visible()) == bytes(1024)  # charge pump still off: dark
    p.write(bytes([0x80, 0x8D, 0x80, 0x14]))  # Co=1 command pairs
    v = p.visible()
    assert (v[2 * 128 + 10], v[2 * 128 + 11], v[3 * 128 + 10], v[3 * 128 + 11]) == (1, 2, 3, 4)
    p.write(bytes([0x00, 0xA0]))  # segment remap off: mirrored
    assert p.visible()[2 * 128 + 117] == 1


def test_interactive_in_a_terminal(tmp_path):
    term = simulator.Terminal(["--app", DEMO, "--flash", tmp_path / "flash"], 140, 40)
    term.read_until(lambda: "\u2588" in term.screen())
    assert "\u2588".encode() in term.out and b"keys:" in term.out  # the screen in half blocks
    assert "keys:" in term.screen()
    term.type(b"o")
    term.type(b"12")
    term.type(b"q")
    assert term.end() == 0
    assert term.out.rstrip().endswith(b"\x1b[?1049l")  # terminal restored
    assert (tmp_path / "flash" / "data" / "boots.txt").read_text() == "1"
    assert events(tmp_path / "flash")[0].endswith("ok press")


def test_interactive_in_an_80x24_terminal(tmp_path):
    term = simulator.Terminal(["--app", DEMO, "--flash", tmp_path / "flash"], 80, 24)
    term.read_until(lambda: any("\u2801" <= ch <= "\u28ff" for ch in term.screen()))
    term.type(b"q")
    term.end()
    text = term.out.decode("utf-8", "replace")
    assert any("\u2801" <= ch <= "\u28ff" for ch in text)  # the screen in braille dots
    assert "q quit" in text and "needs at least" not in text
    assert "q quit" in term.screen()


def test_hw_on_the_fake_machine():
    # Device-side checks of hw.py (bounce into the IRQ ring, an allocation-free
    # handler, nav press/long/repeat, ticks wrap) in a MicroPython process of their own.
    # Their 19 checks build a Hardware (and an App) each in one process, with the
    # firmware compiled from source on the heap: 256 KB, a Pico's heap and the
    # compiler's room. The firmware's heap is the whole-app tests' and the bench's.
    r = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=256k", os.path.join(ROOT, "tests", "host", "sim_hw_checks.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0 and ", 0 failed" in r.stdout, r.stdout + r.stderr
    assert int(r.stdout.split("micropython: ")[1].split()[0]) >= 10


def test_firmware_runs_from_the_flash_root_as_deployed_or_frozen(tmp_path):
    app = tmp_path / "which_app.py"
    app.write_text("def main(board):\n    from table.device import canvas\n    print('LOADED', canvas.__file__)\n")

    def loaded(*extra, flash="f"):
        r = run_sim(tmp_path, "100 ok press\n", *extra, app=app, flash=tmp_path / flash)
        assert r.returncode == 0, r.stderr
        return [ln for ln in r.stderr.splitlines() if "LOADED" in ln][0]

    assert loaded() == "LOADED table/device/canvas.mpy"  # deployed onto the flash, in its package folder
    assert loaded("--source") == "LOADED table/device/canvas.py"  # the sources deployed instead
    assert not (tmp_path / "f" / "table" / "device" / "canvas.mpy").exists()  # deploy removed what it no longer ships
    assert loaded("--frozen") == "LOADED table/device/canvas.py"  # the flash's code comes first, as on a Pico
    # nothing deployed: the frozen module, named as rp2 names one (its source's path)
    assert loaded("--frozen", flash="g") == "LOADED table/device/canvas.py"
    assert not (tmp_path / "g" / "table").exists()


def test_the_screen_fits_the_terminal():
    screens = sim.Screens()
    board = {"LED_PINS": (6, 7)}
    logs = ["a log line from the device %d" % i for i in range(10)]
    for cols, rows in ((80, 24), (132, 40), (66, 21), (200, 60)):
        lines = sim.render(screens, board, logs, (cols, rows))
        assert len(lines) <= rows and all(len(ln) <= cols for ln in lines), (cols, rows)
        assert any("q quit" in ln for ln in lines), (cols, rows)  # the keys are shown
    lines = sim.render(screens, board, logs, (80, 24))
    assert len(lines[1]) == 66  # quadrants: 64 columns and the frame
    assert len(sim.render(screens, board, logs, (132, 40))[1]) == 130  # half blocks
    small = sim.render(screens, board, logs, (60, 15))
    assert small == ["sim: the terminal is 60x15; the screen needs at least 66x21"]


def test_braille_keeps_every_pixel():
    frame = bytearray(1024)
    for x, y in ((0, 0), (1, 3), (127, 63), (64, 33)):
        frame[(y // 8) * 128 + x] |= 1 << (y % 8)
    art = screen.braille(frame)
    assert len(art) == 16 and all(len(row) == 64 for row in art)
    dots = {
        (x, y)
        for y in range(64)
        for x in range(128)
        if (ord(art[y // 4][x // 2]) - 0x2800) & screen.BRAILLE_BITS[y % 4][x % 2]
    }
    assert dots == {(0, 0), (1, 3), (127, 63), (64, 33)}
