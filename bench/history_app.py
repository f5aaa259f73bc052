"""Simulator entry app for `make bench`'s `history_pull`: the firmware on a W board
(boards/sim_w.py) whose flash holds a long history, and a PC's `GET /history` (the
whole file) through the server's own gate and endpoint (live_server.py,
live_history.py), stepped by hand one step a loop pass as bench/live_app.py steps
its phones (no sockets: the 32-bit runner has none); each step sends one piece.

    python -m host_tools sim --board sim_w --app bench/history_app.py --flash DIR --script S
    node host_tools/mp32/run.mjs --board sim_w --app bench/history_app.py --flash DIR \
        --firmware build/sim-mpy --script S

The request starts after WAIT_PASSES passes (the boot settled). The live heap is
sampled at every pass while it is in flight, as session_app.py samples it (after a
collection, less what was live before the firmware): "history_before", the sample
just before the request, "history_peak", the highest while it was in flight, and
"history_after", the first after it ended (the endpoint's module dropped), go on the
@bench line with "history_bytes" (what the PC got), "history_length" (its
Content-Length) and "history_passes" (the loop passes it took).
"""

import sys

import session_app
from live_app import Client, Loop

WAIT_PASSES = 400  # 2 s of loop passes: the boot settled, its modules dropped
REQUEST = b"GET /history HTTP/1.1\r\nHost: 192.168.1.23\r\nUser-Agent: bench\r\n\r\n"


class PC(Client):
    """The PC's connection: the request once, then each piece it is sent takes a step
    (asyncio's drain yields after every write)."""

    async def awrite(self, data):
        self.sent += len(data)
        if self.sent == len(data):
            self.head = bytes(data)
        await Loop.sleep_ms(0)


class Pulled(session_app.MeasuredTime):
    """The measuring clock; at each pass's sleep the PC's request a step on."""

    pc = None
    coro = None
    wait = WAIT_PASSES
    before = -1
    during = 0
    after = -1
    passes = 0

    def started(self):
        import time

        from table.device import wifi
        from table.live import live_server

        live_server.asyncio = Loop
        sys.modules["asyncio"] = Loop  # live_history imports it as it loads, per request
        app = self.app
        app.live = live_server.Live(app, wifi.Radio(time.ticks_ms), time)
        app.live.start()
        self.server = app.live.server
        self.pc = PC(REQUEST)

    def note(self, used):
        if self.coro is not None:
            if used > self.during:
                self.during = used
        elif self.wait <= 0 and self.before < 0:
            self.before = used
        elif self.before >= 0 and self.after < 0 and not self.pc.request and self.passes:
            self.after = used  # the first sample after it ended (the module dropped)
        session_app.MeasuredTime.note(self, used)

    def sleep_ms(self, ms):
        if self.wait > 0:
            self.wait -= 1
        elif self.coro is None and self.before >= 0 and self.pc.request:
            self.coro = self.server.handle(self.pc, self.pc)
        elif self.coro is not None:
            self.passes += 1
            try:
                self.coro.send(None)
            except StopIteration:
                self.coro = None
        if self.coro is not None or self.before < 0 or self.after < 0:
            self.idle = session_app.IDLE_SAMPLE_EVERY  # sampled every pass meanwhile (unix port)
        session_app.MeasuredTime.sleep_ms(self, ms)

    def report_more(self, w):
        head = getattr(self.pc, "head", b"")
        at = head.find(b"Content-Length: ")
        length = int(head[at + 16 : head.find(b"\r\n", at)]) if at >= 0 else -1
        w(
            ', "history_before": %d, "history_peak": %d, "history_after": %d, "history_bytes": %d, '
            '"history_length": %d, "history_passes": %d'
            % (self.before, self.during, self.after, self.pc.sent - len(head), length, self.passes)
        )


def main(board):
    """The unix port."""
    session_app.main(board, Pulled)


def start(board):
    """The 32-bit runner."""
    return session_app.start(board, Pulled)
