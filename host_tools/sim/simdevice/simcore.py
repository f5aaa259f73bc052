"""The simulated board behind the fake `machine` and `time` (MicroPython unix port).

One `World` (`simcore.world`): the clock, the pin levels and their IRQ handlers,
the button edges still to come, the OLED model, and the report lines to the host.

Clock: absolute microseconds since an arbitrary origin; `ticks_us()` is that value
masked to 30 bits like rp2 (`ticks_ms()` = ms masked to 30 bits), so a run started
near the wrap point (`start_us`) proves the firmware survives the wrap. Scripted
mode: simulated time that jumps ahead in sleeps (each ticks read also advances it by
TICK_US, so a busy-wait loop ends; an I2C transfer takes its time on the bus);
real mode (interactive): wall-clock time.

Buttons: a `down` drives the pin low with switch bounce, an `up` releases it with
chatter (a few edges over BOUNCE_MIN_US..BOUNCE_MAX_US, from a seeded PRNG). Every
level change fires the pin's IRQ at that simulated instant; a hard handler runs with
the heap locked, as on the chip.

Report lines on stdout (everything else there is the firmware's own output):
  @sim:frame <ms> <hex> <level>  the image on the glass or its brightness changed (page
                                 layout; level: the contrast 0-255, -1 while off)
  @sim:led <ms> <index> <0|1>    LED `board.LED_PINS[index]` changed (on a PWM pin:
                                 lit while its duty is above 0; brightness not reported)
  @sim:tone <ms> <freq> <duty>   the buzzer PWM changed (duty_u16, 0 = silent)
  @sim:end <ms>                  scripted run over
  @sim:full <ms> <count>         after the end: writes the full flash refused (simrun)
<ms> = milliseconds since boot. Frames are reported at the next sleep after a change.
The lines are written from buffers made once, and the pending edges are kept in
lists made once: the simulator's bookkeeping takes nothing from the heap while the
firmware runs, so the heap figures measured with it (bench/session_app.py) are the
firmware's.

Scripted mode is deterministic: the same script on a copy of the same flash, with the
same seed and a fixed start of the wall clock (time.py), gives the same run (frames,
reports, the heap's layout). Nothing reads the host's clock but the wall clock's
start, and `os.urandom` (the history id a fresh data/ gets, a W board's password)
gives bytes from a PRNG seeded with the seed and the flash's chip (`salt`: its id
and boot count, simchip) instead of the host's: two flashes, or two boots of one,
draw other bytes.
Real mode reads commands from stdin: `<button> <down|up|press> [hold_ms]`, several
separated by `;` on one line happen at the same instant; `quit`.
"""

import gc
import sys

import micropython

MASK = 0x3FFFFFFF  # 30-bit ticks, as on rp2 (ticks.MASK)
NEVER = 1 << 60
PREFIX = "@sim:"
PREFIX_BYTES = b"@sim:"
TICK_US = 1  # scripted mode: simulated cost of one ticks read
END_AFTER_US = 1000000  # scripted mode: run on this long after the last event
BOUNCE_MIN_US = 100
BOUNCE_MAX_US = 2000
GPIO_IN_ADDR = 0xD0000004
EDGE_SLOTS = 16  # pending button edges the lists hold before they grow (a press: 3-7)
HEX = b"0123456789abcdef"
LINE_BYTES = 256  # the line buffer: a frame's hex goes out in pieces of this size
# The heap's allocation unit: 4 machine words (16 bytes on the Pico's 32-bit cores).
BLOCK = 16 if sys.maxsize < 2**32 else 32


def load_real(name):
    """The port's built-in module `name`, although a fake of ours (time.py, socket.py,
    select.py) shadows it on sys.path."""
    import os

    path = sys.path[:]
    fake = sys.modules.pop(name, None)
    keep = []
    for p in path:
        try:
            os.stat((p or ".") + "/" + name + ".py")
        except OSError:
            keep.append(p)
    sys.path[:] = keep
    try:
        real = __import__(name)
    finally:
        sys.path[:] = path
        if fake is not None:
            sys.modules[name] = fake
        else:
            sys.modules.pop(name, None)
    return real


rt = load_real("time")
try:
    rselect = load_real("select")
except ImportError:  # the 32-bit runner (WebAssembly) has no select: it reads no stdin
    rselect = None


class PinState:
    """One GPIO, shared by every `machine.Pin` object made for it."""

    def __init__(self, pin_id):
        self.id = pin_id
        self.mode = -1  # not configured: input
        self.pull = -1
        self.out = 0
        self.ext = -1  # external drive: -1 none, 0 low (button pressed), 1 high
        self.level = 0
        self.handler = None
        self.trigger = 0
        self.hard = False
        self.obj = None  # the Pin passed to the handler
        self.busy_until = 0  # last scheduled edge (bounces of one pin never overlap)
        self.changed = False  # its level changed at the instant being applied; IRQ to run

    def compute(self):
        if self.mode == 1:  # OUT
            return self.out
        if self.ext >= 0:
            return self.ext
        return 1 if self.pull == 1 else 0  # rp2 pads float low without a pull-up


class World:
    def __init__(self, real=False, start_us=0, seed=1, salt=0):
        self.real = real
        self.start = start_us
        self.now = start_us
        self.real0 = rt.ticks_us() if real else 0
        self.rand = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1
        # Every GPIO's state made up front: rp2's Pin objects are static, not heap.
        self.pins = {n: PinState(n) for n in range(30)}
        self.gpio_in = 0  # GPIO_IN: the level of every pin, bit n = GPIO n
        # Pending edges, latest first, in lists made once (n_edges in use):
        # edge_t (time, us), edge_seq (order of scheduling), edge_pin, edge_drive.
        self.edge_t = [0] * EDGE_SLOTS
        self.edge_seq = [0] * EDGE_SLOTS
        self.edge_pin = [0] * EDGE_SLOTS
        self.edge_drive = [0] * EDGE_SLOTS
        self.n_edges = 0
        self.next_edge = NEVER
        self.seq = 0
        self.in_irq = False
        self.irq_errors = 0
        self.panel = None
        self.panel_addr = -1
        self.last_frame = None
        self.last_level = -1  # the brightness last reported
        self.glass = bytearray(1024)  # the panel's image is read into this (a 128x64's size)
        self.line = bytearray(LINE_BYTES)  # a report line, or a piece of a frame's
        self.write = sys.stdout.write  # where the report lines go (write(buf, n): n bytes)
        self.leds = {}  # pin -> LED index
        self.led_order = ()  # the LED pins, sorted (made when leds changes)
        self.led_sent = {}  # pin -> level last reported
        self.buttons = {}  # button name -> pin
        self.tone_freq = 0  # the buzzer's tone last reported (Hz, duty_u16)
        self.tone_duty = 0
        self.buzzer = -1  # the buzzer's pin
        self.pwm_pins = set()  # pins in the PWM function
        self.pwm_freq = [0] * 8  # per slice
        self.pwm_duty = [0] * 16  # per channel (slice * 2 + A/B)
        self.script = None  # simscript.Reader (scripted mode; also real time with --http)
        self.http_port = 0  # W boards: the host port the device's port 80 is (simnet: 0 = any free)
        self.script_next = None  # next script event, already read
        self.last_event = start_us
        self.end = NEVER
        self.ended = False
        self.poller = None
        self.own_bytes = 0  # heap the simulator allocated on the firmware's calls
        self.slept = False  # the firmware has slept: its main loop runs (simload)
        # Real time: the edge being applied (its IRQ handler reads the clock at the edge,
        # not when the busy main loop next let the simulator run)
        self.edge_at = None
        self.urandom_state = ((seed * 2246822519 + 0x5BD1E995) ^ salt) & 0xFFFFFFFF or 1

    # Clock --------------------------------------------------------------------

    def clock(self):
        if self.real:
            if self.in_irq and self.edge_at is not None:  # a pin's IRQ runs at its edge, as on the chip
                return self.edge_at
            return self.start + rt.ticks_diff(rt.ticks_us(), self.real0)
        return self.now

    def ms(self):
        return (self.clock() - self.start) // 1000

    # Pins ---------------------------------------------------------------------

    def pin(self, pin_id):
        st = self.pins.get(pin_id)
        if st is None:
            st = self.pins[pin_id] = PinState(pin_id)
        return st

    def update(self, st):
        """Recompute one pin's level; fire its IRQ on a matching edge."""
        if self.level(st):
            self.fire(st)

    def level(self, st):
        """Recompute one pin's level (GPIO_IN follows); True when it changed."""
        new = st.compute()
        if new == st.level:
            return False
        st.level = new
        if new:
            self.gpio_in |= 1 << st.id
        else:
            self.gpio_in &= ~(1 << st.id)
        if st.id in self.leds and not self.in_irq:
            self.report_leds()
        return True

    def fire(self, st):
        """Run a pin's IRQ handler if its trigger matches the edge to its level."""
        new = st.level
        if st.handler is None or not st.trigger & (8 if new else 4):
            return
        if not st.hard:
            try:
                micropython.schedule(st.handler, st.obj)
            except RuntimeError:
                pass  # schedule queue full: the event is lost, as on the chip
            return
        self.in_irq = True
        try:
            micropython.heap_lock()
            try:
                st.handler(st.obj)
            finally:
                micropython.heap_unlock()
        except Exception as e:
            # As on rp2: report and disable the handler, the main program goes on.
            st.handler = None
            self.irq_errors += 1
            self.irq_error(e)
        finally:
            self.in_irq = False

    def irq_error(self, e):
        print("Uncaught exception in IRQ callback handler", file=sys.stderr)
        sys.print_exception(e, sys.stderr)

    # PWM ----------------------------------------------------------------------

    def pwm_attach(self, pin):
        self.pwm_pins.add(pin)
        self.pwm_changed()

    def pwm_detach(self, pin):
        self.pwm_pins.discard(pin)
        self.pwm_changed()

    def pwm_set(self, pin, freq=None, duty=None):
        if freq is not None:
            self.pwm_freq[pwm_slice(pin)] = freq
        if duty is not None:
            self.pwm_duty[pwm_channel(pin)] = duty
        self.pwm_changed()

    def pwm_output(self, pin):
        """(Hz, duty_u16) a PWM pin puts out (0, 0 if not in the PWM function)."""
        if pin not in self.pwm_pins:
            return 0, 0
        return self.pwm_freq[pwm_slice(pin)], self.pwm_duty[pwm_channel(pin)]

    def pwm_changed(self):
        """Every PWM pin's output again: the buzzer's tone, the LEDs' levels (no
        tuples made: this runs at every duty change)."""
        pin = self.buzzer
        duty = self.pwm_duty[pwm_channel(pin)] if pin in self.pwm_pins else 0
        self.set_tone(self.pwm_freq[pwm_slice(pin)] if duty else 0, duty)
        for pin in self.leds:
            if pin in self.pwm_pins:
                st = self.pin(pin)
                st.out = 1 if self.pwm_duty[pwm_channel(pin)] else 0
                st.mode = 1
                self.update(st)

    # Button edges -------------------------------------------------------------

    def _random(self):
        x = self.rand
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.rand = x
        return x

    def _push(self, t, pin, drive):
        """Schedule an edge: into the lists, latest first (an edge at the same time as
        others is taken after them)."""
        self.seq += 1
        n = self.n_edges
        ts = self.edge_t
        if n == len(ts):  # more pending than ever before: room for more
            for lst in (ts, self.edge_seq, self.edge_pin, self.edge_drive):
                lst.extend([0] * EDGE_SLOTS)
        seqs, pins, drives = self.edge_seq, self.edge_pin, self.edge_drive
        i = n
        while i > 0 and ts[i - 1] <= t:  # one not earlier moves up (it was scheduled before)
            ts[i] = ts[i - 1]
            seqs[i] = seqs[i - 1]
            pins[i] = pins[i - 1]
            drives[i] = drives[i - 1]
            i -= 1
        ts[i] = t
        seqs[i] = self.seq
        pins[i] = pin
        drives[i] = drive
        self.n_edges = n + 1
        self.next_edge = ts[n]

    def button(self, name, action, t, hold_us=80000):
        """Schedule `down`, `up` or `press` (down, then up `hold_us` later) at `t`."""
        pin = self.buttons.get(name)
        if pin is None:
            return
        if action == "press":
            self.button(name, "down", t)
            self.button(name, "up", t + hold_us)
            return
        st = self.pin(pin)
        t = max(t, st.busy_until + 1)
        drive = 0 if action == "down" else -1
        other = -1 if drive == 0 else 0
        self._push(t, pin, drive)
        span = BOUNCE_MIN_US + self._random() % (BOUNCE_MAX_US - BOUNCE_MIN_US)
        bounces = 1 + self._random() % 3
        at = t
        for i in range(bounces):
            a = t + span * (2 * i + 1) // (2 * bounces + 1)
            b = t + span * (2 * i + 2) // (2 * bounces + 1)
            a = max(a, at + 1)
            b = max(b, a + 1)
            self._push(a, pin, other)
            self._push(b, pin, drive)
            at = b
        st.busy_until = at

    def dispatch(self, upto):
        """Apply every scheduled edge (and script event) up to time `upto`."""
        while True:
            ev = self.script_next
            if ev is not None and ev[0] <= upto and (not self.n_edges or ev[0] <= self.next_edge):
                self._take_script(ev)
                continue
            if not self.n_edges or self.next_edge > upto:
                break
            # Every edge due at this instant is applied to its pin before any IRQ runs,
            # so buttons pressed at one instant are in one GPIO snapshot, as on the chip
            # (each handler reads GPIO_IN): the judge gives them one time, a tie at 0.
            # Then each changed pin's IRQ, in the order the edges were scheduled.
            ts, pins = self.edge_t, self.edge_pin
            top = self.n_edges
            t = ts[top - 1]
            n = top
            while n and ts[n - 1] == t:
                n -= 1
                st = self.pin(pins[n])
                st.ext = self.edge_drive[n]  # (through a name: a store on a call's result allocates)
            self.n_edges = n
            self.next_edge = ts[n - 1] if n else NEVER
            if not self.real and t > self.now:
                self.now = t
            i = top
            while i > n:
                i -= 1
                st = self.pin(pins[i])
                if self.level(st):
                    st.changed = True
            self.edge_at = t if self.real else None
            try:
                i = top
                while i > n:
                    i -= 1
                    st = self.pin(pins[i])
                    if st.changed:
                        st.changed = False
                        self.fire(st)
            finally:
                self.edge_at = None
        if self.script_next is not None:
            self.next_edge = min(self.next_edge, self.script_next[0])

    # Script (scripted mode) ---------------------------------------------------

    def load_script(self, reader):
        self.script = reader
        self._read_script()

    def _read_script(self):
        ev = self.script.next()
        if ev is None:
            self.script_next = None
            self.end = self.last_event + END_AFTER_US
        else:
            t = self.start + ev[0] * 1000
            self.script_next = (t, ev[1], ev[2])
            self.next_edge = min(self.next_edge, t)

    def _take_script(self, ev):
        t, name, action = ev
        self.button(name, action, t)
        self.last_event = max(self.last_event, t + (80000 if action == "press" else 0))
        self._read_script()

    # Real mode input ----------------------------------------------------------

    def _commands(self, timeout_ms):
        """Wait up to `timeout_ms` for host commands on stdin and apply them."""
        if self.poller is None:
            self.poller = rselect.poll()
            self.poller.register(sys.stdin, rselect.POLLIN)
        while self.poller.poll(timeout_ms):
            line = sys.stdin.readline()
            if not line:
                self.finish()
            now = self.clock()
            for cmd in line.split(";"):
                parts = cmd.split()
                if parts == ["quit"]:
                    self.finish()
                if len(parts) >= 2:
                    hold = int(parts[2]) * 1000 if len(parts) > 2 else 80000
                    self.button(parts[0], parts[1], now, hold)
            timeout_ms = 0

    # Sleeping, reporting, ending ----------------------------------------------

    def tick(self):
        """A ticks read: time passes a little; due edges fire (not inside an IRQ)."""
        if self.real:
            now = self.clock()
        else:
            self.now += TICK_US
            now = self.now
        if now >= self.next_edge and not self.in_irq:
            self.dispatch(now)
        if now >= self.end and not self.in_irq:
            self.finish()
        return now

    def busy(self, us):
        """Scripted mode: the CPU is busy `us` (an I2C transfer); IRQs still fire."""
        if not self.real and not self.in_irq:
            self.now += us
            if self.now >= self.next_edge:
                self.dispatch(self.now)

    def own(self, before):
        """Count the heap allocated since `before` (gc.mem_alloc()) as the
        simulator's own: exact on the 32-bit runner, whose heap is not collected
        during a call; a collection in between (unix port) only loses a count."""
        d = gc.mem_alloc() - before
        if d > 0:
            self.own_bytes += d

    def sleep_us(self, us):
        if self.in_irq:
            return
        self.slept = True
        before = gc.mem_alloc()
        try:
            self._sleep_us(us)
        finally:
            self.own(before)

    def _sleep_us(self, us):
        self.report()
        self.report_leds()
        if self.real:
            deadline = self.clock() + max(0, us)
            while True:
                now = self.clock()
                self.dispatch(now)
                left = deadline - now
                if left <= 0:
                    break
                wait = min(left, self.next_edge - now)
                if self.script is None:  # interactive: commands from stdin
                    self._commands(max(0, wait) // 1000)
                    if 0 < wait < 1000:
                        rt.sleep_us(wait)
                elif wait > 0:  # a script played in real time (--http)
                    rt.sleep_us(wait)
        else:
            target = self.now + max(0, us)
            self.dispatch(target)
            self.now = max(self.now, target)
            if self.now >= self.end:
                self.finish()

    def report(self):
        p = self.panel
        if p is None or not p.changed:
            return
        p.changed = False
        size = p.width * (p.height // 8)
        if self.glass is None or len(self.glass) != size:  # the first frame (setup)
            self.glass = bytearray(size)
        img = p.visible(self.glass)
        level = p.brightness()
        if self.last_frame is None:
            self.last_frame = bytearray(size)  # the glass is dark at power-on
        if img == self.last_frame and (level == self.last_level or not any(img)):
            return
        self.glass, self.last_frame = self.last_frame, img  # the two buffers swap roles
        self.last_level = level
        line = self.line
        n = self._begin(b"frame ")
        n = self._hex(img, n)
        line[n] = 32
        n = self._int(level, n + 1)
        self._send(n)

    def report_leds(self):
        """Report every LED whose level differs from the last report."""
        if len(self.led_order) != len(self.leds):  # made once (the board's LEDs are set)
            self.led_order = tuple(sorted(self.leds))
            for pin in self.led_order:
                self.led_sent[pin] = self.led_sent.get(pin, 0)
        for pin in self.led_order:
            level = self.pin(pin).level
            if self.led_sent.get(pin, 0) != level:
                self.led_sent[pin] = level
                self._numbers(b"led ", self.leds[pin], level)

    @property
    def tone(self):
        """(Hz, duty_u16) of the buzzer's tone (0, 0: silent)."""
        return (self.tone_freq, self.tone_duty)

    def set_tone(self, freq, duty):
        if freq != self.tone_freq or duty != self.tone_duty:
            self.tone_freq = freq
            self.tone_duty = duty
            self._numbers(b"tone ", freq, duty)

    def emit(self, msg):
        """A report line: PREFIX + msg (the line buffer writes the frequent ones)."""
        msg = PREFIX + msg + "\n"
        self.write(msg, len(msg))

    # The line buffer: a report line written into `line` in place, then sent.

    def _begin(self, kind):
        """PREFIX, kind (ends with a space), the ms and a space; the length so far."""
        n = self._put(kind, self._put(PREFIX_BYTES, 0))
        n = self._int(self.ms(), n)
        self.line[n] = 32
        return n + 1

    def _put(self, s, n):
        """The bytes s at line[n:] (an item of bytes is an int: nothing allocated)."""
        line = self.line
        for i in range(len(s)):
            line[n + i] = s[i]
        return n + len(s)

    def _int(self, v, n):
        """v in decimal at line[n:]; the new length."""
        line = self.line
        if v < 0:
            line[n] = 45  # "-"
            n += 1
            v = -v
        start = n
        while True:
            line[n] = 48 + v % 10
            n += 1
            v //= 10
            if not v:
                break
        i, j = start, n - 1
        while i < j:  # the digits were written lowest first
            line[i], line[j] = line[j], line[i]
            i += 1
            j -= 1
        return n

    def _hex(self, data, n):
        """data in hex at line[n:], the full buffer written out as it fills."""
        line = self.line
        full = len(line) - 8  # room left for what follows the last piece
        for i in range(len(data)):
            if n >= full:
                self.write(line, n)
                n = 0
            b = data[i]
            line[n] = HEX[b >> 4]
            line[n + 1] = HEX[b & 15]
            n += 2
        return n

    def _numbers(self, kind, a, b):
        """PREFIX kind <ms> a b."""
        n = self._int(a, self._begin(kind))
        self.line[n] = 32
        self._send(self._int(b, n + 1))

    def _send(self, n):
        line = self.line
        line[n] = 10
        self.write(line, n + 1)  # a MicroPython stream writes the first n + 1 bytes

    def finish(self, status=0):
        """End the run: last frame, `@sim:end`, SystemExit(status)."""
        if not self.ended:
            self.ended = True
            self.report()
            self.report_leds()
            self._send(self._begin(b"end ") - 1)
        raise SystemExit(status)

    # Randomness ---------------------------------------------------------------

    def urandom(self, n):
        """Scripted mode's os.urandom: n bytes of a xorshift32 seeded with the seed and
        the salt, four bytes of each state (so a boot's first four bytes, its history
        id when data/ was wiped, differ for every salt)."""
        out = bytearray(n)
        x = self.urandom_state
        for i in range(n):
            if i % 4 == 0:
                x ^= (x << 13) & 0xFFFFFFFF
                x ^= x >> 17
                x ^= (x << 5) & 0xFFFFFFFF
            out[i] = (x >> (8 * (i % 4))) & 255
        self.urandom_state = x
        return bytes(out)


def pwm_slice(pin):
    return (pin >> 1) & 7


def pwm_channel(pin):
    return pin & 15


world = World()


class SeededOS:
    """`os` for scripted mode: the module's functions, with `urandom` from the world's
    seeded PRNG (the ids a fresh flash gets are the same in every run)."""

    def __init__(self, os):
        self._os = os

    def __getattr__(self, name):
        return getattr(self._os, name)

    def urandom(self, n):
        return world.urandom(n)


def reset(real=False, start_us=0, seed=1, salt=0):
    """A fresh world (the fake modules always look up `simcore.world`); in scripted
    mode `os` (sys.modules, what the firmware imports) takes its randomness from it."""
    global world
    world = World(real, start_us, seed, salt)
    os = sys.modules.get("os")
    if os is None:
        import os
    if not real and not isinstance(os, SeededOS):
        sys.modules["os"] = SeededOS(os)
    elif real and isinstance(os, SeededOS):
        sys.modules["os"] = os._os
    return world


# Heap measurement (bench/session_app.py) ------------------------------------------


def qstr_room(names):
    """Make room for `names` more interned names (qstrs) in MicroPython's qstr pools,
    so that interning them later allocates no pool. The pools live on the heap and
    each new one is twice the last: which import allocates the next (about 9 KB on
    the 32-bit runner) depends on how many names were interned before it, and the
    simulator's own modules intern hundreds that a Pico has built in. Called before
    the heap base is taken (session_app.start), the pools' growth is the
    simulator's, whatever its own names count, and the firmware's names cost it only
    their text. Interns padding names until an allocation of a pool that big (at
    least 6 bytes a name: pointer, hash, length); returns how many it interned.
    On a heap with garbage, a collection that an allocation runs may hide the pool's
    bytes: call it on a collected heap."""
    keep = [None] * 4096  # the padding names stay live: no garbage for a collection
    i = 0  # that an allocation may run to free, which would hide the pool's bytes
    while i < len(keep):
        keep[i] = name = "_q%d" % i
        before = gc.mem_alloc()
        hasattr(World, name)  # interns the name
        i += 1
        if gc.mem_alloc() - before >= 6 * names:
            break
    return i


def heap_total():
    """Free plus allocated heap: constant on the unix port; on the 32-bit runner
    (WebAssembly, which adds a heap area when an allocation does not fit) it grows
    when an allocation did not fit in the heap's areas."""
    return gc.mem_free() + gc.mem_alloc()


def largest_free():
    """The largest free block of the heap after a collection, in bytes (a multiple of
    BLOCK): the largest allocation that can succeed without a collection. Unix port:
    a binary search, each try a bytearray of n blocks on a freshly collected heap (a
    try that does not fit raises MemoryError). Not for the 32-bit runner: there
    gc.collect() only asks for a collection (see FreeProbe)."""
    gc.collect()
    lo = 0  # blocks known to fit
    hi = gc.mem_free() // BLOCK + 1  # blocks known not to fit
    while hi - lo > 1:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid * BLOCK)
            del b  # garbage for the next collection
            lo = mid
        except MemoryError:
            hi = mid
        gc.collect()
    return lo * BLOCK


class FreeProbe:
    """The same binary search one try per call (the 32-bit runner collects between
    calls from JavaScript, never during one): `step()` tries one size and returns True
    while the search goes on; `value` is the result (bytes) once it returns False.
    A try does not fit when the heap had to grow for it (heap_total); the area added
    for it is empty after the call and goes at the collection."""

    CAP = 1024 * 1024  # no heap here holds a larger free block

    def __init__(self):
        self.lo = 0
        self.hi = self.CAP // BLOCK + 1
        self.value = None

    def step(self):
        mid = (self.lo + self.hi) // 2
        total = heap_total()
        try:
            b = bytearray(mid * BLOCK)
            fits = heap_total() == total
            del b
        except MemoryError:
            fits = False
        if fits:
            self.lo = mid
        else:
            self.hi = mid
        if self.hi - self.lo > 1:
            return True
        self.value = self.lo * BLOCK
        return False
