"""The radio of a W board (MicroPython's `network.WLAN`, the CYW43439): the device's
own access point, the table's Wi-Fi, or off. The only module that reaches the radio
(the simulator's `network` stands in for it: host_tools/simdevice/network.py); what
it is told comes from wifi_config.py. Nothing here waits: joining goes on in the
radio, `state()` says how far it got.
"""

import network


class Radio:
    def __init__(self):
        self.wlan = None
        self.mode = "off"

    def start(self, mode, ssid, password):
        """Open the own network (mode "own") or join one ("join"); "off": stop."""
        self.stop()
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
        return wlan.ifconfig()[0] if up else None

    def state(self):
        """In words: "off", "on", "joining", "wrong password", "not found", "failed"."""
        if self.wlan is None:
            return "off"
        if self.address():
            return "on"
        if self.mode == "own":
            return "starting"
        status = self.wlan.status()
        if status == getattr(network, "STAT_WRONG_PASSWORD", -3):
            return "wrong password"
        if status == getattr(network, "STAT_NO_AP_FOUND", -2):
            return "not found"
        if status == getattr(network, "STAT_CONNECT_FAIL", -1):
            return "failed"
        return "joining"
