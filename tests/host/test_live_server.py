"""The live page's server (firmware/table/live/live_server.py) driven by hand, as bench/live_app.py
drives it: each connection's coroutine stepped with a stand-in for asyncio. The event
stream is the server's own; every other request is microdot's (firmware/table/live/live_web.py),
whose modules are gone again once no request is in flight."""

import os
import sys

from canvas_record import loaded

from host_tools import FIRMWARE

sys.path.insert(0, FIRMWARE)
from table import app  # noqa: E402
from table.live import live_server  # noqa: E402

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
    """What live.state reads: nothing played, then a screen that says its own state;
    and the app's unload, which the server forgets its web modules by."""

    stack = ()
    match = None
    unload = staticmethod(app.unload)


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
        assert not loaded(name), name


def test_state_and_a_missing_path():
    s = server()
    phone = Phone(b"GET /state" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got.startswith(b"HTTP/1.0 200 OK\r\n")
    assert phone.got.endswith(b'\r\n\r\n{"view": "home"}')
    phone = Phone(b"GET /nothing" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got.startswith(b"HTTP/1.0 404 ")


def test_a_phone_that_left_mid_answer_is_not_an_error_on_the_console(capsys):
    # EPIPE (a browser closed the page's connection while it was sent) or a reset: the
    # slot is freed quietly; any other error still gets its one line
    class Gone(Phone):
        def __init__(self, request, errno):
            Phone.__init__(self, request)
            self.errno = errno

        async def awrite(self, data):
            raise OSError(self.errno, "gone")

    s = server()
    for errno in (32, 104, 107, 103):
        phone = Gone(b"GET /state" + HEAD, errno)
        assert not step(s.handle(phone, phone))
        assert phone.closed and not s.conns
    assert capsys.readouterr().out == ""
    phone = Gone(b"GET /state" + HEAD, 5)  # EIO
    assert not step(s.handle(phone, phone))
    assert capsys.readouterr().out == "live: OSError: [Errno 5] gone\n"


def test_methods_other_than_get_and_head_get_405():
    s = server()
    for method in (b"POST", b"PUT", b"DELETE", b"OPTIONS"):
        phone = Phone(method + b" /events" + HEAD)
        assert not step(s.handle(phone, phone))
        assert phone.got.startswith(b"HTTP/1.0 405 Method Not Allowed\r\nAllow: GET, HEAD\r\n"), method
    for method in (b"GET", b"HEAD", b"PUT"):  # /name takes a POST only
        phone = Phone(method + b" /name" + HEAD)
        assert not step(s.handle(phone, phone))
        assert phone.got.startswith(b"HTTP/1.0 405 Method Not Allowed\r\nAllow: POST\r\n"), method


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


def test_streams_and_connections_beyond_their_caps_are_refused_at_once():
    """MAX_STREAMS phones follow; one more stream is refused, a page load still has
    its connection; beyond MAX_CLIENTS (all lwIP carries) any connection is refused."""
    assert live_server.MAX_STREAMS < live_server.MAX_CLIENTS <= 5  # lwIP's 5 TCP connections
    assert live_server.BACKLOG <= live_server.MAX_CLIENTS
    s = server()
    streams = []
    for _ in range(live_server.MAX_STREAMS):
        phone = Phone(b"GET /events" + HEAD)
        streams.append(s.handle(phone, phone))
        assert step(streams[-1])
    phone = Phone(b"GET /events" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got.startswith(b"HTTP/1.0 503 Busy\r\n") and phone.closed
    phone = Phone(b"GET /" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got.startswith(b"HTTP/1.0 200 OK\r\n")
    held = []
    while len(s.conns) < live_server.MAX_CLIENTS:  # connections that send nothing yet
        phone = Phone(b"")
        phone.read = never
        held.append(s.handle(phone, phone))
        assert step(held[-1])
    phone = Phone(b"GET /" + HEAD)
    assert not step(s.handle(phone, phone))
    assert phone.got.startswith(b"HTTP/1.0 503 Busy\r\n") and phone.closed
    assert len(s.conns) == live_server.MAX_CLIENTS


async def never(*args):
    """A read or a write that never ends (a phone that neither sends nor takes)."""
    while True:
        await Loop.sleep_ms(1000)


class Task:
    """What the watchdog cancels: the connection's coroutine, stepped here."""

    def __init__(self, coro):
        self.coro = coro
        self.cancelled = False

    def cancel(self):
        self.cancelled = True

    def step(self):
        """One step; True while it goes on (a cancel is thrown in as asyncio does)."""
        try:
            if self.cancelled:
                self.cancelled = False
                self.coro.throw(Loop.CancelledError())
            else:
                self.coro.send(None)
        except StopIteration:
            return False
        return True


def connect(s, phone):
    """A connection with its task (asyncio.current_task while it starts)."""
    task = Task(None)
    Loop.current_task = staticmethod(lambda: task)
    task.coro = s.handle(phone, phone)
    assert task.step()
    Loop.current_task = staticmethod(lambda: None)
    return task


def test_a_phone_that_goes_quiet_lets_its_stream_go_within_a_minute():
    """One phone stops reading (the server's writes still go: TCP's buffers take
    them), another stops answering (its writes never end): both slots are free
    STREAM_MS + END_MS after the stream opened, under a minute, whatever they do; a
    phone that follows is told to come again (`again`) and its page opens it at once."""
    assert live_server.STREAM_MS + live_server.END_MS + 500 <= 60000
    s = server()
    clock = s.time
    reading = Phone(b"GET /events" + HEAD)
    silent = Phone(b"GET /events" + HEAD)
    quiet = connect(s, reading)
    dead = connect(s, silent)
    silent.awrite = never  # from now on nothing it is sent is taken
    watch = s.watch()
    ended = {}
    while clock.ms <= live_server.STREAM_MS + live_server.END_MS + 1000:
        clock.ms += live_server.POLL_MS
        for name, task in (("quiet", quiet), ("dead", dead)):
            if name not in ended and not task.step():
                ended[name] = clock.ms
        watch.send(None)  # (a step each POLL_MS: as often as WATCH_MS)
    assert not s.conns and reading.closed and silent.closed
    assert live_server.STREAM_MS <= ended["quiet"] <= live_server.STREAM_MS + live_server.POLL_MS
    assert ended["dead"] <= live_server.STREAM_MS + live_server.END_MS + 1000
    assert reading.got.endswith(b"retry: 100\nevent: again\ndata: 1\n\n")
    assert b"again" not in silent.got


def test_a_malformed_request_gets_400_and_one_console_line_a_second(capsys):
    s = server()
    clock = s.time
    for bad in (b"garbage\r\n\r\n", b"GET /x FTP/1.0\r\n\r\n", b"G" * 3000):
        phone = Phone(bad)
        phone.read = lambda n, phone=phone: _read(phone, n)
        assert not step(s.handle(phone, phone), 10)
        assert phone.got.startswith(b"HTTP/1.0 400 Bad Request\r\n")
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["live: 400 to 192.168.4.2: not a request line"]
    clock.ms += live_server.SAY_MS
    phone = Phone(b"GET\r\n\r\n")
    assert not step(s.handle(phone, phone))
    assert capsys.readouterr().out.splitlines() == ["live: 400 to 192.168.4.2: not a request line (2 more since)"]
    phone = Phone(b"")  # closed before a word: no answer, nothing said
    assert not step(s.handle(phone, phone))
    assert phone.got == b"" and capsys.readouterr().out == ""


async def _read(phone, n):
    data, phone.request = phone.request[:n], phone.request[n:]
    return data


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
    from table.storage import paths

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


def post_name(s, body, length=None):
    """POST /name with body (Content-Length: its size, or length): the answer."""
    size = len(body) if length is None else length
    phone = Phone(b"POST /name HTTP/1.1\r\nHost: table\r\nContent-Length: %d\r\n\r\n" % size + body)
    assert not step(s.handle(phone, phone), 5)
    assert phone.closed
    return phone.got


def seen(rig):
    """The question on the glass, then its wait over (live_name.WAIT_MS)."""
    from table.live import live_name

    rig.shown()
    rig.t += live_name.WAIT_MS
    rig.app.tick(rig.t)


def test_a_name_from_a_phone_is_kept_only_after_ok_on_the_device():
    """The phone's name is held, asked on the device over the screen that is open
    (never while a slap window is open), refused by back, kept by ok; one at a time,
    NAME_GAP_MS apart, by roster.clean's rules; nothing is written before ok."""
    import json

    from canvas_record import Rig

    from table.live import live, live_name
    from table.storage import paths

    rig = Rig(names=["Ann"])
    try:
        app = rig.app
        live_server.asyncio = Loop
        app.live = live_server.Live(app, Radio(), Clock())
        s = app.live.server
        clock = s.time
        roster_file = rig.root + "/" + paths.ROSTER

        def on_flash():
            if not os.path.exists(roster_file):
                return None
            with open(roster_file) as f:
                return f.read()

        before = on_flash()
        assert post_name(s, "Zoë".encode()).startswith(b"HTTP/1.0 202 Accepted\r\n")
        assert s.name == "Zoë" and app.roster == ["Ann"]
        assert live.state(app)["asking"] == "Zoë" and live.state(app)["answered"] is None
        assert post_name(s, b"Bob").endswith(b"\r\n\r\na name is waiting on the device")
        assert post_name(s, b'{"button": "ok"}').startswith(b"HTTP/1.0 400 ")  # bad first, however busy

        app.top().slap_window = True  # a slap may come: not asked yet
        app.live.ask(0)
        assert rig.screen() == "Home"
        del app.top().slap_window
        app.live.ask(0)
        assert rig.screen() == "Confirm" and "Add player Zoe?" in rig.shown()
        assert "wait..." in rig.shown()
        rig.nav("back")  # too soon after it appeared: ignored
        assert rig.screen() == "Confirm"
        seen(rig)
        assert "back:no" in rig.shown()
        rig.nav("back")  # refused
        app.live.ask(100)
        assert rig.screen() == "Home" and s.name is None and app.live.answered == ["Zoë", False]
        assert app.roster == ["Ann"] and on_flash() == before  # nothing written

        assert post_name(s, b"Cy").startswith(b"HTTP/1.0 429 ")  # too soon after Zoë
        clock.ms += live_name.NAME_GAP_MS
        assert post_name(s, b"Ann").endswith(b"\r\n\r\nalready a player")
        assert post_name(s, b" \x01x").startswith(b"HTTP/1.0 400 ")  # a control character
        assert post_name(s, b"\xff").startswith(b"HTTP/1.0 400 ")  # not UTF-8
        for body in (b'{"button": "ok", "action": "press"}', b"a=b", b"Ann:", b"<b>"):  # not typable
            answer = post_name(s, body)
            assert answer.startswith(b"HTTP/1.0 400 ") and b"cannot be typed on the device" in answer, body
        assert post_name(s, b"x" * 65).startswith(b"HTTP/1.0 413 ")
        assert post_name(s, b"Cy", length=500).startswith(b"HTTP/1.0 413 ")
        assert s.name is None
        assert post_name(s, "  Weißhaarig ".encode()).startswith(b"HTTP/1.0 202 ")
        assert s.name == "Weißhaa"  # cut as the device's editor cuts it
        rig.nav("down")  # the question waits for the device
        app.live.ask(200)
        seen(rig)
        rig.nav("ok")
        app.live.ask(300)
        assert app.roster == ["Weißhaa", "Ann"] and app.live.answered == ["Weißhaa", True]
        rig.nav("back")  # the next tick writes it
        with open(roster_file) as f:
            assert json.load(f)["names"] == ["Weißhaa", "Ann"]
        assert live.state(app)["asking"] is None
    finally:
        app.live = None
        rig.close()
