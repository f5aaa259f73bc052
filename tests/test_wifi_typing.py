"""Typing the table's Wi-Fi on the device (Settings > Wi-Fi, hold ok): its name, then
its password, with the name editor's buttons (firmware/table/screens/ui_wifi.py NetEditor); what
WPA2 refuses is said under the text; the typed network is joined and kept."""

import gc

gc.collect()
from table import app  # noqa: E402,F401

gc.collect()
from canvas_record import Rig  # noqa: E402


class Live:
    """app.live as the Wi-Fi screen uses it (live_server.Live): what it is told."""

    def __init__(self):
        self.settings = {"v": 1, "mode": "own", "ssid": "Table-3F2A", "password": "k7m2p9x4ra"}
        self.joined = []

    def network(self):
        typed = self.settings.get("join")
        if self.settings["mode"] == "join" and typed:
            return typed["ssid"], typed["password"]
        return self.settings["ssid"], self.settings["password"]

    def address(self):
        return None

    def state(self):
        return "joining" if self.settings["mode"] == "join" else "on"

    def set_mode(self, mode):
        self.settings["mode"] = mode

    def set_join(self, ssid, password):
        self.joined.append((ssid, password))
        self.settings["join"] = {"ssid": ssid, "password": password}
        self.settings["mode"] = "join"


def wifi_screen():
    from table.screens import ui_wifi

    rig = Rig()
    rig.app.live = Live()
    rig.app.push(ui_wifi.WiFi(rig.app))
    rig.shown()
    return rig


def test_holding_ok_types_a_network_then_its_password_and_joins_it():
    rig = wifi_screen()
    try:
        assert "ok:mode hold:net" in rig.text()
        rig.nav("ok:long")
        assert rig.screen() == "NetEditor"
        rig.shown()
        assert rig.canvas.title() == "Network: A-Z"
        rig.nav("up up ok")  # B
        rig.nav("down ok")  # z: lower case after the first letter, down starts at its end
        rig.nav("up:long up:long up:long up ok")  # a group on: 0-9, on: signs, on: A-Z (wraps); B
        assert rig.app.top().text() == "BzB"
        rig.nav("ok")  # an empty place: done
        assert rig.screen() == "NetEditor"
        rig.shown()
        assert rig.canvas.title() == "Password: A-Z"
        rig.nav("up:long up:long ok")  # held twice from A: a-z, then 0-9: 0
        rig.nav("ok")  # one character: WPA2 needs 8
        assert rig.screen() == "NetEditor"
        rig.shown()
        assert "password: 8-63" in rig.text()
        rig.nav("back")  # the next press: the refusal has been read
        assert "password: 8-63" not in rig.text()
        rig.nav("up:long up:long ok")  # 0 again
        rig.nav("up ok " * 7)  # a new place starts at a
        rig.nav("ok")
        assert rig.app.live.joined == [("BzB", "0aaaaaaa")]
        assert rig.screen() == "WiFi"
        rig.shown()
        assert "Net: BzB" in rig.text() and "Pass: 0aaaaaaa" in rig.text()
        assert not rig.canvas.off_screen()
    finally:
        rig.close()


def test_an_open_network_has_no_password_and_a_name_is_needed():
    rig = wifi_screen()
    try:
        rig.nav("ok:long")
        rig.nav("ok")  # no name yet: refused
        rig.shown()
        assert rig.screen() == "NetEditor" and "type a name" in rig.text()
        rig.nav("down ok ok")  # Z, done
        rig.nav("ok")  # no password: an open network
        assert rig.app.live.joined == [("Z", "")]
        rig.shown()
        assert "Pass: none" in rig.text()
    finally:
        rig.close()


def test_a_long_password_shows_its_end_where_the_typing_is():
    from table.screens import ui_wifi

    rig = Rig()
    try:
        got = []
        rig.app.push(ui_wifi.NetEditor(rig.app, "Password", "p" * 62, 63, got.append, "Home"))
        rig.nav("up")  # the last place
        rig.shown()
        assert not rig.canvas.off_screen()
        assert "pppp" in rig.text()
        rig.nav("ok")  # the 63rd character: done
        assert got == ["p" * 62 + "a"]  # lower case after the first letter
    finally:
        rig.close()
