"""Settings > Wi-Fi (W boards): the radio's state, the network's name and password,
the page's address; down shows the two QR codes, to join the network (left) and to
open the page (right), made on the device (qr.py). ok changes the mode: own network,
join Wi-Fi, off. Holding ok types the table's Wi-Fi to join (its name, then its
password, with the text editor's buttons: ui_text.py); else join uses config.json's
"wifi". Loaded while it is open (its MODULES); the QR encoder (qr.py) only while the
codes are shown (#46: the W's heap at this screen).
"""

from ..live import qr_draw, wifi_config
from . import ui, ui_text

INFO, CODES = 0, 1  # the pages
ASCII = (  # what a network's name and password are typed from
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "abcdefghijklmnopqrstuvwxyz",
    "0123456789",
    " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
)


class WiFi(ui.Screen):
    MODULES = ("ui_wifi", "wifi_config", "ui_text", "qr_draw")  # (qr: for the codes' making only)

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.page = INFO
        self.codes = None  # (join symbol, page symbol), made for this network and address
        self.made_for = None
        self.second = -1  # the tick's second: the state is drawn again each second

    def on_nav(self, name, kind):
        live = self.app.live
        if name == "ok" and kind == "long" and self.page == INFO:
            typed = live.settings.get("join") or {}
            self.app.push(NetEditor(self.app, "Network", typed.get("ssid", ""), wifi_config.SSID_MAX, self.typed_ssid))
            return
        if kind != "press":
            return
        if name == "back":
            if self.page == CODES:
                self.info()
            else:
                self.app.pop()
        elif name == "ok" and self.page == INFO:
            modes = [m for m, _ in wifi_config.MODES]
            live.set_mode(modes[(modes.index(live.settings["mode"]) + 1) % len(modes)])
        elif name in ("up", "down"):
            if self.page == INFO and self.texts():
                self.page = CODES
            else:
                self.info()
        self.app.invalidate()

    def info(self):
        """The information page: the codes and their encoder leave the heap."""
        self.page = INFO
        self.codes = self.made_for = None

    def typed_ssid(self, ssid):
        """The network's name is typed: its password next (none: an open network)."""
        live = self.app.live

        def typed(password):
            live.set_join(ssid, password)

        self.app.push(NetEditor(self.app, "Password", "", wifi_config.PASSWORD_MAX, typed, ssid))

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
            from ..live import qr

            self.made_for = texts
            self.codes = None
            try:  # the modules alone are kept: the encoder leaves the heap now
                self.codes = tuple(qr_draw.Matrix(s.size, s.modules) for s in (qr.encode(t) for t in texts))
            except ValueError:  # a network name and password too long for a QR code here
                pass
            self.app.unload("qr")
        return self.codes

    def draw(self, canvas):
        canvas.clear()
        texts = self.texts()
        codes = self.symbols(texts) if texts and self.page == CODES else None
        if codes:
            half = canvas.width // 2
            for i, symbol in enumerate(codes):
                scale, quiet = qr_draw.fit(symbol, half - 2, canvas.height)
                side = (symbol.size + 2 * quiet) * scale
                qr_draw.draw(canvas, i * half + (half - side) // 2, (canvas.height - side) // 2, symbol, scale, quiet)
            return
        live = self.app.live
        mode = dict(wifi_config.MODES)[live.settings["mode"]]
        ui.draw_title(canvas, "Wi-Fi: " + mode)
        ssid, password = live.network()
        state = live.state()
        lines = ["State: " + state]
        if state == "no radio":  # wifi.NO_RADIO: the radio chip did not start (hardware.md)
            lines.append("Power off and on")
        if ssid:
            lines.append("Net: " + ssid)
            lines.append("Pass: " + (password or "none"))
        address = live.address()
        if address:
            lines.append("Page " + wifi_config.page_address(address)[7:].rstrip("/"))
        lines.append("ok:mode hold:net")
        if texts:
            lines.append("down: QR codes")
        for row, line in enumerate(lines[: ui.ROWS]):
            canvas.text(line[:16], 0, ui.row_y(row))


class NetEditor(ui_text.TextEditor):
    """A network's name (`ssid` None) or its password, typed from printable ASCII; ok
    on an empty place is done. What WPA2 refuses (wifi_config.join_problem) is said
    under the text until the next press."""

    GROUPS = ASCII
    GROUP_NAMES = ("A-Z", "a-z", "0-9", "signs")

    def __init__(self, app, word, text, limit, done, ssid=None):
        self.WORD = word
        self.limit = limit
        self.ssid = ssid
        self.problem = ""
        ui_text.TextEditor.__init__(self, app, text, done)

    def room(self, text=None):
        return self.limit - len("".join(self.chars) if text is None else text)

    def clean(self, text):
        ssid, password = (text, "") if self.ssid is None else (self.ssid, text)
        self.problem = wifi_config.join_problem(ssid, password) or ""
        if self.problem:
            self.app.invalidate()
            raise ValueError(self.problem)
        return text

    def on_nav(self, name, kind):
        self.problem = ""  # said until the next press
        ui_text.TextEditor.on_nav(self, name, kind)

    def hints(self):
        lines = ui_text.TextEditor.hints(self)
        if self.problem:
            lines[0] = self.problem
        return lines
