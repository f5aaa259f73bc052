"""The hardware, built from a board definition (boards/*.py, deployed as `board`).

`Hardware(board)` gives the display driver (`display`), the canvas the UI draws on
(`canvas`, `show()` sends it), the player buttons (`players`, `ring` of their level
changes, `player_bits` to read the levels), the
navigation buttons (`poll_nav`; `nav_ring` of their level changes), the LEDs (`led`) and the buzzer (`beep`). A board
without LEDs, buzzer or with fewer player buttons works; those calls are no-ops.
Every button is active-low with the internal pull-up: bit 0 = pressed.

The board's CAPTURE chooses how player taps are timestamped (`capture` says which
runs): "irq" (default) a hard IRQ on both edges of every player pin fills a
tapring.TapRing; "pio" a PIO state machine (pio_capture.py, imported only then)
samples all player pins every few clock cycles. If PIO capture cannot start, the
pin IRQs take over and `capture_problem` says why (the app shows it at boot).

The navigation buttons have a hard IRQ on both edges too, one handler for all: it
records the edge's ticks_ms and all GPIO levels into `nav_ring` (a TapRing), and
`poll_nav` feeds the levels, oldest first, to navbuttons.NavButtons.edge. So a press
and release that both happened between two loop passes (while a screen's modules
load: 200-400 ms from .mpy files on rp2) is still a press, in its order; the
debounce counts from the edges' own times.
"""

import time

import micropython
from machine import I2C, PWM, Pin, mem32, unique_id

from . import display_sleep
from .canvas import Canvas
from .navbuttons import NavButtons
from .ssd1306 import CONTRAST as INIT_CONTRAST
from .ssd1306 import SSD1306
from .tapring import TapRing


def _edge_handler(ring, gpio_in, gpio):
    """The hard IRQ handler of one player pin: time, all GPIO levels, its pin."""
    ticks_us = time.ticks_us

    def on_edge(pin):
        ring.record(ticks_us(), mem32[gpio_in], gpio)

    return on_edge


def _nav_handler(ring, gpio_in):
    """The hard IRQ handler of every navigation pin: time in ms, all GPIO levels."""
    ticks_ms = time.ticks_ms

    def on_edge(pin):
        ring.record(ticks_ms(), mem32[gpio_in])

    return on_edge


class Hardware:
    DEBOUNCE_MS = 20  # a nav button level must hold this long to count
    RING_SIZE = 64  # player edges buffered between main-loop drains
    NAV_RING_SIZE = 32  # nav edges buffered between polls: a few presses, bounces included
    BEEP_DUTY = 32768  # duty_u16 of the piezo tone (50 %: the loudest)
    LED_FREQ = 1000  # Hz of the LEDs' PWM: no flicker
    CONTRAST = INIT_CONTRAST  # the display's contrast (ssd1306 sets it at init), and dimmed
    DIM_CONTRAST = 0x00

    def __init__(self, board):
        alloc = getattr(micropython, "alloc_emergency_exception_buf", None)
        if alloc is not None:
            alloc(100)
        self.board = board
        width = getattr(board, "DISPLAY_WIDTH", 128)
        height = getattr(board, "DISPLAY_HEIGHT", 64)
        i2c = I2C(board.I2C_ID, sda=Pin(board.I2C_SDA), scl=Pin(board.I2C_SCL), freq=board.I2C_FREQ)
        self.display = SSD1306(i2c, board.DISPLAY_ADDR, width, height, sh1106=board.DISPLAY == "sh1106")
        self.display.init()
        self.canvas = Canvas(width, height)

        self.players = len(board.PLAYER_PINS)
        self.player_bits = tuple(1 << p for p in board.PLAYER_PINS)
        self._player_pins = [Pin(p, Pin.IN, Pin.PULL_UP) for p in board.PLAYER_PINS]
        self.capture = "irq"
        self.capture_problem = None
        self.irq_handlers = []
        if getattr(board, "CAPTURE", "irq") == "pio":
            try:
                from . import pio_capture

                self.ring = pio_capture.start(board.PLAYER_PINS, self.RING_SIZE)
                self.capture = "pio"
            except Exception as e:  # the device always boots: the pin IRQs take over
                self.capture_problem = "PIO capture off (%s): pin IRQs time the taps" % (e,)
        if self.capture == "irq":
            # A hard IRQ handler per pin, made once (it records its pin).
            self.ring = TapRing(self.RING_SIZE)
            self.irq_handlers = [self.edge_handler(gpio) for gpio in board.PLAYER_PINS]
            for pin, handler in zip(self._player_pins, self.irq_handlers):
                pin.irq(handler=handler, trigger=Pin.IRQ_FALLING | Pin.IRQ_RISING, hard=True)

        # Navigation buttons: each edge latched by a hard IRQ (navbuttons.py makes
        # the events from them at the next poll_nav).
        self.nav_names = sorted(board.BUTTONS)
        self._nav_pins = [Pin(board.BUTTONS[n], Pin.IN, Pin.PULL_UP) for n in self.nav_names]
        self._nav_bits = tuple(1 << board.BUTTONS[n] for n in self.nav_names)
        self.nav = NavButtons(
            self.nav_names, [p.value() == 0 for p in self._nav_pins], time.ticks_ms(), self.DEBOUNCE_MS
        )
        self._events = []  # poll_nav's next events
        self._on_nav_edge = self._nav_edge  # bound once: a drain allocates nothing
        self.nav_ring = TapRing(self.NAV_RING_SIZE)
        self.nav_handler = _nav_handler(self.nav_ring, board.GPIO_IN_ADDR)
        for pin in self._nav_pins:
            pin.irq(handler=self.nav_handler, trigger=Pin.IRQ_FALLING | Pin.IRQ_RISING, hard=True)

        # LEDs on PWM, all at LED_FREQ. On the RP2040 a PWM channel is shared by GPIO
        # n and n + 16 and the frequency by a slice's two channels: the board's LEDs
        # and buzzer must not share a slice (docs/hardware.md, Wiring).
        self._leds = []
        for p in board.LED_PINS:
            pwm = PWM(Pin(p))
            pwm.freq(self.LED_FREQ)
            pwm.duty_u16(0)
            self._leds.append(pwm)
        self._pwm = None
        self._beep_end = None
        if board.BUZZER_PIN is not None:
            self._pwm = PWM(Pin(board.BUZZER_PIN))
            self._pwm.duty_u16(0)

    def device_id(self):
        """The chip's unique id as hex: the history's device id."""
        return "".join("%02x" % b for b in unique_id())

    def show(self):
        """Send the canvas to the display (only what changed). An I2C error (the
        driver counts it and sends the whole frame next time) is an OSError, as on
        CircuitPython: the app then draws again on its next pass."""
        errors = self.display.errors
        self.display.show(self.canvas.buffer)
        if self.display.errors != errors:
            raise OSError("display: I2C error")

    def player_levels(self):
        """All GPIO levels in one read; `levels & player_bits[i] == 0`: player i pressed."""
        return mem32[self.board.GPIO_IN_ADDR]

    def player_pressed(self, i):
        return self._player_pins[i].value() == 0

    def poll_nav(self, now_ms):
        """Debounced navigation events since the last poll: [(name, kind), ...] (()
        when there are none), kind "press" (on release), "long" (held
        navbuttons.LONG_MS, once) or "repeat". Also ends a beep whose time is up and
        keeps the PIO capture's clock anchor near now. Call it every main-loop pass:
        a pass without events allocates nothing."""
        if self.capture == "pio":
            self.ring.advance(time.ticks_us())
        if self._beep_end is not None and time.ticks_diff(now_ms, self._beep_end) >= 0:
            self._beep_end = None
            self._pwm.duty_u16(0)
        events = self._events  # empty between polls
        if len(self.nav_ring):
            self.nav_ring.drain(self._on_nav_edge)  # the latched edges, oldest first
        nav = self.nav  # nav.poll(...) is called as a method: no bound method made
        nav.poll(now_ms, events)
        # The levels now: as the edges left them, unless the ring overflowed.
        pins = self._nav_pins
        for i in range(len(pins)):
            nav.level(i, pins[i].value() == 0, now_ms, events)
        if not events:
            return ()
        self._events = []  # the caller keeps this one
        return events

    def _nav_edge(self, t_ms, levels, pin):
        """One latched edge (nav_ring.drain calls it): the buttons' levels at t_ms."""
        nav = self.nav
        bits = self._nav_bits
        for i in range(len(bits)):
            nav.edge(i, levels & bits[i] == 0, t_ms, self._events)

    def nav_held(self):
        """True while a navigation button is down (as `poll_nav` last read it)."""
        return self.nav.held()

    def ignore_held_nav(self):
        """The navigation buttons now down give no events until released (a press
        that woke the display)."""
        self.nav.ignore_held()

    def display_mode(self, mode):
        """display_sleep.ON (full contrast), DIM (lowest contrast) or OFF (the panel's
        sleep mode: its RAM is kept, so waking shows the same image)."""
        if mode == display_sleep.OFF:
            self.display.power(False)
            return
        self.display.contrast(self.DIM_CONTRAST if mode == display_sleep.DIM else self.CONTRAST)
        self.display.power(True)

    def led(self, i, on, duty=65535):
        """LED i on at `duty` (duty_u16: its brightness) or off."""
        if 0 <= i < len(self._leds):
            self._leds[i].duty_u16(duty if on else 0)

    def beep(self, freq_hz, ms, duty=None):
        """Start a tone for `ms` at `duty` (duty_u16: the volume; not blocking:
        `poll_nav` ends it); ms <= 0, freq_hz <= 0 or duty 0 stops it."""
        if self._pwm is None:
            return
        if duty is None:
            duty = self.BEEP_DUTY
        if ms <= 0 or freq_hz <= 0 or duty <= 0:
            self._beep_end = None
            self._pwm.duty_u16(0)
            return
        self._pwm.freq(freq_hz)
        self._pwm.duty_u16(duty)
        self._beep_end = time.ticks_add(time.ticks_ms(), ms)

    def edge_handler(self, gpio):
        """A hard IRQ handler recording pin gpio's edges into the tap ring (the player
        pins', and the hardware test's latency probe)."""
        return _edge_handler(self.ring, self.board.GPIO_IN_ADDR, gpio)

    def tester(self):
        """The hardware test's view of the board (hw_test.Tester)."""
        from . import hw_test

        return hw_test.Tester(self)
