"""End to end: the real firmware (app.main) in the simulator, driven by scripts."""

import json
import os
import subprocess

import simulator

from host_tools.bench.flash_room import used_blocks  # the simulated flash's blocks in use (simflash.py's count)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
CHIP_FILE = ".sim_chip"  # host_tools/sim/simdevice/simchip.py FILE


class Script:
    """Builds a simulator script (docs/formats.md): presses and holds, 200 ms apart."""

    def __init__(self, start_ms=500):
        self.t = start_ms
        self.lines = []

    def press(self, button, times=1):
        for _ in range(times):
            self.lines.append("%d %s press" % (self.t, button))
            self.t += 200
        return self

    def hold(self, button, ms=700):
        self.lines.append("%d %s down" % (self.t, button))
        self.t += ms
        self.lines.append("%d %s up" % (self.t, button))
        self.t += 200
        return self

    def round(self, ender, penalties):
        """Menu, enter round, the ender, penalties from the ender on (each below 20)."""
        self.press("ok").press("ok").press("down", ender).press("ok")
        n = len(penalties)
        for k in range(n):
            p = penalties[(ender + k) % n]
            if p >= 10:
                self.hold("up")
            self.press("up", p % 10).press("ok")
        return self.press("ok")  # review: save

    def write(self, path):
        with open(path, "w") as f:
            f.write("\n".join(self.lines) + "\n")
        return path


def sim(tmp_path, script, flash, *extra):
    path = script.write(str(tmp_path / ("script-%d.txt" % len(os.listdir(tmp_path)))))
    shot = str(tmp_path / "last.png")
    return simulator.run_ok("--script", path, "--flash", flash, "--screenshot", shot, *extra)


def saved_match(flash):
    """The most recently saved match (matches/index.json lists it first)."""
    index = json.loads((flash / "data" / "matches" / "index.json").read_text())
    return json.loads((flash / "data" / "matches" / (index["matches"][0]["id"] + ".json")).read_text())


def history(flash):
    with open(flash / "data" / "history.jsonl") as f:
        return [json.loads(line) for line in f if line.strip()]


def test_i_go_game_by_buttons_then_a_reboot_resumes_it(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "config.json").write_text('{"names": ["Ann", "Bob", "Cy"]}')
    s = Script()
    s.press("ok")  # I Go
    s.press("ok").press("down").press("ok")  # players 4 -> 3
    # A fresh device seats P1..P3: config.json's names wait in each seat's picker
    # (New name, Edit P1, then the names; the cursor goes on to the next seat).
    s.press("down", 3).press("ok").press("down", 2).press("ok")  # seat 1: Ann
    s.press("ok").press("down", 3).press("ok")  # seat 2: Bob (Ann (seat 1) above it)
    s.press("ok").press("down", 4).press("ok")  # seat 3: Cy
    s.press("ok")  # Start (the cursor is on it): a new table draws who starts
    s.press("ok")  # the draw's notice read
    s.round(0, [5, 10, 12])
    s.round(0, [5, 10, 12])
    sim(tmp_path, s, flash)
    match = saved_match(flash)
    assert match["names"] == ["Ann", "Bob", "Cy"]
    assert len(match["actions"]) == 2
    lines = history(flash)
    assert lines[0]["event"] == "start" and lines[0]["players"] == ["Ann", "Bob", "Cy"] and lines[0]["drawn"]
    assert [h["totals"] for h in lines[1:]] == [[1, 0, 0], [2, 0, 0]]

    # power cut; the next boot resumes the match from the home screen
    s = Script()
    s.press("ok").press("ok").press("ok")  # Continue, the match, Resume
    s.round(0, [5, 10, 12])
    s.round(0, [5, 10, 12])
    sim(tmp_path, s, flash)
    lines = history(flash)
    assert [h["event"] for h in lines] == ["start"] + ["round"] * 4 + ["game_over"]
    assert [h["boot"] for h in lines] == [1, 1, 1, 2, 2, 2]
    assert lines[-1]["winners"] == [0] and lines[-1]["totals"] == [4, 0, 0]
    assert [h["seq"] for h in lines] == [1, 2, 3, 4, 5, 6]
    assert len(set(h["game"] for h in lines)) == 1
    assert json.loads((flash / "data" / "boot.json").read_text())["boot"] == 2
    assert len(set((h["device"], h["history"]) for h in lines)) == 1
    assert not (flash / "data" / "errors.txt").exists()


def test_corrupt_state_is_reported_and_the_device_starts_clean(tmp_path):
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    (flash / "data" / "state.json").write_text('{"v": 1, "match": ')
    s = Script()
    s.press("ok")  # dismiss the notice
    s.press("ok")  # I Go (no Continue entry)
    s.press("up").press("ok")  # Start, 4 players
    s.press("ok")  # the notice: the device drew who starts (a new table)
    s.round(0, [1, 2, 3, 4])
    sim(tmp_path, s, flash)
    assert (flash / "data" / "state.json.bad").read_text() == '{"v": 1, "match": '
    match = saved_match(flash)
    assert match["rules"] == "igo" and len(match["actions"]) == 1


def test_main_py_reports_a_boot_failure_and_returns(tmp_path):
    """main.py: an app that cannot start is logged (no display here) and main.py
    returns instead of raising, so the REPL stays usable; SystemExit passes."""
    from host_tools.ship import boards

    boards.write_flat(os.path.join(ROOT, "boards"), "sim", str(tmp_path))
    os.rename(tmp_path / "sim.py", tmp_path / "board.py")  # a good board: the app fails
    driver = tmp_path / "driver.py"
    driver.write_text(
        "import sys\n"
        "sys.path.insert(0, %r)\n"
        "class App:\n"
        "    def unload(self, name):\n"
        "        pass\n"
        "    def main(self):\n"
        "        raise OSError(5)\n"
        "sys.modules['table.app'] = App()\n"
        "import os\n"
        "os.mkdir('data')\n"
        "import main\n"
        "print('returned')\n" % os.path.join(ROOT, "firmware")
    )
    r = subprocess.run([MICROPYTHON, str(driver)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "returned" in r.stdout
    assert "OSError" in (tmp_path / "data" / "errors.txt").read_text()


def test_a_full_flash_loses_nothing_that_was_saved(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    simulator.install(flash)  # the code shares the flash, as on a Pico
    blocks = used_blocks(flash) + 24  # 24 blocks for the data
    size = ["--flash-size", "%dk" % (4 * blocks)]
    s = Script()
    s.press("ok").press("up").press("ok")  # I Go, 4 players, Start
    s.press("ok")  # the notice: the device drew who starts (a new table)
    s.round(0, [1, 2, 3, 4])
    sim(tmp_path, s, flash, *size)
    index = json.loads((flash / "data" / "matches" / "index.json").read_text())
    saved = flash / "data" / "matches" / (index["matches"][0]["id"] + ".json")
    state = saved.read_text()
    # The user's own file takes what is left: the next save cannot find a block.
    (flash / "photo.bin").write_bytes(b"x" * 4096 * (blocks - used_blocks(flash) - 1) + b"x")
    s = Script()
    s.press("ok")  # the boot counter could not be saved: that notice first
    s.press("ok").press("ok").press("ok")  # Continue, the match, Resume
    s.round(1, [5, 1, 7, 8])
    path = s.write(str(tmp_path / "full.txt"))
    r = simulator.run("--script", path, "--flash", flash, *size)
    assert r.returncode == 1  # the device could not save what it was asked to
    assert "sim: the flash was full: " in r.stderr and " writes refused (--flash-size %s)" % size[1] in r.stderr
    assert "Traceback" not in r.stderr and not (flash / "data" / "errors.txt").exists()
    assert saved.read_text() == state  # the saved match, whole
    assert not [p.name for p in flash.rglob("*.tmp")]
    seqs = [h["seq"] for h in history(flash)]
    assert seqs == sorted(set(seqs)) and seqs[0] == 1
    (flash / "photo.bin").unlink()  # room again: the next session saves
    s = Script()
    s.press("ok").press("ok").press("ok")
    s.round(2, [5, 1, 7, 8])
    sim(tmp_path, s, flash, *size)
    match = saved_match(flash)
    assert len(match["actions"]) == 2


def test_a_flash_the_code_nearly_fills_boots_with_the_devices_notice(tmp_path):
    # Room for the code and one block: the simulator's own chip id is no file on the
    # flash (a Pico's is in the chip), so the device boots and says what it could not save.
    flash = tmp_path / "flash"
    flash.mkdir()
    simulator.install(flash)
    size = "%dk" % (4 * (used_blocks(flash) + 1))
    script = Script().press("ok").press("ok").write(str(tmp_path / "s.txt"))  # the notice, then I Go
    r = simulator.run("--script", script, "--flash", flash, "--flash-size", size, "--screens", tmp_path / "shots")
    assert "Traceback" not in r.stderr and "OSError" not in r.stderr, r.stderr
    assert r.returncode == 1 and "sim: the flash was full: " in r.stderr, r.stderr
    assert len((tmp_path / "shots" / "screens.txt").read_text().splitlines()) >= 3  # it ran on
    assert json.loads((flash / CHIP_FILE).read_text())["boots"] == 1


def test_a_name_typed_with_the_buttons_is_kept_in_the_roster_across_a_reboot(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    s = Script()
    s.press("ok")  # I Go
    s.press("down", 3).press("ok")  # seat 1: its picker
    s.press("ok")  # New name: the likeliest first letter shown, M
    s.press("down").hold("down").hold("down").press("ok")  # J, then two held downs: Z, kept
    s.press("up").press("ok")  # a shown, up: o, kept; Zoltan shown
    s.press("up").hold("up").press("ok")  # Zoë, whole: done, the setup on seat 2
    s.press("down", 3).press("ok")  # Start
    s.press("ok")  # a fresh device draws who starts: its notice seen
    s.round(0, [5, 10, 12, 20])
    shots = tmp_path / "shots"
    sim(tmp_path, s, flash, "--screens", str(shots))
    roster = json.loads((flash / "data" / "players.json").read_text(encoding="utf-8"))
    assert roster == {"last": ["Zoë", "P2", "P3", "P4"], "names": ["Zoë", "P2", "P3", "P4"], "v": 1}
    start = history(flash)[0]
    assert start["event"] == "start" and start["players"] == ["Zoë", "P2", "P3", "P4"]
    assert len(os.listdir(shots)) > 20  # every screen drawn (none crashed)
    assert not (flash / "data" / "errors.txt").exists()

    # after a reboot the next setup seats the same group, Zoë first
    s = Script()
    s.press("down").press("ok")  # I Go (under Continue)
    s.press("up").press("ok")  # Start
    sim(tmp_path, s, flash)
    lines = history(flash)
    assert [h["players"] for h in lines if h["event"] == "start"] == [["Zoë", "P2", "P3", "P4"]] * 2
    index = json.loads((flash / "data" / "matches" / "index.json").read_text(encoding="utf-8"))
    assert [m["rounds"] for m in index["matches"]] == [0, 1]  # the newest first


def test_a_w_boards_flash_holds_what_a_pico_ws_does(tmp_path):
    """`--board pico_w` has a Pico W's littlefs (848 KB, MicroPython's RPI_PICO_W), not
    a Pico's: a history of 400 KB beside the firmware fills it, where a Pico has room."""
    from host_tools.bench import history_pull

    flash = tmp_path / "flash"
    device, history_id = history_pull.first_boot(str(flash), "pico_w")
    history_pull.add_lines(str(flash), 2000, device, history_id)  # about 400 KB
    assert used_blocks(str(flash)) > 212  # more than a Pico W's 212 blocks
    s = Script()
    s.press("ok").press("up").press("ok").press("ok")  # I Go, 4 players, Start, who starts
    s.round(0, [1, 2, 3, 4])
    path = s.write(str(tmp_path / "w.txt"))
    r = simulator.run("--board", "pico_w", "--script", path, "--flash", flash)
    assert r.returncode == 1 and "writes refused (--flash-size 848k)" in r.stderr
    assert "Traceback" not in r.stderr
    simulator.run_ok("--board", "pico", "--script", path, "--flash", flash)  # 1408k: room
