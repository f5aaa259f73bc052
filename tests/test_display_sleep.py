"""display_sleep: when the display dims and turns off, and what wakes it."""

from table.device.display_sleep import DIM, OFF, ON, DisplaySleep

WRAP = 1 << 30  # ticks_ms ring


def test_dims_then_turns_off_and_wakes_on_activity():
    d = DisplaySleep()
    t = 1000
    assert not d.update(t, 120, 600) and d.state == ON  # the first update starts the clock
    assert not d.update(t + 119999, 120, 600) and d.state == ON
    assert d.update(t + 120000, 120, 600) and d.state == DIM
    assert not d.update(t + 130000, 120, 600) and d.state == DIM  # changed once
    assert d.update(t + 600000, 120, 600) and d.state == OFF
    assert d.wake(t + 700000) and d.state == ON  # it was off
    assert not d.wake(t + 700100)  # already on: only the idle time starts again
    assert not d.update(t + 700100 + 119999, 120, 600)
    assert d.update(t + 700100 + 120000, 120, 600) and d.state == DIM


def test_zero_means_never():
    d = DisplaySleep()
    d.update(0, 0, 0)
    assert not d.update(10**8, 0, 0) and d.state == ON
    d = DisplaySleep()
    d.update(0, 0, 600)
    assert not d.update(599999, 0, 600)
    assert d.update(600000, 0, 600) and d.state == OFF  # straight off, never dim
    d = DisplaySleep()
    d.update(0, 120, 0)
    assert d.update(120000, 120, 0) and d.state == DIM
    assert not d.update(10**8, 120, 0) and d.state == DIM


def test_off_before_dim_goes_straight_off():
    d = DisplaySleep()
    d.update(0, 600, 120)
    assert d.update(120000, 600, 120) and d.state == OFF


def test_idle_time_across_the_ticks_wrap():
    d = DisplaySleep()
    start = WRAP - 5000
    d.update(start, 10, 20)
    assert not d.update((start + 9999) % WRAP, 10, 20)
    assert d.update((start + 10000) % WRAP, 10, 20) and d.state == DIM
    assert d.update((start + 20000) % WRAP, 10, 20) and d.state == OFF


def test_settings_changed_later_apply_at_once():
    d = DisplaySleep()
    d.update(0, 120, 600)
    assert not d.update(60000, 120, 600)
    assert d.update(60000, 30, 600) and d.state == DIM
