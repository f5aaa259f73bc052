"""Raspberry Pi Pico 2 (RP2350) + SSD1306: same wiring as the Pico reference build.

Pull-ups only: the RP2350-E9 erratum makes internal pull-downs unreliable.
"""

from pico import *  # noqa: F403  (the reference build; what differs follows)

NAME = "pico2"
