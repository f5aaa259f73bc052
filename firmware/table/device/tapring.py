"""Allocation-free ring buffer between the player-button pin IRQ and the main loop.

The hard IRQ handler of each player pin (made once per pin, hw.py) is one line:

    ring.record(time.ticks_us(), machine.mem32[GPIO_IN_ADDR], GPIO)

one timestamp, one snapshot of all GPIO levels (active-low: bit 0 = pressed) and the
pin whose IRQ fired: a contact shorter than the IRQ latency leaves its pin's level
unchanged in the snapshot, and only the pin says that it happened (judge.py).
`record` only stores three small ints into preallocated arrays and moves an index:
it allocates nothing and never raises. When the buffer is full the new entry is
dropped and counted in `overflows` (unread entries are never overwritten).

Sizes: `time.ticks_us()` on rp2 is already 30 bits (0..2**30-1) and the RP2040
GPIO_IN register has 30 bits (bits 30-31 read 0), so both are small ints and no
masking is needed in the handler; the judge masks the levels with its player
pins and compares times with a 30-bit ticks_diff. On a board where bits 30-31 of
GPIO_IN can read 1 (RP2350B with GPIO30/31 high) `mem32` would return a big int,
which allocates: read `mem16[GPIO_IN_ADDR + 2]` (pins 16-31, shifted down by 16)
instead. Host code that records `time.ticks_us()` of the unix port (62-bit
period) must mask it with `& ticks.MASK`.

Main loop side: `drain(fn)` calls `fn(t_us, levels, pin)` for each entry in order;
`pop()` returns one `(t_us, levels, pin)` or None. `pin` is NO_PIN when the recorder
does not know it (CircuitPython's keypad events).
"""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


from array import array

NO_PIN = const(255)


class TapRing:
    """Single-producer (IRQ) / single-consumer (main loop) queue of
    (t_us, levels, pin)."""

    def __init__(self, size=64):
        if size < 1:
            raise ValueError("ring size must be at least 1")
        self.size = size
        # One spare slot: head == tail means empty, so the IRQ writes only `head`
        # and the main loop only `tail` (no shared counter to race on).
        self._slots = size + 1
        self._t = array("i", [0] * self._slots)
        self._levels = array("I", [0] * self._slots)
        self._pins = bytearray(self._slots)
        self.head = 0  # next slot to write (IRQ side)
        self.tail = 0  # next slot to read (main loop side)
        self.overflows = 0  # entries dropped because the ring was full

    def record(self, t_us, levels, pin=NO_PIN):
        """Store one entry; called from the hard IRQ. Allocates nothing."""
        h = self.head
        nxt = h + 1
        if nxt == self._slots:
            nxt = 0
        if nxt == self.tail:
            self.overflows += 1
            return
        self._t[h] = t_us
        self._levels[h] = levels
        self._pins[h] = pin
        self.head = nxt

    def __len__(self):
        n = self.head - self.tail
        return n + self._slots if n < 0 else n

    def pop(self):
        """The oldest unread `(t_us, levels, pin)`, or None when empty."""
        i = self.tail
        if i == self.head:
            return None
        entry = (self._t[i], self._levels[i], self._pins[i])
        i += 1
        self.tail = 0 if i == self._slots else i
        return entry

    def drain(self, fn):
        """Call `fn(t_us, levels, pin)` for every unread entry, oldest first; return
        the count."""
        n = 0
        i = self.tail
        while i != self.head:
            fn(self._t[i], self._levels[i], self._pins[i])
            i += 1
            if i == self._slots:
                i = 0
            self.tail = i
            n += 1
        return n
