"""A W board's Wi-Fi settings (firmware/table/live/wifi_config.py): the own network made from
os.urandom, settings read back from the flash, the table's Wi-Fi from config.json,
and the texts of the two QR codes."""

from table.live import wifi_config
from table.live.wifi_config import ALPHABET, join_problem, join_text, joined, make, network, page_address, usable


def fixed(data):
    """An os.urandom that gives these bytes."""

    def urandom(n):
        assert n == len(data)
        return bytes(data)

    return urandom


def test_make_names_the_network_and_draws_a_password_from_the_alphabet():
    settings = make(fixed([0x3F, 0x2A] + list(range(10))))
    assert settings == {"v": 1, "mode": "own", "ssid": "Table-3F2A", "password": "abcdefghjk"}
    settings = make(fixed([0, 255] + [30, 31, 62, 255, 200, 7, 8, 9, 10, 11]))
    assert settings["ssid"] == "Table-00FF"
    password = settings["password"]
    assert len(password) == wifi_config.PASSWORD_CHARS == 10
    assert password[:3] == ALPHABET[30] + ALPHABET[0] + ALPHABET[0]  # byte modulo the alphabet
    assert all(c in ALPHABET for c in password)
    assert not [c for c in "0O1lI" if c in ALPHABET]  # no look-alikes to misread
    assert usable(settings) is settings


def test_usable_refuses_what_is_not_whole_settings():
    good = {"v": 1, "mode": "join", "ssid": "Table-3F2A", "password": "k7m2p9x4ra"}
    assert usable(good) is good
    for mode in ("own", "off"):
        assert usable(dict(good, mode=mode)) is not None
    assert usable(dict(good, ssid="x" * 32, password="p" * 63)) is not None  # the limits
    bad = [
        None,
        [],
        "text",
        {},
        dict(good, v=2),
        dict(good, mode="ap"),
        dict(good, ssid=""),
        dict(good, ssid="x" * 33),
        dict(good, ssid=5),
        dict(good, password="1234567"),  # WPA2 needs 8
        dict(good, password="p" * 64),
        dict(good, password=None),
        dict(good, join="Home"),
        dict(good, join={"ssid": "", "password": ""}),
        dict(good, join={"ssid": "Home", "password": "short"}),
        dict(good, join={"ssid": "Home"}),
    ]
    for key in good:
        less = dict(good)
        del less[key]
        bad.append(less)
    for obj in bad:
        assert usable(obj) is None, obj


def test_joined_reads_the_tables_wifi_from_config():
    assert joined({"wifi": {"ssid": "Home", "password": "secret99"}}) == ("Home", "secret99")
    assert joined({"wifi": {"ssid": "Open"}}) == ("Open", "")  # an open network
    ssid, problem = joined({"names": ["Ann"]})
    assert ssid is None and '"wifi"' in problem
    for wrong in ("Home", {"password": "x"}, {"ssid": 5}, {"ssid": "Home", "password": 12345678}):
        ssid, problem = joined({"wifi": wrong})
        assert ssid is None and "must be" in problem, wrong


def test_network_follows_the_mode():
    own = {"v": 1, "mode": "own", "ssid": "Table-3F2A", "password": "k7m2p9x4ra"}
    config = {"wifi": {"ssid": "Home", "password": "secret99"}}
    assert network(own, config) == ("Table-3F2A", "k7m2p9x4ra", None)
    assert network(dict(own, mode="join"), config) == ("Home", "secret99", None)
    ssid, password, problem = network(dict(own, mode="join"), {})
    assert ssid is None and '"wifi"' in problem
    assert network(dict(own, mode="off"), config) == (None, None, None)
    typed = dict(own, mode="join", join={"ssid": "Cafe", "password": ""})  # typed on the device: it wins
    assert network(typed, config) == ("Cafe", "", None)
    assert network(dict(typed, mode="own"), config) == ("Table-3F2A", "k7m2p9x4ra", None)
    assert usable(typed) is typed


def test_join_problem_names_what_wpa2_refuses():
    assert join_problem("Home", "secret99") is None
    assert join_problem("Home", "") is None  # an open network
    assert join_problem("x" * 32, "p" * 63) is None  # the limits
    assert join_problem("", "secret99") == "type a name"
    assert join_problem(None, "secret99") == "type a name"
    assert join_problem("x" * 33, "secret99") == "name too long"
    assert join_problem("é" * 17, "secret99") == "name too long"  # 34 bytes
    assert join_problem("Home", "1234567") == "password: 8-63"
    assert join_problem("Home", "p" * 64) == "password: 8-63"
    assert join_problem("Home", None) == "password: 8-63"


def test_join_text_escapes_the_special_characters():
    assert join_text("Table-3F2A", "k7m2p9x4ra") == "WIFI:S:Table-3F2A;T:WPA;P:k7m2p9x4ra;;"
    assert join_text('a;b,c:d\\e"f', 'p;w,o:r\\d"') == 'WIFI:S:a\\;b\\,c\\:d\\\\e\\"f;T:WPA;P:p\\;w\\,o\\:r\\\\d\\";;'
    assert join_text("\\", "x") == "WIFI:S:\\\\;T:WPA;P:x;;"  # the backslash once, not again
    assert join_text("Open;Net", "") == "WIFI:S:Open\\;Net;T:nopass;;"
    assert join_text("Café", "pässwörd") == "WIFI:S:Café;T:WPA;P:pässwörd;;"


def test_page_address_names_the_port_only_when_not_80():
    assert page_address("192.168.4.1") == "http://192.168.4.1/"
    assert page_address("192.168.4.1", 80) == "http://192.168.4.1/"
    assert page_address("127.0.0.1", 8080) == "http://127.0.0.1:8080/"
    assert page_address("10.0.0.23", wifi_config.PORT) == "http://10.0.0.23/"
