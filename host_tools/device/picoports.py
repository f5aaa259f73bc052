"""Find Picos by their USB ids in pyserial's list of serial ports.

A Pico running MicroPython shows up as Raspberry Pi's vendor id 0x2E8A with
MicroPython's product id 0x0005 (RP2040 and RP2350 alike). Other Raspberry Pi
product ids are named so that the doctor can say what is plugged in instead.
"""

from serial.tools import list_ports

RPI_VID = 0x2E8A
MICROPYTHON_PIDS = (0x0005,)
OTHER_PIDS = {
    0x0004: "a Picoprobe (debug probe), not MicroPython",
    0x0009: "a Pico 2 running a C program (Pico SDK USB serial), not MicroPython",
    0x000A: "a Pico running a C program (Pico SDK USB serial), not MicroPython",
    0x000C: "a Raspberry Pi Debug Probe, not MicroPython",
}


class Found:
    """One serial port of a Raspberry Pi USB device."""

    def __init__(self, info):
        self.port = info.device
        self.vid = info.vid
        self.pid = info.pid
        self.serial = info.serial_number
        self.micropython = info.pid in MICROPYTHON_PIDS

    def usb_id(self):
        return "%04x:%04x" % (self.vid, self.pid)

    def what(self):
        if self.micropython:
            return "MicroPython"
        return OTHER_PIDS.get(self.pid, "a Raspberry Pi USB device that is not MicroPython")


def scan(ports=None):
    """[Found] for every Raspberry Pi serial port, sorted by port; `ports` defaults to
    pyserial's comports() (tests pass their own ListPortInfo objects)."""
    if ports is None:
        ports = list_ports.comports()
    return sorted((Found(p) for p in ports if p.vid == RPI_VID), key=lambda f: f.port)


def micropython_ports(ports=None):
    """The ports of the Picos running MicroPython."""
    return [f.port for f in scan(ports) if f.micropython]
