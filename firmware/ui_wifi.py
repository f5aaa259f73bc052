"""Settings > Wi-Fi (W boards): the radio's state, the network's name and password,
the page's address; down shows the two QR codes, to join the network (left) and to
open the page (right), made on the device (qr.py). ok changes the mode: own network,
join Wi-Fi (config.json's "wifi"), off. Loaded while it is open (its MODULES).
"""

import qr
import ui
import wifi_config

INFO, CODES = 0, 1  # the pages


class WiFi(ui.Screen):
    MODULES = ("ui_wifi", "qr")

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.page = INFO
        self.codes = None  # (join symbol, page symbol), made for this network and address
        self.made_for = None
        self.second = -1  # the tick's second: the state is drawn again each second

    def on_nav(self, name, kind):
        live = self.app.live
        if kind != "press":
            return
        if name == "back":
            if self.page == CODES:
                self.page = INFO
            else:
                self.app.pop()
        elif name == "ok" and self.page == INFO:
            modes = [m for m, _ in wifi_config.MODES]
            live.set_mode(modes[(modes.index(live.settings["mode"]) + 1) % len(modes)])
        elif name in ("up", "down"):
            self.page = CODES if self.page == INFO and self.texts() else INFO
        self.app.invalidate()

    def tick(self, now_ms):
        if now_ms // 1000 != self.second:  # the radio's state may have changed
            self.second = now_ms // 1000
            self.app.invalidate()

    def texts(self):
        """(join text, page address) while the network is up, else None."""
        live = self.app.live
        ssid, password = live.network()
        address = live.address()
        if not ssid or not address:
            return None
        return wifi_config.join_text(ssid, password), wifi_config.page_address(address)

    def symbols(self, texts):
        if self.made_for != texts:
            self.made_for = texts
            self.codes = None
            try:
                self.codes = (qr.encode(texts[0]), qr.encode(texts[1]))
            except ValueError:  # a network name and password too long for a QR code here
                pass
        return self.codes

    def draw(self, canvas):
        canvas.clear()
        texts = self.texts()
        codes = self.symbols(texts) if texts and self.page == CODES else None
        if codes:
            half = canvas.width // 2
            for i, symbol in enumerate(codes):
                scale, quiet = qr.fit(symbol, half - 2, canvas.height)
                side = (symbol.size + 2 * quiet) * scale
                qr.draw(canvas, i * half + (half - side) // 2, (canvas.height - side) // 2, symbol, scale, quiet)
            return
        live = self.app.live
        mode = dict(wifi_config.MODES)[live.settings["mode"]]
        ui.draw_title(canvas, "Wi-Fi: " + mode)
        ssid, password = live.network()
        lines = ["State: " + live.state()]
        if ssid:
            lines.append("Net: " + ssid)
            lines.append("Pass: " + (password or "none"))
        address = live.address()
        if address:
            lines.append("Page " + wifi_config.page_address(address)[7:].rstrip("/"))
        lines.append("ok: change mode")
        if texts:
            lines.append("down: QR codes")
        for row, line in enumerate(lines[: ui.ROWS]):
            canvas.text(line[:16], 0, ui.row_y(row))
