"""Power cuts: SIGKILL the simulator at random moments of a scripted game, boot
again from the same flash, and check that the match state loads and the history is
valid (docs/formats.md "Device history")."""
import json
import os
import signal
import subprocess
import sys
import time

from host_tools import ROOT

import store
from rng import Rng
from scoresheet import Sheet

GAME = os.path.join(ROOT, "bench", "session_igo.txt")  # a whole 4-player I Go match
KILLS = 4


def sim(flash, script, **kw):
    return subprocess.Popen([sys.executable, "-m", "host_tools", "sim", "--script", str(script),
                             "--flash", str(flash)], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, **kw)


def history_lines(flash):
    """Parsed history lines; a torn last line (cut mid-write) is allowed, nothing else."""
    path = os.path.join(flash, "data", "history.jsonl")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        raw = f.read().split("\n")
    lines = []
    for i, text in enumerate(raw):
        if not text:
            continue
        try:
            lines.append(json.loads(text))
        except ValueError:
            # Only a line cut by a power cut: the writer starts the next batch on a new line.
            assert not text.endswith("}"), "line %d is corrupt: %r" % (i + 1, text)
    return lines


def check_flash(flash):
    """The match state loads and the history is valid; return (sheet or None, lines)."""
    obj, problem = store.load(os.path.join(flash, "state.json"))
    assert problem is None, problem
    sheet = Sheet.from_obj(obj["match"]) if obj and obj.get("match") else None
    lines = history_lines(flash)
    seqs = [(ln["boot"], ln["seq"]) for ln in lines]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs), "seq not increasing"
    for ln in lines:
        for key in ("seq", "boot", "event", "game", "rules"):
            assert key in ln, (key, ln)
    if sheet is not None:
        # Every round the saved match holds is already in the history (history is
        # flushed before the state that refers to it).
        logged = {ln["seq"] for ln in lines if ln["event"] == "round"}
        for action in obj["match"]["actions"]:
            assert action["seq"] in logged, action
    return sheet, lines


def test_sigkill_at_random_moments_loses_at_most_the_round_being_entered(tmp_path):
    flash = tmp_path / "flash"
    rng = Rng(2026)
    reboot = tmp_path / "reboot.txt"
    reboot.write_text("300 back press\n")
    rounds_before = 0
    boots = 0
    for _ in range(KILLS):
        proc = sim(flash, GAME)
        time.sleep(0.4 + rng.below(5000) / 1000)  # somewhere in the game (it takes ~8 s)
        os.killpg(proc.pid, signal.SIGKILL)  # the simulator and its MicroPython child
        proc.wait(timeout=30)
        boots += 1
        sheet, _ = check_flash(flash)
        rounds = len(sheet.rounds) if sheet else 0
        # Boot again from the same flash: the device comes up with the saved match.
        # (A crash the replayed script caused on a resumed match is not the boot's.)
        errors = flash / "data" / "errors.txt"
        if errors.exists():
            errors.unlink()
        again = sim(flash, reboot)
        _, err = again.communicate(timeout=120)
        boots += 1
        assert again.returncode == 0, err
        sheet_after, _ = check_flash(flash)
        assert (len(sheet_after.rounds) if sheet_after else 0) == rounds
        assert not errors.exists(), errors.read_text()
        with open(flash / "data" / "boot.json") as f:
            assert json.load(f)["boot"] == boots
        rounds_before = max(rounds_before, rounds)
    # The kills did land inside the game, after some rounds were saved.
    assert rounds_before > 0
