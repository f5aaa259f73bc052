"""`python -m host_tools screenshots`: the pictures of the screens in docs/, remade.

Plays every scripted session (bench/session_*.txt) in the simulator, as a user
would: `python -m host_tools sim --script FILE --screens DIR` (each screen as a PNG,
and DIR/screens.txt with the simulated time each appeared), into build/screens/NAME/,
then composes each picture in PICTURES from the screens showing at the given
simulated times: docs/screens.png, docs/players.png and docs/first-*.png (the
walkthrough docs/first-game.md). After a change to a screen or a session, `make
screenshots`, and look at the result.
"""

import argparse
import glob
import os
import shutil
import subprocess

from host_tools import ROOT, ArgumentParser, UserError, folder
from host_tools.sim import sim

SESSIONS = os.path.join(ROOT, "bench")
SCALE = 2  # PNG pixels per OLED pixel in the pictures
GAP = 8
COLUMNS = 4
# picture (under docs/) -> the screens in it, row by row: (session, simulated ms).
PICTURES = {
    "screens.png": [
        ("igo", 100),  # home menu
        ("igo", 31800),  # hand calculator: a player's arrangement and penalty
        ("igo", 37900),  # score sheet: names, a void round, who leads
        ("igo", 103000),  # game over: why, and who won
        ("referee", 64800),  # referee idle: the table's tallies, piles won and false taps
        ("referee", 3800),  # first tap: the winner's name, the others' margins
        ("referee", 6200),  # a tie, drawn at random
        ("referee", 8000),  # a false slap marked, the win passed down
    ],
    "players.png": [
        ("players", 28452),  # an I Go setup: a line per seat, the typed name
        ("players", 21700),  # a seat's picker: on the seat's player, then New name, the roster
        ("players", 25400),  # the name editor: Zo kept, Zoltan shown whole, the next likeliest a press away
        ("players", 29200),  # the drawn starter
        ("players", 27300),  # Starts: draw
        ("players", 36600),  # Continue: two saved matches
        ("players", 36900),  # the other one chosen
        ("players", 37500),  # its actions
    ],
    # docs/first-game.md, its steps 1-19 (bench/session_first.txt's "# N." sections)
    "first-setup.png": [
        ("first", 500),  # 1: the home menu, I Go highlighted
        ("first", 9200),  # 3: An kept, n shown: Ann, hold ok keeps it
        ("first", 27300),  # 5: C kept, y shown: Cy
        ("first", 28800),  # 6: the setup, Start highlighted
    ],
    "first-round.png": [
        ("first", 32200),  # 7: who ended? Bob
        ("first", 44100),  # 10: Ann's penalty, 12
        ("first", 44800),  # 11: the summary before the round is saved
        ("first", 49000),  # 12: the score sheet
    ],
    "first-referee.png": [
        ("first", 55300),  # 15: the idle screen, every tally 0
        ("first", 56000),  # 16: armed
        ("first", 58500),  # 17: Bob first, Ann +126 ms
        ("first", 62000),  # 19: the idle screen, Bob 1 pile won
    ],
}


def sessions():
    """The names of the scripted sessions: bench/session_NAME.txt."""
    paths = sorted(glob.glob(os.path.join(SESSIONS, "session_*.txt")))
    return [os.path.basename(p)[len("session_") : -len(".txt")] for p in paths]


def play(name, workdir):
    """Run one session through the simulator; return its screens folder."""
    shots = os.path.join(workdir, name)
    flash = os.path.join(workdir, "flash-" + name)
    for path in (shots, flash):
        shutil.rmtree(path, ignore_errors=True)
    script = os.path.join(SESSIONS, "session_%s.txt" % name)
    cmd = sim.command("--script", script, "--flash", flash, "--screens", shots, "--scale", SCALE)
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    if proc.returncode:
        last = (proc.stderr.strip().splitlines() or ["exit %d" % proc.returncode])[-1]
        raise UserError("session %s: %s" % (name, last))
    return shots


def screen_at(shots, t_ms):
    """The PNG of the screen showing at simulated time t_ms in a --screens folder."""
    try:
        with open(os.path.join(shots, sim.SCREENS_INDEX)) as f:
            index = [(int(t), name) for name, t in (line.split() for line in f if line.strip())]
    except (OSError, ValueError) as exc:
        raise UserError("%s: no usable %s (%s)" % (shots, sim.SCREENS_INDEX, exc))
    shown = [name for t, name in index if t <= t_ms]
    if not shown:
        raise UserError("%s: no screen yet at %d ms" % (shots, t_ms))
    return os.path.join(shots, shown[-1])


def compose(paths, out, columns=COLUMNS):
    """Tile the PNGs row by row (all one size) into one picture."""
    from PIL import Image

    from host_tools.sim.screen import FRAME_BG

    tiles = [Image.open(p).convert("RGB") for p in paths]
    w, h = tiles[0].size
    rows = (len(tiles) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * w + (columns - 1) * GAP, rows * h + (rows - 1) * GAP), FRAME_BG)
    for i, tile in enumerate(tiles):
        sheet.paste(tile, ((i % columns) * (w + GAP), (i // columns) * (h + GAP)))
    sheet.save(out, optimize=True)


def make_all(workdir, docs):
    """Play every session, compose every picture; return the pictures written."""
    shots = {name: play(name, workdir) for name in sessions()}
    written = []
    for picture, wanted in sorted(PICTURES.items()):
        missing = sorted({name for name, _ in wanted} - set(shots))
        if missing:
            raise UserError("%s needs bench/session_%s.txt" % (picture, missing[0]))
        out = os.path.join(docs, picture)
        compose([screen_at(shots[name], t) for name, t in wanted], out)
        written.append(out)
    return written


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools screenshots",
        example=("python -m host_tools screenshots\npython -m host_tools screenshots --out build/pictures"),
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--out", default=os.path.join(ROOT, "docs"), metavar="DIR", help="folder for the pictures (default docs/)"
    )
    parser.add_argument(
        "--work",
        default=os.path.join(ROOT, "build", "screens"),
        metavar="DIR",
        help="where each session's flash and screens go (default build/screens)",
    )
    args = parser.parse_args(argv)
    folder(args.out, "--out")
    folder(args.work, "--work")
    for path in make_all(args.work, args.out):
        print(os.path.relpath(path))
    return 0
