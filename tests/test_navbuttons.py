"""The navigation buttons' state machine (navbuttons.py), fed raw levels as hw.py
does (polled, debounced here) and keypad events as hw_circuitpython.py does."""

from navbuttons import LONG_MS, REPEAT_MS, NavButtons
from ticks import MASK


def polled(nav, levels, start, end, step=5):
    """Feed the levels (name -> down) every step ms from start to end; the events."""
    events = []
    for t in range(start, end, step):
        for i, name in enumerate(nav.names):
            nav.level(i, levels.get(name, False), t & MASK, events)
    return events


def test_a_press_counts_on_release_after_the_debounce():
    nav = NavButtons(["ok", "up"], [False, False], 0)
    assert polled(nav, {"ok": True}, 0, 100) == []
    assert polled(nav, {}, 100, 200) == [("ok", "press")]


def test_bounces_shorter_than_the_debounce_are_no_press():
    nav = NavButtons(["ok"], [False], 0)
    assert polled(nav, {"ok": True}, 0, 15) == []  # down 15 ms < 20
    assert polled(nav, {}, 15, 200) == []


def test_long_then_repeats_and_no_press_on_release():
    nav = NavButtons(["up"], [False], 0)
    events = polled(nav, {"up": True}, 0, LONG_MS + 3 * REPEAT_MS + 10)
    assert events == [("up", "long")] + [("up", "repeat")] * 3
    assert polled(nav, {}, 2000, 2100) == []


def test_a_button_down_at_boot_is_ignored_until_released():
    nav = NavButtons(["back", "ok"], [True, False], 0)
    assert polled(nav, {"back": True}, 0, 2000) == []
    assert polled(nav, {}, 2000, 2100) == []
    assert polled(nav, {"back": True}, 2100, 2200) + polled(nav, {}, 2200, 2300) == [("back", "press")]


def test_across_the_ticks_wrap():
    start = MASK - 300
    nav = NavButtons(["ok"], [False], start)
    events = polled(nav, {"ok": True}, start, start + LONG_MS + 50)
    assert events == [("ok", "long")]


def test_keypad_events_count_at_once_without_a_debounce():
    nav = NavButtons(["ok", "up"], [False, False], 0, debounce_ms=0)
    events = []
    nav.level(0, True, 10, events)  # down and up between two polls: still a press
    nav.level(0, False, 10, events)
    assert events == [("ok", "press")]
    nav.level(1, True, 20, events)
    nav.poll(20 + LONG_MS, events)
    nav.poll(20 + LONG_MS + REPEAT_MS, events)
    assert events[1:] == [("up", "long"), ("up", "repeat")]
