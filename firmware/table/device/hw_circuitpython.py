"""The hardware on CircuitPython, built from the board definition (`boardcfg.py`).

The same interface as hw.py (MicroPython), so app.App and every screen run unchanged:
`display`, `canvas` (canvas_displayio.Canvas; `show()` refreshes the display),
`players`, `player_bits` (one mask per player), `player_levels()`, `ring`
(tapring.TapRing of (t_us, levels)), `poll_nav(now_ms)`, `led(i, on)`,
`beep(hz, ms)`; plus `now_us()`, the taps' clock (signals.Signals uses it).

CircuitPython has no user interrupts, so buttons go through `keypad.Keys`, which
scans the pins in the background and queues timestamped events:
- player buttons: scanned every PLAYER_SCAN_S (1 ms, the finest keypad allows; no
  debouncing there: the judge debounces like it does the MicroPython IRQ edges).
  `poll_players()` (poll_nav calls it: every loop pass) turns each event into a
  snapshot for the ring: (the event's timestamp in ms x 1000, on the judge's 30-bit
  microsecond ring; levels with bit `player_bits[i]` = 0 while player i is down).
  Timestamps therefore have a 1 ms resolution: taps seen in the same scan have the
  same time and tie.
- navigation buttons: scanned every 20 ms (keypad's debounce), with hw.py's events (navbuttons.py):
  "press" on release, "long" once after LONG_MS held (no "press" then), "repeat"
  every REPEAT_MS after it; a button held at boot is ignored until released.

Every button is active-low with the internal pull-up (value_when_pressed=False).
Pins in the board definition are GPIO numbers (GP<n> in CircuitPython's `board`).
"""

import board as pins  # CircuitPython's built-in pin names (GP0 ..), not our boardcfg
import digitalio
import displayio
import keypad
import supervisor

from ..rules.ticks import MASK, ring_diff
from . import canvas_displayio
from .navbuttons import NavButtons
from .tapring import TapRing

MS_PERIOD = 1 << 29  # supervisor.ticks_ms() wraps at 2**29


def tap_us(ms):
    """A keypad timestamp (supervisor.ticks_ms) on the judge's 30-bit us ring.

    2**29 ms x 1000 is a multiple of 2**30, so the ring stays continuous across the
    wrap of ticks_ms."""
    return ms * 1000 & MASK


def ms_diff(end, start):
    """Signed `end - start` for supervisor.ticks_ms() values (2**29 period)."""
    return ring_diff(end, start, MS_PERIOD)


def pin(gpio):
    """CircuitPython's pin object for a GPIO number."""
    return getattr(pins, "GP%d" % gpio)


def is_down(gpio):
    """Read one button once (active-low, pull-up) before keypad owns the pin."""
    io = digitalio.DigitalInOut(pin(gpio))
    io.switch_to_input(pull=digitalio.Pull.UP)
    down = not io.value
    io.deinit()
    return down


class Hardware:
    NAV_SCAN_S = 0.020  # keypad's default: debounces the navigation buttons
    PLAYER_SCAN_S = 0.001  # scan the slap buttons every millisecond
    MAX_EVENTS = 128  # keypad queue (bounces of 6 players between two loop passes)
    RING_SIZE = 64
    BEEP_DUTY = 32768
    LED_FREQ = 1000
    BRIGHTNESS = 0xCF / 255  # displayio sends it as the contrast: ssd1306.CONTRAST (not shipped here)
    DIM_BRIGHTNESS = 0.0  # (0x81 0x00): dim, not dark
    TAP_RESOLUTION_US = 1000  # keypad timestamps are whole milliseconds

    def __init__(self, board):
        self.board = board
        width = getattr(board, "DISPLAY_WIDTH", 128)
        height = getattr(board, "DISPLAY_HEIGHT", 64)
        self.display = make_display(board, width, height)
        self.canvas = canvas_displayio.Canvas(width, height)
        self.display.root_group = self.canvas.group
        self.tap_resolution_us = self.TAP_RESOLUTION_US

        # Player buttons: bit (1 << GPIO) of each in `levels`, as GPIO_IN on MicroPython.
        self.players = len(board.PLAYER_PINS)
        self.player_bits = tuple(1 << p for p in board.PLAYER_PINS)
        self.ring = TapRing(self.RING_SIZE)
        levels = 0
        for p in board.PLAYER_PINS:
            if not is_down(p):
                levels |= 1 << p
        self._levels = levels
        self._player_keys = keypad.Keys(
            [pin(p) for p in board.PLAYER_PINS],
            value_when_pressed=False,
            pull=True,
            interval=self.PLAYER_SCAN_S,
            max_events=self.MAX_EVENTS,
        )
        self._event = keypad.Event()

        # Navigation buttons: key number i is nav_names[i].
        self.nav_names = sorted(board.BUTTONS)
        # keypad debounces: each of its events is a level that counts at once.
        self.nav = NavButtons(self.nav_names, [is_down(board.BUTTONS[n]) for n in self.nav_names], 0, debounce_ms=0)
        self._nav_keys = keypad.Keys(
            [pin(board.BUTTONS[n]) for n in self.nav_names],
            value_when_pressed=False,
            pull=True,
            interval=self.NAV_SCAN_S,
        )

        import pwmio  # type: ignore[import-not-found]  # CircuitPython

        self._pwm = None
        self._beep_end = None
        if board.BUZZER_PIN is not None:
            self._pwm = pwmio.PWMOut(pin(board.BUZZER_PIN), frequency=2000, duty_cycle=0, variable_frequency=True)
        # LEDs on PWM, as hw.py.
        self._leds = [pwmio.PWMOut(pin(p), frequency=self.LED_FREQ, duty_cycle=0) for p in board.LED_PINS]

    def device_id(self):
        """The chip's unique id as hex (None where the port has none)."""
        import microcontroller  # type: ignore[import-not-found]  # CircuitPython

        uid = getattr(getattr(microcontroller, "cpu", None), "uid", None)
        return "".join("%02x" % b for b in uid) if uid else None

    def now_us(self):
        """Now on the same ring as the tap timestamps (whole milliseconds)."""
        return tap_us(supervisor.ticks_ms())

    def show(self):
        """Send what changed on the canvas to the display; an I2C glitch (displayio
        raises RuntimeError) is an OSError, as on MicroPython."""
        try:
            self.display.refresh()
        except RuntimeError as e:
            raise OSError(str(e))

    def player_levels(self):
        """The player levels as of the last poll_players(): bit player_bits[i] = 0:
        player i is down."""
        return self._levels

    def player_pressed(self, i):
        return not self._levels & self.player_bits[i]

    def poll_players(self):
        """Move keypad's player events into the ring as (t_us, levels) snapshots;
        return how many. A full keypad queue is counted in ring.overflows."""
        events = self._player_keys.events
        ev = self._event
        bits = self.player_bits
        n = 0
        while events.get_into(ev):
            if ev.pressed:
                self._levels &= ~bits[ev.key_number]
            else:
                self._levels |= bits[ev.key_number]
            self.ring.record(tap_us(ev.timestamp), self._levels)
            n += 1
        if events.overflowed:  # read-only: clear() resets it (the queue is empty now)
            events.clear()
            self.ring.overflows += 1
        return n

    def poll_nav(self, now_ms):
        """Navigation events since the last poll: [(name, kind)], kind "press" (on
        release), "long" or "repeat". Also moves the player events into the ring
        (poll_players) and ends a beep whose time is up. Call it every loop pass."""
        self.poll_players()
        if self._beep_end is not None and ms_diff(supervisor.ticks_ms(), self._beep_end) >= 0:
            self._beep_end = None
            self._pwm.duty_cycle = 0
        out = []
        events = self._nav_keys.events
        ev = self._event
        while events.get_into(ev):
            self.nav.level(ev.key_number, ev.pressed, now_ms, out)
        self.nav.poll(now_ms, out)
        return out

    def tester(self):
        """The hardware test's view of the board (Tester)."""
        return Tester(self)

    def nav_held(self):
        """True while a navigation button is down (as `poll_nav` last saw it)."""
        return self.nav.held()

    def ignore_held_nav(self):
        """The navigation buttons now down give no events until released."""
        self.nav.ignore_held()

    def display_mode(self, mode):
        """display_sleep.ON, DIM (lowest contrast) or OFF (the panel's sleep mode)."""
        from . import display_sleep

        if mode == display_sleep.OFF:
            self.display.sleep()
            return
        self.display.brightness = self.DIM_BRIGHTNESS if mode == display_sleep.DIM else self.BRIGHTNESS
        self.display.wake()

    def led(self, i, on, duty=65535):
        """LED i on at `duty` (0-65535: its brightness) or off."""
        if 0 <= i < len(self._leds):
            self._leds[i].duty_cycle = duty if on else 0

    def beep(self, freq_hz, ms, duty=None):
        """Start a tone for `ms` at `duty` (0-65535: the volume; not blocking:
        poll_nav ends it); ms <= 0, freq_hz <= 0 or duty 0 stops it."""
        if self._pwm is None:
            return
        if duty is None:
            duty = self.BEEP_DUTY
        if ms <= 0 or freq_hz <= 0 or duty <= 0:
            self._beep_end = None
            self._pwm.duty_cycle = 0
            return
        self._pwm.frequency = freq_hz
        self._pwm.duty_cycle = duty
        self._beep_end = (supervisor.ticks_ms() + ms) & (MS_PERIOD - 1)


class Tester:
    """The hardware test's view of the board (`Hardware.tester()`): the button levels
    as keypad's events left them; no latency probe (CircuitPython has no user
    interrupts)."""

    no_probe = "no interrupts"  # why there is no latency probe

    def __init__(self, hardware):
        self.hw = hardware
        self.board = hardware.board

    def button_pins(self):
        """(name, GPIO) of every button: the navigation buttons, then p1..pN."""
        pins = [(n, self.board.BUTTONS[n]) for n in self.hw.nav_names]
        return pins + [("p%d" % (i + 1), p) for i, p in enumerate(self.board.PLAYER_PINS)]

    def buttons_down(self):
        """Bit i set: button i of `button_pins()` is down."""
        bits = self.hw.nav.down_bits()
        i = len(self.hw.nav_names)
        for p in range(self.hw.players):
            if self.hw.player_pressed(p):
                bits |= 1 << i
            i += 1
        return bits

    def probe(self):
        return None


def make_display(board, width, height):
    """The SSD1306 through displayio on the board's I2C pins (CircuitPython 9+)."""
    if board.DISPLAY != "ssd1306":
        raise ValueError("display %r: the CircuitPython profile drives an ssd1306" % (board.DISPLAY,))
    import busio
    import i2cdisplaybus
    from adafruit_displayio_ssd1306 import SSD1306

    displayio.release_displays()
    i2c = busio.I2C(pin(board.I2C_SCL), pin(board.I2C_SDA), frequency=board.I2C_FREQ)
    bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=board.DISPLAY_ADDR)
    return SSD1306(bus, width=width, height=height, auto_refresh=False)
