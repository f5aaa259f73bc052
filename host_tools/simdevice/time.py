"""Fake `time` for the simulator: rp2-like 30-bit ticks on simcore's clock.

Scripted mode: sleeps jump ahead in simulated time (pending button edges fire on
the way); real mode: wall-clock time. The wall clock (`time()`, `localtime()`) starts
at the PC's local time when the simulator starts, as a Pico's RTC once the host tools
have set it (a Pico's own starts at 2021-01-01), and goes on with the simulated time;
machine.RTC().datetime(t) sets it. In scripted mode it starts at SCRIPTED_START
instead, a clock set by the host tools but the same in every run: a script replays
the same run, its history lines' `at` included (simcore: scripted mode is
deterministic).
"""

import simcore
import ticks  # the firmware's ring arithmetic (it sees no built-in ticks_diff here)

EPOCH_2021 = 1609459200
SCRIPTED_START = (2025, 1, 1, 12, 0, 0)  # scripted mode's wall clock at boot (a set clock)
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
    as it is (no time zone, as a Pico's RTC): the port's own mktime."""
    return simcore.rt.mktime(tuple(t[:6]) + (0, 0))


_base = None  # the wall clock's seconds at simulated time w.start


def _wall_base():
    global _base
    if _base is None:
        if simcore.world.real:  # the PC's time at the simulator's start
            _base = seconds(simcore.rt.localtime())
        else:
            _base = seconds(SCRIPTED_START)
    return _base


def set_wall_clock(t):
    """machine.RTC().datetime's work: the wall clock reads t now."""
    global _base
    w = simcore.world
    _base = seconds(t) - (w.clock() - w.start) // 1000000


def time():
    w = simcore.world
    return _wall_base() + (w.clock() - w.start) // 1000000


def time_ns():
    w = simcore.world
    return (_wall_base() * 1000000 + w.clock() - w.start) * 1000


def gmtime(secs=None):
    return simcore.rt.gmtime(time() if secs is None else secs)


localtime = gmtime


def mktime(t):
    return simcore.rt.mktime(t)
