"""Benchmark: raw button edges per second through the tap judge (`Judge.edge`).
Target: at least 20,000 edges/s on the MicroPython unix port.

    .venv/bin/micropython bench/bench_judge.py [EDGES]
    .venv/bin/python bench/bench_judge.py [EDGES]

The edges are 6 players pressing and releasing with 0.05-3 ms bounce bursts, the
judge re-armed every 24 presses (pile changes); a set of about 2,000 edges is
built once (not timed) and replayed until n_edges have been fed.
"""

import sys

_here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
if _here + "/../firmware" not in sys.path:
    sys.path.insert(0, _here + "/../firmware")


from benchclock import elapsed_us, now_us  # noqa: E402

from table.rules.judge import Judge  # noqa: E402
from table.rules.rng import Rng  # noqa: E402
from table.rules.ticks import MASK  # noqa: E402

PLAYERS = 6
PRESSES_PER_PILE = 24
REPLAYED_EDGES = 2000


def _burst(rng, t, level, out, player):
    """One press or release at t with 0.05-3 ms of bounce, settling on `level`."""
    end = t + 50 + rng.below(2951)
    out.append((player, t & MASK, level))
    current = level
    t += 1 + rng.below(400)
    while t < end:
        current ^= 1
        out.append((player, t & MASK, current))
        t += 1 + rng.below(400)
    if current != level:
        out.append((player, end & MASK, level))
    return end


def bouncy_edges(n_edges, seed=1):
    """At least n_edges raw edges `(player, t_us, level)` in time order, as piles:
    a list of (arm time, edges). Starts near the tick wrap."""
    rng = Rng(seed)
    t = (1 << 30) - 2000000
    piles = []
    total = 0
    while total < n_edges:
        arm_t = t
        edges = []
        for _ in range(PRESSES_PER_PILE):
            player = rng.below(PLAYERS)
            t = _burst(rng, t + 1000 + rng.below(5000), 0, edges, player)
            t = _burst(rng, t + 30000 + rng.below(30000), 1, edges, player)
        piles.append((arm_t & MASK, edges))
        total += len(edges)
    return piles, total


def judge_edges_per_s(n_edges):
    """Raw edges per second fed through `Judge.edge` (arming included)."""
    piles, size = bouncy_edges(min(n_edges, REPLAYED_EDGES))
    judge = Judge(PLAYERS)
    edge = judge.edge
    arm = judge.arm
    total = 0
    start = now_us()
    while total < n_edges:
        for arm_t, edges in piles:
            arm(arm_t)
            for p, t, level in edges:
                edge(p, t, level)
        total += size
    us = elapsed_us(start)
    return total * 1000000 // max(us, 1)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
    print("judge_edges_per_s %d" % judge_edges_per_s(n))
