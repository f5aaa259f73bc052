"""A W board's radio as firmware/table/device/wifi.py sees it through MicroPython's documented
`network.WLAN`: a network that comes up, one joined, and a radio that never started
(what the emulated Pico W showed: "[CYW43] Failed to start CYW43" on the console, then
active() True and the address 0.0.0.0; Settings > Wi-Fi said "State: on")."""

import sys

from table.app import unload


class WLAN:
    """network.WLAN at the boundary: `radio_ok` False is the radio that failed to start."""

    radio_ok = True
    joined_after_ms = 2000

    def __init__(self, clock, interface):
        self.clock = clock
        self.interface = interface
        self.on = False
        self.joining = None

    def config(self, **kwargs):
        pass

    def active(self, on=None):
        if on is None:
            return self.on
        self.on = bool(on)

    def connect(self, ssid, key=None):
        self.joining = self.clock.ms if self.radio_ok else None

    def status(self):
        if self.joining is None:
            return 0  # STAT_IDLE
        return 3 if self.clock.ms - self.joining >= self.joined_after_ms else 1  # GOT_IP, CONNECTING

    def isconnected(self):
        return self.status() == 3

    def ifconfig(self):
        if not (self.radio_ok and self.on):
            return ("0.0.0.0", "0.0.0.0", "0.0.0.0", "0.0.0.0")
        return ("192.168.4.1", "255.255.255.0", "192.168.4.1", "192.168.4.1")


class Clock:
    ms = 0

    def __call__(self):
        return self.ms


def radio(ok):
    """(wifi.Radio, clock) over a fake `network` whose radio started (ok) or did not."""
    clock = Clock()

    class Network:
        AP_IF, STA_IF = 1, 0
        STAT_IDLE, STAT_CONNECTING, STAT_GOT_IP = 0, 1, 3

        @staticmethod
        def WLAN(interface=0):
            w = WLAN(clock, interface)
            w.radio_ok = ok
            return w

    return wifi_over(Network).Radio(clock), clock


def wifi_over(network):
    """table.device.wifi imported afresh over this stand-in for `network` (the real
    one, if any, put back after)."""
    saved = sys.modules.get("network")
    sys.modules["network"] = network
    unload("table.device.wifi")
    try:
        from table.device import wifi
    finally:
        if saved is None:
            del sys.modules["network"]
        else:
            sys.modules["network"] = saved
    return wifi


def test_the_own_network_is_on_with_its_address():
    r, clock = radio(True)
    r.start("own", "Table-3F2A", "abcdefghjk")
    assert r.state() == "on" and r.address() == "192.168.4.1"


def test_a_radio_that_did_not_start_is_not_called_on():
    r, clock = radio(False)
    r.start("own", "Table-3F2A", "abcdefghjk")
    assert r.address() is None  # 0.0.0.0 is no address
    assert r.state() == "starting"
    clock.ms = 10001
    assert r.state() == "no radio"


def test_a_join_goes_on_while_the_radio_answers_and_says_no_radio_when_it_does_not():
    r, clock = radio(True)
    WLAN.joined_after_ms = 30000  # a slow network: still joining after START_MS
    try:
        r.start("join", "Cafe", "secret99")
        clock.ms = 20000
        assert r.state() == "joining" and r.address() is None
        clock.ms = 30000
        assert r.state() == "on"
    finally:
        WLAN.joined_after_ms = 2000
    r, clock = radio(False)
    r.start("join", "Cafe", "secret99")
    assert r.state() == "joining"
    clock.ms = 10001
    assert r.state() == "no radio"
