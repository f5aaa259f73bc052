"""The live page's server (firmware/live_server.py) driven by hand, as bench/live_app.py
drives it: each connection's coroutine stepped with a stand-in for asyncio. The event
stream is the server's own; every other request is microdot's (firmware/live_web.py),
whose modules are gone again once no request is in flight."""

import sys

from host_tools import FIRMWARE

sys.path.insert(0, FIRMWARE)
import live_server  # noqa: E402

HEAD = b" HTTP/1.1\r\nHost: 192.168.4.1\r\n\r\n"


class Loop:
    """asyncio as live_server uses it: a sleep is one step."""

    class CancelledError(BaseException):
        pass

    @staticmethod
    def sleep_ms(ms):
        return _Step()

    @staticmethod
    def current_task():
        return None


class _Step:
    def __await__(self):
        yield


class Clock:
    ms = 0

    def ticks_ms(self):
        return self.ms


class App:
    """What live.state reads: nothing played, then a screen that says its own state."""

    stack = ()
    match = None


class Phone:
    """A connection: its request once, then it reads all it is sent."""

    def __init__(self, request):
        self.request = request
        self.got = b""
        self.closed = False

    async def read(self, n):
        data, self.request = self.request, b""
        return data

    async def awrite(self, data):
        self.got += data

    async def aclose(self):
        self.closed = True

    def get_extra_info(self, name):
        return ("192.168.4.2", 50000)


def server():
    live_server.asyncio = Loop
    return live_server.Server(App(), Clock())


def step(coro, times=1):
    """Step a connection; True while it goes on."""
    for _ in range(times):
        try:
            coro.send(None)
        except StopIteration:
            return False
    return True


def test_the_page_is_microdots_and_its_code_leaves_after_the_request():
    s = server()
    phone = Phone(b"GET /" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got.startswith(b"HTTP/1.0 200 OK\r\n") and b"<!doctype html>" in phone.got
    assert phone.closed and not s.conns
    assert s.web is None
    for name in live_server.WEB_MODULES:
        assert name not in sys.modules, name


def test_state_and_a_missing_path():
    s = server()
    phone = Phone(b"GET /state" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got.startswith(b"HTTP/1.0 200 OK\r\n")
    assert phone.got.endswith(b'\r\n\r\n{"view": "home"}')
    phone = Phone(b"GET /nothing" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got.startswith(b"HTTP/1.0 404 ")


def test_methods_other_than_get_and_head_get_405():
    s = server()
    for method in (b"POST", b"PUT", b"DELETE", b"OPTIONS"):
        phone = Phone(method + b" /events" + HEAD)
        assert not step(s.handle(phone, phone))
        assert phone.got.startswith(b"HTTP/1.0 405 Method Not Allowed\r\nAllow: GET, HEAD\r\n"), method


def test_a_stream_sends_the_state_when_it_changes_and_beats_when_quiet():
    s = server()
    clock = s.time
    phone = Phone(b"GET /events?since=1" + HEAD)
    stream = s.handle(phone, phone)
    assert step(stream)
    assert phone.got == live_server._STREAM_HEAD + b"retry: 2000\n\n" + b'data: {"view": "home"}\n\n'
    assert len(s.conns) == 1
    phone.got = b""
    for _ in range(5):  # nothing changed: nothing sent
        clock.ms += live_server.POLL_MS
        assert step(stream)
    assert phone.got == b""

    class Screen:
        def live(self):
            return {"view": "referee", "winner": "Ann"}

    s.app.stack = (Screen(),)
    clock.ms += live_server.POLL_MS
    assert step(stream, 2)
    assert phone.got == b'data: {"view": "referee", "winner": "Ann"}\n\n'
    phone.got = b""
    for _ in range(live_server.BEAT_MS // live_server.POLL_MS + 1):
        clock.ms += live_server.POLL_MS
        step(stream)
    assert phone.got == b": beat\n\n"


def test_head_of_the_stream_is_its_head_only():
    s = server()
    phone = Phone(b"HEAD /events" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got == live_server._STREAM_HEAD and phone.closed


def test_connections_beyond_the_cap_are_refused_at_once():
    s = server()
    streams = []
    for _ in range(live_server.MAX_CLIENTS):
        phone = Phone(b"GET /events" + HEAD)
        streams.append(s.handle(phone, phone))
        assert step(streams[-1])
    phone = Phone(b"GET /" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got.startswith(b"HTTP/1.0 503 Busy\r\n") and phone.closed
    assert len(s.conns) == live_server.MAX_CLIENTS


class Radio:
    """wifi.Radio as Live tells it: what it was last started with."""

    def __init__(self):
        self.started = None

    def start(self, mode, ssid, password):
        self.started = (mode, ssid, password)

    def address(self):
        return None


class SettingsApp(App):
    """What Live needs of the app: the flash's folder, config.json, the files it keeps,
    the modules it loads for a moment."""

    def __init__(self, root):
        self.root = root
        self.config = {"wifi": {"ssid": "Home", "password": "secret99"}}
        self.kept = {}
        self.passing = set()

    def path(self, name):
        return str(self.root / name)

    def keep_file(self, name, obj):
        self.kept[name] = dict(obj)

    def transient(self, *modules):
        self.passing.update(modules)


def test_a_typed_network_is_joined_and_kept_and_config_json_is_the_fallback(tmp_path):
    import paths

    app = SettingsApp(tmp_path)
    radio = Radio()
    live = live_server.Live(app, radio, Clock())
    assert app.kept[paths.WIFI]["mode"] == "own"  # first boot: a new own network, kept
    assert {"wifi_config", "store_load"} <= app.passing  # loaded for a moment, not kept
    live.set_mode("join")
    assert radio.started == ("join", "Home", "secret99")  # config.json's
    live.set_join("Cafe", "")
    assert radio.started == ("join", "Cafe", "")  # typed on the device: it wins
    assert app.kept[paths.WIFI]["join"] == {"ssid": "Cafe", "password": ""}
    assert app.kept[paths.WIFI]["mode"] == "join"
    assert live.network() == ("Cafe", "")
