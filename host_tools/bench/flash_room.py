"""`make bench`'s `flash_room`: how many history lines a board's flash holds beside
the firmware deployed on it (issue #45: the 63 KB list of first names takes flash).

For each board (BOARDS): a new flash booted once in the simulator (`sim --board B`,
whose --flash-size is the board's littlefs: 848 KB on a Pico W, 1408 KB on a Pico; its
block model counts whole 4 KiB blocks, one at least per file, two per folder, as
littlefs spends them), the firmware deployed on it as `deploy` ships it (the list
included); then history lines as the device writes them (history_pull.history_lines:
I Go matches of four, about 210 bytes a line) added before a first game is played on
it (bench/session_first.txt: names, a round, its saved match, a referee pile). The
figure is the most lines with which that game still writes everything (no write
refused, `sim: the flash was full`), found by bisection.
"""

import os
import shutil

from host_tools.bench import history_pull
from host_tools.bench.session import BENCH
from host_tools.sim import sim

BOARDS = ("pico_w", "pico")
GAME = os.path.join(BENCH, "session_first.txt")
BLOCK = 4096


def used_blocks(top):
    """The simulator's block model (simdevice/simflash.py) over a flash folder."""
    blocks = 2
    for name in os.listdir(top):
        path = os.path.join(top, name)
        if name == ".sim_chip":  # the simulator's own file, not the filesystem's
            continue
        if os.path.isdir(path):
            blocks += used_blocks(path)
        else:
            blocks += max(1, -(-os.path.getsize(path) // BLOCK))
    return blocks


def game_fits(board, base, n, workdir):
    """Does the first game write everything on base's flash with n more history lines?"""
    flash = os.path.join(workdir, "room-%s-%d" % (board, n))
    shutil.rmtree(flash, ignore_errors=True)
    shutil.copytree(base, flash)
    history_pull.add_lines(flash, n, *history_pull.flash_ids(base))
    run = history_pull.play(board, GAME, flash)
    shutil.rmtree(flash, ignore_errors=True)
    if "the flash was full" in run.stderr:
        return False
    if run.returncode:
        raise RuntimeError("sim: %s" % run.stderr[-500:])
    return True


def board_room(board, workdir):
    base = os.path.join(workdir, "room-%s-base" % board)
    shutil.rmtree(base, ignore_errors=True)
    history_pull.first_boot(base, board)
    flash_bytes = sim.flash_bytes(sim.default_flash_size(board))
    line = len(history_pull.history_lines(100, *history_pull.flash_ids(base))[50])
    free = flash_bytes // BLOCK - used_blocks(base)
    low, high = 0, free * BLOCK // line + 1  # low fits; high (more than the free blocks hold) does not
    if not game_fits(board, base, low, workdir):
        raise RuntimeError("the first game does not fit a new %s flash" % board)
    while high - low > 1:
        mid = (low + high) // 2
        if game_fits(board, base, mid, workdir):
            low = mid
        else:
            high = mid
    sizes = [len(t) for t in history_pull.history_lines(low, *history_pull.flash_ids(base))]
    result = {
        "flash_bytes": flash_bytes,
        "firmware_blocks": used_blocks(base),
        "blocks": flash_bytes // BLOCK,
        "lines": low,
        "history_bytes": sum(sizes),
        "line_bytes": sum(sizes) // max(1, low),
    }
    shutil.rmtree(base, ignore_errors=True)
    return result


def figures(workdir):
    return {board: board_room(board, workdir) for board in BOARDS}


def row(fig):
    """docs/development.md's line."""
    w, p = fig["pico_w"], fig["pico"]
    pico_w = "Pico W: %d lines (%d KB of history; firmware and files %d of %d blocks)" % (
        w["lines"],
        w["history_bytes"] // 1024,
        w["firmware_blocks"],
        w["blocks"],
    )
    pico = "Pico: %d lines (%d KB)" % (p["lines"], p["history_bytes"] // 1024)
    return (
        "| `flash_room` (history lines beside the deployed firmware, then a first game) | %s; %s | | (a figure) | |"
        % (
            pico_w,
            pico,
        )
    )
