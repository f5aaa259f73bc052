import sys

from raising import value_error
from skipping import skip

from table.device.tapring import NO_PIN, TapRing


def test_fifo_order_and_pop_on_empty():
    ring = TapRing(8)
    assert ring.pop() is None
    for i in range(5):
        ring.record(100 + i, i, 16 + i)
    ring.record(7, 8)  # the pin not known (CircuitPython's keypad)
    assert len(ring) == 6
    assert [ring.pop() for _ in range(6)] == [(100 + i, i, 16 + i) for i in range(5)] + [(7, 8, NO_PIN)]
    assert ring.pop() is None
    assert len(ring) == 0


def test_full_ring_counts_overflows_and_keeps_unread_entries():
    ring = TapRing(4)
    for i in range(7):
        ring.record(i, i)
    assert ring.overflows == 3
    assert len(ring) == 4
    seen = []
    assert ring.drain(lambda t, levels, pin: seen.append((t, levels))) == 4
    assert seen == [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert ring.overflows == 3


def test_indices_wrap_many_times():
    ring = TapRing(3)
    out = []
    for i in range(50):
        ring.record(i, 0x3FFFFFFF - i)
        if i % 2:
            ring.drain(lambda t, levels, pin: out.append((t, levels)))
    ring.drain(lambda t, levels, pin: out.append((t, levels)))
    assert out == [(i, 0x3FFFFFFF - i) for i in range(50)]
    assert ring.overflows == 0


def test_holds_full_range_of_ticks_and_gpio_levels():
    ring = TapRing(2)
    ring.record(2**30 - 1, 2**30 - 1, 29)
    ring.record(0, 0, 0)
    assert ring.pop() == (2**30 - 1, 2**30 - 1, 29)
    assert ring.pop() == (0, 0, 0)


def test_record_allocates_nothing_under_heap_lock():
    if sys.implementation.name != "micropython":
        skip("heap_lock is MicroPython's")
    import micropython

    ring = TapRing(8)
    t = 2**30 - 5
    levels = 0x3FFF0000

    def irq(pin):  # what the pin IRQ handler does on the device
        ring.record(t, levels, 21)

    micropython.heap_lock()
    try:
        for _ in range(20):  # fills the ring, then overflows
            irq(None)
        ring.record(0, 0)
    finally:
        micropython.heap_unlock()
    assert ring.overflows == 13
    assert len(ring) == 8
    assert ring.pop() == (t, levels, 21)


def test_length_counts_every_waiting_entry_across_the_wrap():
    ring = TapRing(3)
    model = []
    for step in range(40):  # every head/tail position, the wrap included
        if step % 3 != 2:
            ring.record(step, step, 1)
            if len(model) < 3:
                model.append(step)
        else:
            entry = ring.pop()
            assert (entry[0] if entry else None) == (model.pop(0) if model else None)
        assert len(ring) == len(model), (step, ring.head, ring.tail)


def test_sizes():
    ring = TapRing()
    assert ring.size == 64
    for i in range(65):
        ring.record(i, i)
    assert len(ring) == 64 and ring.overflows == 1
    ring = TapRing(1)  # a ring of one entry
    ring.record(1, 2, 3)
    ring.record(4, 5, 6)
    assert ring.size == 1 and ring.overflows == 1 and ring.pop() == (1, 2, 3)
    assert value_error(TapRing, 0) == "ring size must be at least 1"


def test_drain_passes_every_field():
    ring = TapRing(4)
    ring.record(5, 0xFFFFFFFF, 29)  # levels are an unsigned 32-bit snapshot
    ring.record(6, 0, NO_PIN)
    seen = []
    assert ring.drain(lambda t, levels, pin: seen.append((t, levels, pin))) == 2
    assert seen == [(5, 0xFFFFFFFF, 29), (6, 0, NO_PIN)]
