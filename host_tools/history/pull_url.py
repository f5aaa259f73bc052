"""`pull --url http://HOST[:PORT]/` (repeatable): fetching the history of W boards over
Wi-Fi; pull.py (main_urls, pull_one_url) loads each table's new lines into the same
SQLite database as a USB pull (the same rows, the same ids, the same checks), several
tables in one run.

For each URL: `HEAD /history` says whose history the table has (X-Table-Device,
X-Table-History: firmware/table/live/live_history.py); the database's last seq of that
device and history is the `from=` of `GET /history?from=SEQ&history=ID`, so only the
lines after it come (all of them when the device's history was started anew). The
answer is read to its Content-Length; a cut one (the table went off the network, a
slap window held it past its limit) keeps its whole lines and says so: the next pull
asks from the last one. A table busy (503: a slap window open, another PC pulling) is
asked again after its Retry-After, TRIES times. The device's clock is not set (the
endpoint is read-only: USB pulls, deploy, doctor and `clock` set it).

Only the standard library (urllib). Each table's lines load in a transaction of their
own: one table that cannot be reached or answers wrong is one line on standard error,
the others load, and the exit status is 2.
"""

import http.client
import socket
import sqlite3
import time
import urllib.error
import urllib.parse
import urllib.request

from host_tools import UserError

TIMEOUT_S = 30  # per read: more than the device waits on slap windows (live_history.PAUSE_MS)
TRIES = 3  # a busy table asked this many times in all
MAX_WAIT_S = 10  # the longest Retry-After waited
READ_BYTES = 65536  # read from the socket at a time
AGENT = "table-referee pull"


def history_url(text):
    """The table's /history URL from what the user typed: http://HOST[:PORT][/] (the
    scheme may be left out); UserError for anything else."""
    url = text if "://" in text else "http://" + text
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http":
        raise UserError("--url %s: a table answers on http:// only" % text)
    if not parts.hostname:
        raise UserError("--url %s: no host name or address in it" % text)
    try:
        _ = parts.port
    except ValueError:
        raise UserError("--url %s: the port is not a number 0-65535" % text)
    path = parts.path.rstrip("/")
    if path.endswith("/history"):
        path = path[: -len("/history")]
    return urllib.parse.urlunsplit(("http", parts.netloc, path + "/history", "", ""))


def ask(url, method, sleep=time.sleep):
    """The table's answer (an open response) to METHOD url; a 503 asked again after its
    Retry-After (TRIES in all). UserError: unreachable, no answer in time, or an
    answer that is not a table's."""
    for attempt in range(TRIES):
        request = urllib.request.Request(url, method=method, headers={"User-Agent": AGENT})
        try:
            return urllib.request.urlopen(request, timeout=TIMEOUT_S)
        except urllib.error.HTTPError as exc:
            exc.close()
            if exc.code != 503:
                raise UserError("not a table's history: HTTP %d %s" % (exc.code, exc.reason))
            wait = retry_after(exc.headers.get("Retry-After"))
            if attempt == TRIES - 1:
                raise UserError(
                    "the table is busy (a slap window open, or another PC pulling): asked %d times, pull again later"
                    % TRIES
                )
            sleep(wait)
        except urllib.error.URLError as exc:
            raise UserError("cannot reach the table: %s" % _reason(exc.reason))
        except (TimeoutError, socket.timeout):
            raise UserError("no answer within %d s" % TIMEOUT_S)
        except (http.client.HTTPException, ConnectionError) as exc:
            raise UserError("not a table's answer: %s" % (_reason(exc),))


def retry_after(value):
    """Seconds to wait for a Retry-After header (1..MAX_WAIT_S; 1 when missing or odd)."""
    try:
        return min(MAX_WAIT_S, max(1, int(value)))
    except (TypeError, ValueError):
        return 1


def _reason(reason):
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror
    return str(reason) or type(reason).__name__


def _is_ident(text):
    """A device or history id as the history's lines carry it (pull.is_ident)."""
    return len(text) <= 32


def ids(response):
    """(device, history) from a table's head; UserError when they are missing (not a
    table, or a firmware without the endpoint)."""
    device = response.headers.get("X-Table-Device")
    history = response.headers.get("X-Table-History")
    if not device or not history or not _is_ident(device) or not _is_ident(history):
        raise UserError("answers, but not as a table's history (no X-Table-Device, X-Table-History)")
    return device, history


def last_seq(db_path, device, history):
    """The last seq the database holds of this device and history (0: none, or no
    database yet)."""
    try:
        conn = sqlite3.connect("file:%s?mode=ro" % urllib.parse.quote(db_path), uri=True)
    except sqlite3.Error:
        return 0
    try:
        row = conn.execute("SELECT MAX(seq) FROM lines WHERE device = ? AND history = ?", (device, history)).fetchone()
        return row[0] or 0
    except sqlite3.Error:  # no such table yet
        return 0
    finally:
        conn.close()


def fetch(url, db_path, sleep=time.sleep):
    """One table's new lines: (device, history, from seq, the bytes, how many the table
    meant to send). The bytes end at a line's end when the answer was cut."""
    base = history_url(url)
    with ask(base, "HEAD", sleep) as response:
        device, history = ids(response)
    since = last_seq(db_path, device, history)
    query = urllib.parse.urlencode((("from", since), ("history", history)))
    with ask(base + "?" + query, "GET", sleep) as response:
        other = ids(response)[0]
        if other != device:
            raise UserError("another table answered the second request (device %s, not %s)" % (other, device))
        try:
            length = int(response.headers.get("Content-Length"))
        except (TypeError, ValueError):
            raise UserError("answers, but not as a table's history (no Content-Length)")
        data = bytearray()
        try:
            while len(data) < length:
                piece = response.read1(min(READ_BYTES, length - len(data)))
                if not piece:
                    break
                data += piece
        except (OSError, http.client.HTTPException):
            pass  # cut: what came is kept
    if len(data) < length:
        data = data[: data.rfind(b"\n") + 1]
    return device, history, since, bytes(data), length
