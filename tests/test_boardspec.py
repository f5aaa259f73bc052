"""boardspec: what a board may hold, one line on what is wrong (every runtime: the
device runs the same check at boot)."""

from table.device import boardspec


def reference():
    return {
        "NAME": "pico",
        "RUNTIME": "micropython",
        "DISPLAY": "ssd1306",
        "DISPLAY_ADDR": 0x3C,
        "DISPLAY_WIDTH": 128,
        "DISPLAY_HEIGHT": 64,
        "I2C_ID": 0,
        "I2C_SDA": 4,
        "I2C_SCL": 5,
        "I2C_FREQ": 400000,
        "BUTTONS": {"up": 10, "down": 11, "ok": 12, "back": 13},
        "PLAYER_PINS": (16, 17, 18, 19, 20, 21),
        "LED_PINS": (6, 7, 8, 9, 14, 15),
        "BUZZER_PIN": 27,
        "TEST_PIN": 28,
        "GPIO_IN_ADDR": 0xD0000004,
    }


def changed(**kw):
    values = reference()
    values.update(kw)
    return values


def test_the_reference_build_is_fine():
    assert boardspec.problem(reference()) is None
    assert boardspec.problem(changed(PLAYER_PINS=(16, 17), LED_PINS=(), BUZZER_PIN=None)) is None
    assert boardspec.problem(changed(RUNTIME="circuitpython", USB_WRITE_BUTTON="back")) is None
    assert boardspec.problem(changed(CAPTURE="pio")) is None
    assert boardspec.problem(changed(CAPTURE="irq", PLAYER_PINS=(2, 16))) is None
    # CircuitPython reads the players through keypad: the inherited CAPTURE does not apply.
    assert boardspec.problem(changed(RUNTIME="circuitpython", CAPTURE="pio", PLAYER_PINS=(2, 16))) is None


def test_each_fault_is_named_in_one_line():
    cases = [
        (changed(BUTTONS={"up": 10, "down": 11, "ok": 12}), "BUTTONS has no 'back' button"),
        (changed(BUTTONS={"up": 10, "down": 11, "ok": 12, "back": 13, "menu": 3}), "unknown button 'menu'"),
        (changed(PLAYER_PINS=(16, 12)), "GPIO 12 used twice (ok and p2)"),
        (changed(BUZZER_PIN=5), "GPIO 5 used twice (I2C_SCL and BUZZER_PIN)"),
        (changed(LED_PINS=(60,)), "LED 1: no GPIO 60"),
        (changed(PLAYER_PINS=(16, 30)), "p2: no GPIO 30 (0 to 29)"),
        (changed(DISPLAY_ADRR=0x3D), "unknown setting DISPLAY_ADRR"),
        (changed(DISPLAY="ssd1309"), "DISPLAY must be one of ssd1306 sh1106"),
        (changed(I2C_FREQ="fast"), "I2C_FREQ must be a number"),
        (changed(PLAYER_PINS=tuple(range(22, 29))), "PLAYER_PINS: 1 to 6 player buttons"),
        (changed(USB_WRITE_BUTTON="menu"), "USB_WRITE_BUTTON 'menu' is not in BUTTONS"),
        (changed(RUNTIME="cpython"), "RUNTIME must be one of"),
        (changed(TEST_PIN=16), "GPIO 16 used twice (p1 and TEST_PIN)"),
        (changed(TEST_PIN="28"), "TEST_PIN must be a number or None"),
        (changed(BUZZER_PIN=22), "BUZZER_PIN (GPIO 22) and LED 1 (GPIO 6) share a PWM slice"),
        (changed(BUZZER_PIN=3, LED_PINS=(2, 6)), "and LED 1 (GPIO 2) share a PWM slice"),
        (changed(LED_PINS=(6, 22), BUZZER_PIN=None), "LED 1 (GPIO 6) and LED 2 (GPIO 22) share a PWM channel"),
        (changed(CAPTURE="dma"), "CAPTURE must be one of irq pio, not 'dma'"),
        (
            changed(CAPTURE="pio", PLAYER_PINS=(16, 22), BUZZER_PIN=None),
            "CAPTURE pio: PLAYER_PINS must lie within 6 consecutive GPIOs",
        ),
    ]
    for values, says in cases:
        got = boardspec.problem(values)
        assert got is not None and says in got and "\n" not in got, (says, got)
    values = reference()
    del values["BUTTONS"]
    assert boardspec.problem(values) == "BUTTONS missing"
    for key in ("I2C_ID", "GPIO_IN_ADDR"):  # hw.py reads them; CircuitPython does not
        values = reference()
        del values[key]
        assert boardspec.problem(values) == "%s missing (a MicroPython board needs it)" % key
        values["RUNTIME"] = "circuitpython"
        assert boardspec.problem(values) is None


class Board:
    pass


def test_a_w_board_keeps_the_radio_pins_free():
    assert boardspec.problem(changed(WIFI=True)) is None  # the reference wiring leaves them free
    assert boardspec.problem(changed(WIFI=False, BUZZER_PIN=25, LED_PINS=())) is None
    cases = (
        (dict(LED_PINS=(25,)), "LED 1: GPIO 25 is the radio's on a W board"),  # the on-board LED
        (dict(BUZZER_PIN=23, LED_PINS=()), "BUZZER_PIN: GPIO 23 is the radio's"),
        (dict(BUTTONS={"up": 24, "down": 11, "ok": 12, "back": 13}), "up: GPIO 24 is the radio's"),
        (dict(TEST_PIN=29), "TEST_PIN: GPIO 29 is the radio's"),
    )
    for kw, words in cases:
        kw["WIFI"] = True
        bad = boardspec.problem(changed(**kw))
        assert bad is not None and bad.startswith(words), (kw, bad)
        assert "\n" not in bad
    assert boardspec.problem(changed(WIFI="yes")) == "WIFI must be True or False, not 'yes'"


def test_check_raises_board_error_naming_the_board():
    board = Board()
    for k, v in changed(LED_PINS=(10,)).items():
        setattr(board, k, v)
    try:
        boardspec.check(board)
    except boardspec.BoardError as e:
        assert str(e) == "board pico: GPIO 10 used twice (up and LED 1)"
    else:
        assert False, "no BoardError"
