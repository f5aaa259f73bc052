"""Tap fairness and judge speed: generated near-simultaneous presses through firmware/table/rules/judge.py.

    python bench/fairness.py [GROUPS]            .venv/bin/micropython bench/fairness.py [GROUPS]

Each group is 2-4 players pressing after one pile change, at margins spread from 0 to
6 ms (half the groups within 2 ms, around the tie window; other spreads can be asked). Every press bounces (1-4
extra level changes within 50-1500 us) and every release chatters (0-3 within
2000 us), from a seeded `rng.Rng`; times lie on the 30-bit ticks ring and some
groups straddle the wrap. Each group goes through a fresh `Judge` twice:

- raw edges: every level change of every button, in time order, `Judge.edge`;
- GPIO snapshots: what the hard pin IRQ records (tapring.py) on a chip that
  services one pin IRQ at a time, lowest pin first, IRQ_LATENCY_US after the edge
  and IRQ_HANDLER_US each: `(ticks_us, all levels, its pin)` taken when the handler
  runs, so edges close together share a snapshot or are recorded late, and a contact
  shorter than the latency is only known by the pin; `Judge.snapshot`.
  Players get the pins in a random order per group (pin order != player order).

A pair of players whose true press times differ by at least the tie window plus
CAPTURE_JITTER_US is judged right when the judge puts the earlier one strictly first
(before, and not tied with, the later one). Reported per feed: pairs, share right,
the largest misjudged true margin (0 if none), `reversed` (pairs at least
CAPTURE_JITTER_US apart put in the wrong order: the later one strictly first), and
as information the same counts for pairs at the window's edge (within the capture
precision above it) and inside the tie window (ties by design when they involve the
first tap).
"""

import sys

_here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
if _here + "/../firmware" not in sys.path:
    sys.path.insert(0, _here + "/../firmware")

from table.rules.judge import Judge, pin_of  # noqa: E402
from table.rules.rng import Rng  # noqa: E402
from table.rules.ticks import MASK  # noqa: E402

TIE_WINDOW_US = Judge.TIE_WINDOW_US
PINS = (16, 17, 18, 19)  # the reference build's first player pins
IRQ_LATENCY_US = 10  # edge to handler start (rp2 hard IRQ, MicroPython)
IRQ_HANDLER_US = 8  # one handler: ticks_us, mem32 read, ring store
WRAP_EVERY = 8  # every 8th group starts just before the ticks wrap
# How late a snapshot can record an edge: the latency plus the handlers of the other
# pins queued before it. Recorded gaps differ from the true ones by up to this: the
# capture's precision. A pair this close to the tie window may be judged a tie.
CAPTURE_JITTER_US = IRQ_LATENCY_US + len(PINS) * IRQ_HANDLER_US


def _button(rng, t):
    """Level changes of one press at absolute time t: [(t, level)], level 0 = down."""
    out = [(t, 0)]
    at = t
    for _ in range(rng.below(4)):  # press bounce: up, down again
        at += 10 + rng.below(500)
        out.append((at, 1))
        at += 10 + rng.below(500)
        out.append((at, 0))
    at = max(at, t + 40000) + rng.next32() % 200000  # hold 40-240 ms
    for _ in range(rng.below(4)):  # release chatter: up, down again
        out.append((at, 1))
        at += 10 + rng.below(300)
        out.append((at, 0))
        at += 10 + rng.below(300)
    out.append((at, 1))
    return out


def make_group(rng, index, spreads=(6000, 2000)):
    """One pile change and its presses: dict with `armed`, `press` (true first
    contact per player), `edges` [(t, player, level)] by time (absolute, unmasked),
    `pins` (player -> GPIO)."""
    players = 2 + rng.below(3)
    spread = spreads[index % 2]
    start = (1 << 30) - rng.below(3000) if index % WRAP_EVERY == 0 else rng.next32() % (1 << 29)
    armed = start - 20000 - rng.next32() % 500000
    press = [start + rng.below(spread + 1) for _ in range(players)]
    edges = []
    for p in range(players):
        for t, level in _button(rng, press[p]):
            edges.append((t, p, level))
    edges.sort()
    pins = list(PINS[:players])
    rng.shuffle(pins)
    return {"armed": armed, "press": press, "edges": edges, "pins": pins}


def snapshots(group):
    """The (t_us, levels, pin) entries the pin IRQs would record, in record order."""
    pins = group["pins"]
    all_bits = 0
    for pin in pins:
        all_bits |= 1 << pin
    edges = group["edges"]
    levels = all_bits  # all released (pull-ups)
    pending = 0  # pins whose IRQ flag is set
    out = []
    i = 0
    cpu = 0  # when the next handler can start
    while i < len(edges) or pending:
        if not pending:
            cpu = max(cpu, edges[i][0] + IRQ_LATENCY_US)
        # Apply the edges that happened before the handler reads the levels.
        while i < len(edges) and edges[i][0] <= cpu:
            t, p, level = edges[i]
            bit = 1 << pins[p]
            new = (levels | bit) if level else (levels & ~bit)
            if new != levels:
                levels = new
                pending |= bit
            i += 1
        if not pending:
            continue
        low = pending & -pending  # lowest pin first
        pending &= ~low
        out.append((cpu & MASK, levels, pin_of(low)))
        cpu += IRQ_HANDLER_US
    return out


def _judged(group, feed, tie_window_us):
    players = len(group["press"])
    judge = Judge(players, group["pins"], tie_window_us)
    judge.arm(group["armed"] & MASK)
    if feed == "edges":
        for t, p, level in group["edges"]:
            judge.edge(p, t & MASK, level)
    else:  # "snapshots", or a function: group -> [(t_us, levels, pin)]
        for t, levels, pin in snapshots(group) if feed == "snapshots" else feed(group):
            judge.snapshot(t, levels, pin)
    return judge.decide()


def fairness(
    groups=2000,
    seed=1,
    tie_window_us=TIE_WINDOW_US,
    feeds=("edges", "snapshots"),
    jitter_us=CAPTURE_JITTER_US,
    spreads=(6000, 2000),
):
    """{feed: stats} over `groups` generated groups. A feed is "edges", "snapshots" or
    (name, function: group -> [(t_us, levels, pin)]); `jitter_us`: that capture's
    precision (pairs closer to the window than this may tie); `spreads`: the presses
    of even and odd groups lie within this many us."""
    rng = Rng(seed)
    out = {}
    cases = [make_group(rng, i, spreads) for i in range(groups)]
    for feed in feeds:
        name, feed = feed if type(feed) is tuple else (feed, feed)
        st = {
            "pairs": 0,
            "right": 0,
            "max_misjudged_us": 0,
            "reversed": 0,
            "pairs_at_edge": 0,
            "right_at_edge": 0,
            "pairs_in_window": 0,
            "right_in_window": 0,
        }
        for group in cases:
            result = _judged(group, feed, tie_window_us)
            rank = {}
            for k, tap in enumerate(result["order"]):
                rank[tap["player"]] = k
            tie = result["tie"]
            press = group["press"]
            for a in range(len(press)):
                for b in range(len(press)):
                    margin = press[b] - press[a]
                    if margin <= 0:
                        continue
                    tied = a in tie and b in tie
                    ok = a in rank and b in rank and rank[a] < rank[b] and not tied
                    if margin >= jitter_us and b in rank and not tied and rank[b] < rank.get(a, len(press)):
                        st["reversed"] += 1
                    if margin >= tie_window_us + jitter_us:
                        st["pairs"] += 1
                        if ok:
                            st["right"] += 1
                        elif margin > st["max_misjudged_us"]:
                            st["max_misjudged_us"] = margin
                    elif margin >= tie_window_us:
                        st["pairs_at_edge"] += 1
                        if ok:
                            st["right_at_edge"] += 1
                    else:
                        st["pairs_in_window"] += 1
                        if ok:
                            st["right_in_window"] += 1
        out[name] = st
    return out


def _line(name, st):
    share = st["right"] * 10000 // max(1, st["pairs"])
    return (
        "%s pairs %d right %d.%02d%% max_misjudged_us %d reversed %d "
        "(at the window's edge: %d/%d, in window: %d/%d)"
        % (
            name,
            st["pairs"],
            share // 100,
            share % 100,
            st["max_misjudged_us"],
            st["reversed"],
            st["right_at_edge"],
            st["pairs_at_edge"],
            st["right_in_window"],
            st["pairs_in_window"],
        )
    )


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    res = fairness(n)
    print(_line("fairness_edges", res["edges"]))
    print(_line("fairness_snapshots", res["snapshots"]))
