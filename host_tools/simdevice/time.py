"""Fake `time` for the simulator: rp2-like 30-bit ticks on simcore's clock.

Scripted mode: sleeps jump ahead in simulated time (pending button edges fire on
the way); real mode: wall-clock time. `time()` counts from 2021-01-01 (an unset
Pico RTC) plus the simulated seconds since boot.
"""

import simcore
import ticks  # the firmware's ring arithmetic (it sees no built-in ticks_diff here)

EPOCH_2021 = 1609459200
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


def time():
    w = simcore.world
    return EPOCH_2021 + (w.clock() - w.start) // 1000000


def time_ns():
    w = simcore.world
    return (EPOCH_2021 * 1000000 + w.clock() - w.start) * 1000


def gmtime(secs=None):
    return simcore.rt.gmtime(time() if secs is None else secs)


localtime = gmtime


def mktime(t):
    return simcore.rt.mktime(t)
