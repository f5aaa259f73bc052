"""A W board's history for a PC on the network (`pull --url`): GET /history streams
data/history.jsonl as it is on the flash. live_server.py routes the request here
after its gate; this module is loaded while a history request is in flight and
dropped after (the server's resident code stays small). It never writes.

    GET /history                    the whole file
    GET /history?from=SEQ           from the first line whose seq is above SEQ (the
                                    last seq the PC has), found by a binary search of
                                    the file (seqs only grow along it)
    GET /history?from=SEQ&history=ID   the same, but the whole file when the device's
                                    history id is not ID (its history started anew)
    HEAD /history                   the head only: the ids, to choose SEQ

The head says whose lines they are: X-Table-Device and X-Table-History (the ids on
every line, docs/formats.md), X-Table-From (the SEQ applied), and Content-Length:
the bytes up to the file's end when the request came (lines written later come at
the next pull). A PC that gets fewer has a cut answer: it keeps the whole lines and
asks again from the last one.

The file is read through one buffer of CHUNK bytes (readinto), so a long history
costs the heap no more than a short one. Same gate as every request (live_server's
MAX_CLIENTS, HEAD_BYTES, HEAD_MS); one history answer at a time (another gets 503
with Retry-After); the connection's deadline moves CHUNK_MS on after each piece
sent (a client that stops reading is cut off then). Never during a slap window
(app.flash_ok() False): a request is answered 503 with Retry-After, a transfer under
way waits, sending nothing, until the window closes; one that waited PAUSE_MS in
all is ended there (the PC keeps what came and resumes).
"""

import asyncio
import os

from ..rules.ticks import ticks_add

CHUNK = 512  # bytes read and sent at a time
CHUNK_MS = 10000  # a piece must go within this (the deadline after each one sent)
PAUSE_MS = 20000  # a transfer waits at most this long in all for slap windows to close
POLL_MS = 250  # how often a waiting transfer looks at the slap window
RETRY_S = 5  # Retry-After: a slap window open, or another history answer under way
MAX_SEQ = (1 << 30) - 1  # history_boot.MAX_COUNT: a larger from= is not a seq
SEQ_KEY = b'"seq":'  # on every line (jsonfmt: compact; a space after it is read too)
OVERLAP = len(SEQ_KEY) + 12  # the key, a space, 10 digits and what follows them
_busy = [False]  # a history answer under way (one at a time)


async def send(server, conn, head, writer, head_only, answer):
    """GET or HEAD /history for `server` (live_server.Server); `conn` its connection
    ([task, deadline, is a stream]); `answer`: live_server's (writer, status,
    headers, body). Drops this module when done."""
    try:
        await _send(server, conn, head, writer, head_only, answer)
    finally:
        if not _busy[0]:
            server.app.unload("live_history")


async def _send(server, conn, head, writer, head_only, answer):
    app = server.app
    query = head[: head.find(b"\n")].split(b" ")[1]
    since, wanted = _query(query[query.find(b"?") + 1 :] if b"?" in query else b"")
    if since is None:
        server.say(writer, "history: bad query")
        await answer(writer, b"400 Bad Request", b"", b"from=SEQ (a whole number), history=ID")
        return
    history = app.history
    busy = _busy[0] and not head_only
    if history is None or busy or not app.flash_ok():
        await answer(writer, b"503 Busy", b"Retry-After: %d\r\n" % RETRY_S)
        return
    if wanted is not None and wanted != history.history.encode():
        since = 0  # another history: all of it
    path = history.path
    try:
        size = os.stat(path)[6]
    except OSError:
        size = 0  # none yet
    buf = bytearray(CHUNK)
    _busy[0] = _busy[0] or not head_only
    try:
        f = open(path, "rb") if size else None
        try:
            start = _find(f, buf, size, since) if since and f else 0
            await writer.awrite(
                b"HTTP/1.0 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-cache\r\n"
                b"X-Table-Device: %s\r\nX-Table-History: %s\r\nX-Table-From: %d\r\nContent-Length: %d\r\n\r\n"
                % (history.device.encode(), history.history.encode(), since, size - start)
            )
            if head_only or not f:
                return
            await _stream(server, conn, f, buf, start, size, writer)
        finally:
            if f:
                f.close()
    finally:
        if not head_only:
            _busy[0] = False


async def _stream(server, conn, f, buf, at, size, writer):
    """The file from `at` to `size`, CHUNK bytes at a time; waits while a slap window
    is open (ends after PAUSE_MS of waiting in all)."""
    app = server.app
    waited = 0
    f.seek(at)
    view = memoryview(buf)
    while at < size:
        while not app.flash_ok():
            if waited >= PAUSE_MS:
                return  # the PC sees a cut answer and resumes at its next pull
            conn[1] = ticks_add(server.now(), CHUNK_MS)
            await asyncio.sleep_ms(POLL_MS)
            waited += POLL_MS
        n = f.readinto(buf)
        if not n:
            return  # the file got shorter (cut at a boot): what there was
        if n > size - at:
            n = size - at
        at += n
        await writer.awrite(view[:n] if n < CHUNK else buf)
        conn[1] = ticks_add(server.now(), CHUNK_MS)


def _query(query):
    """(from, history id or None) of a query string (bytes); (None, None) if it is not
    one of ours."""
    since, wanted = 0, None
    if not query:
        return since, wanted
    for pair in query.split(b"&"):
        key, _, value = pair.partition(b"=")
        if key == b"from":
            if not value or len(value) > 10 or not value.isdigit() or int(value) > MAX_SEQ:
                return None, None
            since = int(value)
        elif key == b"history":
            if not 0 < len(value) <= 32:
                return None, None
            wanted = value
        else:
            return None, None
    return since, wanted


def _find(f, buf, size, since):
    """The offset of the first line whose seq is above `since` (`size`: none), by a
    binary search on byte offsets: a line's seq is read where it starts (the first
    line starting at or after the offset)."""
    lo, hi = 0, size
    while lo < hi:
        mid = (lo + hi) // 2
        start, seq = _line_at(f, buf, size, mid)
        if start >= size:
            hi = mid
        elif seq > since:
            hi = mid
        else:
            lo = mid + 1
    return _line_at(f, buf, size, lo)[0] if lo < size else size


def _line_at(f, buf, size, at):
    """(start, seq) of the first line starting at or after `at` whose seq can be read
    (start == size: none); a line without one counts as the one after it."""
    if at:
        at = _after_newline(f, buf, size, at - 1)
    while at < size:
        seq, end = _seq_of(f, buf, size, at)
        if seq is not None:
            return at, seq
        at = end
    return size, 0


def _after_newline(f, buf, size, at):
    """The offset after the first newline at or after `at` (size: none)."""
    while at < size:
        f.seek(at)
        n = f.readinto(buf)
        if not n:
            break
        i = bytes(buf[:n]).find(b"\n")
        if i >= 0:
            return at + i + 1
        at += n
    return size


def _seq_of(f, buf, size, at):
    """(seq or None, the offset after the line) of the line starting at `at`, read a
    piece at a time; each piece after the first overlaps the one before by OVERLAP
    bytes, so a key and its number cut across two pieces are read whole."""
    seq = None
    while at < size:
        f.seek(at)
        n = f.readinto(buf)
        if not n:
            break
        piece = bytes(buf[:n])
        end = piece.find(b"\n")
        if seq is None:
            k = piece.find(SEQ_KEY, 0, n if end < 0 else end)
            if k >= 0 and (end >= 0 or k + OVERLAP <= n):
                seq = _digits(piece, k + len(SEQ_KEY))
        if end >= 0:
            return seq, at + end + 1
        if n <= OVERLAP:
            break
        at += n - OVERLAP
    return seq, size


def _digits(text, i):
    """The whole number at text[i:] (a space before it skipped) when "," or "}"
    follows it (else None)."""
    if i < len(text) and text[i] == 32:
        i += 1
    j = i
    while j < len(text) and 48 <= text[j] <= 57:
        j += 1
    if j == i or j >= len(text) or text[j] not in (44, 125):
        return None
    return int(text[i:j])
