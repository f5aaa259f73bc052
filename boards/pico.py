"""Reference build: Raspberry Pi Pico (RP2040) + SSD1306 128x64 I2C OLED.

Board definitions are data only; `firmware/table/device/hw.py` builds the hardware from them.
Every other board starts from this one (`from pico import *`) and sets only what
differs; firmware/table/device/boardspec.py lists every setting and checks them at load.
Every button is wired active-low: GPIO -> button -> GND, internal pull-up.
"""

NAME = "pico"
RUNTIME = "micropython"
DISPLAY = "ssd1306"  # "ssd1306" or "sh1106"
DISPLAY_ADDR = 0x3C
DISPLAY_WIDTH = 128
DISPLAY_HEIGHT = 64
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400000
# Navigation buttons.
BUTTONS = {"up": 10, "down": 11, "ok": 12, "back": 13}
# Player slap buttons p1..p6 (arcade buttons); fewer is fine.
PLAYER_PINS = (16, 17, 18, 19, 20, 21)
# Optional per-player LEDs (through 330 ohm to GND); () for none.
LED_PINS = (6, 7, 8, 9, 14, 15)
# Optional piezo buzzer (PWM); None for none.
BUZZER_PIN = 27  # its own PWM slice (5): GP22 would share LED 1's channel (GP6)
# Optional spare GPIO wired to nothing: the hardware test's latency probe; None for none.
TEST_PIN = 28
# SIO GPIO_IN register: all GPIO levels in one read (RP2040 and RP2350).
GPIO_IN_ADDR = 0xD0000004
# Player taps timestamped by a PIO state machine ("pio", every 6 clock cycles; pins
# within 6 consecutive GPIOs) or by a hard IRQ per pin ("irq", 1 us steps).
CAPTURE = "pio"
