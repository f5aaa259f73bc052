"""A W board's live page: the radio (wifi.py) and microdot serving the match to the
phones at the table, as asyncio tasks beside the app's loop.

    GET /         the page (live_page.py): no outside assets, it draws what /events says
    GET /events   Server-Sent Events: the page's state (live.py) each time it changes
    GET /state    the same state once, as JSON

Read-only: nothing a phone sends reaches the app. Any method but GET and HEAD gets
405. A hostile or broken client costs a bounded share: at most MAX_CLIENTS
connections (more are refused at once), a request's head within HEAD_BYTES and
HEAD_MS, a stream whose client stops reading closed after STALL_MS; a bad request
gets 400; an unexpected error, one line on the console; never a write to the flash.

Taps are timed by PIO or the pin interrupts, never by this loop; the loop never
waits on a socket (asyncio runs the server between its passes).
"""

import asyncio
import errno
import json
import sys

import live
import paths
import wifi_config
from microdot import Microdot, Response
from ticks import ticks_diff

MAX_CLIENTS = 8  # connections open at once (4 phones' streams and their page loads)
HEAD_BYTES = 2048  # a request's line and headers (a phone's are about 500)
HEAD_MS = 5000  # to send them
STALL_MS = 30000  # a stream whose client took nothing for this long is closed
BEAT_MS = 10000  # a comment line on a quiet stream (the client sees the link alive)
POLL_MS = 250  # how often a stream looks for a new state
RETRY_MS = 2000  # the page's reconnect delay after the stream breaks
PASS_MS = 5  # the app loop's pause between passes, as app.run's
_OK = (b"GET", b"HEAD")


class _Head:
    """A request's head, read already, as microdot reads a stream."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    async def readline(self):
        end = self.data.find(b"\n", self.at) + 1 or len(self.data)
        line = self.data[self.at : end]
        self.at = end
        return line


class _Events:
    """The /events stream: the state as an event whenever it changes, a comment line
    when quiet (microdot writes what __anext__ returns; MicroPython has no async
    generators)."""

    def __init__(self, server, conn):
        self.server = server
        self.conn = conn
        self.seq = -1
        self.quiet = 0

    def __aiter__(self):
        return self

    async def __anext__(self):
        server, conn = self.server, self.conn
        conn[1] = server.now()  # the last piece is out: the client reads
        conn[2] = STALL_MS
        if self.seq < 0:
            self.seq = 0
            return b"retry: %d\n\n" % RETRY_MS
        while True:
            if _gone(conn[3]):  # the client closed or reset: its slot is free now, not
                raise StopAsyncIteration  # at the next failed write (a beat or two later)
            server.refresh()
            if self.seq != server.seq:
                self.seq = server.seq
                self.quiet = 0
                return server.message
            if self.quiet >= BEAT_MS:
                self.quiet = 0
                return b": beat\n\n"
            self.quiet += POLL_MS
            await asyncio.sleep_ms(POLL_MS)


class Server(Microdot):
    """microdot with the limits above; the page's state made once per change for
    every client (`refresh`)."""

    def __init__(self, app, time):
        Microdot.__init__(self)
        self.debug = False  # (set by microdot's own start_server, which is not used)
        self.ssl = None
        self.app = app
        self.time = time
        self.conns = []  # [task, since ms, limit ms, reader] of each open connection
        self.seq = 0
        self.text = None
        self.message = b""
        self.checked = None  # ticks_ms of the last refresh
        self.route("/")(self.page)
        self.route("/events")(self.events)
        self.route("/state")(self.state)

    def now(self):
        return self.time.ticks_ms()

    def refresh(self):
        """Make the page's state again (at most every POLL_MS): a new event if it changed."""
        now = self.now()
        if self.checked is not None and ticks_diff(now, self.checked) < POLL_MS:
            return
        self.checked = now
        text = json.dumps(live.state(self.app))
        if text != self.text:
            self.text = text
            self.seq += 1
            self.message = b"data: " + text.encode() + b"\n\n"

    async def page(self, request):
        import live_page

        body = live_page.PAGE
        del sys.modules["live_page"]  # loaded for each page load, not kept
        return Response(body, headers={"Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-cache"})

    async def events(self, request):
        conn = self.conn_of(asyncio.current_task())
        headers = {"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        return Response(_Events(self, conn), headers=headers)

    async def state(self, request):
        self.checked = None
        self.refresh()
        return Response(self.text, headers={"Content-Type": "application/json", "Cache-Control": "no-cache"})

    def conn_of(self, task):
        for conn in self.conns:
            if conn[0] is task:
                return conn
        return [task, self.now(), STALL_MS, None]

    async def handle_request(self, reader, writer):
        """One connection: refused when MAX_CLIENTS are open; its head read within
        the limits; 405 for a method other than GET or HEAD; then microdot's."""
        if len(self.conns) >= MAX_CLIENTS:
            await _answer(writer, b"503 Busy")
            await _close(writer)  # else the refused socket stays open
            return
        conn = [asyncio.current_task(), self.now(), HEAD_MS, reader]
        self.conns.append(conn)
        try:
            head = await _read_head(reader)
            if head is None:
                await _answer(writer, b"400 Bad Request")
            elif head[: head.find(b" ")] not in _OK:
                await _answer(writer, b"405 Method Not Allowed", b"Allow: GET, HEAD\r\n")
            else:
                conn[2] = STALL_MS
                await Microdot.handle_request(self, _Head(head), writer)
        except asyncio.CancelledError:  # the watchdog: too slow
            pass
        except Exception as e:  # one line on the console; the device goes on
            print("live: %s: %s" % (type(e).__name__, e))
        finally:
            self.conns.remove(conn)
            await _close(writer)

    async def watch(self):
        """Close the connections that ran past their limit."""
        while True:
            await asyncio.sleep_ms(500)
            now = self.now()
            for conn in self.conns:
                if ticks_diff(now, conn[1]) > conn[2]:
                    conn[2] = 1 << 29  # cancelled once
                    conn[0].cancel()


async def _read_head(reader):
    """The request's head (its line and headers), or None when it is not one: too
    long, the connection closed, or not `METHOD PATH HTTP/x`."""
    data = b""
    while data.find(b"\r\n\r\n") < 0 and data.find(b"\n\n") < 0:
        chunk = await reader.read(512)
        if not chunk:
            return None
        data += chunk
        if len(data) > HEAD_BYTES:  # checked after the read: else a head's last 512 bytes pass
            return None
    line = data[: data.find(b"\n")].split()
    if len(line) != 3 or not line[2].startswith(b"HTTP/") or not line[1].startswith(b"/"):
        return None
    return data


def _gone(reader):
    """True when the client has closed its end (a read finds the end, or an error)."""
    sock = getattr(reader, "s", None)  # asyncio's Stream: its non-blocking socket
    if sock is None:
        return False
    try:
        return not sock.recv(1)  # (a byte sent after the head is dropped: read-only)
    except OSError as e:
        return e.errno != errno.EAGAIN  # EAGAIN: nothing to read, the client is there


async def _answer(writer, status, headers=b""):
    try:
        await writer.awrite(b"HTTP/1.0 " + status + b"\r\n" + headers + b"Content-Length: 0\r\n\r\n")
    except OSError:
        pass


async def _close(writer):
    try:
        await writer.aclose()
    except Exception:
        pass


class Live:
    """The Wi-Fi and the server of a W board, as the app and the Wi-Fi screen see them
    (`app.live`): the settings (wifi_config.py), the radio's state, the page's address."""

    def __init__(self, app, radio, time):
        self.app = app
        self.radio = radio
        self.server = Server(app, time)
        self.listening = None  # the asyncio server while the network is up
        self.problem = None  # why the radio is not on, in words (or None)
        self.settings = load_settings(app)

    def network(self):
        """(ssid, password) the mode uses, or (None, None)."""
        ssid, password, _ = wifi_config.network(self.settings, self.app.config)
        return ssid, password

    def address(self):
        return self.radio.address()

    def state(self):
        return self.problem or self.radio.state()

    def set_mode(self, mode):
        """Change the mode (the Wi-Fi screen): kept on the flash, the radio follows."""
        self.settings["mode"] = mode
        self.app.keep_file(paths.WIFI, self.settings)
        self.start()

    def start(self):
        ssid, password, problem = wifi_config.network(self.settings, self.app.config)
        self.problem = problem
        try:
            self.radio.start(self.settings["mode"] if ssid else "off", ssid, password)
        except OSError as e:  # the radio did not start: say so; the table goes on
            self.problem = "radio: %s" % (e,)

    async def serve(self):
        """Listen on port 80 while the radio's network is up; close what ran past its
        limit."""
        asyncio.create_task(self.server.watch())
        while True:
            up = self.radio.address() is not None
            if up and self.listening is None:
                try:
                    self.listening = await asyncio.start_server(self.server.handle_request, "0.0.0.0", wifi_config.PORT)
                except OSError as e:
                    self.problem = "server: %s" % (e,)
            elif not up and self.listening is not None:
                self.listening.close()
                self.listening = None
            await asyncio.sleep_ms(500)


def load_settings(app):
    """The Wi-Fi settings from the flash, or new ones (first boot, or an unusable file
    set aside), kept at the next save."""
    import os

    import store_load

    path = app.path(paths.WIFI)
    obj, _ = store_load.load(path)
    settings = wifi_config.usable(obj)
    if settings is None:
        if obj is not None:
            store_load.set_aside(path)
        settings = wifi_config.make(os.urandom)
        app.keep_file(paths.WIFI, settings)
    return settings


def run(app, hw, time, step):
    """The device loop of a W board: the app's passes (`step`: app.step) and the server
    share asyncio. Never returns."""
    import wifi

    app.live = Live(app, wifi.Radio(), time)
    app.live.start()
    asyncio.run(_main(app, hw, time, step))


async def _main(app, hw, time, step):
    asyncio.create_task(app.live.serve())
    while True:
        step(app, hw, time.ticks_ms())
        await asyncio.sleep_ms(PASS_MS)
