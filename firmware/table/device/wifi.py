"""The radio of a W board (MicroPython's `network.WLAN`, the CYW43439): the device's
own access point, the table's Wi-Fi, or off. The only module that reaches the radio
(the simulator's `network` stands in for it: host_tools/sim/simdevice/network.py); what
it is told comes from wifi_config.py. Nothing here waits: joining goes on in the
radio, `state()` says how far it got.

Only MicroPython's documented `network.WLAN` is used: `active()`, `ifconfig()`,
`isconnected()`, `status()`; and `network.hostname()` (MicroPython 1.20 on, every
port with lwIP: the name the device gives the Wi-Fi's DHCP server and mDNS, set
before the radio starts): `host_name` of the own network's name, "table-3f2a" for
Table-3F2A, so a router that registers its clients' names finds the table by it.
A port without it goes on with the address alone (the Wi-Fi screen shows it).

A radio that fails to start (the port prints "[CYW43] Failed to start CYW43" and goes
on) still answers `active()` with True and has the address 0.0.0.0 (seen on the
emulated chip): no address is "0.0.0.0", and a network with none START_MS after it
was started is "no radio".
"""

import network

from ..rules.ticks import ticks_diff

NO_ADDRESS = "0.0.0.0"
START_MS = 10000  # the own network is up within a second or two; a join status within this
NO_RADIO = "no radio"  # state(): the radio did not answer (Settings > Wi-Fi says what to do)
NAME_MAX = 32  # network.hostname's limit


class Radio:
    """`ms()`: the device's ticks_ms (the simulator's and tests' clock on the host)."""

    def __init__(self, ms):
        self.wlan = None
        self.mode = "off"
        self.ms = ms
        self.started = 0  # ms() when the network was started
        self.name = None  # the own network's name, whatever the mode: the host name's

    def start(self, mode, ssid, password):
        """Open the own network (mode "own") or join one ("join"); "off": stop."""
        self.stop()
        self.started = self.ms()
        if mode != "off":
            set_host_name(host_name(self.name))
        if mode == "own":
            wlan = network.WLAN(network.AP_IF)
            wlan.config(ssid=ssid, key=password)  # before active(): else rp2 opens it without WPA2
            wlan.active(True)
        elif mode == "join":
            wlan = network.WLAN(network.STA_IF)
            wlan.active(True)
            wlan.connect(ssid, password)
        else:
            return
        self.wlan = wlan
        self.mode = mode

    def stop(self):
        wlan = self.wlan
        self.wlan = None
        self.mode = "off"
        if wlan is not None:
            wlan.active(False)

    def address(self):
        """The device's IP address while its network is up, else None."""
        wlan = self.wlan
        if wlan is None:
            return None
        up = wlan.active() if self.mode == "own" else wlan.isconnected()
        address = wlan.ifconfig()[0] if up else NO_ADDRESS
        return None if address == NO_ADDRESS else address

    def state(self):
        """In words: "off", "on", "starting", "joining", "wrong password", "not found",
        "failed", or NO_RADIO (nothing from the radio START_MS after the start)."""
        if self.wlan is None:
            return "off"
        if self.address():
            return "on"
        late = ticks_diff(self.ms(), self.started) > START_MS
        if self.mode == "own":
            return NO_RADIO if late else "starting"
        status = self.wlan.status()
        if late and status == getattr(network, "STAT_IDLE", 0):  # never began to join
            return NO_RADIO
        if status == getattr(network, "STAT_WRONG_PASSWORD", -3):
            return "wrong password"
        if status == getattr(network, "STAT_NO_AP_FOUND", -2):
            return "not found"
        if status == getattr(network, "STAT_CONNECT_FAIL", -1):
            return "failed"
        return "joining"


def host_name(ssid):
    """The device's host name from its own network's name: lower case, what a host
    name may hold ("Table-3F2A": "table-3f2a"); None when nothing is left."""
    if not ssid:
        return None
    out = ""
    for ch in ssid.lower():
        out += ch if "a" <= ch <= "z" or "0" <= ch <= "9" else "-"
    out = out[:NAME_MAX].strip("-")
    return out or None


def set_host_name(name):
    """network.hostname(name) where the port has it (before the radio starts); the
    name set, or None."""
    hostname = getattr(network, "hostname", None)
    if name is None or hostname is None:
        return None
    try:
        hostname(name)
    except (OSError, ValueError, TypeError):
        return None
    return name
