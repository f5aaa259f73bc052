"""A minimal build: Pico, SSD1306, the four navigation buttons and two player
buttons; no LEDs, no buzzer."""

from pico import *  # noqa: F403  (the reference build; what differs follows)

NAME = "pico_duo"
PLAYER_PINS = (16, 17)
LED_PINS = ()
BUZZER_PIN = None
