"""The reference build (boards/pico.py, same wiring) running CircuitPython 9 or later.

`firmware/table/device/hw_circuitpython.py` builds the hardware from it. Deployed as `boardcfg.py`,
not `board.py`: on CircuitPython `board` is the built-in module of pin names (GP0 ..),
which hw_circuitpython also needs. Pins are GPIO numbers (n = board.GPn). The display
goes through displayio (adafruit_displayio_ssd1306 on an I2CDisplayBus), the buttons
through keypad.Keys (20 ms scan for navigation, 1 ms for the players), the buzzer
through pwmio; I2C_ID and GPIO_IN_ADDR are MicroPython's and unused here.
"""

from pico import *  # noqa: F403  (the reference build; what differs follows)

NAME = "circuitpython_pico"
RUNTIME = "circuitpython"
# Held at boot: leave the flash writable by the computer (for deploy) instead of
# by the firmware (boot.py); None: the firmware always owns the flash.
USB_WRITE_BUTTON = "back"
TEST_PIN = None  # no user interrupts: the hardware test has no latency probe here
