"""Power cuts: SIGKILL the MicroPython interpreter that runs the firmware at random
moments of a scripted game (the interpreter itself, so it stops at whatever it was
doing, a flash write included), wait until it is gone, boot again from the same
flash, and check that the match loads, the history is valid (docs/formats.md "Device
history") and at most the round being entered is missing; a Corsica deck game cut
or left comes back from Continue with at most the pile in play lost."""

import json
import os
import signal
import subprocess
import time

from host_tools import ROOT
from host_tools.sim import sim
from table.rules.corsica_match import from_obj as deck_from
from table.rules.rng import Rng
from table.rules.scoresheet import Sheet
from table.storage import store_load

GAME = os.path.join(ROOT, "bench", "session_igo.txt")  # a whole 4-player I Go match
KILLS = 12


def device(flash, script):
    """The interpreter running the firmware on this flash, started as the simulator
    starts it, but with no simulator around it (a kill reaches the interpreter)."""
    cmd = sim.device_command(sim.parse_args(["--flash", str(flash)]), str(script))
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def game_seconds(flash):
    """How long the whole game runs uncut on this machine, on a flash of its own."""
    flash.mkdir()
    sim.compiled_firmware()  # brought up to date before the clock starts
    start = time.monotonic()
    proc = device(flash, GAME)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return time.monotonic() - start


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
    obj, problem = store_load.load(os.path.join(flash, "data", "state.json"))
    assert problem is None, problem
    index, problem = store_load.load(os.path.join(flash, "data", "matches", "index.json"))
    assert problem is None, problem
    obj = None
    if index and index["matches"]:  # the most recently saved match
        newest = index["matches"][0]["id"]
        obj, problem = store_load.load(os.path.join(flash, "data", "matches", newest + ".json"))
        assert problem is None and obj, problem
    sheet = Sheet.from_obj(obj) if obj else None
    lines = history_lines(flash)
    seqs = [ln["seq"] for ln in lines]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs), "seq not increasing"
    assert len(set((ln["device"], ln["history"]) for ln in lines)) <= 1
    for ln in lines:
        for key in ("seq", "boot", "device", "history", "event", "game", "rules"):
            assert key in ln, (key, ln)
    if sheet is not None:
        # Every round the saved match holds is already in the history (history is
        # flushed before the state that refers to it).
        logged = {ln["seq"] for ln in lines if ln["event"] == "round"}
        for action in obj["actions"]:
            assert action["seq"] in logged, action
    return sheet, lines


def standing_rounds(lines):
    """Round lines of the history that no undo took back."""
    undone = {ln["of"] for ln in lines if ln["event"] == "undo"}
    return [ln for ln in lines if ln["event"] == "round" and ln["seq"] not in undone]


def test_sigkill_at_random_moments_loses_at_most_the_round_being_entered(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    rng = Rng(2026)
    reboot = tmp_path / "reboot.txt"
    reboot.write_text("300 back press\n")
    rounds_before = 0
    last_boot = 0
    game_s = game_seconds(tmp_path / "uncut")
    for _ in range(KILLS):
        proc = device(flash, GAME)
        time.sleep(game_s * rng.below(1000) / 1000)  # somewhere in the game
        proc.send_signal(signal.SIGKILL)  # the power goes, whatever the firmware was doing
        proc.wait(timeout=30)  # gone: nothing more is written
        sheet, lines = check_flash(flash)
        rounds = len(sheet.rounds) if sheet else 0
        # Every change the table confirmed is saved, but the one being entered (a round,
        # an undo or a redo): its history line may be on flash while the match is not yet.
        # (After the first cut the script also walks into the saved matches' screens.)
        if sheet is not None:
            saved = {sheet._actions[i]["seq"] for i in sheet._active()}
            standing = {ln["seq"] for ln in standing_rounds(lines) if ln["game"] == sheet.game}
            assert len(saved ^ standing) <= 1, (sorted(saved), sorted(standing))
        # Boot again from the same flash: the device comes up with the saved match.
        # (A crash the replayed script caused on a resumed match is not the boot's.)
        errors = flash / "data" / "errors.txt"
        if errors.exists():
            errors.unlink()
        again = device(flash, reboot)
        _, err = again.communicate(timeout=120)
        assert again.returncode == 0, err
        sheet_after, lines_after = check_flash(flash)
        assert (len(sheet_after.rounds) if sheet_after else 0) == rounds
        assert not errors.exists(), errors.read_text()
        raw = (flash / "data" / "history.jsonl").read_bytes() if lines_after else b"\n"
        assert raw.endswith(b"\n")  # a torn tail was moved aside at boot
        with open(flash / "data" / "boot.json") as f:
            boot = json.load(f)["boot"]
        assert boot > last_boot  # counted on, whatever the cut interrupted
        last_boot = boot
        rounds_before = max(rounds_before, rounds)
    # The kills did land inside the game, after some rounds were saved.
    assert rounds_before > 0


def deck_script(path):
    """Home > Corsica deck > Deal (4 players), then the players' buttons in turn every
    1.3 s (after the slap window): cards turned, piles taken, false taps."""
    lines = ["600 down press", "760 down press", "920 down press", "1080 ok press", "1500 up press", "1700 ok press"]
    lines += ["%d p%d press" % (2500 + 1300 * i, i % 4 + 1) for i in range(150)]
    path.write_text("\n".join(lines) + "\n")
    return path


def same_lines(lines):
    """The lines without what differs between two flashes (the ids, the wall clock)."""
    return [{k: v for k, v in ln.items() if k not in ("at", "device", "history")} for ln in lines]


def test_sigkill_in_a_deck_game_leaves_its_piles_up_to_the_last(tmp_path):
    """A deck game's history is written pile by pile (docs/rules.md, Virtual deck): cut
    anywhere, the flash holds the lines of the uncut game up to where it was, and the
    device boots with them."""
    script = deck_script(tmp_path / "deck.txt")
    sim.compiled_firmware()
    uncut = tmp_path / "uncut"
    uncut.mkdir()
    start = time.monotonic()
    proc = device(uncut, script)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    game_s = time.monotonic() - start
    whole = same_lines(history_lines(uncut))
    events = [ln["event"] for ln in whole]
    assert events[0] == "start" and "trick" in events and "slap" in events
    reboot = tmp_path / "reboot.txt"
    reboot.write_text("300 back press\n")
    rng = Rng(38)
    piles = []
    resumes = 0
    for k in range(KILLS // 2):
        flash = tmp_path / ("cut%d" % k)
        flash.mkdir()
        proc = device(flash, script)
        time.sleep(game_s * (200 + rng.below(800)) / 1000)  # somewhere in the game
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        cut = same_lines(history_lines(flash))
        assert cut == whole[: len(cut)], "not the game's lines up to the cut"
        again = device(flash, reboot)
        _, err = again.communicate(timeout=120)
        assert again.returncode == 0, err
        assert same_lines(history_lines(flash))[: len(cut)] == cut  # kept through the boot
        piles.append(sum(ln["event"] in ("trick", "slap") for ln in cut))
        saved = saved_deck(flash)
        if saved is not None:  # cut after the deal's save: the game waits in Continue
            won = piles_won(cut)
            assert won - 1 <= saved.deck.piles <= won, (saved.deck.piles, won)  # at most the last pile lost
            resumed = resume(tmp_path, flash)
            assert resumed["totals"] == saved.totals() and resumed["game"] == saved.game
            resumes += 1
    assert max(piles) > 0, piles  # the kills did land inside the game
    assert resumes > 0  # and some games were got back


def saved_deck(flash):
    """The deck game saved on this flash (a corsica_match.DeckMatch: its file loads and
    every card is there once), or None."""
    index, problem = store_load.load(os.path.join(flash, "data", "matches", "index.json"))
    assert problem is None, problem
    if not index or not index["matches"]:
        return None
    [entry] = index["matches"]
    assert entry["rules"] == "corsica"
    obj, problem = store_load.load(os.path.join(flash, "data", "matches", entry["id"] + ".json"))
    assert problem is None, problem
    match = deck_from(obj)
    assert match.deck.card_count() == 54 and entry["rounds"] == match.deck.piles
    assert entry["totals"] == match.totals()
    return match


def piles_won(lines):
    """Piles won in these history lines: by an honour, or by a good slap."""
    return sum(1 for ln in lines if ln["event"] == "trick" or (ln["event"] == "slap" and ln["winner"] is not None))


def resume(tmp_path, flash):
    """Boot the flash and resume its saved game from Continue (a notice at boot
    dismissed first); return its `resume` history line."""
    script = tmp_path / "resume.txt"
    script.write_text("300 back press\n600 ok press\n900 ok press\n1200 ok press\n2000 back press\n")
    proc = device(flash, script)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert not (flash / "data" / "errors.txt").exists()
    line = history_lines(flash)[-1]
    assert line["event"] == "resume", line
    return line


def test_a_deck_game_left_then_cut_comes_back_as_it_was_left(tmp_path):
    """Leave a deck game in the middle (back, ok: it is kept), the power goes, the
    device boots: Continue resumes it with every card where it was left, the pile in
    play included."""
    script = deck_script(tmp_path / "deck.txt")
    lines = script.read_text().splitlines()[: 6 + 40]  # the deal, 40 presses
    end = int(lines[-1].split()[0])
    lines += ["%d back press" % (end + 1300), "%d ok press" % (end + 1600)]  # Leave? ok: kept
    script.write_text("\n".join(lines) + "\n")
    flash = tmp_path / "flash"
    flash.mkdir()
    proc = device(flash, script)  # the script's end: the interpreter stops, as at a cut
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    before = history_lines(flash)
    assert before[-1]["event"] == "leave", before[-1]
    saved = saved_deck(flash)
    assert saved.totals() == before[-1]["totals"] and saved.deck.piles == piles_won(before)
    kept = saved.deck.to_obj()
    resumed = resume(tmp_path, flash)
    assert resumed["totals"] == before[-1]["totals"]
    assert saved_deck(flash).deck.to_obj() == kept  # resumed, nothing played: the same game
