"""Every board file's pins: no GPIO used twice, and PWM outputs that do not disturb
each other on the RP2040 (GPIO n drives channel n & 15; a slice's two channels share
one frequency): the LEDs' brightness and the buzzer's tone stay independent."""
import os
import runpy

from host_tools import BOARDS


def boards():
    for name in sorted(os.listdir(BOARDS)):
        if name.endswith(".py"):
            yield name[:-3], runpy.run_path(os.path.join(BOARDS, name))


def used_pins(b):
    pins = [b["I2C_SDA"], b["I2C_SCL"]] + list(b["BUTTONS"].values())
    pins += list(b["PLAYER_PINS"]) + list(b["LED_PINS"])
    for key in ("BUZZER_PIN", "TEST_PIN"):
        if b.get(key) is not None:
            pins.append(b[key])
    return pins


def test_no_gpio_is_used_twice():
    for name, b in boards():
        pins = used_pins(b)
        assert len(pins) == len(set(pins)), name


def test_leds_and_buzzer_have_independent_pwm_on_the_rp2040():
    for name, b in boards():
        leds = list(b["LED_PINS"])
        channels = [p & 15 for p in leds]
        assert len(channels) == len(set(channels)), name  # each LED its own duty
        buzzer = b.get("BUZZER_PIN")
        if buzzer is not None:
            assert buzzer & 15 not in channels, name  # a tone would light an LED
            # the buzzer changes its slice's frequency: no LED on that slice
            assert (buzzer >> 1) & 7 not in [(p >> 1) & 7 for p in leds], name


def test_the_reference_boards_have_a_probe_pin():
    for name, b in boards():
        if b.get("RUNTIME") == "micropython":
            assert b.get("TEST_PIN") is not None, name
