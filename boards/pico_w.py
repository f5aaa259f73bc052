"""Raspberry Pi Pico W (RP2040 + CYW43439 radio) + SSD1306, the reference wiring.

The live page for the phones at the table (firmware/table/live/live_server.py).

The radio takes GPIO 23, 24, 25 and 29 (the on-board LED is the radio's, not GPIO 25)
and one PIO state machine; the board check refuses those pins for anything else and
the tap capture takes a state machine the radio left free (pio_capture.py).
Flash MicroPython's RPI_PICO_W firmware.
"""

from pico import *  # noqa: F403  (the reference build; what differs follows)

NAME = "pico_w"
WIFI = True
