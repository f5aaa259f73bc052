"""Judge a whole recorded trace of taps or button edges at once (judge.Judge): the
host tools (`python -m host_tools corsica judge`) and the tests; no device screen
uses it, so the device's judge.py stays small.
"""

from .judge import Judge
from .ticks import MASK, ticks_diff


def _earliest(times):
    """The earliest of `times` on the ticks ring (all within 2**29 of each other)."""
    ref = times[0]
    best = 0
    for t in times:
        d = ticks_diff(t, ref)
        if d < best:
            best = d
    return (ref + best) & MASK


def judge_trace(
    players,
    slappable,
    reason=None,
    taps=None,
    edges=None,
    held=(),
    tie_window_us=None,
    tie_break=None,
    seed=0,
    no_cards=(),
):
    """Judge a whole trace: `taps` [(player, t_us)] (debounced) or raw `edges`
    [(player, t_us, level)] with `held` (players down when the pile changed).
    The pile changed at the earliest event. Returns `Judge.decide()`'s dict."""
    judge = Judge(players, tie_window_us=tie_window_us, tie_break=tie_break)
    events = taps if taps is not None else (edges or [])
    for p in [e[0] for e in events] + list(held):
        if not 0 <= p < players:
            raise ValueError("player %r out of range" % (p,))
    if events:
        start = _earliest([e[1] for e in events])
        held_mask = 0
        for p in held:
            held_mask |= 1 << p
        judge.arm(start, held_mask)
        if taps is not None:
            for p, t in taps:
                judge.tap(p, t)
        else:
            # Time order (stable: equal times keep their listed order).
            ordered = sorted(range(len(edges)), key=lambda i: (ticks_diff(edges[i][1], start), i))
            for i in ordered:
                p, t, level = edges[i]
                judge.edge(p, t, level)
    return judge.decide(slappable, reason, seed, no_cards)
