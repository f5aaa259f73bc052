"""firmware/pio_capture.py's state machine in rp2040-pio-emulator, with pin waveforms.

`run(levels_at, cycles, ...)` assembles pio_capture.PROGRAM with adafruit_pioasm
(the words the device loads), executes the two start-up words as `start()` does
with `sm.exec`, then runs the program from its first word for `cycles` system clock
cycles (one per instruction: the state machine runs at the system clock). The
firmware's own `PioCapture` is the CPU side: its hard IRQ handler runs
`handler_latency` cycles after the program's `irq` (None: never, the FIFO fills),
reading the emulated FIFO; its clock is the CPU's ticks_us at FREQ_HZ.

`Device` goes further: rp2, machine and time over the emulator, for the firmware's
own `pio_capture.start()` (its `asm_pio` runs a program body as MicroPython's does).

Where the emulator stops short of the chip, this module completes it faithfully:
`irq 0 rel` sets the flag and takes one cycle (the emulator has no IRQ instruction);
IN_BASE rotates the pins as the chip's input mapping does; a `push noblock` into a
full FIFO sets FDEBUG.RXSTALL (write 1 to clear). The emulator's RX FIFO holds 4
words (the device joins the TX FIFO for 8).
"""

import types
from array import array
from dataclasses import replace

import adafruit_pioasm
import pio_capture  # firmware/ (host_tools puts it on the path)
from pioemu import State, emulate

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
        state = _emulate(
            [w],
            replace(state, program_counter=0, clock=0),
            lambda op, s: s.clock >= 1,
            input_source=gpio,
            shift_isr_right=False,
        )
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
        sm.state = _emulate(
            words, sm.state, stop, input_source=gpio, shift_isr_right=False, wrap_target=wrap_target, wrap_top=wrap
        )
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


class Device:
    """The chip for `pio_capture.start()`: rp2 (asm_pio, StateMachine), machine (Pin,
    freq, mem32) and time (ticks) over the emulator, installed in sys.modules by
    `modules()`. The state machine runs while the CPU's clock goes on (each
    `ticks_ms()` lets `step` cycles pass: the CPU's code in between) and its hard IRQ
    handler runs as soon as the program raises its flag. `levels_at(clock)` as in run()."""

    def __init__(self, levels_at, t0_us=0, step=1000):
        self.levels_at = levels_at
        self.t0_us = t0_us
        self.step = step
        self.clock = 0  # system clock cycles since the CPU started
        self.sm = None
        self.mem = Mem32()
        self.mem32 = self.mem

    def freq(self):
        return FREQ_HZ

    def ticks_us(self):
        return (self.t0_us + self.clock * 1_000_000 // FREQ_HZ) & 0x3FFFFFFF

    def ticks_ms(self):
        self.run_to(self.clock + self.step)
        return self.ticks_us() // 1000

    @staticmethod
    def ticks_add(t, delta):
        return (t + delta) & 0x3FFFFFFF

    @staticmethod
    def ticks_diff(end, start):
        return ((end - start + 0x20000000) & 0x3FFFFFFF) - 0x20000000

    def run_to(self, clock):
        """Let the clock run to `clock` cycles, the state machine with it if it is on."""
        sm = self.sm
        while sm is not None and sm.on and self.clock < clock:

            def stop(op, s):
                if s.clock >= clock:
                    return True
                if op >> 13 == 4 and not op & 0x80 and len(s.receive_fifo) >= FIFO_DEPTH:
                    self.mem.fdebug |= RXSTALL
                return op >> 13 == _IRQ

            sm.state = _emulate(
                sm.program,
                replace(sm.state, clock=self.clock),
                stop,
                input_source=sm.gpio,
                shift_isr_right=False,
                wrap_target=sm.wrap_target,
                wrap_top=sm.wrap,
            )
            self.clock = sm.state.clock
            if self.clock >= clock:
                return
            s = sm.state  # at `irq 0 rel`: one cycle, then the hard handler
            pc = sm.wrap_target if s.program_counter == sm.wrap else s.program_counter + 1
            sm.state = replace(s, program_counter=pc, clock=s.clock + 1)
            self.clock += 1
            if sm.handler is not None:
                sm.handler(sm)
        self.clock = max(self.clock, clock)

    def modules(self):
        """{name: module} of rp2, machine and time on this device."""
        device = self

        class Pin:
            def __init__(self, pin):
                self.id = pin

        rp2 = types.ModuleType("rp2")
        rp2.PIO = types.SimpleNamespace(SHIFT_LEFT=0, SHIFT_RIGHT=1, JOIN_RX=2)
        rp2.asm_pio = asm_pio
        rp2.StateMachine = lambda *a, **kw: StateMachine(device, *a, **kw)
        machine = types.ModuleType("machine")
        machine.Pin, machine.freq, machine.mem32 = Pin, self.freq, self.mem
        time = types.ModuleType("time")
        for name in ("ticks_us", "ticks_ms", "ticks_add", "ticks_diff"):
            setattr(time, name, getattr(self, name))
        return {"rp2": rp2, "machine": machine, "time": time}


def asm_pio(**config):
    """rp2.asm_pio as MicroPython's runs a program body: the body's globals replaced by
    the assembler's functions, two passes; `word`, `wrap_target` and `wrap` recorded as
    its emitter does. The program: {"words", "wrap_target", "wrap", "config"}."""

    def dec(f):
        prog = {"config": config}
        for _ in (0, 1):
            prog.update(words=array("H"), wrap_target=0, wrap=None)
            funcs = {
                "word": lambda instr, label=None: prog["words"].append(instr),
                "wrap_target": lambda: prog.__setitem__("wrap_target", len(prog["words"])),
                "wrap": lambda: prog.__setitem__("wrap", len(prog["words"]) - 1),
            }
            saved = dict(f.__globals__)
            f.__globals__.clear()
            f.__globals__.update(funcs)
            try:
                f()
            finally:
                f.__globals__.clear()
                f.__globals__.update(saved)
        return prog

    return dec


class StateMachine(Machine):
    """rp2.StateMachine as pio_capture.start() uses it, on a Device."""

    def __init__(self, device, sm_id, prog, freq, in_base):
        assert sm_id == pio_capture.SM_ID and freq == FREQ_HZ
        Machine.__init__(self, State())
        device.sm = self
        self.device = device
        self.program = list(prog["words"])
        self.wrap_target, self.wrap = prog["wrap_target"], prog["wrap"]
        self.config = prog["config"]
        self.base = in_base.id
        self.handler = None
        self.on = False

    def gpio(self, clock: int) -> int:
        v = self.device.levels_at(clock) & 0xFFFFFFFF
        return ((v >> self.base) | (v << (32 - self.base))) & 0xFFFFFFFF

    def exec(self, instr):
        now = self.device.clock
        s = _emulate(
            [instr],
            replace(self.state, program_counter=0, clock=now),
            lambda op, st: st.clock > now,
            input_source=self.gpio,
            shift_isr_right=False,
        )
        self.state = replace(s, program_counter=self.state.program_counter, clock=now)

    def irq(self, handler=None, trigger=1, hard=False):
        assert hard or handler is None
        self.handler = handler

    def active(self, on):
        self.on = bool(on)
