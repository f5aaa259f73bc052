"""A W board's host name (firmware/table/device/wifi.py): "table-3f2a" from its own
network's name Table-3F2A, given to `network.hostname()` before the radio starts, in
either mode; a port without `network.hostname` (or one that refuses the name) goes on
with the address alone."""

from test_wifi_radio import WLAN as RadioWLAN
from test_wifi_radio import Clock, wifi_over


class Network:
    """network at the boundary: test_wifi_radio's WLAN, joined at once, that records
    whether the radio is on; hostname() as documented (None: the port has none)."""

    AP_IF, STA_IF = 1, 0
    STAT_IDLE, STAT_CONNECTING, STAT_GOT_IP = 0, 1, 3
    names = []  # each hostname(name) call, with whether the radio was active then
    active = [False]

    class WLAN(RadioWLAN):
        joined_after_ms = 0

        def __init__(self, interface=0):
            RadioWLAN.__init__(self, Clock(), interface)

        def active(self, on=None):
            if on is None:
                return self.on
            RadioWLAN.active(self, on)
            Network.active[0] = self.on

        def ifconfig(self):
            return ("192.168.1.23", "255.255.255.0", "192.168.1.1", "192.168.1.1")

    @staticmethod
    def hostname(name=None):
        if name is not None and len(name) > 32:
            raise ValueError("hostname too long")
        Network.names.append((name, Network.active[0]))


def test_the_host_name_comes_from_the_own_networks_name():
    wifi = wifi_over(Network)
    assert wifi.host_name("Table-3F2A") == "table-3f2a"
    assert wifi.host_name("Bar du Coin 2!") == "bar-du-coin-2"
    assert wifi.host_name("--") is None and wifi.host_name(None) is None
    assert len(wifi.host_name("x" * 40)) == wifi.NAME_MAX


def test_it_is_set_before_the_radio_starts_in_either_mode():
    wifi = wifi_over(Network)
    del Network.names[:]
    Network.active[0] = False  # (whatever ran before)
    r = wifi.Radio(lambda: 0)
    r.name = "Table-3F2A"
    r.start("join", "Club", "secret99")
    r.start("own", "Table-3F2A", "abcdefghjk")
    r.start("off", None, None)
    assert Network.names == [("table-3f2a", False), ("table-3f2a", False)], Network.names
    assert r.address() is None  # off


def test_a_port_without_hostname_goes_on_with_the_address():
    class Plain(Network):
        hostname = None

    wifi = wifi_over(Plain)
    r = wifi.Radio(lambda: 0)
    r.name = "Table-3F2A"
    r.start("join", "Club", "secret99")
    assert r.state() == "on" and r.address() == "192.168.1.23"
    assert wifi.set_host_name("table-3f2a") is None
    wifi = wifi_over(Network)
    assert wifi.set_host_name("y" * 40) is None  # refused by the port: no name, no crash
    assert wifi.set_host_name("table-3f2a") == "table-3f2a"
