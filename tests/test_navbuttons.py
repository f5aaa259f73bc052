"""The navigation buttons' state machine (navbuttons.py), fed raw levels as hw.py
does (polled, debounced here) and keypad events as hw_circuitpython.py does."""

from table.device.navbuttons import LONG_MS, REPEAT_MS, NavButtons
from table.rules.ticks import MASK


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


def edges(nav, changes):
    """Feed latched edges [(t, name, down)], oldest first, as hw.py's poll does; the
    events."""
    events = []
    for t, name, down in changes:
        nav.edge(nav.names.index(name), down, t & MASK, events)
    return events


def bounced(t, name, down, span=3):
    """A level change at t with contact bounce over the next `span` ms."""
    return [(t, name, down), (t + 1, name, not down), (t + span, name, down)]


def test_a_press_and_release_between_two_polls_is_a_press():
    nav = NavButtons(["down", "ok"], [False, False], 0)
    events = edges(nav, [(100, "down", True), (180, "down", False)])
    nav.poll(400, events)  # the first poll after a screen's 300 ms load
    assert events == [("down", "press")]
    assert not nav.held()


def test_bounced_edges_give_one_press():
    nav = NavButtons(["ok"], [False], 0)
    events = edges(nav, bounced(100, "ok", True) + bounced(180, "ok", False))
    nav.poll(400, events)
    assert events == [("ok", "press")]


def test_edges_closer_than_the_debounce_are_no_press():
    nav = NavButtons(["ok"], [False], 0)
    events = edges(nav, [(100, "ok", True), (115, "ok", False), (130, "ok", True), (140, "ok", False)])
    nav.poll(400, events)
    assert events == []


def test_the_debounce_counts_from_the_edges_time():
    nav = NavButtons(["ok"], [False], 0)
    events = edges(nav, [(100, "ok", True), (180, "ok", False)])
    nav.poll(195, events)  # released 15 ms ago: not yet settled
    assert events == []
    nav.poll(200, events)
    assert events == [("ok", "press")]


def test_presses_come_out_in_the_order_they_were_released():
    # ok sorts after down: released first, it still comes first, even when both
    # releases fall between the same two edges or polls.
    for gap in (5, 15, 30, 100):
        nav = NavButtons(["down", "ok"], [False, False], 0)
        changes = [(100, "ok", True), (150, "down", True), (200, "ok", False), (200 + gap, "down", False)]
        events = edges(nav, changes)
        nav.poll(600, events)
        assert events == [("ok", "press"), ("down", "press")], gap
    nav = NavButtons(["down", "ok"], [False, False], 0)
    events = edges(nav, [(100, "down", True), (180, "down", False), (200, "ok", True), (280, "ok", False)])
    events += edges(nav, [(300, "down", True), (380, "down", False)])
    nav.poll(600, events)
    assert events == [("down", "press"), ("ok", "press"), ("down", "press")]


def test_a_hold_through_a_load_is_long_then_repeats_and_no_press():
    nav = NavButtons(["up"], [False], 0)
    events = edges(nav, [(100, "up", True)])
    nav.poll(100 + LONG_MS + 10, events)  # held through a long load: long at once
    assert events == [("up", "long")]
    nav.poll(100 + LONG_MS + 10 + REPEAT_MS, events)
    assert events[1:] == [("up", "repeat")]
    events = edges(nav, [(100 + LONG_MS + 10 + REPEAT_MS + 50, "up", False)])  # before the next
    nav.poll(2000, events)
    assert events == []


def test_a_long_is_due_at_its_time_before_a_later_release():
    # Held LONG_MS before the release edge: "long" (not "press"), then the next one.
    nav = NavButtons(["down", "ok"], [False, False], 0)
    changes = [(0, "ok", True), (LONG_MS + 50, "ok", False), (LONG_MS + 60, "down", True)]
    changes.append((LONG_MS + 140, "down", False))
    events = edges(nav, changes)
    nav.poll(LONG_MS + 300, events)
    assert events == [("ok", "long"), ("down", "press")]


def test_edges_across_the_ticks_wrap():
    start = MASK - 100
    nav = NavButtons(["back", "ok"], [False, False], start)
    events = edges(nav, [(start + 50, "ok", True), (start + 130, "ok", False), (start + 150, "back", True)])
    events += edges(nav, [(start + 230, "back", False)])
    nav.poll((start + 400) & MASK, events)
    assert events == [("ok", "press"), ("back", "press")]


def test_a_button_down_at_boot_stays_ignored_through_its_edges():
    nav = NavButtons(["back"], [True], 0)
    events = edges(nav, bounced(500, "back", False))
    events += edges(nav, [(700, "back", True), (780, "back", False)])
    nav.poll(900, events)
    assert events == [("back", "press")]  # the release that ended the boot hold: none
