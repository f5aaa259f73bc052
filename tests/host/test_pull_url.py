"""`pull --url` against the simulator's W (`sim --board pico_w --http PORT`, a script
played in real time): the real command over the loopback, a table's history of
thousands of lines; two tables in one run kept apart; a second pull gets nothing new;
a pull cut in the middle keeps its whole lines and the next one gets the rest; the
hostile requests of the page's tests answered as there; unreachable tables and
answers that are not a table's in one line each; and `report` over both tables."""

import http.server
import json
import os
import socket
import threading

import host_cli
import pytest
from test_live_hostile import ask, status

from host_tools.bench import history_pull
from host_tools.history import pull_url
from host_tools.sim import sim

LINES_A, LINES_B = 3000, 700


def lines_of(flash):
    with open(os.path.join(flash, "data", "history.jsonl")) as f:
        return [json.loads(text) for text in f]


def db_lines(db):
    return host_cli.rows(db, "SELECT device, history, seq, json FROM lines ORDER BY device, history, seq")


def pull(db, *urls):
    r = host_cli.run("pull", "--db", db, *sum((["--url", u] for u in urls), []), timeout=300)
    return r.returncode, r.stdout, r.stderr


class Cutter:
    """A TCP relay to a table that passes on the answer's first `limit` bytes, then
    closes both ends (a table that left the network mid-answer)."""

    def __init__(self, port, limit):
        self.port, self.limit = port, limit
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.url = "http://127.0.0.1:%d/" % self.listener.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.relay, args=(client,), daemon=True).start()

    def relay(self, client):
        table = socket.create_connection(("127.0.0.1", self.port))
        table.sendall(client.recv(65536))  # the request's head (a few hundred bytes)
        sent = 0
        while sent < self.limit:
            data = table.recv(4096)
            if not data:
                break
            data = data[: self.limit - sent]
            client.sendall(data)
            sent += len(data)
        table.close()
        client.close()

    def close(self):
        self.listener.close()


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """Two W boards served by the simulator: A with LINES_A lines, B with LINES_B."""
    folder = tmp_path_factory.mktemp("tables")
    flashes = [str(folder / "a"), str(folder / "b")]
    ids = [history_pull.table_flash(flashes[0], LINES_A), history_pull.table_flash(flashes[1], LINES_B)]
    before = [open(os.path.join(f, "data", "history.jsonl"), "rb").read() for f in flashes]
    served = [history_pull.Table(f) for f in flashes]
    try:
        yield served, flashes, ids
    finally:
        errs = [t.stop() for t in served]
    after = [open(os.path.join(f, "data", "history.jsonl"), "rb").read() for f in flashes]
    assert after == before  # the endpoint never writes
    for err in errs:
        logs = [line for line in err.splitlines() if not line.startswith("sim:")]
        assert all(line.startswith("live: ") for line in logs), logs


def test_two_tables_in_one_run_then_nothing_new(tables, tmp_path):
    served, flashes, ids = tables
    db = str(tmp_path / "club.sqlite")
    code, out, err = pull(db, served[0].url, served[1].url)
    assert code == 0, err
    assert err == ""
    said = out.splitlines()
    assert said[0].endswith(
        "table %s, history %s: loaded %d new lines (%d read after seq 0, 0 skipped) into %s"
        % (ids[0][0], ids[0][1], LINES_A, LINES_A, db)
    )
    assert "loaded %d new lines" % LINES_B in said[1]
    rows = db_lines(db)
    for flash, (device, history) in zip(flashes, ids):
        mine = [r for r in rows if r[0] == device]
        assert [(r[1], r[2]) for r in mine] == [(history, o["seq"]) for o in lines_of(flash)]
        assert [json.loads(r[3]) for r in mine] == lines_of(flash)  # the same rows a USB pull makes
    assert len(rows) == LINES_A + LINES_B
    # the same rows as a pull of the files themselves (USB's path into the database)
    usb = str(tmp_path / "usb.sqlite")
    for flash in flashes:
        r = host_cli.run("pull", "--db", usb, "--file", os.path.join(flash, "data", "history.jsonl"))
        assert r.returncode == 0, r.stderr
    for table in ("lines", "games", "rounds", "seats", "players"):
        sql = "SELECT * FROM %s ORDER BY 1, 2, 3" % table
        assert host_cli.rows(db, sql) == host_cli.rows(usb, sql), table

    code, out, err = pull(db, served[0].url, served[1].url)  # again: nothing new, asked from the last seq
    assert code == 0, err
    assert "loaded 0 new lines (0 read after seq %d" % LINES_A in out.splitlines()[0]
    assert "loaded 0 new lines (0 read after seq %d" % LINES_B in out.splitlines()[1]
    assert len(db_lines(db)) == LINES_A + LINES_B

    # the report covers both tables
    out_dir = tmp_path / "report"
    r = host_cli.run("report", "--db", db, "--out", out_dir, timeout=600)
    assert r.returncode == 0, r.stderr
    games = host_cli.rows(db, "SELECT device, COUNT(*) FROM games GROUP BY device ORDER BY device")
    assert sorted(d for d, _ in games) == sorted(device for device, _ in ids)
    assert " %d games" % sum(n for _, n in games) in r.stdout
    page = (out_dir / "index.html").read_text()
    assert all("device %s" % device in page for device, _ in ids)


def test_a_cut_answer_keeps_its_whole_lines_and_the_next_pull_gets_the_rest(tables, tmp_path):
    served, flashes, ids = tables
    db = str(tmp_path / "cut.sqlite")
    cutter = Cutter(served[0].port, 300000)  # about a third of the history
    try:
        code, out, err = pull(db, cutter.url)
    finally:
        cutter.close()
    assert code == 2
    kept = len(db_lines(db))
    assert 0 < kept < LINES_A
    assert err.strip().endswith("its %d whole lines are kept; pull again for the rest" % kept), err
    assert "the answer was cut after " in err and err.count("\n") == 1
    assert host_cli.rows(db, "SELECT COUNT(*) FROM rejected") == [(0,)]
    code, out, err = pull(db, served[0].url)
    assert code == 0, err
    assert "loaded %d new lines (%d read after seq %d" % (LINES_A - kept, LINES_A - kept, kept) in out
    assert [r[2] for r in db_lines(db)] == list(range(1, LINES_A + 1))


def test_hostile_requests_get_the_pages_answers_and_the_pull_goes_on(tables, tmp_path):
    served, _, _ = tables
    port = served[1].port
    for query in (b"from=x", b"from=-3", b"from=99999999999", b"size=4"):
        answer = ask(port, b"GET /history?" + query + b" HTTP/1.0\r\n\r\n")
        assert status(answer) == b"HTTP/1.0 400 Bad Request", query
    answer = ask(port, b"GET /history HTTP/1.0\r\nX-Long: " + b"x" * 3000 + b"\r\n\r\n")
    assert answer in (b"", b"<reset>") or status(answer) == b"HTTP/1.0 400 Bad Request"
    for method in (b"POST", b"PUT", b"DELETE"):
        answer = ask(port, method + b" /history HTTP/1.0\r\nContent-Length: 1\r\n\r\nx")
        assert status(answer) == b"HTTP/1.0 405 Method Not Allowed", method
    # every connection the device carries held by clients that send half a head: the
    # pull waits for the server to close them (HEAD_MS), then gets its answer
    held = []
    for _ in range(5):
        s = socket.create_connection(("127.0.0.1", port), timeout=15)
        s.sendall(b"GET /history HTTP/1.0\r\n")
        held.append(s)
    db = str(tmp_path / "busy.sqlite")
    code, out, err = pull(db, served[1].url)
    for s in held:
        s.close()
    assert code == 0, err
    assert "loaded %d new lines" % LINES_B in out


class NotATable(http.server.BaseHTTPRequestHandler):
    def do_HEAD(self):
        if self.path.startswith("/history"):
            self.send_response(200)  # an answer, but no ids
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.send_error(404)

    do_GET = do_HEAD

    def log_message(self, *args):
        pass


def test_unreachable_and_foreign_answers_are_one_line_each_and_the_others_load(tables, tmp_path):
    served, _, _ = tables
    other = http.server.HTTPServer(("127.0.0.1", 0), NotATable)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    dead = "http://127.0.0.1:%d/" % sim.free_port()
    foreign = "http://127.0.0.1:%d/" % other.server_port
    wrong_path = "http://127.0.0.1:%d/elsewhere/" % other.server_port
    db = str(tmp_path / "some.sqlite")
    try:
        code, out, err = pull(db, dead, foreign, served[1].url, wrong_path)
    finally:
        other.shutdown()
        other.server_close()
    assert code == 2
    assert err.splitlines() == [
        "pull: %s: cannot reach the table: Connection refused" % dead,
        "pull: %s: answers, but not as a table's history (no X-Table-Device, X-Table-History)" % foreign,
        "pull: %s: not a table's history: HTTP 404 Not Found" % wrong_path,
    ]
    assert "loaded %d new lines" % LINES_B in out  # the table among them loaded
    r = host_cli.run("pull", "--db", db, "--url", "https://table/")
    assert r.returncode == 2 and r.stderr.strip() == "pull: --url https://table/: a table answers on http:// only"


def test_the_url_as_typed():
    assert pull_url.history_url("192.168.4.1") == "http://192.168.4.1/history"
    assert pull_url.history_url("http://table-3f2a/") == "http://table-3f2a/history"
    assert pull_url.history_url("http://10.0.0.7:8080") == "http://10.0.0.7:8080/history"
    assert pull_url.history_url("http://10.0.0.7/history") == "http://10.0.0.7/history"
    for bad in ("ftp://x/", "http://", "http://x:port/"):
        with pytest.raises(pull_url.UserError):
            pull_url.history_url(bad)
    assert pull_url.retry_after("5") == 5 and pull_url.retry_after(None) == 1
    assert pull_url.retry_after("600") == pull_url.MAX_WAIT_S
