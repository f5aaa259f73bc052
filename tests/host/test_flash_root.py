"""The simulator runs the firmware as a Pico does: code and data in one flash root,
laid out by deploy's own code, with rp2's import path. The firmware's modules are in
one package folder there (table/), so a folder the firmware writes at the root meets
no module's name."""

import json
import os
import shutil
import subprocess

import simulator

from host_tools import ROOT
from host_tools.sim import sim

SESSION = os.path.join(ROOT, "bench", "session_igo.txt")  # a whole I Go match, rounds saved


def run_device(flash, project=ROOT, script=SESSION):
    args = sim.parse_args(["--flash", str(flash), "--script", script])
    cmd = sim.device_command(args, script, project=project)
    return subprocess.run(cmd, cwd=str(flash), capture_output=True, text=True, timeout=300)


def test_code_and_data_share_the_flash_root_and_a_match_is_saved(tmp_path):
    simulator.run_ok("--flash", tmp_path, "--script", SESSION)
    names = set(os.listdir(tmp_path))
    assert names == {"main.py", "board.mpy", "table", ".deploy.json", ".sim_chip", "data"}, names
    assert (tmp_path / "table" / "storage" / "matches.mpy").is_file()
    index = json.loads((tmp_path / "data" / "matches" / "index.json").read_text())
    assert index["matches"] and index["matches"][0]["rounds"] >= 1
    assert not (tmp_path / "data" / "errors.txt").exists()
    record = json.loads((tmp_path / ".deploy.json").read_text())
    assert record["board"] == "sim" and record["files"]["table/storage/matches.mpy"]


def test_the_layout_of_before_data_no_longer_meets_a_module(tmp_path):
    # With the modules flat at the root (firmware 1.0), the old paths (matches/ at the
    # root) made a folder that `import matches` found before matches.mpy: the chip
    # crashed at the next save. Today's firmware with those paths: the folder meets no
    # module (matches is table.storage.matches) and the match is saved there.
    old = tmp_path / "old"
    shutil.copytree(os.path.join(ROOT, "firmware"), old / "firmware")
    shutil.copytree(os.path.join(ROOT, "boards"), old / "boards")
    paths_py = old / "firmware" / "table" / "storage" / "paths.py"
    text = paths_py.read_text()
    for new, before in (('"data/matches"', '"matches"'), ('"data/state.json"', '"state.json"')):
        assert new in text
        text = text.replace(new, before)
    paths_py.write_text(text.replace('WRITTEN = (DATA, CONFIG)', 'WRITTEN = (DATA, CONFIG, MATCHES, STATE)'))
    flash = tmp_path / "flash"
    flash.mkdir()
    run_device(flash, project=str(old))
    assert not (flash / "data" / "errors.txt").exists()
    assert json.loads((flash / "matches" / "index.json").read_text())["matches"]


def test_a_flash_of_the_old_layout_is_moved_and_every_match_resumes(tmp_path):
    simulator.run_ok("--flash", tmp_path, "--script", SESSION)
    data = tmp_path / "data"
    game = json.loads((data / "matches" / "index.json").read_text())["matches"][0]["id"]
    for name in ("matches", "state.json", "players.json"):
        os.rename(data / name, tmp_path / name)  # where the firmware of before kept them
    script = tmp_path / "continue.txt"
    script.write_text("600 ok press\n")  # Continue is the first item when a match is saved
    simulator.run_ok("--flash", tmp_path, "--script", script, "--screenshot", tmp_path / "shot.png")
    assert not (tmp_path / "matches").exists() and (data / "matches" / (game + ".json")).is_file()
    assert not (data / "errors.txt").exists()
