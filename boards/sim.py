"""The host board: the reference Pico build, simulated on the MicroPython unix port.

The simulator (python -m host_tools sim) backs its pins, I2C display and clock.
"""

from pico import *  # noqa: F403  (the reference build; what differs follows)

NAME = "sim"
SIMULATED = True  # host_tools/sim/simdevice provides machine and time
# Player taps: the simulator fakes pin IRQs, not PIO.
CAPTURE = "irq"
