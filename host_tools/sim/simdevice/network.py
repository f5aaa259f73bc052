"""Fake `network` for the simulator: a W board's radio (rp2's network.WLAN on the
CYW43439), as firmware/table/device/wifi.py uses it. Its network is the host's loopback: the own
access point is up as soon as it is active, a joined network after JOIN_MS of the
device's time (a network named "absent" is never found, a password "wrong" is
refused); its address is 127.0.0.1, where simnet.py puts the device's port 80.
`radio_ok` False is a radio chip that did not start, as rp2's port shows one (the
emulated Pico W, MicroPython v1.28.0): "[CYW43] Failed to start CYW43" on the
console at the first active(True), which still returns and reads True after; the
address stays 0.0.0.0 and a join never begins (status STAT_IDLE).
"""

import simcore

AP_IF = 1
STA_IF = 0
STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_GOT_IP = 3
STAT_CONNECT_FAIL = -1
STAT_NO_AP_FOUND = -2
STAT_WRONG_PASSWORD = -3
JOIN_MS = 1500
ADDRESS = "127.0.0.1"

_interfaces = {}
radio_ok = True  # simrun's --radio dead: False
_said = []  # the driver's message, said once


class WLAN:
    def __new__(cls, interface=STA_IF):
        wlan = _interfaces.get(interface)  # one object per interface, as on rp2
        if wlan is None:
            wlan = _interfaces[interface] = object.__new__(cls)
            wlan.interface = interface
            wlan.on = False
            wlan.settings = {}
            wlan.joining = None  # (ssid, key, ms the join started)
        return wlan

    def __init__(self, interface=STA_IF):
        pass

    def config(self, **kwargs):
        if not kwargs:
            raise ValueError("unknown config param")
        self.settings.update(kwargs)

    def active(self, on=None):
        if on is None:
            return self.on
        self.on = bool(on)
        if not self.on:
            self.joining = None
        elif not radio_ok and not _said:
            _said.append(1)
            print("[CYW43] Failed to start CYW43")

    def connect(self, ssid, key=None):
        if not self.on:
            raise OSError("STA interface not active")
        if radio_ok:
            self.joining = (ssid, key or "", simcore.world.ms())

    def disconnect(self):
        self.joining = None

    def status(self):
        if self.joining is None:
            return STAT_IDLE
        ssid, key, since = self.joining
        if simcore.world.ms() - since < JOIN_MS:
            return STAT_CONNECTING
        if ssid == "absent":
            return STAT_NO_AP_FOUND
        if key == "wrong":
            return STAT_WRONG_PASSWORD
        return STAT_GOT_IP

    def isconnected(self):
        return self.interface == STA_IF and self.status() == STAT_GOT_IP

    def ifconfig(self):
        up = radio_ok and self.on and (self.interface == AP_IF or self.isconnected())
        ip = ADDRESS if up else "0.0.0.0"
        return (ip, "255.255.255.0", ip, ip)
