"""The simulator: the firmware on MicroPython with a faked chip (simdevice/), its screen, the virtual Pico."""
