"""Player taps timestamped by a PIO state machine (rp2 only; boards with CAPTURE = "pio").

The state machine samples all player pins at once every TICK_CYCLES system clock
cycles (48 ns at 125 MHz) and counts the samples down in its X register. On every
change of the levels it pushes one word into its RX FIFO, levels << 24 | the 24 low
bits of the count of that sample, and raises its IRQ flag. The hard IRQ handler
(`PioCapture.on_irq`, allocation-free) moves the words into a `tapring.TapRing`
with the time it ran; the main loop's `drain(fn)` turns each count into the judge's
time and calls `fn(t_us, levels, tapring.NO_PIN)`: the same edges as the pin IRQ
path, so debounce, held-before-arm, ties and the history stay one code path.

Time: ticks_us on the 30-bit ring (the judge's unit, as from the pin IRQs), so the
formats do not change. The count is turned into microseconds exactly (TICK_CYCLES
and the clock are integers: 6 us is 125 ticks at 125 MHz) from an anchor, a count
and the ticks_us it stands for, set when the state machine starts and moved by
whole steps with the CPU clock, which runs from the same crystal (`advance(now)`
every main-loop pass: hw.poll_nav calls it). The 24-bit count wraps every 0.8 s at
125 MHz: each word is placed relative to the anchor moved to when the handler ran,
so the wrap never shows. Times are floored to whole
microseconds; presses in the same sample get the same time, and PIO times are a few
microseconds (the start-up's constant offset) before the CPU's ticks_us.

Resolution: one sample every TICK_CYCLES cycles, the same for every pin; after a
change the next sample comes PUSH_TICKS x TICK_CYCLES later (the push path takes
three ticks), so a change right behind another is timestamped up to that much late.
The input synchronisers add 2 cycles to every pin alike. A contact shorter than a
sample period can be missed.

No word is lost to a full FIFO: before pushing, the program asks the FIFO's level
(`mov y, ~status`, EXECCTRL set to "RX level < 8" by `start()`). When all 8 words
are taken it pushes nothing and keeps counting, sampling every other tick; each
sample then counts as a change, so the levels of the first sample after the CPU has
read a word go in, with that sample's count. The levels the CPU ends with are
always the pins' levels; changes that come and go while the FIFO is full are not
seen, and a change then is timed when there is room again (a bouncing button fills
the FIFO with its first edges, exactly timed, then its bounces merge). The handler
likewise leaves the words in the FIFO while the tap ring is full, and `drain` takes
them once it has emptied the ring: nothing is dropped there either. RXSTALL (a push
into a full FIFO: only if the FIFO-level setting is wrong) is still counted in
`overflows`.

Debouncing stays the judge's (judge.py): the state machine holds no change back, so
a clean press is timed the same whichever other buttons bounce, as long as the FIFO
has room. A hold-off after each push (all pins ignored for a while) would hold
another player's press back with them and misjudge close presses (bench/fairness.py's
groups within 200 us, 10 us tie window, through such a model: one pair in seven to one
in five wrong with a 100-300 us hold-off, some in reverse order, clean presses too);
holding back only the pin that changed needs per-pin state the PIO has no room for
(four registers, no bitwise operations, 32 instructions).

The program text below is the one source: `adafruit_pioasm` assembles it on CPython
(tests, the emulator) and CircuitPython; on MicroPython WORDS (the same words, a test
assembles the text and compares) are loaded through `rp2.asm_pio`'s `word()`.
`program_words(count)` sets the pin count (the `out x, N` word) for the board.
"""

from ..rules.ticks import MASK, ring_diff, ticks_diff
from .tapring import NO_PIN, TapRing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from rp2.asm_pio import word, wrap, wrap_target

PROGRAM = """
.program tap_capture
.mov_status rxfifo < 8  ; `mov y, ~status` is 0 while the RX FIFO (8 words, joined) has room
; X: the sample counter, counting down one per tick of 6 cycles
; Y: the levels last pushed; ISR holds the counter while X takes a sample
changed:                ; X = the new levels, ISR = this sample's count
    mov y, ~status      ; Y = 0 if the RX FIFO has room, all ones if it is full
    jmp !y, room
    mov x, isr          ; full: nothing is pushed, and Y (all ones) matches no sample,
    jmp held [2]        ; so every sample comes back here until there is room
room:
    mov y, x
    mov x, isr
    mov isr, y
    in x, 24            ; ISR = levels << 24 | count & 0xFFFFFF (bits 30, 31 stay 0)
    push noblock        ; (never into a full FIFO)
    irq 0 rel [3]       ; the CPU drains the FIFO
    jmp x--, held       ; this path takes three ticks (18 cycles), so three counts
held:
    jmp x--, next       ; (the full path two: 12 cycles)
next:
    jmp x--, sample     ; at X = 0 each jump falls through to the same place
.wrap_target
sample:                 ; one tick, 6 cycles
    mov isr, x          ; park the counter
    mov osr, pins       ; all pins from in_base, read at once: the sample
    out x, 6            ; X = the player pins
    jmp x!=y, changed
    mov x, isr
    jmp x--, sample
.wrap
"""
# adafruit_pioasm.Program(PROGRAM).assembled (tests/host/test_pio_emulator.py checks it)
WORDS = (
    0xA04D, 0x0064, 0xA026, 0x020B, 0xA041, 0xA026, 0xA0C2, 0x4038, 0x8000, 0xC310,
    0x004B, 0x004C, 0x004D, 0xA0C1, 0xA0E0, 0x6026, 0x00A0, 0xA026, 0x004D,
)  # fmt: skip
WRAP_TARGET = 13  # .wrap_target: `sample`
WRAP = 18  # .wrap: the last word
SAMPLE = 14  # `mov osr, pins`; `out x, N` follows (also executed once before the start)
TICK_CYCLES = 6  # system clock cycles per sample and count
PUSH_TICKS = 3  # ticks from a sample that saw a change to the next sample (a push)
FIFO_WORDS = 8  # the RX FIFO, joined with the TX FIFO: `.mov_status rxfifo < 8`
MAX_PINS = 6  # levels << 24 must stay below 2**30 (a small int: no allocation)
COUNT_MASK = 0xFFFFFF
COUNT_PERIOD = 1 << 24  # the 24-bit count ring (COUNT_MASK + 1)
# PIO0, PIO1, PIO2 (RP2040 and RP2350 datasheets: the same register map on both).
PIO_BASE = (0x50200000, 0x50300000, 0x50400000)
FDEBUG = (0x50200008, 0x50300008, 0x50400008)  # RXSTALL is bit 0 + sm
SM0_EXECCTRL = 0x0CC  # SMn_EXECCTRL: PIO base + 0x0CC + n * SM_STRIDE
SM_STRIDE = 0x18
# The state machines tried in turn: the first one free is used. PIO0's come first: on
# a W board the radio's driver holds one of PIO1's (MicroPython says "StateMachine
# claimed by external resource").
SM_IDS = (0, 1, 2, 3, 4, 5, 6, 7)


def execctrl_address(sm_id):
    """Address of state machine `sm_id`'s EXECCTRL (MicroPython's ids: 0-3 PIO0, 4-7 PIO1)."""
    return PIO_BASE[sm_id // 4] + SM0_EXECCTRL + sm_id % 4 * SM_STRIDE


def status_bits(chip):
    """EXECCTRL's STATUS_SEL and STATUS_N making `mov y, status` all ones while the RX
    FIFO holds fewer than FIFO_WORDS words, for `chip` (sys.implementation._machine,
    e.g. "Raspberry Pi Pico with RP2040"): bit 4 and bits 3-0 on the RP2040, bits 6-5
    and 4-0 on the RP2350."""
    if "RP2350" in chip:
        return 1 << 5 | FIFO_WORDS
    return 1 << 4 | FIFO_WORDS


def status_mask(chip):
    """EXECCTRL's STATUS_SEL and STATUS_N fields on `chip` (as status_bits)."""
    return 0x7F if "RP2350" in chip else 0x1F


def set_status(mem, sm_id, chip):
    """Write the FIFO-level setting into state machine `sm_id`'s EXECCTRL through `mem`
    (machine.mem32), the rest of the register kept, and read it back: raises OSError
    in one line if the register does not hold what was written."""
    addr = execctrl_address(sm_id)
    mask = status_mask(chip)
    want = status_bits(chip)
    mem[addr] = (mem[addr] & ~mask) | want
    got = mem[addr]
    if got & mask != want:
        raise OSError(
            "PIO capture: SM%d EXECCTRL reads 0x%08x, FIFO-level bits 0x%02x not 0x%02x"
            % (sm_id, got & 0xFFFFFFFF, got & mask, want)
        )


def program_words(count):
    """WORDS for `count` consecutive player pins (the `out x, N` word)."""
    if not 1 <= count <= MAX_PINS:
        raise ValueError("PIO capture takes 1..%d consecutive pins, not %d" % (MAX_PINS, count))
    words = list(WORDS)
    words[SAMPLE + 1] = (words[SAMPLE + 1] & ~0x1F) | count
    return words


def pin_span(pins):
    """(in_base, count) of the GPIOs from the lowest player pin to the highest."""
    if not pins:
        raise ValueError("PIO capture needs player pins")
    low = min(pins)
    count = max(pins) - low + 1
    program_words(count)  # checks the count
    return low, count


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


class PioCapture:
    """The player-button ring of a board with PIO capture: `len()`, `drain(fn)` and
    `overflows` as tapring.TapRing; `on_irq` is the state machine's hard IRQ handler.

    `sm` needs `rx_fifo()` and `get()`, `mem` is machine.mem32 (FDEBUG at `fdebug`,
    RXSTALL `stall_bit`), `ticks_us` the CPU clock on the 30-bit ring;
    `disable_irq`/`enable_irq` (machine's) keep the handler out while `drain` reads
    the FIFO itself (none on the host)."""

    sm_id = 0  # the state machine it runs on (start() sets it)

    def __init__(
        self, sm, in_base, freq_hz, mem, fdebug, stall_bit, ticks_us, size=64, disable_irq=None, enable_irq=None
    ):
        g = _gcd(TICK_CYCLES * 1000000, freq_hz)
        self.step_us = TICK_CYCLES * 1000000 // g  # the anchor moves by whole steps:
        self.step_ticks = freq_hz // g  # step_us microseconds are step_ticks counts
        if self.step_ticks * 8 > COUNT_PERIOD:  # a step: at most an eighth of the count ring
            raise ValueError("PIO capture: clock %d Hz has no short whole-us step" % freq_hz)
        self.in_base = in_base
        self.ring = TapRing(size)  # (ticks_us when handled, word, NO_PIN)
        self.anchor_count = 0  # this count ...
        self.anchor_us = 0  # ... was sampled at this ticks_us
        self._sm = sm
        self._mem = mem
        self._fdebug = fdebug
        self._stall_bit = stall_bit
        self._disable_irq = disable_irq
        self._enable_irq = enable_irq
        self.on_irq = self._handler(sm, ticks_us)

    def _handler(self, sm, ticks_us):
        # At most 4 closed-over names: MicroPython calls a closure with more through
        # a heap-allocated argument array.
        ring = self.ring

        def on_irq(_):
            # A full ring leaves the words in the FIFO (the state machine then holds
            # its newest levels back): drain() takes them once the ring has room.
            while sm.rx_fifo() and len(ring) < ring.size:
                ring.record(ticks_us(), sm.get(), NO_PIN)
            if self._mem[self._fdebug] & self._stall_bit:  # a push found the FIFO full
                self._mem[self._fdebug] = self._stall_bit  # (write 1 to clear)
                ring.overflows += 1

        return on_irq

    @property
    def overflows(self):
        """Times changes were lost: RXSTALL, a push into a full FIFO (one or more
        words each time; the program asks the FIFO's level first, so only if that
        setting did not take), or a full ring (the handler waits instead)."""
        return self.ring.overflows

    def __len__(self):
        return len(self.ring)

    def start(self, t_us):
        """Take the state machine's first word (the levels and count at its start,
        ticks_us `t_us`) as the anchor; False if it has not come."""
        entry = self.ring.pop()
        if entry is None:
            return False
        self.anchor_count = entry[1] & COUNT_MASK
        self.anchor_us = t_us & MASK
        return True

    def advance(self, t_us):
        """Move the anchor by whole steps to at most one step before `t_us` (either
        way: within 2**29 us). The main loop calls it every pass with the CPU clock,
        so the anchor stays near while no taps come."""
        e = ticks_diff(t_us, self.anchor_us)
        steps = e // self.step_us
        self.anchor_us = (self.anchor_us + steps * self.step_us) & MASK
        self.anchor_count = (self.anchor_count - steps * self.step_ticks) & COUNT_MASK

    def time_of(self, count):
        """ticks_us of a 24-bit count within 2**23 counts (0.4 s at 125 MHz) of the anchor."""
        ticks = ring_diff(self.anchor_count, count, COUNT_PERIOD)
        return (self.anchor_us + ticks * self.step_us // self.step_ticks) & MASK

    def entry(self, handled_us, word):
        """(t_us, levels) of one FIFO word whose handler ran at `handled_us`; levels
        as GPIO_IN (bit n = GPIO n; only the watched pins are set)."""
        self.advance(handled_us)
        return self.time_of(word & COUNT_MASK), (word >> 24) << self.in_base

    def drain(self, fn):
        """Call `fn(t_us, levels, NO_PIN)` for every change recorded, oldest first;
        return the count. Call it often (every main-loop pass): the anchor follows.
        Words the handler left in the FIFO (the ring was full) follow the ring's."""
        n = 0
        ring = self.ring
        while True:
            e = ring.pop()
            if e is None:
                if not self._sm.rx_fifo():
                    break
                self._take_fifo()
                continue
            t, levels = self.entry(e[0], e[1])
            fn(t, levels, NO_PIN)
            n += 1
        return n

    def _take_fifo(self):
        """The handler's work, with interrupts off so that its own run cannot
        interleave (the ring is empty: it takes what the FIFO holds)."""
        state = self._disable_irq() if self._disable_irq else None
        try:
            self.on_irq(None)
        finally:
            if self._enable_irq:
                self._enable_irq(state)


def _asm_program(words):
    """`words` as an rp2.asm_pio program (the same words, with the wrap). asm_pio takes
    no argument for the FIFO-level setting: start() writes it into the state machine's
    EXECCTRL register (the datasheet's address), never into asm_pio's program list,
    whose layout is MicroPython's own (it moved at v1.26.0)."""
    import rp2

    # asm_pio runs the body with its own globals: the data comes in as defaults.
    @rp2.asm_pio(in_shiftdir=rp2.PIO.SHIFT_LEFT, out_shiftdir=rp2.PIO.SHIFT_RIGHT, fifo_join=rp2.PIO.JOIN_RX)
    def tap_capture(words=words, first=WRAP_TARGET, last=WRAP):
        for i in range(len(words)):
            if i == first:
                wrap_target()
            word(words[i])
            if i == last:
                wrap()

    return tap_capture


def start(pins, size=64, wait_ms=20):
    """Start the capture of the player `pins` (GPIO numbers; pulled up by the caller)
    on the first free state machine of SM_IDS (`.sm_id` on the result). Raises OSError
    if none is free, if its EXECCTRL does not read back the FIFO-level setting, or if
    its first word does not come (the program would wait for room forever)."""
    import sys
    import time

    import rp2
    from machine import Pin, disable_irq, enable_irq, freq, mem32

    in_base, count = pin_span(pins)
    words = program_words(count)
    hz = freq()
    chip = getattr(sys.implementation, "_machine", "")
    prog = _asm_program(words)
    sm = None
    for sm_id in SM_IDS:
        try:
            sm = rp2.StateMachine(sm_id, prog, freq=hz, in_base=Pin(in_base))
            break
        except ValueError:  # claimed by another driver
            pass
    if sm is None:
        raise OSError("PIO capture: no free state machine")
    try:
        set_status(mem32, sm_id, chip)
    except OSError:
        sm.active(0)
        raise
    fdebug, stall = FDEBUG[sm_id // 4], 1 << sm_id % 4
    cap = PioCapture(sm, in_base, hz, mem32, fdebug, stall, time.ticks_us, size, disable_irq, enable_irq)
    cap.sm_id = sm_id
    mem32[fdebug] = stall  # clear a stale RXSTALL
    sm.irq(cap.on_irq, hard=True)
    sm.exec(words[SAMPLE])  # X = the levels now: the program starts in `changed`,
    sm.exec(words[SAMPLE + 1])  # which pushes them with the count it starts from
    t0 = time.ticks_us()
    sm.active(1)
    deadline = time.ticks_add(time.ticks_ms(), wait_ms)
    while not cap.start(t0):
        if time.ticks_diff(deadline, time.ticks_ms()) < 0:
            sm.active(0)
            sm.irq(None)
            raise OSError("PIO capture: no first word from the state machine")
    return cap
