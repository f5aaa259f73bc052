"""The 30-bit ticks ring arithmetic (ticks.py), computed and built-in alike."""

from table.rules import ticks


def test_computed_diff_and_add_wrap_at_30_bits():
    for diff, add in ((ticks.diff30, ticks.add30), (ticks.ticks_diff, ticks.ticks_add)):
        assert diff(5, 3) == 2 and diff(3, 5) == -2
        assert diff(0, ticks.MASK) == 1 and diff(ticks.MASK, 0) == -1
        assert diff(1 << 29, 0) == -(1 << 29)  # half a period: taken as behind
        assert add(ticks.MASK, 2) == 1 and add(0, -1) == ticks.MASK
        assert diff(add(123, 4567), 123) == 4567


def test_ring_diff_for_another_period():
    period = 1 << 29  # CircuitPython's supervisor.ticks_ms
    assert ticks.ring_diff(3, period - 2, period) == 5
    assert ticks.ring_diff(period - 2, 3, period) == -5
    assert ticks.ring_diff(7, 7, period) == 0


def test_now_is_on_the_ring():
    t = ticks.now_us()
    assert 0 <= t <= ticks.MASK and ticks.PERIOD == ticks.MASK + 1


def test_ring_diff_takes_half_a_period_and_more_as_behind():
    period = 1 << 29
    for d in (-(period // 2), -(3 * period // 8), -1, 0, 1, 3 * period // 8, period // 2 - 1):
        assert ticks.ring_diff(d % period, 0, period) == d, d
        assert ticks.ring_diff(5, (5 - d) % period, period) == d, d


class FakeClock:
    def __init__(self, **clocks):
        for name, value in clocks.items():
            setattr(self, name, lambda value=value: value)


def test_now_reads_ticks_us_where_there_is_one_else_monotonic_ns():
    real = ticks.time
    try:
        ticks.time = FakeClock(ticks_us=(1 << 30) + 5, monotonic_ns=10**12)
        assert ticks.now_us() == 5
        ticks.time = FakeClock(monotonic_ns=7000123456 + (1 << 30) * 1000)
        assert ticks.now_us() == 7000123
    finally:
        ticks.time = real
