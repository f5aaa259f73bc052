"""A minimal build: Pico, SSD1306, the four navigation buttons and two player
buttons; no LEDs, no buzzer."""
NAME = "pico_duo"
RUNTIME = "micropython"
DISPLAY = "ssd1306"
DISPLAY_ADDR = 0x3C
DISPLAY_WIDTH = 128
DISPLAY_HEIGHT = 64
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400000
BUTTONS = {"up": 10, "down": 11, "ok": 12, "back": 13}
PLAYER_PINS = (16, 17)
LED_PINS = ()
BUZZER_PIN = None
TEST_PIN = 28
GPIO_IN_ADDR = 0xD0000004
