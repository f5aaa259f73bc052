"""The 30-bit ticks ring arithmetic (ticks.py), computed and built-in alike."""
import ticks


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
