"""pio_capture's CPU side: the IRQ handler, counts to ticks_us, the anchor across both
wraps. (The program itself runs in the PIO emulator: tests/host/test_pio_emulator.py.)"""

import sys

from raising import value_error
from skipping import skip

from table.device import pio_capture
from table.device.pio_capture import COUNT_MASK, PioCapture, pin_span, program_words
from table.device.tapring import NO_PIN
from table.rules.judge import Judge

FREQ = 125000000
MASK30 = 0x3FFFFFFF
FDEBUG = pio_capture.FDEBUG[0]


class FakeSM:
    """rp2.StateMachine as the handler sees it: an RX FIFO of words."""

    def __init__(self):
        self.fifo = []
        self.read = 0  # (a read index: list.pop(0) may shrink the list, allocating)

    def rx_fifo(self):
        return len(self.fifo) - self.read

    def get(self):
        self.read += 1
        return self.fifo[self.read - 1]


class FakeMem:
    """machine.mem32 at FDEBUG: RXSTALL bits, write 1 to clear."""

    def __init__(self):
        self.value = 0

    def __getitem__(self, addr):
        assert addr == FDEBUG
        return self.value

    def __setitem__(self, addr, v):
        assert addr == FDEBUG
        self.value &= ~v


class Chip:
    """A state machine started at `t0` (CPU ticks_us, unbounded here) with counter
    `c0`: the count of a sample at true time `t_us` is c0 - elapsed ticks."""

    def __init__(self, t0=0, c0=0, size=64):
        self.t0 = t0
        self.c0 = c0
        self.now = t0
        self.sm = FakeSM()
        self.mem = FakeMem()
        self.irqs_off = []  # disable_irq/enable_irq calls: True off, False on again
        self.cap = PioCapture(self.sm, 16, FREQ, self.mem, FDEBUG, 1, self.ticks, size, self.irq_off, self.irq_on)
        self.sm.fifo.append(63 << 24 | c0 & COUNT_MASK)  # the start-up word
        self.cap.on_irq(self.sm)
        assert self.cap.start(t0)

    def ticks(self):
        return self.now & MASK30

    def irq_off(self):
        self.irqs_off.append(True)
        return 7  # machine.disable_irq's state, for enable_irq

    def irq_on(self, state):
        assert state == 7
        self.irqs_off.append(False)

    def time_of(self, tick):
        """CPU ticks_us (unbounded) at the `tick`th sample: 125 ticks are 6 us."""
        return self.t0 + tick * 6 // 125

    def change(self, tick, levels, latency_us=15, handled=True):
        """A change seen by the `tick`th sample after the start, handled `latency_us`
        later (or left in the FIFO)."""
        self.sm.fifo.append(levels << 24 | (self.c0 - tick) & COUNT_MASK)
        self.now = self.time_of(tick) + latency_us
        if handled:
            self.cap.on_irq(self.sm)


def drained(cap):
    out = []
    cap.drain(lambda t, levels, pin: out.append((t, levels, pin)))
    return out


def test_program_words_set_the_pin_count_and_refuse_too_many():
    assert program_words(6) == list(pio_capture.WORDS)
    w2 = program_words(2)
    assert [i for i in range(len(w2)) if w2[i] != pio_capture.WORDS[i]] == [pio_capture.SAMPLE + 1]
    assert w2[pio_capture.SAMPLE + 1] & 0x1F == 2
    assert pin_span((16, 17, 18, 19, 20, 21)) == (16, 6)
    assert pin_span((21, 17)) == (17, 5)
    for bad in ((16, 22), (), (3, 9)):
        value_error(pin_span, bad)


def test_times_are_the_sample_times_in_whole_microseconds():
    chip = Chip(t0=1000, c0=0)
    chip.change(50, 0b111110)  # 2.4 us: 50 ticks of 48 ns
    chip.change(51, 0b111100)  # one tick later: the same microsecond
    chip.change(271, 0b111000)  # 13.008 us
    chip.change(270, 0b111001)  # 12.96 us (a time is floored)
    assert drained(chip.cap) == [
        (1002, 0b111110 << 16, NO_PIN),
        (1002, 0b111100 << 16, NO_PIN),
        (1013, 0b111000 << 16, NO_PIN),
        (1012, 0b111001 << 16, NO_PIN),
    ]
    assert chip.cap.overflows == 0


def test_counter_and_ticks_wrap_as_the_ticks_ring():
    # The 24-bit count wraps every 0.8 s, ticks_us every 2**30 us: 40 s of changes
    # 0.3 s apart, starting just before both wraps.
    chip = Chip(t0=MASK30 - 500000, c0=5)
    want = []
    for k in range(130):
        tick = 60 + k * 6250000 + (k * 7919) % 1000  # 0.3 s apart, and some
        chip.change(tick, k & 0x3F, latency_us=10 + k * 37 % 5000)
        want.append((chip.time_of(tick) & MASK30, (k & 0x3F) << 16))
        if k % 5 == 4:  # the main loop drains now and then
            got = drained(chip.cap)
            assert [(t, lv) for t, lv, _ in got] == want, k
            want = []


def test_anchor_follows_the_cpu_clock_through_long_quiet_times():
    chip = Chip(t0=123456, c0=0xABCDEF)
    tick = 0
    for minute in range(40):  # 40 minutes without a tap, the main loop every 50 ms
        for _ in range(1200):
            tick += 1041667  # 50.00002 ms
            chip.now = chip.time_of(tick)
            chip.cap.advance(chip.ticks())  # hw.poll_nav's call
    tick += 777
    chip.change(tick, 0b101111, latency_us=40)
    ((t, levels, _),) = drained(chip.cap)
    assert t == chip.time_of(tick) & MASK30
    assert levels == 0b101111 << 16


def test_full_fifo_is_counted_once_per_irq_and_cleared():
    chip = Chip()
    chip.mem.value = 1 | 0x10  # RXSTALL of our state machine (and another flag)
    chip.change(100, 0b111110)
    assert chip.cap.overflows == 1
    assert chip.mem.value == 0x10  # only ours cleared
    chip.change(200, 0b111111)
    assert chip.cap.overflows == 1
    assert len(drained(chip.cap)) == 2


def test_a_full_ring_leaves_the_words_in_the_fifo_for_drain():
    # The handler takes what the ring has room for; the rest waits in the FIFO (where
    # the state machine holds its newest levels back once it is full) and drain()
    # takes it, with interrupts off, after the ring's: nothing dropped, in order.
    chip = Chip(size=4)
    for k in range(7):
        chip.change(20 + k * 20, 0b111110 if k % 2 == 0 else 0b111111)
    assert len(chip.cap) == 4 and chip.sm.rx_fifo() == 3 and chip.cap.overflows == 0
    got = drained(chip.cap)
    assert [t - chip.t0 for t, _, _ in got] == [(20 + k * 20) * 6 // 125 for k in range(7)]
    assert [lv >> 16 for _, lv, _ in got] == [0b111110, 0b111111] * 3 + [0b111110]
    assert chip.irqs_off == [True, False] and chip.sm.rx_fifo() == 0
    # 70 changes while the main loop is away: none lost either
    chip = Chip(size=64)
    for k in range(70):
        chip.change(20 + k * 20, k & 1)
    assert chip.cap.overflows == 0 and len(drained(chip.cap)) == 70
    assert drained(chip.cap) == [] and chip.irqs_off == [True, False]


def test_words_the_handler_has_not_taken_yet_wait_for_it():
    chip = Chip()
    chip.change(100, 0b111110, handled=False)  # its interrupt is still to come
    assert len(chip.cap) == 0
    chip.cap.on_irq(chip.sm)
    assert [lv >> 16 for _, lv, _ in drained(chip.cap)] == [0b111110]


def test_simultaneous_and_close_taps_through_the_judge():
    chip = Chip(t0=5000)
    judge = Judge(3, [16, 17, 18], tie_window_us=10)
    judge.arm(5000)
    chip.change(2000, 0b111010)  # players 0 and 2 in the same sample
    chip.change(2009, 0b111000)  # player 1, 0.43 us later: a tie
    drained_ = drained(chip.cap)
    for t, levels, pin in drained_:
        judge.snapshot(t, levels, pin)
    r = judge.decide(seed=1)
    assert r["tie"] == [0, 1, 2] and r["order"][0]["t_us"] == r["order"][2]["t_us"]
    chip2 = Chip(t0=5000)
    judge = Judge(2, [16, 17], tie_window_us=10)
    judge.arm(5000)
    chip2.change(2000, 0b111101)  # player 1 first
    chip2.change(2000 + 230, 0b111100)  # player 0, 11.04 us later: not a tie at 10 us
    for t, levels, pin in drained(chip2.cap):
        judge.snapshot(t, levels, pin)
    r = judge.decide()
    assert r["winner"] == 1 and r["tie"] == [] and r["order"][1]["margin_us"] == 11


def test_handler_allocates_nothing_under_heap_lock():
    if sys.implementation.name != "micropython":
        skip("heap_lock is MicroPython's")
    import micropython

    chip = Chip(size=8)
    sm = chip.sm
    words = [(k & 0x3F) << 24 | (COUNT_MASK - k * 1000) for k in range(10)]
    sm.fifo.extend(words)
    chip.mem.value = 1
    handler = chip.cap.on_irq
    micropython.heap_lock()
    try:
        handler(sm)  # the ring fills: 2 words stay in the FIFO
    finally:
        micropython.heap_unlock()
    assert len(chip.cap) == 8 and sm.rx_fifo() == 2 and chip.cap.overflows == 1


def test_the_board_check_allows_the_pin_span_the_program_takes():
    from table.device import boardspec

    assert pio_capture.MAX_PINS == boardspec.PIO_SPAN
