"""Bad and hostile clients of the live page (firmware/table/live/live_server.py), over the
simulator's loopback (--board pico_w --http PORT, a script played in real time):
malformed requests, huge heads, a client sending a byte a second, 50 connections at
once sending nothing (the simulator's socket takes no more at once than a Pico W's
lwIP: host_tools/sim/simdevice/socket.py), streams whose clients vanish, a phone that
stops reading without a word, methods other than GET, HEAD. Each is answered, refused
or closed within the server's limits, no slot stays taken, and all the while the
device goes on: the script's presses change the screen on time, nothing reaches the
flash, the simulator ends well. One run holds every check (it plays in real time)."""

import json
import os
import socket
import struct
import subprocess
import sys
import time

import simulator

from host_tools import FIRMWARE, ROOT
from host_tools.sim import sim

sys.path.insert(0, FIRMWARE)
from table.live import live_server  # noqa: E402  (its limits: the firmware's own numbers)

# the checks take about 55 s (the quiet phone's stream STREAM_MS of them): the script outlasts them
PRESSES = [(4000, "down"), (9000, "down"), (14000, "up"), (19000, "down"), (25000, "down"), (32000, "up")]
PRESSES += [(40000, "down"), (52000, "up"), (62000, "down")]
END_MS = 63000  # the script's last event + 1 s
ON_TIME_MS = 300  # a press's screen appears within this (device time)
TIMEOUT = 15  # a held connection is closed after HEAD_MS


class Device:
    """The simulator serving on port, started with its script; its end and output."""

    def __init__(self, tmp_path, flash):
        self.port = sim.free_port()
        self.shots = tmp_path / "shots"
        lines = ["1000 ok press  # the boot notice"] + ["%d %s press" % p for p in PRESSES]
        path = simulator.script_file(tmp_path, "\n".join(lines) + "\n")
        options = ["--board", "pico_w", "--http", self.port, "--script", path, "--speed", 1]
        options += ["--flash", flash, "--screens", self.shots]
        self.proc = subprocess.Popen(
            simulator.command(*[str(o) for o in options]),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        if sim.served(self.proc, self.port, 20):
            return
        assert self.proc.poll() is None, self.proc.communicate()
        raise AssertionError("the simulator never served on %d" % self.port)

    def end(self):
        out, err = self.proc.communicate(timeout=END_MS / 1000 + 30)
        return self.proc.returncode, out, err


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    s.settimeout(TIMEOUT)
    return s


def read_all(s):
    """What the server sends until it closes ('<reset>' at the end: it reset)."""
    out = b""
    try:
        while True:
            chunk = s.recv(4096)
            if not chunk:
                return out
            out += chunk
    except ConnectionResetError:
        return out + b"<reset>"


def ask(port, data):
    """The whole answer to data sent at once, the connection closed by the server."""
    s = connect(port)
    try:
        s.sendall(data)
    except (BrokenPipeError, ConnectionResetError):
        pass  # refused before it was all sent
    try:
        return read_all(s)
    finally:
        s.close()


def status(answer):
    return answer.split(b"\r\n", 1)[0]


def head_of(answer):
    head, _, body = answer.partition(b"\r\n\r\n")
    return dict(line.split(b": ", 1) for line in head.split(b"\r\n")[1:]), body


def open_stream(port):
    """A /events stream, read to its first state: the socket, or None when refused."""
    s = connect(port)
    s.sendall(b"GET /events HTTP/1.1\r\nHost: table\r\nAccept: text/event-stream\r\n\r\n")
    got = b""
    while b"data: " not in got or not got.endswith(b"\n\n"):
        try:
            chunk = s.recv(4096)
        except ConnectionResetError:  # refused before the request was read: it reset
            chunk = b""
        if not chunk:
            s.close()
            assert status(got) == b"HTTP/1.0 503 Busy", got
            return None
        got += chunk
    assert status(got) == b"HTTP/1.0 200 OK", got
    return s


def vanish(s, reset):
    """Gone mid-stream: closed, or reset (SO_LINGER 0)."""
    if reset:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def data_files(flash):
    folder = flash / "data"
    return {name: (folder / name).read_bytes() for name in sorted(os.listdir(folder)) if (folder / name).is_file()}


def check_requests(port):
    state = ask(port, b"GET /state HTTP/1.0\r\n\r\n")
    assert status(state) == b"HTTP/1.0 200 OK"
    assert json.loads(head_of(state)[1])["view"] == "home"  # (MicroPython's dict order is its own)
    for bad in (b"garbage\r\n\r\n", b"GET\r\n\r\n", b"GET / FTP/1.0\r\n\r\n", b"GET state HTTP/1.0\r\n\r\n"):
        assert status(ask(port, bad)) == b"HTTP/1.0 400 Bad Request", bad
    for method in (b"POST", b"PUT", b"DELETE", b"OPTIONS", b"PATCH"):
        answer = ask(port, method + b" /state HTTP/1.0\r\nContent-Length: 4\r\n\r\nslap")
        assert status(answer) == b"HTTP/1.0 405 Method Not Allowed", method
        assert head_of(answer)[0][b"Allow"] == b"GET, HEAD"
    page = ask(port, b"GET / HTTP/1.0\r\n\r\n")
    head = ask(port, b"HEAD / HTTP/1.0\r\n\r\n")
    assert status(head) == b"HTTP/1.0 200 OK"
    headers, body = head_of(head)
    assert body == b"" and headers[b"Content-Type"].startswith(b"text/html")
    assert int(headers[b"Content-Length"]) == len(head_of(page)[1]) > 1000


def check_huge_heads(port):
    # 100 KB without a newline; then a well-formed head of many headers past HEAD_BYTES
    for data in (
        b"G" * 100000,
        b"GET /state HTTP/1.0\r\n" + b"X-Pad: 0123456789abcdef\r\n" * 100 + b"\r\n",
        b"GET /state HTTP/1.0\r\nX-Long: " + b"x" * (live_server.HEAD_BYTES + 100) + b"\r\n\r\n",
    ):
        answer = ask(port, data)
        assert answer in (b"", b"<reset>") or status(answer) == b"HTTP/1.0 400 Bad Request", (len(data), answer[:80])


def check_fifty(port, held_already):
    """50 connections one after another, each with the start of a head: as a Pico W's
    lwIP takes at most 5 connections at once, the others wait (the phone's SYN sent
    again); each that gets in is closed, unanswered, HEAD_MS later, so all 50 are
    closed within a few seconds a batch (`held_already`: connections held meanwhile)."""
    batch = live_server.MAX_CLIENTS - held_already
    held = []
    start = time.monotonic()
    for _ in range(50):
        s = connect(port)
        try:
            s.sendall(b"GET /state HTTP/1.0\r\n")
        except OSError:
            pass  # closed already
        held.append(s)
    answers = [read_all(s) for s in held]  # each closed by the server in the end
    took = time.monotonic() - start
    for s in held:
        s.close()
    assert all(a in (b"", b"<reset>") for a in answers), answers
    assert took <= (50 // batch + 1) * (live_server.HEAD_MS + live_server.WATCH_MS) / 1000 + 3, took
    assert status(ask(port, b"GET /state HTTP/1.0\r\n\r\n")) == b"HTTP/1.0 200 OK"


def check_slow(port):
    """A byte a second: closed HEAD_MS after it connected (the device's clock is real
    time here), never answered."""
    s = connect(port)
    start = time.monotonic()
    got = None
    for byte in b"GET /state HTTP/1.0\r\nX-Slow: " + b"z" * 20:
        try:
            s.send(bytes([byte]))
        except OSError:
            got = b"<refused>"
            break
        s.settimeout(1.0)
        try:
            got = read_all(s)
            break
        except socket.timeout:
            pass
    took = time.monotonic() - start
    s.close()
    assert got in (b"", b"<reset>", b"<refused>"), got
    assert live_server.HEAD_MS / 1000 <= took <= live_server.HEAD_MS / 1000 + 2, took


def check_vanishing_streams(port):
    """MAX_STREAMS streams, gone mid-stream (half closed, half reset); their slots come
    back, so MAX_STREAMS streams open again (one more is refused)."""
    streams = [open_stream(port) for _ in range(live_server.MAX_STREAMS)]
    assert None not in streams
    for i, s in enumerate(streams):
        vanish(s, reset=i % 2)
    time.sleep(1)  # (gone: their slots free for what follows)
    end = time.monotonic() + 2  # seen gone within POLL_MS (not at a failed write, a beat or two later)
    streams = []
    while len(streams) < live_server.MAX_STREAMS:
        assert time.monotonic() < end, "%d slots still taken" % (live_server.MAX_STREAMS - len(streams))
        s = open_stream(port)
        if s is None:
            time.sleep(0.25)
        else:
            streams.append(s)
    assert open_stream(port) is None  # all taken by live streams: one more is refused
    for i, s in enumerate(streams):
        vanish(s, reset=i % 2)
    time.sleep(1)  # (gone: their slots free for what follows)


def check_quiet_phone_ended(quiet, opened):
    """A phone that took its stream's start and then stopped reading, without FIN or
    RST: the server ended the stream (said `again`, closed) STREAM_MS after it opened,
    whatever the phone did; its slot is free."""
    quiet.settimeout((live_server.STREAM_MS + live_server.END_MS) / 1000 + 5)
    got = read_all(quiet)
    took = time.monotonic() - opened
    quiet.close()
    assert got.endswith(b"event: again\ndata: 1\n\n"), got[-200:]
    assert live_server.STREAM_MS / 1000 - 1 <= took <= (live_server.STREAM_MS + live_server.END_MS) / 1000 + 2, took


def test_hostile_clients_are_refused_or_closed_and_the_device_goes_on(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    boot = tmp_path / "boot.txt"
    boot.write_text("1000 ok press\n")  # a first boot: the files the device makes on its own
    simulator.run_ok("--board", "pico_w", "--script", boot, "--flash", flash)
    before = data_files(flash)

    device = Device(tmp_path, flash)
    try:
        quiet = open_stream(device.port)  # then it reads nothing more, and never closes
        opened = time.monotonic()
        check_requests(device.port)
        check_huge_heads(device.port)
        check_fifty(device.port, held_already=1)
        check_slow(device.port)
        check_quiet_phone_ended(quiet, opened)
        check_vanishing_streams(device.port)
        check_requests(device.port)  # and all is as at first
    except BaseException:
        device.proc.kill()  # no need to wait for the script's end
        device.proc.communicate()
        raise
    code, out, err = device.end()
    assert code == 0, err[-2000:]

    # the device went on: each press changed the screen at once, however busy the server
    shown = [int(line.split()[1]) for line in (device.shots / "screens.txt").read_text().splitlines()]
    for t, _ in PRESSES:
        assert any(t <= s <= t + ON_TIME_MS for s in shown), (t, shown)
    # nothing reached the flash (boot.json counts the boots), at most a line on the console
    after = data_files(flash)
    assert sorted(after) == sorted(before)
    assert {k: v for k, v in after.items() if k != "boot.json"} == {k: v for k, v in before.items() if k != "boot.json"}
    logs = [line for line in err.splitlines() if not line.startswith("sim:")]
    assert all(line.startswith("live: ") for line in logs), logs
    assert len(logs) <= 10, logs
