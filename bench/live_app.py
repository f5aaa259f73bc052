"""Simulator entry app for `make bench`: a session as session_app.py measures it, on a
W board (boards/sim_w.py) with the live page's server (firmware/table/live/live_server.py) up and
CLIENTS phones on its /events stream, each pass.

    python -m host_tools sim --board sim_w --app bench/live_app.py --script bench/session_igo.txt
    node host_tools/mp32/run.mjs --board sim_w --app bench/live_app.py --flash DIR \
        --firmware build/sim-mpy --script bench/session_igo.txt

The server's objects and the clients' requests, responses and streams live on the
firmware's heap as on the device; the bench drives the server's coroutines itself, one
step a pass (no sockets: the 32-bit runner has none), with `Loop` standing in for
asyncio's sleep and current task there. The @bench line gets "pass_us": the mean wall
time of a pass (the app's step, and the clients' step), and "clients_bytes": what the
clients were sent. On a board without the radio (boards/sim.py) the same loop runs
without the server: the figures to compare with.
"""

import sys

import session_app

CLIENTS = 4
HEAD = b" HTTP/1.1\r\nHost: 192.168.4.1\r\nUser-Agent: bench\r\n\r\n"
PAGE = b"GET /" + HEAD  # a phone loads the page first (microdot's code comes and goes)
EVENTS = b"GET /events" + HEAD  # then holds its stream


class Loop:
    """asyncio as live_server uses it, for coroutines stepped by hand."""

    class CancelledError(BaseException):
        pass

    @staticmethod
    def sleep_ms(ms):
        yield

    @staticmethod
    def current_task():
        return None


class Absent:
    """A module the port lacks: rp2 has no `inspect` (the 32-bit runner's build freezes
    micropython-lib's), so microdot takes its MicroPython path there too."""


class Client:
    """A phone's connection: the request once, then it reads all it is sent (`sent`:
    every byte, over its reconnections)."""

    def __init__(self, request):
        self.request = request
        self.sent = 0

    async def read(self, n):
        data, self.request = self.request, b""
        return data

    async def awrite(self, data):
        self.sent += len(data)

    async def aclose(self):
        pass

    def get_extra_info(self, name):
        return ("192.168.4.2", 50000)


class Phones:
    """A W board's server (live_server.Live on `app`) and its phones, stepped by hand:
    one loads the page (microdot's code comes and goes), CLIENTS hold a stream each;
    a stream the server ends (live_server.STREAM_MS) is opened again at once, as the
    page does. Used by Served here and by live_soak_app.py."""

    def __init__(self, app):
        sys.modules["inspect"] = Absent()
        import time

        from table.device import wifi
        from table.live import live_server

        live_server.asyncio = Loop
        app.live = live_server.Live(app, wifi.Radio(time.ticks_ms), time)
        app.live.start()
        self.server = app.live.server
        self.page = Client(PAGE)
        self.clients = [(self.page, self.server.handle(self.page, self.page))]
        self.serve()  # the page is sent whole, its connection closed
        self.streams = []
        for _ in range(CLIENTS):
            c = Client(EVENTS)
            self.clients.append((c, self.server.handle(c, c)))
            self.streams.append(c)
        self.reopened = 0
        self.serve()

    def serve(self):
        """Each connection a step; a stream that ended is opened again."""
        clients = self.clients
        for i in range(len(clients)):
            c, coro = clients[i]
            if coro is None:
                continue
            try:
                coro.send(None)
            except StopIteration:
                if c is self.page:
                    clients[i] = (c, None)
                else:  # the server ended it: the page opens it again
                    c.request = EVENTS
                    clients[i] = (c, self.server.handle(c, c))
                    self.reopened += 1


class Served(session_app.MeasuredTime):
    """The measuring clock; at each pass's sleep the clients' coroutines a step on,
    and the pass timed (the app's step and the clients' step)."""

    phones = None
    passes = 0
    pass_us = 0
    resumed = None  # host ticks_us when the loop resumed after the last sleep

    def started(self):
        import board
        import simcore

        self.real = simcore.rt
        if getattr(board, "WIFI", False):  # boards/sim.py: the same loop without the server
            self.phones = Phones(self.app)

    def sleep_ms(self, ms):
        if self.phones is not None:
            self.phones.serve()
        if self.resumed is not None:
            self.pass_us += self.real.ticks_diff(self.real.ticks_us(), self.resumed)
            self.passes += 1
        session_app.MeasuredTime.sleep_ms(self, ms)
        self.resumed = self.real.ticks_us()

    def report_more(self, w):
        phones = self.phones
        page = phones.page.sent if phones else 0
        sent = phones.streams[-1].sent if phones else 0
        w(', "pass_us": %d, "page_bytes": %d, "clients_bytes": %d' % (self.pass_us // max(1, self.passes), page, sent))


def main(board):
    """The unix port: session_app's loop with the server and its clients."""
    session_app.main(board, Served)


def start(board):
    """The 32-bit runner: session_app's passes with the server and its clients."""
    return session_app.start(board, Served)
