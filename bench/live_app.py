"""Simulator entry app for `make bench`: a session as session_app.py measures it, on a
W board (boards/sim_w.py) with the live page's server (firmware/live_server.py) up and
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
    """A phone's connection: the request once, then it reads all it is sent."""

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


class Served(session_app.MeasuredTime):
    """The measuring clock; at each pass's sleep the clients' coroutines a step on,
    and the pass timed (the app's step and the clients' step)."""

    clients = ()
    passes = 0
    pass_us = 0
    resumed = None  # host ticks_us when the loop resumed after the last sleep

    def started(self):
        import board
        import simcore

        self.real = simcore.rt
        if getattr(board, "WIFI", False):  # boards/sim.py: the same loop without the server
            self.start_server()

    def start_server(self):
        sys.modules["inspect"] = Absent()
        import time

        import live_server
        import wifi

        live_server.asyncio = Loop
        app = self.app
        app.live = live_server.Live(app, wifi.Radio(time.ticks_ms), time)
        app.live.start()
        page = Client(PAGE)
        self.clients = [(page, app.live.server.handle(page, page))]
        self.serve()  # the page is sent whole, its connection closed
        for _ in range(CLIENTS):
            c = Client(EVENTS)
            self.clients.append((c, app.live.server.handle(c, c)))
        self.serve()

    def serve(self):
        for c, coro in self.clients:
            if coro is not None:
                try:
                    coro.send(None)
                except StopIteration:
                    self.clients[self.clients.index((c, coro))] = (c, None)

    def sleep_ms(self, ms):
        self.serve()
        if self.resumed is not None:
            self.pass_us += self.real.ticks_diff(self.real.ticks_us(), self.resumed)
            self.passes += 1
        session_app.MeasuredTime.sleep_ms(self, ms)
        self.resumed = self.real.ticks_us()

    def report_more(self, w):
        page = self.clients[0][0].sent if self.clients else 0
        sent = self.clients[-1][0].sent if self.clients else 0
        w(', "pass_us": %d, "page_bytes": %d, "clients_bytes": %d' % (self.pass_us // max(1, self.passes), page, sent))


def main(board):
    """The unix port: session_app's loop with the server and its clients."""
    session_app.main(board, Served)


def start(board):
    """The 32-bit runner: session_app's passes with the server and its clients."""
    return session_app.start(board, Served)
