"""`python -m host_tools clock [--port PORT]`: set the Pico's clock to this PC's time.

A Pico has no battery for its clock: at power-up it reads 2021-01-01 00:00:00, and
the history's lines are dated (`at`, docs/formats.md "Device history") only once a
PC has set it. `deploy`, `doctor` and `pull` set it too whenever they reach the
device; this command does only that. The clock keeps going until the Pico loses
power (a soft reset keeps it). It is set to this PC's local time, as
`machine.RTC().datetime((year, month, day, weekday, hour, minute, second, 0))`.

Examples:
    python -m host_tools clock                       the one Pico plugged in
    python -m host_tools clock --port /dev/ttyACM0   that port
"""

import argparse
import time

from host_tools import ArgumentParser, port_option
from host_tools.device.mpremote_port import Device, find_port
from table.storage import history  # firmware/table/storage/history.py: what the device counts as a set clock

SET = """\
try:
    import machine
    machine.RTC().datetime(%r)
except Exception:
    pass
import time
print(list(time.localtime()[:6]))
"""


def rtc_tuple(now=None):
    """machine.RTC().datetime's tuple for a time.localtime() of this PC (default: now)."""
    t = now or time.localtime()
    return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_wday, t.tm_hour, t.tm_min, t.tm_sec, 0)


def set_clock(device, now=None):
    """Set the clock of a connected mpremote_port.Device to this PC's local time.
    Return what the device's clock then reads, "YYYY-MM-DD HH:MM:SS", or None when it
    still reads as never set (a device without machine.RTC)."""
    answer = device.ask(SET % (rtc_tuple(now),), lambda v: [int(x) for x in v][:6])
    text = history.clock_text(answer) if len(answer) == 6 else None
    return text and text.replace("T", " ")


def said(text):
    """One line on what set_clock did."""
    if text is None:
        return "clock: cannot be set (no machine.RTC): its history lines stay undated"
    return "clock: set to %s (this PC's time)" % text


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools clock", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    port_option(parser)
    args = parser.parse_args(argv)
    with Device(args.port or find_port()) as device:
        text = set_clock(device)
    print(said(text))
    return 0 if text else 1
