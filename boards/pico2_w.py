"""Raspberry Pi Pico 2 W (RP2350 + CYW43439 radio) + SSD1306, the reference wiring.

The Pico W build on the RP2350 (the radio's pins and state machine as on the Pico W: see pico_w.py). Flash
MicroPython's RPI_PICO2_W firmware. Pull-ups only: the RP2350-E9 erratum makes
internal pull-downs unreliable.
"""

from pico import *  # noqa: F403  (the reference build; what differs follows)

NAME = "pico2_w"
WIFI = True
