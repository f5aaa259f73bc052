"""Fake `time` for the simulator: rp2-like 30-bit ticks on simcore's clock.

Scripted mode: sleeps jump ahead in simulated time (pending button edges fire on
the way); real mode: wall-clock time. The wall clock (`time()`, `localtime()`) is a
Pico's RTC once the host tools have set it (a Pico's own starts at 2021-01-01): it
starts when the device boots (`start_wall`, simrun) and goes on with the simulated
time, microsecond for microsecond (real mode: the host's monotonic clock).
It starts at the PC's local time, or at a fixed time (sim `--start`: a script then
replays the same run, its history lines' `at` included), but never before the
flash's chip clock (simchip: where the last run on this flash left it), so the dates
never go back from one boot of a flash to the next.
machine.RTC().datetime(t) sets it. Dates are taken as they are, without a time zone,
as on a Pico (the unix port's own mktime would apply the host's).
"""

import simcore

from table.rules import ticks  # the firmware's ring arithmetic (it sees no built-in ticks_diff here)

EPOCH_2021 = 1609459200
DEFAULT_START = (2025, 1, 1, 12, 0, 0)  # the wall clock at boot when nobody started it
_MASK = simcore.MASK


def ticks_us():
    return simcore.world.tick() & _MASK


def ticks_ms():
    return (simcore.world.tick() // 1000) & _MASK


ticks_cpu = ticks_us


def ticks_diff(a, b):
    return ticks.diff30(a, b)


def ticks_add(t, delta):
    return ticks.add30(t, delta)


def sleep_us(us):
    simcore.world.sleep_us(us)


def sleep_ms(ms):
    simcore.world.sleep_us(ms * 1000)


def sleep(s):
    simcore.world.sleep_us(int(s * 1000000))


def seconds(t):
    """Seconds since 1970 of a (year, month, day, hour, minute, second, ...) date, taken
    as it is (no time zone, as a Pico's RTC and its mktime)."""
    y, m, d = t[0], t[1], t[2]
    y -= m <= 2  # days from the civil date, the year starting in March
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    days = era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468
    return days * 86400 + t[3] * 3600 + t[4] * 60 + t[5]


def host_now_us():
    """The PC's local time now, microseconds since 1970 as a clock without a time zone
    reads it."""
    rt = simcore.rt
    if hasattr(rt, "time_ns"):
        ns = rt.time_ns()
        secs, us = ns // 1000000000, ns // 1000 % 1000000
    else:
        secs, us = int(rt.time()), 0
    return seconds(rt.localtime(secs)) * 1000000 + us


_base = None  # the wall clock's microseconds at simulated time w.start


def start_wall(start=None, not_before=0):
    """Start the wall clock at boot: at `start` (seconds since 1970, a fixed start) or
    the PC's local time now, but not before `not_before` (seconds). Return the
    seconds it reads."""
    global _base
    w = simcore.world
    if start is None:
        base = host_now_us() - (w.clock() - w.start)
    else:
        base = start * 1000000
    _base = max(base, not_before * 1000000)
    return time()


def _wall_base():
    if _base is None:  # the fakes used without simrun
        start_wall(None if simcore.world.real else seconds(DEFAULT_START))
    return _base


def set_wall_clock(t):
    """machine.RTC().datetime's work: the wall clock reads t now."""
    global _base
    w = simcore.world
    _base = seconds(t) * 1000000 - (w.clock() - w.start)


def time():
    w = simcore.world
    return (_wall_base() + w.clock() - w.start) // 1000000


def time_ns():
    w = simcore.world
    return (_wall_base() + w.clock() - w.start) * 1000


def gmtime(secs=None):
    return simcore.rt.gmtime(time() if secs is None else secs)


localtime = gmtime


def mktime(t):
    return seconds(t)
