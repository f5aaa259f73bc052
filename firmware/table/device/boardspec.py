"""What a board definition may hold, and one line on what is wrong with one.

The host checks every board when it loads one (deploy, sim, check:
host_tools/ship/boards.py); the device checks its `board` (or `boardcfg`) at boot before
the app is imported (main.py, cp_main.py: `check`), so a hand-edited board file
gives one clear line instead of a traceback. Loaded at boot only, then dropped
(app.unload).
"""

NAV = ("up", "down", "ok", "back")  # the four navigation buttons every board has
DISPLAYS = ("ssd1306", "sh1106")
RUNTIMES = ("micropython", "circuitpython")
CAPTURES = ("irq", "pio")  # how player taps are timestamped (hw.py; irq when absent)
PIO_SPAN = 6  # PIO capture reads the player pins as one group of at most 6 GPIOs
MAX_PLAYERS = 6
# The Pico's and Pico 2's GPIOs: the tap IRQ reads them all in one GPIO_IN word, whose
# bits stay a small int (no allocation) while they are below bit 30 (tapring.py).
MAX_GPIO = 29
# A W board's radio (CYW43439): its SPI bus and power pins; the on-board LED is the radio's.
RADIO_PINS = (23, 24, 25, 29)
INT, NONE_OR_INT, STR, NONE_OR_STR, BOOL, PINS, BUTTONS = range(7)
MICROPYTHON_KEYS = ("I2C_ID", "GPIO_IN_ADDR")  # optional in KEYS: hw.py needs them, CircuitPython not
# name: (kind, required)
KEYS = {
    "NAME": (STR, True),
    "RUNTIME": (STR, True),
    "DISPLAY": (STR, True),
    "DISPLAY_ADDR": (INT, True),
    "DISPLAY_WIDTH": (INT, True),
    "DISPLAY_HEIGHT": (INT, True),
    "I2C_ID": (INT, False),  # MicroPython's I2C block (CircuitPython picks it from the pins)
    "I2C_SDA": (INT, True),
    "I2C_SCL": (INT, True),
    "I2C_FREQ": (INT, True),
    "BUTTONS": (BUTTONS, True),
    "PLAYER_PINS": (PINS, True),
    "LED_PINS": (PINS, True),
    "BUZZER_PIN": (NONE_OR_INT, True),
    "TEST_PIN": (NONE_OR_INT, False),  # a spare GPIO wired to nothing: the hardware test's probe
    "GPIO_IN_ADDR": (INT, False),  # MicroPython: the SIO register read by the tap IRQs
    "SIMULATED": (BOOL, False),
    "USB_WRITE_BUTTON": (NONE_OR_STR, False),
    "CAPTURE": (STR, False),  # MicroPython: "pio" (rp2 PIO state machine) or "irq"
    "WIFI": (BOOL, False),  # a W board: the radio serves the live page (live_server.py)
}


def _kind_ok(kind, v):
    if kind == INT:
        return type(v) is int
    if kind == NONE_OR_INT:
        return v is None or type(v) is int
    if kind == STR:
        return type(v) is str
    if kind == NONE_OR_STR:
        return v is None or type(v) is str
    if kind == BOOL:
        return type(v) is bool
    if kind == PINS:
        return type(v) in (tuple, list) and all(type(p) is int for p in v)
    return type(v) is dict and all(type(k) is str and type(p) is int for k, p in v.items())


_WHAT = (
    "a number",
    "a number or None",
    "a text",
    "a text or None",
    "True or False",
    "a tuple of pin numbers",
    "a dict of button name: pin number",
)


def values_of(module):
    """{NAME: value} of a module's upper-case settings."""
    return {k: getattr(module, k) for k in dir(module) if k[:1].isupper()}


def problem(values):
    """None if values ({NAME: value}) make a usable board, else one line saying why."""
    for key in sorted(values):
        if key not in KEYS:
            return "unknown setting %s (known: %s)" % (key, " ".join(sorted(KEYS)))
    for key in sorted(KEYS):
        kind, required = KEYS[key]
        if key not in values:
            if required:
                return "%s missing" % key
        elif not _kind_ok(kind, values[key]):
            return "%s must be %s, not %r" % (key, _WHAT[kind], values[key])
    if values["RUNTIME"] not in RUNTIMES:
        return "RUNTIME must be one of %s, not %r" % (" ".join(RUNTIMES), values["RUNTIME"])
    if values["RUNTIME"] == "micropython":
        for key in MICROPYTHON_KEYS:
            if key not in values:
                return "%s missing (a MicroPython board needs it)" % key
    if values["DISPLAY"] not in DISPLAYS:
        return "DISPLAY must be one of %s, not %r" % (" ".join(DISPLAYS), values["DISPLAY"])
    buttons = values["BUTTONS"]
    for name in NAV:
        if name not in buttons:
            return "BUTTONS has no %r button (it needs %s)" % (name, " ".join(NAV))
    for name in sorted(buttons):
        if name not in NAV:
            return "BUTTONS: unknown button %r (buttons: %s)" % (name, " ".join(NAV))
    if not 1 <= len(values["PLAYER_PINS"]) <= MAX_PLAYERS:
        return "PLAYER_PINS: 1 to %d player buttons, not %d" % (MAX_PLAYERS, len(values["PLAYER_PINS"]))
    capture = values.get("CAPTURE", "irq")
    if capture not in CAPTURES:
        return "CAPTURE must be one of %s, not %r" % (" ".join(CAPTURES), capture)
    usb = values.get("USB_WRITE_BUTTON")
    if usb is not None and usb not in buttons:
        return "USB_WRITE_BUTTON %r is not in BUTTONS" % usb
    bad = _pin_twice(values) or _pwm_shared(values)
    pins = values["PLAYER_PINS"]
    pio = capture == "pio" and values["RUNTIME"] == "micropython"  # CircuitPython: keypad
    if not bad and pio and max(pins) - min(pins) >= PIO_SPAN:
        bad = "CAPTURE pio: PLAYER_PINS must lie within %d consecutive GPIOs" % PIO_SPAN
    return bad


def _pwm_shared(values):
    """The LEDs' brightness and the buzzer's tones must not disturb each other: on the
    RP2040 GPIO n drives PWM channel n % 16 of slice (n // 2) % 8, and a slice's two
    channels share one frequency (the buzzer's tones change it)."""
    leds = values["LED_PINS"]
    for i in range(len(leds)):
        for j in range(i):
            if leds[i] % 16 == leds[j] % 16:
                return "LED %d (GPIO %d) and LED %d (GPIO %d) share a PWM channel" % (j + 1, leds[j], i + 1, leds[i])
    buzzer = values["BUZZER_PIN"]
    if buzzer is not None:
        for i in range(len(leds)):
            if leds[i] // 2 % 8 == buzzer // 2 % 8:
                return (
                    "BUZZER_PIN (GPIO %d) and LED %d (GPIO %d) share a PWM slice "
                    "(its tones would change the LED)" % (buzzer, i + 1, leds[i])
                )
    return None


def _pin_twice(values):
    uses = [("I2C_SDA", values["I2C_SDA"]), ("I2C_SCL", values["I2C_SCL"])]
    uses += [(name, pin) for name, pin in sorted(values["BUTTONS"].items())]
    uses += [("p%d" % (i + 1), pin) for i, pin in enumerate(values["PLAYER_PINS"])]
    uses += [("LED %d" % (i + 1), pin) for i, pin in enumerate(values["LED_PINS"])]
    for key in ("BUZZER_PIN", "TEST_PIN"):
        if values.get(key) is not None:
            uses.append((key, values[key]))
    seen = {}
    radio = values.get("WIFI", False)
    for name, pin in uses:
        if not 0 <= pin <= MAX_GPIO:
            return "%s: no GPIO %d (0 to %d)" % (name, pin, MAX_GPIO)
        if radio and pin in RADIO_PINS:
            return "%s: GPIO %d is the radio's on a W board (23, 24, 25, 29 are not free)" % (name, pin)
        if pin in seen:
            return "GPIO %d used twice (%s and %s)" % (pin, seen[pin], name)
        seen[pin] = name
    return None


class BoardError(ValueError):
    """An unusable board definition; main.py prints it as one line."""


def check(module):
    """Raise BoardError('board NAME: ...') if the board module is unusable."""
    bad = problem(values_of(module))
    if bad:
        raise BoardError("board %s: %s" % (getattr(module, "NAME", "?"), bad))
