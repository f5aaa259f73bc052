"""Time on the wrapping 30-bit ticks ring (rp2's time.ticks_us / ticks_ms).

Differences and sums of ticks wrap: `ticks_diff(end, start)` is the signed
difference, valid while the two are less than 2**29 apart; `ticks_add(t, delta)`
stays on the ring. On a port whose ticks are 30-bit (rp2, the 32-bit MicroPython)
these are the built-in time.ticks_diff / ticks_add; elsewhere (CPython, the 64-bit
unix port, CircuitPython) they are computed here (`diff30`, `add30`: also the
simulator's fake time module).
`ring_diff` does it for another period (CircuitPython's supervisor.ticks_ms: 2**29).
"""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


import time

PERIOD = const(1 << 30)
MASK = const(0x3FFFFFFF)  # PERIOD - 1
_HALF = const(1 << 29)


def ring_diff(end, start, period):
    """Signed `end - start` on a ring of `period` (a power of two) ticks."""
    half = period >> 1
    return ((end - start + half) & (period - 1)) - half


def diff30(end, start):
    """Signed `end - start` on the 30-bit ring, computed."""
    return ((end - start + _HALF) & MASK) - _HALF


def add30(t, delta):
    """t + delta on the 30-bit ring, computed."""
    return (t + delta) & MASK


ticks_diff = diff30
ticks_add = add30
_builtin = getattr(time, "ticks_diff", None)  # None while the simulator's time imports us
if _builtin is not None and _builtin(0, MASK) == 1:  # 30-bit built-ins: use them
    ticks_diff = _builtin
    ticks_add = time.ticks_add


def now_us():
    """The current ticks_us on the 30-bit ring (CPython: any microsecond clock)."""
    ticks_us = getattr(time, "ticks_us", None)  # looked up now: see _builtin
    if ticks_us is None:
        return getattr(time, "monotonic_ns")() // 1000 & MASK
    return ticks_us() & MASK
