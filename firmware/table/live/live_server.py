"""A W board's live page: the radio (wifi.py) and the server of the phones at the
table, as asyncio tasks beside the app's loop.

    GET /         the page (live_page.py): no outside assets, it draws what /events says
    GET /events   Server-Sent Events: the page's state (live.py) each time it changes
    GET /state    the same state once, as JSON
    GET /history  the history file for a PC's `pull --url` (live_history.py)
    POST /name    a player's name typed on a phone: the device asks before it is kept

Every connection passes the gate here: at most MAX_CLIENTS open (more are refused at
once), a request's head within HEAD_BYTES and HEAD_MS, any method but GET and HEAD
answered 405 (POST on /name only). A malformed request gets 400 and a line on the
console (at most one a second). An event stream is held here, one small coroutine a
phone, MAX_STREAMS at once, each for STREAM_MS at most: then it ends and the page opens
it again at once, so a phone that vanished without a word (no FIN, no RST: lwIP has no
keepalive to offer, docs/hardware.md) lets its slot go within a minute whatever it
does; a write that cannot finish by then is cut off. Every other request is
microdot's (live_web.py): its code is loaded for the request and dropped when no
request is in flight, so the heap holds the framework only while a page loads
(docs/hardware.md, "Pico W").

Read-only but for a name: a phone's name is only held (live_name.py: one at a time,
a few seconds apart, roster.clean's rules) until the device's owner says ok on the
device; nothing else a phone sends reaches the app, and nothing is written but
by the app's own save, never during a slap window. Taps are timed by PIO or the pin
interrupts, never by this loop; the loop never waits on a socket (asyncio runs the
server between its passes).
"""

import asyncio
import errno
import json

from ..rules.ticks import ticks_add, ticks_diff
from ..storage import paths
from . import live

# A Pico W's lwIP (MicroPython v1.28's rp2 lwipopts) has 5 TCP connections in all
# (MEMP_NUM_TCP_PCB): the server never holds more, and keeps one for a page load.
MAX_CLIENTS = 5  # connections open at once
MAX_STREAMS = 4  # of them event streams (4 phones following)
BACKLOG = MAX_CLIENTS  # connections lwIP may queue for accept: no more than it can carry
HEAD_BYTES = 2048  # a request's line and headers (a phone's are about 500)
HEAD_MS = 2000  # to send them (a phone sends its head at once; room for a lost packet or a busy host)
ANSWER_MS = 10000  # to take a whole answer (the page is 5 KB)
STREAM_MS = 45000  # a stream ends after this; the page opens it again at once
END_MS = 5000  # for its last piece to go: a stream's slot is free STREAM_MS + END_MS after it opened
BEAT_MS = 10000  # a comment line on a quiet stream (the client sees the link alive)
POLL_MS = 250  # how often a stream looks for a new state
WATCH_MS = 250  # how often the watchdog looks for connections past their deadline
RETRY_MS = 2000  # the page's reconnect delay after the stream breaks
AGAIN_MS = 100  # ... after the server ended it (STREAM_MS)
SAY_MS = 1000  # at most one console line a second about refused requests
PASS_MS = 5  # the app loop's pause between passes, as app.run's
WEB_MODULES = ("live_web", "microdot", "live_page")  # loaded for a request, then dropped
_OK = (b"GET", b"HEAD")
# A write to a phone that has gone: EPIPE (32), ECONNRESET, ENOTCONN, ECONNABORTED (the
# rp2 port's errno names no EPIPE: its number is the same on lwIP and Linux).
_GONE = (32, errno.ECONNRESET, errno.ENOTCONN, errno.ECONNABORTED)
_STREAM_HEAD = b"HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"
_AGAIN = b"retry: %d\nevent: again\ndata: 1\n\n" % AGAIN_MS


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


class Server:
    """The connections: each through the gate, then its event stream, a name, or
    microdot's answer; the page's state made once per change for every stream
    (`refresh`)."""

    def __init__(self, app, time):
        self.app = app
        self.time = time
        self.conns = []  # [task, deadline ticks_ms, is a stream] of each open connection
        self.seq = 0
        self.message = b"data: {}\n\n"  # the state as an event (its JSON: `state_json`)
        self.checked = None  # ticks_ms of the last refresh
        self.web = None  # microdot's app (live_web.Web) while a request is in flight
        self.answering = 0  # requests in microdot's hands
        self.said = None  # ticks_ms of the last console line about a refused request
        self.unsaid = 0  # refused requests since, not said
        self.name = None  # a name from a phone, until the device's owner answers
        self.name_at = None  # ticks_ms of the last name taken

    def now(self):
        return self.time.ticks_ms()

    def refresh(self):
        """Make the page's state again (at most every POLL_MS): a new event if it changed."""
        now = self.now()
        if self.checked is not None and ticks_diff(now, self.checked) < POLL_MS:
            return
        self.checked = now
        message = b"data: " + json.dumps(live.state(self.app)).encode() + b"\n\n"
        if message != self.message:
            self.message = message
            self.seq += 1

    def state_json(self):
        """The state now, as JSON (/state)."""
        self.checked = None
        self.refresh()
        return self.message[6:-2]

    def say(self, writer, what):
        """One line on the console about a refused request, at most one a second (the
        ones in between counted on the next)."""
        now = self.now()
        if self.said is not None and ticks_diff(now, self.said) < SAY_MS:
            self.unsaid += 1
            return
        more = " (%d more since)" % self.unsaid if self.unsaid else ""
        self.said = now
        self.unsaid = 0
        try:
            peer = writer.get_extra_info("peername")[0]
        except Exception:
            peer = "?"
        print("live: 400 to %s: %s%s" % (peer, what, more))

    async def handle(self, reader, writer):
        """One connection: refused when MAX_CLIENTS are open; its head read within the
        limits; 405 for a method other than GET or HEAD (POST on /name); then its
        stream, the name, or microdot."""
        if len(self.conns) >= MAX_CLIENTS:
            await _answer(writer, b"503 Busy")
            await _close(writer)  # else the refused socket stays open
            return
        conn = [asyncio.current_task(), ticks_add(self.now(), HEAD_MS), False]
        self.conns.append(conn)
        try:
            head = await _read_head(reader)
            if type(head) is str:
                self.say(writer, head)
                await _answer(writer, b"400 Bad Request")
                return
            if not head:
                return  # closed before a word (a browser's spare connection)
            method, path = head.split(b" ", 2)[:2]
            path = path.split(b"?", 1)[0]
            if path == b"/name":
                if method == b"POST":
                    conn[1] = ticks_add(self.now(), HEAD_MS)
                    from . import live_name

                    await live_name.take(self, head, reader, writer, _answer)
                else:
                    await _answer(writer, b"405 Method Not Allowed", b"Allow: POST\r\n")
            elif method not in _OK:
                await _answer(writer, b"405 Method Not Allowed", b"Allow: GET, HEAD\r\n")
            elif path == b"/events":
                await self.stream(conn, writer, method == b"HEAD")
            elif path == b"/history":  # (live_history.py, loaded for the request)
                from . import live_history

                await live_history.send(self, conn, head, writer, method == b"HEAD", _answer)
            else:
                conn[1] = ticks_add(self.now(), ANSWER_MS)
                await self.answer(head, writer)
        except asyncio.CancelledError:  # the watchdog: too slow
            pass
        except OSError as e:  # a phone that left mid-answer says nothing; else one line
            if e.errno not in _GONE:
                print("live: %s: %s" % (type(e).__name__, e))
        except Exception as e:  # one line on the console; the device goes on
            print("live: %s: %s" % (type(e).__name__, e))
        finally:
            self.conns.remove(conn)
            await _close(writer)

    async def stream(self, conn, writer, head_only):
        """/events: the state whenever it changes, a comment line when quiet, until
        the client goes or STREAM_MS have passed (then the page opens it again); cut
        off by the watchdog if its writes cannot go by then."""
        streams = 0
        for c in self.conns:
            streams += c[2]
        if streams >= MAX_STREAMS:
            await _answer(writer, b"503 Busy")
            return
        conn[2] = True
        start = self.now()
        conn[1] = ticks_add(start, STREAM_MS + END_MS)
        await writer.awrite(_STREAM_HEAD)
        if head_only:
            return
        await writer.awrite(b"retry: %d\n\n" % RETRY_MS)
        seq = -1
        quiet = 0
        while True:
            while True:
                if _gone(writer):  # the client closed or reset: its slot is free now,
                    return  # not at the next failed write (a beat or two later)
                if ticks_diff(self.now(), start) >= STREAM_MS:
                    await writer.awrite(_AGAIN)
                    return
                self.refresh()
                if seq != self.seq:
                    seq = self.seq
                    quiet = 0
                    piece = self.message
                    break
                if quiet >= BEAT_MS:
                    quiet = 0
                    piece = b": beat\n\n"
                    break
                quiet += POLL_MS
                await asyncio.sleep_ms(POLL_MS)
            await writer.awrite(piece)

    async def answer(self, head, writer):
        """Any other request: microdot's (live_web.py), loaded now and dropped when no
        request is in flight."""
        self.answering += 1
        try:
            if self.web is None:
                from . import live_web

                self.web = live_web.Web(self)
            await self.web.handle_request(_Head(head), writer)
        finally:
            self.answering -= 1
            if not self.answering:
                self.web = None
                for name in WEB_MODULES:
                    self.app.unload(name)

    async def watch(self):
        """Close the connections that ran past their deadline."""
        while True:
            await asyncio.sleep_ms(WATCH_MS)
            now = self.now()
            for conn in self.conns:
                if conn[0] is not None and ticks_diff(now, conn[1]) > 0:
                    conn[0].cancel()
                    conn[0] = None  # cancelled once


async def _read_head(reader):
    """The request's head (its line and headers; what came after it too), b"" when the
    connection closed before a byte, or why it is not one (a str): too long, cut
    short, not `METHOD PATH HTTP/x`."""
    data = b""
    while data.find(b"\r\n\r\n") < 0 and data.find(b"\n\n") < 0:
        chunk = await reader.read(512)
        if not chunk:
            return "cut short" if data else b""
        data += chunk
        if len(data) > HEAD_BYTES:  # checked after the read: else a head's last 512 bytes pass
            return "head over %d bytes" % HEAD_BYTES
    line = data[: data.find(b"\n")].split()
    if len(line) != 3 or not line[2].startswith(b"HTTP/") or not line[1].startswith(b"/"):
        return "not a request line"
    return data


def _gone(writer):
    """True when the client has closed its end (a read finds the end, or an error)."""
    sock = getattr(writer, "s", None)  # asyncio's Stream: its non-blocking socket
    if sock is None:
        return False
    try:
        return not sock.recv(1)  # (a byte sent after the head is dropped: read-only)
    except OSError as e:
        return e.errno != errno.EAGAIN  # EAGAIN: nothing to read, the client is there


async def _answer(writer, status, headers=b"", body=b""):
    try:
        await writer.awrite(b"HTTP/1.0 %s\r\n%sContent-Length: %d\r\n\r\n%s" % (status, headers, len(body), body))
    except OSError:
        pass


async def _close(writer):
    try:
        await writer.aclose()
    except Exception:
        pass


class Live:
    """The Wi-Fi and the server of a W board, as the app and the Wi-Fi screen see them
    (`app.live`): the settings (wifi_config.py, loaded when asked), the radio's state,
    the page's address; the evening's games (live.Evening, from the app's history
    lines: `logged`); a name from a phone, asked on the device (`ask`)."""

    def __init__(self, app, radio, time):
        self.app = app
        self.radio = radio
        self.server = Server(app, time)
        self.listening = None  # the asyncio server while the network is up
        self.problem = None  # why the radio is not on, in words (or None)
        self.settings = load_settings(app)
        self.evening = live.Evening()
        self.asking = None  # the question on the device about the phone's name
        self.answered = None  # [name, added] of the last one asked, for the page

    def logged(self, event, game, rules, fields, seq):
        """A history line the app logged (app.log): the evening's games follow it."""
        self.evening.logged(self.app, event, game, rules, fields or {}, seq)

    def asking_name(self):
        """The phone's name while the device asks about it (or None)."""
        return self.server.name

    def ask(self, now):
        """Each pass of the loop: a name from a phone, asked on the device and kept
        after ok there (live_name.py, loaded while a name is in flight)."""
        if self.server.name is None and self.asking is None:
            return
        from . import live_name

        live_name.ask(self, now)
        if self.server.name is None:
            self.app.unload("live_name")  # (the question's answer keeps what it needs)

    def network(self):
        """(ssid, password) the mode uses, or (None, None)."""
        ssid, password, _ = _config(self.app).network(self.settings, self.app.config)
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

    def set_join(self, ssid, password):
        """Join the network typed on the device (the Wi-Fi screen): kept on the flash."""
        self.settings["join"] = {"ssid": ssid, "password": password}
        self.set_mode("join")

    def start(self):
        ssid, password, problem = _config(self.app).network(self.settings, self.app.config)
        self.problem = problem
        self.radio.name = self.settings["ssid"]  # the host name's (wifi.host_name)
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
                    port = _config(self.app).PORT
                    self.listening = await asyncio.start_server(self.server.handle, "0.0.0.0", port, BACKLOG)
                except OSError as e:
                    self.problem = "server: %s" % (e,)
            elif not up and self.listening is not None:
                self.listening.close()
                self.listening = None
            await asyncio.sleep_ms(500)


def _config(app):
    """wifi_config.py, loaded for a moment (the app drops it at the next screen change)."""
    from . import wifi_config

    app.transient("wifi_config")
    return wifi_config


def load_settings(app):
    """The Wi-Fi settings from the flash, or new ones (first boot, or an unusable file
    set aside), kept at the next save."""
    import os

    from ..storage import store_load

    app.transient("store_load")
    path = app.path(paths.WIFI)
    obj, _ = store_load.load(path)
    settings = _config(app).usable(obj)
    if settings is None:
        if obj is not None:
            store_load.set_aside(path)
        settings = _config(app).make(os.urandom)
        app.keep_file(paths.WIFI, settings)
    return settings


def run(app, hw, time, step):
    """The device loop of a W board: the app's passes (`step`: app.step) and the server
    share asyncio. Never returns."""
    from ..device import wifi

    app.live = Live(app, wifi.Radio(time.ticks_ms), time)
    app.live.start()
    asyncio.run(_main(app, hw, time, step))


async def _main(app, hw, time, step):
    asyncio.create_task(app.live.serve())
    while True:
        now = time.ticks_ms()
        step(app, hw, now)
        app.live.ask(now)
        await asyncio.sleep_ms(PASS_MS)
