"""Benchmark: one whole simulated 4-player Battle of Corsica game (no variants,
default random tappers), median over seeded games. Target: at most 200 ms on the
MicroPython unix port.

    .venv/bin/micropython bench/bench_corsica.py [RUNS]
    .venv/bin/python bench/bench_corsica.py [RUNS]
"""
import sys

_here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, _here + "/../firmware")

import time  # noqa: E402

from corsica import Game  # noqa: E402
from corsica_sim import play_game  # noqa: E402
from rng import Rng  # noqa: E402

if hasattr(time, "ticks_us"):
    def _now_us():
        return time.ticks_us()

    def _elapsed_us(start):
        return time.ticks_diff(time.ticks_us(), start)
else:
    def _now_us():
        return time.perf_counter_ns() // 1000

    def _elapsed_us(start):
        return time.perf_counter_ns() // 1000 - start


def corsica_game_us(runs):
    """Median microseconds for one simulated 4-player game (seeds 1..runs)."""
    times = []
    for seed in range(1, runs + 1):
        start = _now_us()
        play_game(Game(4, seed=seed), Rng(seed))
        times.append(_elapsed_us(start))
    times.sort()
    return times[len(times) // 2]


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 51
    print("corsica_game_us %d" % corsica_game_us(runs))
