"""The hardware test's access to the board (MicroPython; `hw.Hardware.tester()`, for
ui_hwtest through `app.out.tester()`): every button's GPIO and live level, and the
latency probe. Loaded only while the hardware test is open.
"""

import time

from machine import Pin


class Tester:
    def __init__(self, hardware):
        self.hw = hardware
        self.board = hardware.board
        # Why there is no latency probe, or None. With PIO capture the taps do not go
        # through pin IRQs: the probe's path would not be theirs.
        self.no_probe = None
        if getattr(self.board, "TEST_PIN", None) is None:
            self.no_probe = "no TEST_PIN"
        elif getattr(hardware, "capture", "irq") != "irq":
            self.no_probe = "PIO capture"

    def button_pins(self):
        """(name, GPIO) of every button: the navigation buttons, then p1..pN."""
        pins = [(n, self.board.BUTTONS[n]) for n in self.hw.nav_names]
        return pins + [("p%d" % (i + 1), p) for i, p in enumerate(self.board.PLAYER_PINS)]

    def buttons_down(self):
        """Bit i set: button i of `button_pins()` is down now (each pin read once)."""
        bits = 0
        i = 0
        for pin in self.hw._nav_pins:
            if pin.value() == 0:
                bits |= 1 << i
            i += 1
        levels = self.hw.player_levels()
        for bit in self.hw.player_bits:
            if not levels & bit:
                bits |= 1 << i
            i += 1
        return bits

    def probe(self):
        """The latency probe on the board's TEST_PIN (a spare GPIO wired to nothing),
        or None (`no_probe` says why)."""
        if self.no_probe:
            return None
        return Probe(self.board.TEST_PIN, self.hw.edge_handler(self.board.TEST_PIN))


class Probe:
    """The latency probe: TEST_PIN as an output (high) with a player pin's hard IRQ
    handler (hw.Hardware.edge_handler) on its falling edge, recording into the same ring.

    `pulse()` takes ticks_us() and pulls the pin low and high again: the handler's
    timestamp minus that is the time from the edge to the handler (the pin write's
    own call included, so a little more than a button's), and the main loop's drain
    of that ring entry, `now_us()` minus the handler's timestamp, the drain delay."""

    def __init__(self, gpio, handler):
        self.gpio = gpio
        self._pin = Pin(gpio, Pin.OUT, value=1)
        self._pin.irq(handler=handler, trigger=Pin.IRQ_FALLING, hard=True)

    def pulse(self):
        """Make one falling edge; return ticks_us() just before it."""
        t = time.ticks_us()
        self._pin.value(0)
        self._pin.value(1)
        return t

    def now_us(self):
        return time.ticks_us()

    def diff_us(self, end, start):
        return time.ticks_diff(end, start)

    def close(self):
        """IRQ off, the pin back to an input."""
        self._pin.irq(handler=None)
        self._pin.init(Pin.IN)
