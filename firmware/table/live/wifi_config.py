"""A W board's Wi-Fi settings (paths.WIFI), kept on the flash: the mode and the
device's own network, made at first boot.

    {"v": 1, "mode": "own", "ssid": "Table-3F2A", "password": "k7m2p9x4ra",
     "join": {"ssid": "Home", "password": "..."}}

- mode "own": the device opens its own access point (WPA2, this name and password);
  "join": it joins the table's Wi-Fi: the one typed on the device ("join", absent
  until then), else the one named in config.json
  (`{"wifi": {"ssid": "Home", "password": "..."}}`); "off": the radio stays off.
- The password is 10 letters and digits from os.urandom, without the look-alikes
  (0 O 1 l I), so it can be typed from the screen when the QR code is not read.
Also the two QR codes' texts: joining the network (the `WIFI:` form phones read)
and the page's address.
"""

VERSION = 1
MODES = (("own", "own net"), ("join", "join"), ("off", "off"))  # (mode, in the screen's title)
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0 O 1 l I: read off a screen
PASSWORD_CHARS = 10
PORT = 80
SSID_MAX = 32  # a network's name, in bytes (WPA2)
PASSWORD_MIN, PASSWORD_MAX = 8, 63  # WPA2's passphrase; none: an open network


def make(urandom):
    """A new own network: "Table-" and 4 hex digits, a random password."""
    raw = urandom(2 + PASSWORD_CHARS)
    ssid = "Table-%02X%02X" % (raw[0], raw[1])
    password = "".join(ALPHABET[b % len(ALPHABET)] for b in raw[2:])
    return {"v": VERSION, "mode": "own", "ssid": ssid, "password": password}


def usable(obj):
    """obj if it is whole Wi-Fi settings, else None."""
    try:
        whole = obj["v"] == VERSION and obj["mode"] in [m for m, _ in MODES]
        whole = whole and type(obj["ssid"]) is str and 0 < len(obj["ssid"]) <= 32
        whole = whole and type(obj["password"]) is str and PASSWORD_MIN <= len(obj["password"]) <= PASSWORD_MAX
        join = obj.get("join")
        whole = whole and (
            join is None or type(join) is dict and join_problem(join.get("ssid"), join.get("password")) is None
        )
        return obj if whole else None
    except (KeyError, TypeError):
        return None


def joined(config):
    """(ssid, password) of the table's Wi-Fi from config.json, or (None, problem)."""
    wifi = config.get("wifi")
    if wifi is None:
        return None, 'config.json has no "wifi": {"ssid": ..., "password": ...}'
    if type(wifi) is not dict or type(wifi.get("ssid")) is not str or type(wifi.get("password", "")) is not str:
        return None, 'config.json: "wifi" must be {"ssid": text, "password": text}'
    return wifi["ssid"], wifi.get("password", "")


def join_problem(ssid, password):
    """Why a typed network cannot be joined, in a few words, or None."""
    if type(ssid) is not str or not ssid:
        return "type a name"
    if len(ssid.encode()) > SSID_MAX:
        return "name too long"
    if type(password) is not str or password and not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return "password: %d-%d" % (PASSWORD_MIN, PASSWORD_MAX)
    return None


def network(settings, config):
    """(ssid, password, problem) of the network the mode uses (problem: None or why
    there is none). "join": the network typed on the device, else config.json's."""
    if settings["mode"] == "own":
        return settings["ssid"], settings["password"], None
    if settings["mode"] == "join":
        typed = settings.get("join")
        if typed:
            return typed["ssid"], typed["password"], None
        ssid, password = joined(config)
        return ssid, password, None if ssid else password
    return None, None, None


def _escape(text):
    for c in '\\;,:"':
        text = text.replace(c, "\\" + c)
    return text


def join_text(ssid, password):
    """The QR text that joins a network: `WIFI:S:<ssid>;T:WPA;P:<password>;;`."""
    if not password:
        return "WIFI:S:%s;T:nopass;;" % _escape(ssid)
    return "WIFI:S:%s;T:WPA;P:%s;;" % (_escape(ssid), _escape(password))


def page_address(ip, port=PORT):
    """The page's address: http://<ip>/ (the port only when it is not 80)."""
    return "http://%s/" % ip if port == PORT else "http://%s:%d/" % (ip, port)
