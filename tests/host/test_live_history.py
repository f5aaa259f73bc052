"""The W's history endpoint (firmware/table/live/live_history.py, GET /history) driven by
hand through the server's gate, as test_live_server.py drives the server: the file in
CHUNK-byte pieces, resumed from a seq by its binary search, the ids in the head, a
slap window waited out, one answer at a time, bad queries refused, the module gone
after each request, nothing written."""

import json
import os
import sys

import pytest
from canvas_record import loaded
from test_live_server import HEAD, Loop, Phone, step

from host_tools import FIRMWARE

sys.path.insert(0, FIRMWARE)
from table.live import live_history, live_server  # noqa: E402
from table.storage.jsonfmt import dumps  # noqa: E402

DEVICE, HISTORY = "e6614c311b4f7a2d", "3f2a9c01"


class Clock:
    ms = 0

    def ticks_ms(self):
        return self.ms


class History:
    """What the endpoint reads of history.History: the file's path and the ids."""

    def __init__(self, path):
        self.path = str(path)
        self.device = DEVICE
        self.history = HISTORY


class App:
    """The app as the server and the endpoint see it: its history, its slap window,
    its unload."""

    stack = ()
    match = None
    window = False

    def __init__(self, path):
        self.history = History(path)

    def flash_ok(self):
        return not self.window

    def unload(self, name):
        from table import app

        app.unload(name)


def line(seq, pad=0):
    """A round line as the device writes it (jsonfmt: compact, keys sorted)."""
    obj = {"seq": seq, "boot": 1, "device": DEVICE, "history": HISTORY, "at": None, "event": "round"}
    obj.update(game="1-1", rules="igo", ender=0, penalties=[0, 5 + pad], round_scores=[0, 5], totals=[0, seq])
    if pad:
        obj["void"] = False
        obj["was"] = {"ender": 1, "penalties": [7] * pad}  # a long line (before "seq")
    return dumps(obj) + "\n"


class Slow(Phone):
    """A phone whose each write takes a step (asyncio's drain yields after a write)."""

    async def awrite(self, data):
        self.got += data
        await Loop.sleep_ms(0)


def history_file(tmp_path, seqs, pad=lambda seq: 0):
    path = tmp_path / "history.jsonl"
    path.write_text("".join(line(seq, pad(seq)) for seq in seqs))
    return path


@pytest.fixture(autouse=True)
def by_hand(monkeypatch):
    """asyncio as the server's tests step it, for live_history too (imported afresh
    for each request)."""
    monkeypatch.setitem(sys.modules, "asyncio", Loop)


def server(path):
    live_server.asyncio = Loop
    return live_server.Server(App(path), Clock())


def get(s, target, method=b"GET", steps=100000):
    """The whole answer to one request, the connection stepped to its end."""
    phone = Phone(method + b" " + target + HEAD)
    before = len(s.conns)
    coro = s.handle(phone, phone)
    assert not step(coro, steps)
    assert phone.closed and len(s.conns) == before
    return phone.got


def split(answer):
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    return lines[0], dict(h.split(b": ", 1) for h in lines[1:]), body


def seqs_of(body):
    return [json.loads(text)["seq"] for text in body.decode().splitlines()]


def test_the_whole_history_in_pieces_with_the_ids_and_the_module_gone(tmp_path):
    path = history_file(tmp_path, range(1, 301))
    before = path.read_bytes()
    s = server(path)

    class Counting(Slow):
        writes = []

        async def awrite(self, data):
            self.writes.append(len(data))
            await Slow.awrite(self, data)

    phone = Counting(b"GET /history" + HEAD)
    assert not step(s.handle(phone, phone), 100000)
    status, headers, body = split(phone.got)
    assert status == b"HTTP/1.0 200 OK"
    assert headers[b"X-Table-Device"] == DEVICE.encode() and headers[b"X-Table-History"] == HISTORY.encode()
    assert headers[b"X-Table-From"] == b"0"
    assert int(headers[b"Content-Length"]) == len(body) == len(before)
    assert body == before
    pieces = phone.writes[1:]  # after the head: CHUNK bytes each, the last what is left
    assert max(pieces) == live_history.CHUNK and sum(pieces) == len(before)
    assert len(pieces) == -(-len(before) // live_history.CHUNK)
    assert not loaded("live_history")
    assert path.read_bytes() == before  # never writes


def test_from_a_seq_gives_the_lines_after_it_wherever_they_fall(tmp_path):
    # lines of many lengths (some longer than a piece, their seq key past the first
    # CHUNK bytes), so the search's pieces cut keys and numbers at every place
    path = history_file(tmp_path, range(1, 401), pad=lambda seq: (seq * 37) % 500)
    assert max(len(t) for t in path.read_text().splitlines()) > 2 * live_history.CHUNK
    s = server(path)
    for since in (0, 1, 2, 57, 128, 199, 200, 333, 399, 400, 1000):
        status, headers, body = split(get(s, b"/history?from=%d" % since))
        assert status == b"HTTP/1.0 200 OK"
        assert seqs_of(body) == list(range(since + 1, 401)), since
        assert headers[b"X-Table-From"] == b"%d" % since
    # seqs with gaps (lines lost in RAM at a power cut are given out again): the first above
    path = history_file(tmp_path, [1, 2, 5, 9, 10, 30])
    for since, rest in ((0, [1, 2, 5, 9, 10, 30]), (3, [5, 9, 10, 30]), (9, [10, 30]), (29, [30]), (30, [])):
        assert seqs_of(split(get(s, b"/history?from=%d" % since))[2]) == rest


def test_another_history_id_gets_the_whole_file_and_head_gets_the_head_only(tmp_path):
    path = history_file(tmp_path, range(1, 51))
    s = server(path)
    body = split(get(s, b"/history?from=40&history=%s" % HISTORY.encode()))[2]
    assert seqs_of(body) == list(range(41, 51))
    status, headers, body = split(get(s, b"/history?from=40&history=00000000"))
    assert seqs_of(body) == list(range(1, 51)) and headers[b"X-Table-From"] == b"0"
    status, headers, body = split(get(s, b"/history", b"HEAD"))
    assert status == b"HTTP/1.0 200 OK" and body == b""
    assert int(headers[b"Content-Length"]) == os.path.getsize(path)
    assert not loaded("live_history")


def test_no_history_yet_is_an_empty_answer(tmp_path):
    s = server(tmp_path / "history.jsonl")
    status, headers, body = split(get(s, b"/history?from=5"))
    assert status == b"HTTP/1.0 200 OK" and headers[b"Content-Length"] == b"0" and body == b""


def test_bad_queries_get_400_and_other_methods_405(tmp_path):
    s = server(history_file(tmp_path, range(1, 5)))
    for query in (b"from=", b"from=-1", b"from=x", b"from=99999999999", b"from=1073741824", b"since=3", b"history="):
        assert split(get(s, b"/history?" + query))[0] == b"HTTP/1.0 400 Bad Request", query
    for method in (b"POST", b"PUT", b"DELETE"):
        assert split(get(s, b"/history", method))[0] == b"HTTP/1.0 405 Method Not Allowed"
    assert not loaded("live_history")


def test_a_slap_window_is_never_slowed(tmp_path):
    """Asked during a slap window: 503 and Retry-After. A window opening mid-transfer:
    nothing is read or sent until it closes, then the rest; one held open PAUSE_MS in
    all ends the answer (the PC keeps what came and resumes)."""
    path = history_file(tmp_path, range(1, 201))
    size = os.path.getsize(path)
    s = server(path)
    s.app.window = True
    status, headers, _ = split(get(s, b"/history"))
    assert status == b"HTTP/1.0 503 Busy" and headers[b"Retry-After"] == b"%d" % live_history.RETRY_S
    s.app.window = False
    phone = Slow(b"GET /history" + HEAD)
    coro = s.handle(phone, phone)
    assert step(coro, 3)
    got = len(phone.got)
    s.app.window = True
    for _ in range(10):
        s.time.ms += live_history.POLL_MS
        assert step(coro)
    assert len(phone.got) == got  # nothing while the window is open
    assert s.conns[0][1] > s.time.ms  # its deadline moved on meanwhile: not cut off
    s.app.window = False
    assert not step(coro, 100000)
    assert split(phone.got)[2] == path.read_bytes()
    # held open too long: the answer ends short of its Content-Length
    phone = Slow(b"GET /history" + HEAD)
    coro = s.handle(phone, phone)
    assert step(coro, 3)
    s.app.window = True
    while step(coro):
        s.time.ms += live_history.POLL_MS
    _, headers, body = split(phone.got)
    assert 0 < len(body) < int(headers[b"Content-Length"]) == size
    assert s.time.ms <= live_history.PAUSE_MS + 20 * live_history.POLL_MS
    assert not s.conns and not loaded("live_history")


def test_one_answer_at_a_time(tmp_path):
    s = server(history_file(tmp_path, range(1, 201)))
    first = Slow(b"GET /history" + HEAD)
    coro = s.handle(first, first)
    assert step(coro, 3)
    status, headers, _ = split(get(s, b"/history"))
    assert status == b"HTTP/1.0 503 Busy" and b"Retry-After" in headers
    assert split(get(s, b"/history", b"HEAD"))[0] == b"HTTP/1.0 200 OK"  # the ids: always
    assert loaded("live_history")  # the first is still under way
    assert not step(coro, 100000)
    assert not loaded("live_history")
    assert split(get(s, b"/history"))[0] == b"HTTP/1.0 200 OK"


def test_a_reader_that_stops_is_cut_off_by_the_watchdog(tmp_path):
    """A PC that takes the head and two pieces, then nothing: the watchdog ends it
    CHUNK_MS after the last piece went; its slot is free."""
    from test_live_server import connect, never

    class Stops(Slow):
        writes = 0

        async def awrite(self, data):
            self.writes += 1
            if self.writes > 3:
                await never()
            await Slow.awrite(self, data)

    s = server(history_file(tmp_path, range(1, 201)))
    phone = Stops(b"GET /history" + HEAD)
    task = connect(s, phone)
    watch = s.watch()
    while task.step():
        s.time.ms += live_server.WATCH_MS
        watch.send(None)
        assert s.time.ms <= live_history.CHUNK_MS + 3 * live_server.WATCH_MS
    assert s.time.ms >= live_history.CHUNK_MS
    assert not s.conns and phone.closed and not loaded("live_history")
