"""`python -m host_tools soak`: a long seeded session of mixed play (issue #27), as a
simulator script (docs/formats.md, "Simulator script"), and its run in the simulator
with the Pico's heap.

    python -m host_tools soak --minutes 240 --seed 1 --out build/soak.txt
    python -m host_tools soak --minutes 240 --seed 1 --run [--flash DIR] [--mp32] [--live]

The session itself is written by soak_script.py (the bench writes it too).

`--run` plays it with bench/soak_app.py (the measuring app: live heap and the
largest free block, bench/README.md "The long session"), its progress printed every
simulated minute (stderr), and prints its statistics; exit 1 if the firmware ran out
of memory or showed an error, or printed no progress for 5 minutes (it hangs).
`--live`: on a W board with the live page's server and 4 phones following
(bench/live_soak_app.py, the evening of `make soak`).
"""

import json
import os
import shutil
import sys
import tempfile

from host_tools import ArgumentParser, UserError, folder
from host_tools.bench import session
from host_tools.bench.soak_script import write_script


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
        flash = args.flash or os.path.join(tmp, "flash")
        shutil.rmtree(flash, ignore_errors=True) if not args.flash else None
        said = lambda line: print(line, file=sys.stderr, flush=True)  # its progress, as it comes
        if args.live:
            stats = session.run_soak(
                script, flash, mp32=args.mp32, heap=session.LIVE_UNIX_HEAP, app=session.LIVE_SOAK_APP,
                board="sim_w", progress=said,
            )  # fmt: skip
        else:
            stats = session.run_soak(script, flash, mp32=args.mp32, progress=said)
    json.dump(stats, sys.stdout, sort_keys=True, indent=1)
    print()
    return 1 if stats.get("problem") else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
