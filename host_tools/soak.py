"""`python -m host_tools soak`: a long seeded session of mixed play (issue #27), as a
simulator script (docs/formats.md, "Simulator script"), and its run in the simulator
with the Pico's heap.

    python -m host_tools soak --minutes 240 --seed 1 --out build/soak.txt
    python -m host_tools soak --minutes 240 --seed 1 --run [--flash DIR] [--mp32] [--live]

The session is a string of episodes: back to the home screen as far as presses get
there, a game or screen chosen from the home menu, then random presses of every
button, weighted per episode (I Go and Corsari: ok, holds of ok that open the hand
calculator, up/down; Corsica: the player buttons p1..p6 in bursts a few ms apart;
settings), with pauses from a tenth of a second to minutes (the display dims and
turns off). The same seed gives the same script (rng.Rng, the firmware's PRNG).

`--run` plays it with bench/session_app.py (the measuring app: live heap and the
largest free block, bench/README.md "The long session") and prints its statistics;
exit 1 if the firmware ran out of memory or showed an error. `--live`: on a W board
with the live page's server and 4 phones following (bench/live_soak_app.py, the
evening of `make soak`), its progress printed every 10 simulated minutes.
"""

import json
import os
import shutil
import sys
import tempfile

from rng import Rng  # firmware/rng.py (host_tools puts firmware/ on the path)

from host_tools import ArgumentParser, UserError, folder

PRESS_MS = 80  # simscript.PRESS_MS: a press is down, then up this much later
HOLD_MS = 700  # a long press (navbuttons LONG_MS is 600)
HOME_ROWS = 6  # the home menu's lines at most (Continue, four games, Settings)

# Per episode kind: the weights of (up, down, ok, back, long ok, long up/down, a burst
# of player presses, one player press).
WEIGHTS = {
    "igo": (18, 18, 34, 5, 6, 4, 2, 1),
    "referee": (8, 8, 20, 4, 1, 1, 40, 10),
    "deck": (8, 8, 16, 4, 1, 1, 44, 12),
    "settings": (25, 25, 25, 8, 3, 6, 4, 2),
    "any": (20, 20, 22, 8, 3, 3, 14, 6),
}
ACTIONS = ("up", "down", "ok", "back", "long_ok", "long_updown", "burst", "player")


class Session:
    """A script being written: event lines and the clock."""

    def __init__(self, seed):
        self.rng = Rng(seed)
        self.t = 600  # after the boot screen
        self.lines = []

    def press(self, button, gap=None):
        self.lines.append("%d %s press" % (self.t, button))
        self.t += PRESS_MS + (self.gap() if gap is None else gap)

    def hold(self, button):
        self.lines.append("%d %s down" % (self.t, button))
        self.lines.append("%d %s up" % (self.t + HOLD_MS, button))
        self.t += HOLD_MS + self.gap()

    def burst(self, players):
        """2-4 players pressing within 6 ms of each other (a slap)."""
        rng = self.rng
        seats = list(range(1, players + 1))
        rng.shuffle(seats)
        taps = sorted((rng.below(7), p) for p in seats[: 2 + rng.below(3)])
        for offset, p in taps:
            self.lines.append("%d p%d press" % (self.t + offset, p))
        self.t += 10 + PRESS_MS + self.gap()

    def gap(self):
        """The pause after a press: mostly short, now and then long (the display
        dims after 2 idle minutes, goes off after 10 by default)."""
        r = self.rng.below(1000)
        if r < 700:
            return 80 + self.rng.below(400)
        if r < 960:
            return 500 + self.rng.below(2500)
        if r < 997:
            return 3000 + self.rng.below(17000)
        return 60000 + 1000 * self.rng.below(360) + self.rng.below(1000)  # below() < 2**16

    def home(self):
        """Back to the home screen as far as presses get there: the hardware test
        closes on a long back, a game's "Leave?" question is answered yes, every
        other screen closes with back."""
        self.hold("back")
        for _ in range(2):
            self.press("back", 150)
            self.press("ok", 150)  # a Leave / Delete question: yes (elsewhere: random)
        for _ in range(5):
            self.press("back", 150)

    def episode(self):
        rng = self.rng
        self.home()
        row = rng.below(HOME_ROWS)
        for _ in range(row):
            self.press("down", 150)
        self.press("ok")
        kind = ("any", "igo", "igo", "referee", "deck", "settings")[row]
        if kind == "igo" and rng.below(2):
            self.press("up")
            self.press("ok")  # Start (the setup's last line)
        weights = WEIGHTS[kind]
        total = sum(weights)
        players = 6
        for _ in range(20 + rng.below(180)):
            r = rng.below(total)
            i = 0
            while r >= weights[i]:
                r -= weights[i]
                i += 1
            action = ACTIONS[i]
            if action in ("up", "down", "ok", "back"):
                self.press(action)
            elif action == "long_ok":
                self.hold("ok")
            elif action == "long_updown":
                self.hold(("up", "down")[rng.below(2)])
            elif action == "burst":
                self.burst(players)
            else:
                self.press("p%d" % (1 + rng.below(players)))


def soak_script(seed=1, minutes=240):
    """The script's text: episodes until `minutes` of simulated time are filled."""
    s = Session(seed)
    end = minutes * 60000
    while s.t < end:
        s.episode()
    head = [
        "# a soak session: %d minutes of mixed play, seed %d" % (minutes, seed),
        "# generated by `python -m host_tools soak --minutes %d --seed %d`" % (minutes, seed),
    ]
    return "\n".join(head + s.lines) + "\n"


def write_script(path, seed, minutes):
    with open(path, "w") as f:
        f.write(soak_script(seed, minutes))


def parse_args(argv):
    p = ArgumentParser(
        prog="python -m host_tools soak",
        example=(
            "python -m host_tools soak --minutes 240 --seed 2 --run\n"
            "python -m host_tools soak --minutes 10 --out build/soak.txt"
        ),
        description=__doc__.split("\n\n")[0],
    )
    p.add_argument("--minutes", type=int, default=240, help="simulated minutes of play (default 240)")
    p.add_argument("--seed", type=int, default=1, help="the session's seed (default 1)")
    p.add_argument("--out", metavar="FILE", help="write the script here")
    p.add_argument("--run", action="store_true", help="play it in the simulator (192k heap) and print the figures")
    p.add_argument("--mp32", action="store_true", help="with --run: on the 32-bit runner (host_tools/mp32)")
    p.add_argument("--flash", metavar="DIR", help="with --run: the flash (default a fresh temporary one)")
    p.add_argument("--live", action="store_true", help="with --run: a W board with the server and 4 phones following")
    return p.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    if not 1 <= args.minutes <= 24 * 60:
        raise UserError("--minutes must be 1-1440, not %d" % args.minutes)
    if not 0 <= args.seed < 2**32:
        raise UserError("--seed must be 0-4294967295, not %d" % args.seed)
    if not args.out and not args.run:
        raise UserError("nothing to do: give --out FILE, --run or both")
    with tempfile.TemporaryDirectory() as tmp:
        script = args.out or os.path.join(tmp, "soak.txt")
        if args.out:
            folder(os.path.dirname(os.path.abspath(args.out)), "--out's folder")
        write_script(script, args.seed, args.minutes)
        if not args.run:
            return 0
        from host_tools import bench_session

        flash = args.flash or os.path.join(tmp, "flash")
        shutil.rmtree(flash, ignore_errors=True) if not args.flash else None
        if args.live:
            stats = bench_session.run_soak(
                script, flash, mp32=args.mp32, heap=bench_session.LIVE_UNIX_HEAP, app=bench_session.LIVE_SOAK_APP,
                board="sim_w", progress=lambda line: print(line, file=sys.stderr, flush=True),
                timeout_s=bench_session.LIVE_SOAK_TIMEOUT_S,
            )  # fmt: skip
        else:
            stats = bench_session.run_soak(script, flash, mp32=args.mp32)
    json.dump(stats, sys.stdout, sort_keys=True, indent=1)
    print()
    return 1 if stats.get("problem") else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
