"""Microsecond timing for the bench scripts, on CPython and on MicroPython."""

import time

if hasattr(time, "ticks_us"):  # MicroPython

    def now_us():
        return time.ticks_us()

    def elapsed_us(start):
        return time.ticks_diff(time.ticks_us(), start)

else:  # CPython

    def now_us():
        return time.perf_counter_ns() // 1000

    def elapsed_us(start):
        return time.perf_counter_ns() // 1000 - start


def median(values):
    values = sorted(values)
    return values[len(values) // 2]
