from judge import Judge, judge_trace
from ticks import ticks_diff
from rng import Rng
from tapring import TapRing

WRAP = 1 << 30
PINS = (16, 17, 18, 19, 20, 21)
ALL_UP = (1 << 30) - 1  # every GPIO high: nothing pressed


def big(rng, n):
    """Uniform-ish integer in [0, n) for n beyond Rng.below's 16-bit range."""
    return rng.next32() % n


def bounce(rng, t, level, edges, player):
    """Append a burst (0.05-3 ms) that starts with `level` at t and settles on it."""
    length = 50 + rng.below(2951)
    edges.append((player, t % WRAP, level))
    at = 0
    current = level
    while True:
        at += 1 + rng.below(400)
        if at >= length:
            break
        current = 1 - current
        edges.append((player, (t + at) % WRAP, current))
    if current != level:
        edges.append((player, (t + length) % WRAP, level))


def press_edges(rng, player, t_press, hold_us):
    """Raw edges of one bouncy press at t_press, released hold_us later."""
    edges = []
    bounce(rng, t_press, 0, edges, player)
    bounce(rng, t_press + hold_us, 1, edges, player)
    return edges


def by_time(edges, start):
    return sorted(edges, key=lambda e: ticks_diff(e[1], start))


def test_ticks_diff_wraps_at_30_bits():
    assert ticks_diff(5, 3) == 2
    assert ticks_diff(3, 5) == -2
    assert ticks_diff(10, WRAP - 10) == 20
    assert ticks_diff(WRAP - 10, 10) == -20
    assert ticks_diff(WRAP // 2 - 1, 0) == WRAP // 2 - 1


def test_winner_and_margins_from_debounced_taps():
    r = judge_trace(3, True, "double", taps=[(2, 5000), (0, 3000), (1, 9000)])
    assert r["winner"] == 0
    assert r["tie"] == []
    assert r["order"] == [
        {"player": 0, "t_us": 3000, "margin_us": 0},
        {"player": 2, "t_us": 5000, "margin_us": 2000},
        {"player": 1, "t_us": 9000, "margin_us": 6000},
    ]
    assert r["false_taps"] == [] and r["reason"] == "double"


def test_only_first_tap_per_player_counts():
    r = judge_trace(2, True, taps=[(0, 9000), (1, 5000), (0, 1000), (1, 7000)])
    assert [(o["player"], o["t_us"]) for o in r["order"]] == [(0, 1000), (1, 5000)]


def test_bouncy_presses_order_and_ties_match_true_press_times():
    rng = Rng(2024)
    for trial in range(150):
        players = 2 + rng.below(5)
        base = big(rng, WRAP) if trial % 3 else WRAP - 1 - rng.below(3000)
        window = 1 + rng.below(2000)
        presses = []
        edges = []
        held = []
        for p in range(players):
            if rng.below(6) == 0:
                continue  # this player does not tap
            # Near-simultaneous presses: within a few ms, sometimes identical.
            t = base + (0 if rng.below(8) == 0 else rng.below(4000))
            if rng.below(5) == 0:
                # Held when the pile changed: a chattering release first, then
                # the real press once the level stayed high for RELEASE_US.
                held.append(p)
                release = base + 1 + rng.below(2000)
                bounce(rng, release, 1, edges, p)
                t = release + 3000 + Judge.RELEASE_US + rng.below(4000)
            presses.append((t - base, p, t % WRAP))
            edges.extend(press_edges(rng, p, t, 30000 + big(rng, 200000)))
            # A second press after the release must not count.
            edges.extend(press_edges(rng, p, t + 400000, 50000))
        presses.sort()
        r = judge_trace(players, True, "double", edges=by_time(edges, base), held=held,
                        tie_window_us=window, tie_break="reslap")
        assert [(o["player"], o["t_us"]) for o in r["order"]] == [(p, t) for _, p, t in presses]
        if not presses:
            assert r["winner"] is None and r["tie"] == []
            continue
        first = presses[0][0]
        assert [o["margin_us"] for o in r["order"]] == [d - first for d, _, _ in presses]
        tied = [p for d, p, _ in presses if d - first < window]
        if len(tied) > 1:
            assert r["tie"] == tied and r["winner"] is None and r["reslap"]
        else:
            assert r["tie"] == [] and r["winner"] == presses[0][1]


def test_release_chatter_never_makes_a_second_press():
    j = Judge(2)
    j.arm(0)
    j.edge(0, 1000, 0)
    j.edge(0, 1100, 1)  # press bounce
    j.edge(0, 1200, 0)
    j.edge(0, 80000, 1)  # release ...
    j.edge(0, 80000 + Judge.RELEASE_US - 1, 0)  # ... chatter just inside the release time
    j.edge(0, 80000 + Judge.RELEASE_US, 1)
    assert j.order() == [(0, 1000, 0)]
    # The same chatter on a button held before the pile change is no tap either.
    j.arm(100000, held_mask=1)
    j.edge(0, 110000, 1)
    j.edge(0, 110000 + Judge.RELEASE_US - 1, 0)
    assert j.order() == []


def test_held_before_arm_taps_only_after_a_release():
    j = Judge(2)
    j.arm(1000, held_mask=0b01)
    j.edge(0, 2000, 0)  # still down: no tap
    j.edge(1, 30000, 0)
    assert [p for p, _, _ in j.order()] == [1]
    j.edge(0, 40000, 1)
    j.edge(0, 40000 + Judge.RELEASE_US, 0)  # a real release, then a press
    assert j.order() == [(1, 30000, 0), (0, 60000, 30000)]


def test_release_unconfirmed_at_arm_still_needs_the_release_time():
    j = Judge(2)
    j.arm(0)
    j.edge(0, 100, 0)
    j.edge(0, 50000, 1)  # releasing ...
    j.arm(51000)  # ... when the pile changes: level high, but not released yet
    j.edge(0, 52000, 0)  # release chatter
    j.edge(0, 52100, 1)
    assert j.order() == []
    j.edge(0, 52100 + Judge.RELEASE_US, 0)
    assert j.order() == [(0, 52100 + Judge.RELEASE_US, 0)]
    # A release long confirmed before the pile change: the next press taps.
    j.edge(0, 100000, 1)
    j.arm(100000 + Judge.RELEASE_US)
    j.edge(0, 100000 + Judge.RELEASE_US + 1, 0)
    assert j.order() == [(0, 100000 + Judge.RELEASE_US + 1, 0)]


def test_held_players_in_a_trace():
    edges = [(0, 100, 0), (1, 500, 0), (0, 25000, 1), (0, 60000, 0)]
    r = judge_trace(2, True, edges=edges, held=[0])
    assert [(o["player"], o["t_us"]) for o in r["order"]] == [(1, 500), (0, 60000)]
    r = judge_trace(2, True, edges=edges)
    assert r["winner"] == 0


def test_press_before_arm_counts_as_held():
    j = Judge(2)
    j.arm(0)
    j.edge(0, 5000, 0)
    j.arm(10000)  # edges recorded before the pile change are drained after it
    j.edge(0, 5000, 0)
    j.edge(1, 12000, 0)
    assert j.order() == [(1, 12000, 0)]


def test_taps_across_the_tick_wrap_order_correctly():
    j = Judge(3, tie_window_us=300)
    j.arm(WRAP - 500)
    j.edge(1, 300, 0)  # after the wrap
    j.edge(0, WRAP - 100, 0)
    j.edge(2, WRAP - 300, 1)
    r = j.decide(True, "double")
    assert r["winner"] == 0
    assert r["order"] == [
        {"player": 0, "t_us": WRAP - 100, "margin_us": 0},
        {"player": 1, "t_us": 300, "margin_us": 400},
    ]
    r = judge_trace(2, True, taps=[(1, 250), (0, WRAP - 100)])
    assert r["tie"] == [0, 1]  # 350 us apart, across the wrap


def test_tie_window_is_strict():
    r = judge_trace(2, True, taps=[(0, 0), (1, 1000)], tie_window_us=1000)
    assert r["winner"] == 0 and r["tie"] == []
    r = judge_trace(2, True, taps=[(0, 0), (1, 999)], tie_window_us=1000, tie_break="reslap")
    assert r["winner"] is None and r["tie"] == [0, 1]


def test_tie_is_relative_to_the_first_tap():
    taps = [(0, 0), (1, 800), (2, 1600)]
    r = judge_trace(3, True, taps=taps, tie_break="reslap")
    assert r["tie"] == [0, 1]


def test_random_tie_break_is_deterministic_and_reported():
    taps = [(2, 100), (0, 100), (1, 500)]
    winners = set()
    for seed in range(30):
        r = judge_trace(3, True, taps=taps, seed=seed)
        again = judge_trace(3, True, taps=taps, seed=seed)
        assert r == again
        assert r["tie"] == [0, 2, 1]
        assert r["seed"] == seed and r["draw"] == Rng(seed).below(3)
        assert r["winner"] == r["tie"][r["draw"]] and not r["reslap"]
        winners.add(r["winner"])
    assert winners == {0, 1, 2}


def test_reslap_tie_break_has_no_winner():
    r = judge_trace(2, True, taps=[(0, 10), (1, 20)], tie_break="reslap", seed=3)
    assert r["winner"] is None and r["reslap"] and r["draw"] is None
    assert r["tie"] == [0, 1]


def test_false_taps_with_and_without_cards():
    r = judge_trace(4, False, "double", taps=[(3, 100), (1, 50)], no_cards=[3])
    assert r["slappable"] is False and r["reason"] is None
    assert r["winner"] is None and r["tie"] == []
    assert r["false_taps"] == [1, 3]
    assert r["penalties"] == [
        {"player": 1, "penalty": "cards", "cards": 3},
        {"player": 3, "penalty": "mistake", "cards": 0},
    ]
    assert [o["player"] for o in r["order"]] == [1, 3]


def test_nobody_tapped():
    r = judge_trace(2, True, "double", taps=[])
    assert r["winner"] is None and r["order"] == [] and r["tie"] == []


def levels_with(pressed_pins):
    levels = ALL_UP
    for pin in pressed_pins:
        levels &= ~(1 << pin)
    return levels


def test_snapshot_players_pressed_together_are_simultaneous():
    j = Judge(3, pins=PINS[:3], tie_window_us=1)
    j.arm(0)
    # Pins 16 and 17 fall together; the IRQ for pin 16 runs first (low pin first),
    # then pin 17's: both snapshots see both pins low.
    j.snapshot(1000, levels_with([16, 17]))
    j.snapshot(1004, levels_with([16, 17]))
    assert j.order() == [(0, 1000, 0), (1, 1000, 0)]
    r = j.decide(True, "double", seed=1)
    assert r["tie"] == [0, 1] and r["draw"] is not None


def test_snapshot_dispatch_order_gives_no_pin_bias():
    # Player 0 on a high pin, player 1 on a low pin; same snapshot: still a tie.
    j = Judge(2, pins=(21, 16), tie_break="reslap")
    j.arm(0)
    j.snapshot(500, levels_with([16, 21]))  # IRQ of pin 16 runs first
    j.snapshot(503, levels_with([16, 21]))  # then pin 21's: adds nothing
    r = j.decide(True, "double")
    assert r["reslap"] and r["tie"] == [0, 1]
    assert [o["margin_us"] for o in r["order"]] == [0, 0]


def test_contact_shorter_than_the_irq_latency_counts_by_its_pin():
    # Player 0 (pin 16) touches at 990 us, but the contact is over when the IRQ
    # handler reads the levels at 1000: only the pin says it happened. Player 1
    # presses properly at 1200. The bounce that follows player 0's first contact is
    # the same press, and so is the IRQ of the rising edge.
    j = Judge(2, pins=(16, 17), tie_window_us=100)
    j.arm(0)
    j.snapshot(1000, ALL_UP, 16)
    j.snapshot(1008, ALL_UP, 16)
    j.snapshot(1200, levels_with([17]), 17)
    j.snapshot(1300, levels_with([16, 17]), 16)
    assert j.order() == [(0, 1000, 0), (1, 1200, 200)]
    # Without the pin (or another pin's IRQ) an unchanged snapshot says nothing.
    j = Judge(2, pins=(16, 17), tie_window_us=100)
    j.arm(0)
    j.snapshot(1000, ALL_UP)
    j.snapshot(1004, ALL_UP, 3)
    j.snapshot(1200, levels_with([17]), 17)
    assert j.order() == [(1, 1200, 0)]


def test_snapshot_bounce_and_other_pins_are_ignored():
    j = Judge(2, pins=(16, 17))
    j.arm(0)
    other = levels_with([3, 10])  # navigation buttons: not players
    j.snapshot(100, other)
    j.snapshot(1000, levels_with([17]))
    j.snapshot(1050, ALL_UP)  # bounce
    j.snapshot(1100, levels_with([17]))
    j.snapshot(2000, levels_with([16, 17]))
    assert j.order() == [(1, 1000, 0), (0, 2000, 1000)]


def test_held_mask_from_snapshot_and_ring_to_judge():
    j = Judge(2, pins=(16, 17))
    assert j.held_mask(levels_with([17, 4])) == 0b10
    ring = TapRing(8)
    j.arm(0, j.held_mask(levels_with([17])))
    ring.record(100, levels_with([17]))  # player 1 still holding
    ring.record(200, levels_with([]))  # releases
    ring.record(200 + Judge.RELEASE_US, levels_with([17]))  # presses again: a tap
    ring.record(40000, levels_with([16, 17]))
    assert ring.drain(j.snapshot) == 4
    assert j.order() == [(1, 200 + Judge.RELEASE_US, 0), (0, 40000, 19800)]


def test_bad_settings_raise_value_error():
    for kwargs in ({"tie_window_us": 0}, {"tie_break": "coin"}, {"pins": (16,)},
                   {"pins": (16, 1 << 17)}):
        try:
            Judge(2, **kwargs)
            assert False, kwargs
        except ValueError:
            pass
    try:
        judge_trace(2, True, taps=[(2, 0)])
        assert False
    except ValueError:
        pass


def test_a_held_buttons_irq_reading_pressed_is_no_new_tap():
    # A button held since before the pile changed chatters on release: its IRQ fires
    # while the snapshot still reads it pressed. That is the same press, not a tap.
    judge = Judge(2, [16, 17])
    held = 0xFFFFFFFF & ~(1 << 16)
    judge.arm(1000, judge.held_mask(held))
    for t in (2000, 30000, 61000):  # further apart than a release takes
        judge.snapshot(t, held, 16)
    assert judge.order() == []
    judge.snapshot(62000, 0xFFFFFFFF & ~(1 << 17), 17)  # the other player taps
    assert [p for p, _, _ in judge.order()] == [1]
