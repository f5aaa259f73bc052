"""The host board of a W build: boards/sim.py with the radio (firmware/table/live/live_server.py
serves the live page; the simulator's network is the host's loopback)."""

from pico import *  # noqa: F403  (the reference build; what differs follows)

NAME = "sim_w"
SIMULATED = True  # host_tools/sim/simdevice provides machine, time and network
CAPTURE = "irq"  # the simulator fakes pin IRQs, not PIO
WIFI = True
