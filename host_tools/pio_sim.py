"""firmware/pio_capture.py's state machine in rp2040-pio-emulator, with pin waveforms.

`run(levels_at, cycles, ...)` assembles pio_capture.PROGRAM with adafruit_pioasm
(the words the device loads), executes the two start-up words as `start()` does
with `sm.exec`, then runs the program from its first word for `cycles` system clock
cycles (one per instruction: the state machine runs at the system clock). The
firmware's own `PioCapture` is the CPU side: its hard IRQ handler runs
`handler_latency` cycles after the program's `irq` (None: never, the FIFO fills),
reading the emulated FIFO; its clock is the CPU's ticks_us at FREQ_HZ.

Where the emulator stops short of the chip, this module completes it faithfully:
`irq 0 rel` sets the flag and takes one cycle (the emulator has no IRQ instruction);
IN_BASE rotates the pins as the chip's input mapping does; a `push noblock` into a
full FIFO sets FDEBUG.RXSTALL (write 1 to clear). The emulator's RX FIFO holds 4
words (the device joins the TX FIFO for 8).
"""
import os
import sys
from dataclasses import replace

import adafruit_pioasm
from pioemu import State, emulate

from host_tools import ROOT

if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

import pio_capture  # noqa: E402

FREQ_HZ = 125_000_000
FIFO_DEPTH = 4  # the emulator's (the device: 8, RX joined)
FDEBUG = pio_capture.FDEBUG[0]
RXSTALL = 1  # state machine 0
_IRQ = 6  # major opcode of `irq`


def assemble(pins=pio_capture.MAX_PINS):
    """(words, wrap_target, wrap) of PROGRAM for `pins` consecutive player pins."""
    text = pio_capture.PROGRAM.replace("out x, %d" % pio_capture.MAX_PINS, "out x, %d" % pins)
    prog = adafruit_pioasm.Program(text)
    return list(prog.assembled), prog.pio_kwargs["wrap_target"], prog.pio_kwargs["wrap"]


class Mem32:
    """machine.mem32 for the one register the handler uses: FDEBUG (write 1 to clear)."""

    def __init__(self):
        self.fdebug = 0

    def __getitem__(self, addr):
        assert addr == FDEBUG
        return self.fdebug

    def __setitem__(self, addr, value):
        assert addr == FDEBUG
        self.fdebug &= ~value


class Machine:
    """The emulated state machine as rp2.StateMachine shows it to the handler."""

    def __init__(self, state):
        self.state = state
        self.words = []  # every word the CPU took: (clock, word)

    def rx_fifo(self):
        return len(self.state.receive_fifo)

    def get(self):
        fifo = self.state.receive_fifo.copy()
        word = fifo.popleft()
        self.state = replace(self.state, receive_fifo=fifo)
        self.words.append((self.state.clock, word))
        return word


def run(levels_at, cycles, in_base=16, pins=6, handler_latency=40, count0=0, t0_us=0):
    """Run the capture for `cycles` cycles; `levels_at(clock)`: GPIO_IN (bit n = GPIO
    n, 0 = pressed) at that cycle. Returns a dict: `capture` (the firmware's
    PioCapture after start-up, its ring holding what the handler recorded since),
    `words` [(clock taken, word)], `pushes` [clock of every push executed, dropped
    or not], `fifo` (words left in the FIFO), `irqs`, `start_clock` (when the first
    word was taken)."""
    words, wrap_target, wrap = assemble(pins)

    def gpio(clock: int) -> int:
        v = levels_at(clock) & 0xFFFFFFFF
        return ((v >> in_base) | (v << (32 - in_base))) & 0xFFFFFFFF if in_base else v

    # The start-up: `mov osr, pins` and `out x, N` executed before the enable.
    state = State(input_shift_register=pio_capture_isr(count0))
    for w in (words[pio_capture.SAMPLE], words[pio_capture.SAMPLE + 1]):
        state = _emulate([w], replace(state, program_counter=0, clock=0),
                         lambda op, s: s.clock >= 1, input_source=gpio, shift_isr_right=False)
    state = replace(state, program_counter=0, clock=0)
    sm = Machine(state)
    mem = Mem32()

    def ticks_us():
        return (t0_us + sm.state.clock * 1_000_000 // FREQ_HZ) & 0x3FFFFFFF

    cap = pio_capture.PioCapture(sm, in_base, FREQ_HZ, mem, FDEBUG, RXSTALL, ticks_us)
    out = {"capture": cap, "words": sm.words, "pushes": [], "irqs": 0, "start_clock": None}
    due = []  # clocks at which the handler runs

    def stop(op, s):
        if s.clock >= cycles or (due and s.clock >= due[0]):
            return True
        if op >> 13 == 4 and not op & 0x80:  # push
            out["pushes"].append(s.clock)
            if len(s.receive_fifo) >= FIFO_DEPTH:
                mem.fdebug |= RXSTALL
        return op >> 13 == _IRQ

    while sm.state.clock < cycles:
        sm.state = _emulate(words, sm.state, stop, input_source=gpio, shift_isr_right=False,
                            wrap_target=wrap_target, wrap_top=wrap)
        s = sm.state
        if s.clock >= cycles:
            break
        if due and s.clock >= due[0]:
            due.pop(0)
            cap.on_irq(sm)
            if out["start_clock"] is None and len(cap.ring):
                out["start_clock"] = s.clock
                assert cap.start(t0_us)
            continue
        # `irq 0 rel`: the flag is set (the handler is due), one cycle
        out["irqs"] += 1
        if handler_latency is not None and not due:
            due.append(s.clock + handler_latency)
        pc = wrap_target if s.program_counter == wrap else s.program_counter + 1
        sm.state = replace(s, program_counter=pc, clock=s.clock + 1)
    out["fifo"] = list(sm.state.receive_fifo)
    return out


def _emulate(words, state, stop_when, **config):
    """Run the emulator from `state` until `stop_when`; the state then."""
    last = state
    for _, after in emulate(words, stop_when=stop_when, initial_state=state, **config):
        last = after
    return last


def pio_capture_isr(count0):
    """The ISR holding the counter's start value (the program starts in `changed`)."""
    from pioemu import ShiftRegister

    return ShiftRegister(count0 & 0xFFFFFFFF, 0)


def counts(result):
    """[(levels as pushed, 24-bit count)] of the words the CPU took, first one included."""
    return [(w >> 24, w & pio_capture.COUNT_MASK) for _, w in result["words"]]


def sample_ticks(result):
    """[(levels, ticks since the start)] of the words taken: the count counts down."""
    c = counts(result)
    first = c[0][1]
    return [(lv, (first - n) & pio_capture.COUNT_MASK) for lv, n in c]
