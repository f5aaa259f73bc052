"""firmware/table/device/pio_capture.py's state machine in rp2040-pio-emulator, with pin waveforms.

`run(levels_at, cycles, ...)` assembles pio_capture.PROGRAM (or another program text)
with adafruit_pioasm (the words the device loads), executes the two start-up words as
`start()` does with `sm.exec`, then runs the program from its first word for `cycles`
system clock cycles (one per instruction: the state machine runs at the system
clock). The firmware's own `PioCapture` is the CPU side: its hard IRQ handler runs
`handler_latency` cycles after the program's `irq` (None: never, the FIFO fills) and
reads the emulated FIFO; its loop can take `handler_each` cycles a word, while the
state machine runs on (the real rp2 port in an RP2040 emulator: the first word about
30 us after the change, then one every 51 us). Its clock is the CPU's ticks_us at
FREQ_HZ.

`Device` goes further: rp2, machine and time over the emulator, for the firmware's
own `pio_capture.start()`, as a given MicroPython release's rp2 port (PORT_VERSIONS):
its `asm_pio` runs a program body and returns the program list as that release's does,
its StateMachine loads the list's EXECCTRL into the state machine's register, and
machine.mem32 reads and writes that register at the datasheet's address.

Where the emulator stops short of the chip, this module completes it faithfully:
`irq 0 rel` sets the flag and takes one cycle (the emulator has no IRQ instruction);
`mov y, status` (absent too) is all ones while the RX FIFO holds fewer words than
STATUS_N (`.mov_status rxfifo < N` in the text; EXECCTRL on a Device), all zeros
otherwise; the RX FIFO holds 8 words, joined with the TX FIFO as on the device (the
emulator's holds 4: the pushes are done here), and a `push noblock` into a full one
drops the word and sets FDEBUG.RXSTALL (write 1 to clear); IN_BASE rotates the pins
as the chip's input mapping does.
"""

import types
from array import array
from collections import deque
from dataclasses import replace

import adafruit_pioasm
from pioemu import ShiftRegister, State, emulate

from table.device import pio_capture  # firmware/ (host_tools puts it on the path)

FREQ_HZ = 125_000_000
FIFO_DEPTH = pio_capture.FIFO_WORDS  # the RX FIFO joined with the TX FIFO: 8 words
FDEBUG = pio_capture.FDEBUG[0]
RXSTALL = 1  # state machine 0
US = FREQ_HZ // 1_000_000  # cycles per microsecond
_PUSH, _MOV, _IRQ = 4, 5, 6  # major opcodes
_MOV_OSR_PINS = 0xA0E0  # the sample: `out x, N` follows it


# The MicroPython releases the fakes of the rp2 port model: the README's supported ones
# (1.26 or newer) and the three before, whose program list differs. What changed between them for the capture:
# rp2.asm_pio's program list (ports/rp2/modules/rp2.py, read by ports/rp2/rp2_pio.c's
# StateMachine.init as exactly PROG_MAX_FIELDS fields) is [words, an offset per PIO,
# EXECCTRL, SHIFTCTRL, out pins, set pins, side-set pins]: two offsets (PIO0, PIO1:
# EXECCTRL at index 3, 8 fields) up to v1.25.0, three from v1.26.0 on (commit
# 769453c750, "rp2/rp2_pio: Fix use of PIO2 in prog data structure": EXECCTRL at 4,
# 9 fields; v1.28.0's rp2.py: `_PROG_EXECCTRL = const(4)`, as the emulated chip showed).
PORT_VERSIONS = ((1, 23, 0), (1, 24, 0), (1, 25, 0), (1, 26, 0), (1, 27, 0), (1, 28, 0))
PROG_DATA = 0


def execctrl_register(sm_id):
    """SMn_EXECCTRL's address for MicroPython's state machine `sm_id` (the RP2040 and
    RP2350 datasheets: PIO0 at 0x50200000, PIO1 at 0x50300000; SM0_EXECCTRL at 0x0cc,
    0x18 between state machines)."""
    return 0x50200000 + sm_id // 4 * 0x100000 + 0x0CC + sm_id % 4 * 0x18


def prog_layout(version):
    """(EXECCTRL's index, SHIFTCTRL's index, the number of fields) of asm_pio's program
    list on MicroPython `version` (a tuple)."""
    offsets = 3 if version >= (1, 26, 0) else 2
    return 1 + offsets, 2 + offsets, 6 + offsets


# The program before issue #27: every change pushed with `push noblock`, whatever the
# FIFO held (a full FIFO dropped the word and set RXSTALL).
BEFORE_27 = """
.program tap_capture
changed:
    mov y, x
    mov x, isr
    mov isr, y
    in x, 24
    push noblock
    irq 0 rel
    jmp x--, next
next:
    jmp x--, sample
.wrap_target
sample:
    mov isr, x
    mov osr, pins
    out x, 6
    jmp x!=y, changed
    mov x, isr
    jmp x--, sample
.wrap
"""


def assemble(pins=pio_capture.MAX_PINS, program=None):
    """(words, wrap_target, wrap) of `program` (default PROGRAM) for `pins`
    consecutive player pins."""
    prog = _program(pins, program)
    return list(prog.assembled), prog.pio_kwargs["wrap_target"], prog.pio_kwargs["wrap"]


def _program(pins, program):
    text = pio_capture.PROGRAM if program is None else program
    text = text.replace("out x, %d" % pio_capture.MAX_PINS, "out x, %d" % pins)
    return adafruit_pioasm.Program(text)


def rx_status(prog):
    """STATUS as `.mov_status` sets it: level -> all ones? (no directive: STATUS_N 0,
    TX level < 0, never)."""
    if prog.pio_kwargs.get("mov_status_type") == "rxfifo":
        n = prog.pio_kwargs["mov_status_n"]
        return lambda level: level < n
    return lambda level: False


class Mem32:
    """machine.mem32 for the registers the capture uses: the FDEBUG of the state
    machine's PIO (write 1 to clear; `stall` is its RXSTALL bit) and, on a Device, the
    state machines' EXECCTRL (`execctrl`: address -> value; bit 31, EXEC_STALLED, is
    read-only). Any other address is an error. `frozen`: EXECCTRL ignores writes (a
    register that does not take what is written, for the read-back check)."""

    def __init__(self, addr=FDEBUG, stall=RXSTALL):
        self.addr = addr
        self.stall = stall
        self.fdebug = 0
        self.execctrl = {}
        self.frozen = False

    def __getitem__(self, addr):
        if addr in self.execctrl:
            return self.execctrl[addr]
        assert addr == self.addr, hex(addr)
        return self.fdebug

    def __setitem__(self, addr, value):
        if addr in self.execctrl:
            if not self.frozen:
                self.execctrl[addr] = self.execctrl[addr] & 1 << 31 | value & 0x7FFFFFFF
            return
        assert addr == self.addr, hex(addr)
        self.fdebug &= ~value


class Chip:
    """One state machine: its program, registers (a pioemu State), RX FIFO and
    FDEBUG. `run_to(clock)` executes the program up to that cycle; `raised(clock)`
    is called after each `irq`. `status(level)`: STATUS for an RX FIFO level."""

    def __init__(self, words, wrap_target, wrap, gpio, mem, status, raised=None):
        self.words = list(words)
        self.wrap_target = wrap_target
        self.wrap = wrap
        self.gpio = gpio
        self.mem = mem
        self.status = status
        self.raised = raised or (lambda clock: None)
        self.state = State()
        self.pushes = []  # clock of every push executed, dropped or not
        self.dropped = 0  # pushes into a full FIFO

    def exec(self, instr):
        """Execute one instruction as `sm.exec` does (the program counter stays)."""
        now = self.state.clock
        s = _emulate(
            [instr],
            replace(self.state, program_counter=0),
            lambda op, st: st.clock > now,
            input_source=self.gpio,
            shift_isr_right=False,
        )
        self.state = replace(s, program_counter=self.state.program_counter, clock=now)

    def run_to(self, clock, irq_stops=False):
        """Run to `clock`; with `irq_stops`, only to just after the next `irq` if
        one comes first (its handler may be due before `clock`)."""
        while self.state.clock < clock:
            self.state = _emulate(
                self.words,
                self.state,
                lambda op, s: s.clock >= clock or _completed(op),
                input_source=self.gpio,
                shift_isr_right=False,
                wrap_target=self.wrap_target,
                wrap_top=self.wrap,
            )
            if self.state.clock < clock and self._complete() and irq_stops:
                return

    def _complete(self):
        """Execute the instruction at the program counter that the emulator lacks."""
        s = self.state
        pc = s.program_counter
        op = self.words[pc]
        changes = {}
        if op >> 13 == _PUSH:
            assert not op & 0x20, "only push noblock"
            self.pushes.append(s.clock)
            fifo = deque(s.receive_fifo)
            if len(fifo) < FIFO_DEPTH:
                fifo.append(s.input_shift_register.contents)
            else:
                self.mem.fdebug |= self.mem.stall
                self.dropped += 1
            changes = {"receive_fifo": fifo, "input_shift_register": ShiftRegister(0, 0)}
        elif op >> 13 == _MOV:  # mov x/y, status
            value = 0xFFFFFFFF if self.status(len(s.receive_fifo)) else 0
            assert (op >> 3) & 3 in (0, 1), "only mov and mov ~"
            if (op >> 3) & 3:
                value ^= 0xFFFFFFFF
            changes = {{1: "x_register", 2: "y_register"}[(op >> 5) & 7]: value}
        nxt = self.wrap_target if pc == self.wrap else pc + 1
        self.state = replace(s, program_counter=nxt, clock=s.clock + 1 + (op >> 8 & 0x1F), **changes)
        if op >> 13 == _IRQ:
            self.raised(s.clock)
            return True
        return False


def _completed(op):
    """Instructions Chip completes: push, irq, mov from STATUS."""
    return op >> 13 in (_PUSH, _IRQ) and not op & 0x80 or op >> 13 == _MOV and op & 7 == 5


class Machine:
    """The emulated state machine as rp2.StateMachine shows it to the handler; each
    word read lets `each` cycles pass (the handler's loop) before the next read."""

    def __init__(self, chip, each=0):
        self.chip = chip
        self.each = each
        self.words = []  # every word the CPU took: (clock, word)

    @property
    def state(self):
        return self.chip.state

    def rx_fifo(self):
        return len(self.chip.state.receive_fifo)

    def get(self):
        chip = self.chip
        fifo = deque(chip.state.receive_fifo)
        word = fifo.popleft()
        chip.state = replace(chip.state, receive_fifo=fifo)
        self.words.append((chip.state.clock, word))
        if self.each:
            chip.run_to(chip.state.clock + self.each)
        return word


def _rotated(levels_at, in_base):
    """The pins as the state machine reads them from in_base (GPIO n at bit n - in_base)."""

    def gpio(clock: int) -> int:
        v = levels_at(clock) & 0xFFFFFFFF
        return ((v >> in_base) | (v << (32 - in_base))) & 0xFFFFFFFF if in_base else v

    return gpio


def run(
    levels_at,
    cycles,
    in_base=16,
    pins=6,
    handler_latency=40,
    handler_each=0,
    count0=0,
    t0_us=0,
    program=None,
):
    """Run the capture for `cycles` cycles; `levels_at(clock)`: GPIO_IN (bit n = GPIO
    n, 0 = pressed) at that cycle; `program`: another program text (an earlier one).
    An `irq` while the handler runs (or is due) runs it again `handler_latency` after
    it returns. Returns a dict: `capture` (the firmware's PioCapture after start-up,
    its ring holding what the handler recorded since), `words` [(clock taken, word)],
    `pushes` [clock of every push executed], `dropped` (pushes into a full FIFO),
    `fifo` (words left in the FIFO), `irqs`, `start_clock` (when the first word was
    taken), `handler_runs`."""
    prog = _program(pins, program)
    words = list(prog.assembled)
    mem = Mem32()
    out = {"irqs": 0, "start_clock": None, "handler_runs": 0}
    handler = {"due": None, "busy": False, "again": False}

    def raised(clock):
        out["irqs"] += 1
        if handler_latency is None:
            return
        if handler["busy"] or handler["due"] is not None:
            handler["again"] = handler["busy"]
        else:
            handler["due"] = clock + 1 + handler_latency

    chip = Chip(
        words,
        prog.pio_kwargs["wrap_target"],
        prog.pio_kwargs["wrap"],
        _rotated(levels_at, in_base),
        mem,
        rx_status(prog),
        raised,
    )
    # The start-up: `mov osr, pins` and `out x, N` executed before the enable, the
    # counter's start value in the ISR (the program starts in `changed`).
    chip.state = State(input_shift_register=ShiftRegister(count0 & 0xFFFFFFFF, 0))
    sample = words.index(_MOV_OSR_PINS)
    chip.exec(words[sample])
    chip.exec(words[sample + 1])
    sm = Machine(chip, handler_each)

    def ticks_us():
        return (t0_us + chip.state.clock * 1_000_000 // FREQ_HZ) & 0x3FFFFFFF

    cap = pio_capture.PioCapture(sm, in_base, FREQ_HZ, mem, FDEBUG, RXSTALL, ticks_us)
    while chip.state.clock < cycles:
        due = handler["due"]
        chip.run_to(cycles if due is None else min(cycles, due), irq_stops=True)
        if due is None or chip.state.clock < due:
            continue
        handler["due"] = None
        handler["busy"] = True
        out["handler_runs"] += 1
        cap.on_irq(sm)
        handler["busy"] = False
        if handler["again"]:
            handler["again"] = False
            handler["due"] = chip.state.clock + handler_latency
        if out["start_clock"] is None and len(cap.ring):
            out["start_clock"] = chip.state.clock
            assert cap.start(t0_us)
    out.update(
        capture=cap,
        words=sm.words,
        pushes=chip.pushes,
        dropped=chip.dropped,
        fifo=list(chip.state.receive_fifo),
    )
    return out


def _emulate(words, state, stop_when, **config):
    """Run the emulator from `state` until `stop_when`; the state then."""
    last = state
    for _, after in emulate(words, stop_when=stop_when, initial_state=state, **config):
        last = after
    return last


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
    freq, mem32, disable_irq, enable_irq) and time (ticks) over the emulator,
    installed in sys.modules by `modules()`. The state machine runs while the CPU's
    clock goes on (each `ticks_ms()` lets `step` cycles pass: the CPU's code in
    between) and its hard IRQ handler runs as soon as the program raises its flag
    (not while interrupts are disabled: then when they are enabled again).
    `levels_at(clock)` as in run()."""

    def __init__(self, levels_at, t0_us=0, step=1000, claimed=(), version=None):
        self.levels_at = levels_at
        self.claimed = claimed  # state machines another driver holds (a W board's radio: 4)
        self.version = version or PORT_VERSIONS[-1]  # the MicroPython release it follows
        self.t0_us = t0_us
        self.step = step
        self.clock = 0  # system clock cycles since the CPU started
        self.sm = None
        self.mem = Mem32()
        self.mem32 = self.mem
        self.irq_off = False
        self.irq_pending = False
        self.irq_offs = 0  # disable_irq() calls

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

    def disable_irq(self):
        self.irq_offs += 1
        was = self.irq_off
        self.irq_off = True
        return was

    def enable_irq(self, state):
        self.irq_off = state
        if not state and self.irq_pending:
            self.irq_pending = False
            self._interrupt()

    def _interrupt(self):
        sm = self.sm
        if self.irq_off:
            self.irq_pending = True
        elif sm.handler is not None:
            self.clock = sm.chip.state.clock
            sm.handler(sm)

    def run_to(self, clock):
        """Let the clock run to `clock` cycles, the state machine with it if it is on."""
        sm = self.sm
        if sm is not None and sm.on:
            sm.chip.state = replace(sm.chip.state, clock=max(self.clock, sm.chip.state.clock))
            sm.chip.run_to(clock)
            self.clock = sm.chip.state.clock
        self.clock = max(self.clock, clock)

    def modules(self):
        """{name: module} of rp2, machine and time on this device."""
        device = self

        class Pin:
            def __init__(self, pin):
                self.id = pin

        rp2 = types.ModuleType("rp2")
        rp2.PIO = types.SimpleNamespace(SHIFT_LEFT=0, SHIFT_RIGHT=1, JOIN_RX=2)
        rp2.asm_pio = lambda **kw: asm_pio(version=self.version, **kw)
        rp2.StateMachine = lambda *a, **kw: StateMachine(device, *a, **kw)
        machine = types.ModuleType("machine")
        machine.Pin, machine.freq, machine.mem32 = Pin, self.freq, self.mem
        machine.disable_irq, machine.enable_irq = self.disable_irq, self.enable_irq
        time = types.ModuleType("time")
        for name in ("ticks_us", "ticks_ms", "ticks_add", "ticks_diff"):
            setattr(time, name, getattr(self, name))
        return {"rp2": rp2, "machine": machine, "time": time}


def asm_pio(in_shiftdir=0, out_shiftdir=0, fifo_join=0, version=PORT_VERSIONS[-1]):
    """rp2.asm_pio as MicroPython `version`'s runs a program body: the body's globals
    replaced by the assembler's functions, two passes; `word`, `wrap_target` and `wrap`
    recorded as its emitter does. The program list as that version's (prog_layout):
    EXECCTRL holds the wrap (bottom << 7, top << 12), SHIFTCTRL the shift settings."""

    def dec(f):
        for _ in (0, 1):
            emit = _Emitter(fifo_join << 30 | out_shiftdir << 19 | in_shiftdir << 18, version)  # thresholds 32: 0
            saved = dict(f.__globals__)
            f.__globals__.clear()
            f.__globals__.update(word=emit.word, wrap_target=emit.wrap_target, wrap=emit.wrap)
            try:
                f()
            finally:
                f.__globals__.clear()
                f.__globals__.update(saved)
        return emit.prog

    return dec


class _Emitter:
    """One pass of MicroPython's PIOASMEmit: the words and the wrap."""

    def __init__(self, shiftctrl, version):
        self.execctrl, shift, fields = prog_layout(version)
        self.prog = [array("H")] + [-1] * (self.execctrl - 1) + [0, shiftctrl] + [None] * (fields - shift - 1)

    def word(self, instr, label=None):
        self.prog[PROG_DATA].append(instr)

    def wrap_target(self):
        self.prog[self.execctrl] |= len(self.prog[PROG_DATA]) << 7

    def wrap(self):
        self.prog[self.execctrl] |= (len(self.prog[PROG_DATA]) - 1) << 12


def execctrl_status(execctrl, chip="RP2040"):
    """STATUS of an EXECCTRL: RX FIFO level -> all ones? STATUS_SEL (RP2040: bit 4;
    RP2350: bits 6-5) 1 is the RX level, 0 the TX level (0 with the FIFOs joined for
    RX); STATUS_N (RP2040: bits 3-0; RP2350: bits 4-0) the level it is compared with."""
    if chip == "RP2350":
        sel, n = execctrl >> 5 & 3, execctrl & 0x1F
    else:
        sel, n = execctrl >> 4 & 1, execctrl & 0xF
    if sel == 1:
        return lambda level: level < n
    return lambda level: 0 < n


class StateMachine:
    """rp2.StateMachine as pio_capture.start() uses it, on a Device, as its MicroPython
    version's rp2_pio.c does: the program list must have that version's fields, and
    the program's EXECCTRL (the wrap, STATUS) goes into the state machine's EXECCTRL
    register, which `mov status` reads from then on (mem32 can change it)."""

    def __init__(self, device, sm_id, prog, freq, in_base):
        assert freq == FREQ_HZ
        execctrl_at, _, fields = prog_layout(device.version)
        if len(prog) != fields:  # mp_obj_get_array_fixed_n
            raise ValueError("tuple/list has wrong length")
        if sm_id in device.claimed:  # as MicroPython's rp2 says it
            raise ValueError("StateMachine claimed by external resource")
        device.sm = self
        self.id = sm_id
        mem = device.mem
        mem.addr, mem.stall = pio_capture.FDEBUG[sm_id // 4], 1 << sm_id % 4
        register = execctrl_register(sm_id)
        execctrl = prog[execctrl_at] & 0x7FFFFFFF
        mem.execctrl[register] = execctrl  # the program sits at offset 0 here
        self.device = device
        self.prog = prog
        self.base = in_base.id
        self.chip = Chip(
            list(prog[PROG_DATA]),
            execctrl >> 7 & 0x1F,
            execctrl >> 12 & 0x1F,
            self.gpio,
            mem,
            lambda level: execctrl_status(mem.execctrl[register])(level),
            lambda clock: device._interrupt(),
        )
        self.chip.state = replace(self.chip.state, clock=device.clock)
        self.handler = None
        self.on = False
        self.words = []  # every word the CPU took: (clock, word)

    @property
    def state(self):
        return self.chip.state

    def gpio(self, clock: int) -> int:
        v = self.device.levels_at(clock) & 0xFFFFFFFF
        return ((v >> self.base) | (v << (32 - self.base))) & 0xFFFFFFFF

    def rx_fifo(self):
        return len(self.chip.state.receive_fifo)

    def get(self):
        fifo = deque(self.chip.state.receive_fifo)
        word = fifo.popleft()
        self.chip.state = replace(self.chip.state, receive_fifo=fifo)
        self.words.append((self.chip.state.clock, word))
        return word

    def exec(self, instr):
        self.chip.state = replace(self.chip.state, clock=self.device.clock)
        self.chip.exec(instr)

    def irq(self, handler=None, trigger=1, hard=False):
        assert hard or handler is None
        self.handler = handler

    def active(self, on):
        self.on = bool(on)
