"""The history's files read back: checked at boot (history.History calls `start`;
the app drops this module afterwards: its code is not needed during a game), the
last line again after a failed flush (`tail`), every line (`read`).

Each repair is reported in `History.problems`: `data` that is a file and a history
that is a folder are set aside (renamed, never deleted); a torn last line (a power
cut during an append) is moved to `data/history.torn`; a lost or corrupt boot file
is set aside and the counter, `seq` and the ids continue from the history itself, so
`seq` never goes back. Numbers and ids read from files are range-checked.
"""

import json
import os

from . import store, store_load

TAIL_CHUNK = 512  # bytes read at a time when looking for the last line
MAX_LINE = 4096  # a longer "line" is garbage, not ours
MAX_COUNT = (1 << 30) - 1  # boot counters and seqs above this are not ours


def count(x):
    """x if it is a plausible counter (int 0..MAX_COUNT), else None."""
    return x if type(x) is int and 0 <= x <= MAX_COUNT else None


def start(h, boot_path, device_id):
    """Check the files of History `h`; set its next_seq, boot, device and history."""
    _make_parent(h, h.path)
    if store_load.is_dir(h.path):
        _aside(h, h.path, "was a folder")
    last, h._torn = tail(h.path)
    if h._torn:
        cut_torn_tail(h)
    stored, problem = store_load.load(boot_path, 512)
    if problem:
        _aside(h, boot_path, problem[problem.find(" ") + 1 :])
    stored = stored or {}
    last = last or {}
    h.next_seq = last.get("seq", 0) + 1
    boot = max(count(stored.get("boot")) or 0, count(last.get("boot")) or 0)
    h.boot = min(boot + 1, MAX_COUNT)
    h.device = ident(device_id) or ident(last.get("device")) or ident(stored.get("device")) or new_id(8)
    h.history = None
    if last:  # the file goes on: its id (old lines without one: the stored id)
        h.history = ident(last.get("history")) or ident(stored.get("history"))
    h.history = h.history or new_id(4)
    h.error = store.save(boot_path, {"boot": h.boot, "device": h.device, "history": h.history})


def ident(x):
    """x if it is a plausible id (short text of hex digits), else None."""
    if type(x) is str and 0 < len(x) <= 32:
        for ch in x:
            if ch not in "0123456789abcdef":
                return None
        return x
    return None


def new_id(nbytes):
    """A random id of nbytes bytes as hex."""
    try:
        raw = os.urandom(nbytes)
    except (AttributeError, OSError):  # no urandom: the clock will do
        import time

        n = time.ticks_us() if hasattr(time, "ticks_us") else int(time.time() * 1e6)
        raw = bytes((n >> (8 * i)) & 255 for i in range(nbytes))
    return "".join("%02x" % b for b in raw)


def _make_parent(h, path):
    i = path.rfind("/")
    if i <= 0:
        return
    parent = path[:i]
    if store_load._exists(parent) and not store_load.is_dir(parent):
        _aside(h, parent, "was a file, not a folder")
    try:
        os.mkdir(parent)
    except OSError:
        pass  # exists


def _aside(h, path, why):
    name = store_load._name(path)
    h.problems.append(store_load.set_aside_noting(path, "%s %s" % (name, why), ": kept as %s"))


def cut_torn_tail(h):
    """Move a torn last line (no newline at the end) to history.torn: the file is
    copied up to its last newline, then renamed over itself."""
    path = h.path
    torn_path = path[: path.rfind("/") + 1] + "history.torn"  # paths.TORN next to it
    chunk_size = TAIL_CHUNK
    tmp = path + ".tmp"
    try:
        size = os.stat(path)[6]
        with open(path, "rb") as f:
            end = _last_newline(f, size, chunk_size) + 1
            with open(tmp, "wb") as out:
                pos = 0
                while pos < end:
                    chunk = f.read(min(chunk_size, end - pos))
                    out.write(chunk)
                    pos += len(chunk)
            with open(torn_path, "ab") as out:
                while True:
                    chunk = f.read(chunk_size)
                    if not chunk:
                        break
                    out.write(chunk)
                out.write(b"\n")
        os.rename(tmp, path)
    except OSError as e:
        store._remove_quietly(tmp)
        h.problems.append("history: torn last line kept (%s)" % store_load.error_text(e))
        return
    h._torn = False
    h.problems.append("history: torn last line moved to history.torn")


def _last_newline(f, size, chunk_size):
    """Position of the last newline in the open file (-1: none); rewinds the file."""
    pos = size
    while pos > 0:
        start = max(0, pos - chunk_size)
        f.seek(start)
        i = f.read(pos - start).rfind(b"\n")
        if i >= 0:
            f.seek(0)
            return start + i
        pos = start
    f.seek(0)
    return -1


def read(path):
    """Yield the history's lines as dicts, skipping lines that do not parse."""
    try:
        f = open(path, "rb")
    except OSError:
        return
    with f:
        while True:
            line = f.readline()
            if not line:
                return
            obj = _parse(line)
            if obj is not None:
                yield obj


def _parse(line):
    """Return the dict on a history line, or None for a torn or foreign line."""
    try:
        obj = json.loads(line.decode())
    except ValueError:  # includes UnicodeError
        return None
    if type(obj) is dict and count(obj.get("seq")):
        return obj
    return None


def tail(path):
    """Return (last parseable line as a dict or None, True if the file ends mid-line),
    reading backwards in small chunks."""
    try:
        st = os.stat(path)
    except OSError:
        return None, False
    size = st[6]
    if size == 0 or st[0] & store_load.S_IFDIR:  # a folder that could not be set aside
        return None, False
    with open(path, "rb") as f:
        f.seek(size - 1)
        torn = f.read(1) != b"\n"
        pos = size
        carry = b""  # start of the line that continues past the chunk read last
        while pos > 0:
            start = max(0, pos - TAIL_CHUNK)
            f.seek(start)
            lines = (f.read(pos - start) + carry).split(b"\n")
            carry = lines.pop(0) if start > 0 else b""
            if len(carry) > MAX_LINE:
                carry = b""
            for line in reversed(lines):
                obj = _parse(line)
                if obj is not None:
                    return obj, torn
            pos = start
    return None, torn
