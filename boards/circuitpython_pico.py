"""The reference build (boards/pico.py, same wiring) running CircuitPython 9 or later.

Board definitions are data only; `firmware/hw_circuitpython.py` builds the hardware
from this one. Deployed as `boardcfg.py`, not `board.py`: on CircuitPython `board`
is the built-in module of pin names (GP0 ..), which hw_circuitpython also needs.
Pins are GPIO numbers (n = board.GPn). Every button is wired active-low:
GPIO -> button -> GND, internal pull-up.
"""
NAME = "circuitpython_pico"
RUNTIME = "circuitpython"
DISPLAY = "ssd1306"  # through displayio: adafruit_displayio_ssd1306 on an I2CDisplayBus
DISPLAY_ADDR = 0x3C
DISPLAY_WIDTH = 128
DISPLAY_HEIGHT = 64
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400000
# Navigation buttons (keypad.Keys, 20 ms scan = debounce).
BUTTONS = {"up": 10, "down": 11, "ok": 12, "back": 13}
# Player slap buttons p1..p6 (keypad.Keys, 1 ms scan, timestamps in ms); fewer is fine.
PLAYER_PINS = (16, 17, 18, 19, 20, 21)
# Optional per-player LEDs (through 330 ohm to GND); () for none.
LED_PINS = (6, 7, 8, 9, 14, 15)
# Optional piezo buzzer (pwmio); None for none.
BUZZER_PIN = 27  # its own PWM slice (5): GP22 would share LED 1's channel (GP6)
# Held at boot: leave the flash writable by the computer (for deploy) instead of
# by the firmware (boot.py); None: the firmware always owns the flash.
USB_WRITE_BUTTON = "back"
