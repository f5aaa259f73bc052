"""Benchmark: one whole simulated 4-player Battle of Corsica game (no variants,
default random tappers), median over seeded games. Target: at most 200 ms on the
MicroPython unix port.

    .venv/bin/micropython bench/bench_corsica.py [RUNS]
    .venv/bin/python bench/bench_corsica.py [RUNS]
"""

import sys

_here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, _here + "/../firmware")


from benchclock import elapsed_us, median, now_us  # noqa: E402

from table.rules.corsica import Game  # noqa: E402
from table.rules.corsica_sim import play_game  # noqa: E402
from table.rules.rng import Rng  # noqa: E402


def corsica_game_us(runs):
    """Median microseconds for one simulated 4-player game (seeds 1..runs)."""
    times = []
    for seed in range(1, runs + 1):
        start = now_us()
        play_game(Game(4, seed=seed), Rng(seed))
        times.append(elapsed_us(start))
    return median(times)


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 51
    print("corsica_game_us %d" % corsica_game_us(runs))
