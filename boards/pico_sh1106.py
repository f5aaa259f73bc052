"""Pico with a 1.3" SH1106 128x64 I2C OLED instead of the SSD1306; otherwise the reference build."""

from pico import *  # noqa: F403  (the reference build; what differs follows)

NAME = "pico_sh1106"
DISPLAY = "sh1106"
