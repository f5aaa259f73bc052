"""The device history `data/history.jsonl` (docs/formats.md "Device history").

One JSON object a line with `seq`, `boot`, `device`, `history`, `event`, `game`,
`rules` and the event's fields, keys sorted. `log` queues a line in RAM; `flush`
appends the queue (call it between rounds, never while a slap can happen: flash
writes stop interrupts). Make one `History` per boot: it increments the boot counter
kept in `boot_path`.

Identity: `device` tells devices apart (the chip's unique id, or one made once and
kept in `boot_path`), `history` tells apart the histories of one device: a new id is
made whenever the history file is started anew (a wiped `data/`).

Repairs at boot, each reported in `problems`: `data` that is a file and a history
that is a folder are set aside (renamed, never deleted); a torn last line (a power
cut during an append) is moved to `data/history.torn`; a corrupt boot file is set
aside and the counter and `seq` continue from the history itself, so `seq` never
goes back. Numbers read from files are range-checked.
A flush that fails (flash full) keeps the queue, sets `error` and returns False.
Flush before saving state that holds seqs (a scoresheet's rounds): seqs of lines
lost in RAM at a power cut are given out again after the reboot.
"""
import json
import os

import store
from jsonfmt import dumps

MAX_QUEUE = 100  # queued lines kept while flushes fail; older ones are dropped (counted)
TAIL_CHUNK = 512  # bytes read at a time when looking for the last line
MAX_LINE = 4096  # a longer "line" is garbage, not ours
MAX_COUNT = (1 << 30) - 1  # boot counters and seqs above this are not ours
RESERVED = ("seq", "boot", "device", "history", "event", "game", "rules")


def _count(x):
    """x if it is a plausible counter (int 0..MAX_COUNT), else None."""
    return x if type(x) is int and 0 <= x <= MAX_COUNT else None


def _ident(x):
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


class History:
    def __init__(self, path, boot_path, device_id=None):
        """path: e.g. "data/history.jsonl" (relative to the flash root); boot_path: the
        small file holding the boot counter and ids, e.g. "data/boot.json";
        device_id: the chip's unique id as hex (None: made once and kept)."""
        self.path = path
        self.problems = []  # one-line texts of what was repaired at boot
        self.dropped = 0  # lines lost because the queue overflowed
        self._queue = []  # (seq, line text)
        self._recheck = False  # a flush failed: the file's tail must be read again
        self._make_parent(path)
        if store.is_dir(path):
            self._aside(path, "was a folder")
        last, self._torn = _tail(path)
        if self._torn:
            self._cut_torn_tail()
        stored, problem = store.load(boot_path, 512)
        if problem:
            self._aside(boot_path, problem[problem.find(" ") + 1:])
        stored = stored or {}
        last = last or {}
        self.next_seq = last.get("seq", 0) + 1
        boot = max(_count(stored.get("boot")) or 0, _count(last.get("boot")) or 0)
        self.boot = min(boot + 1, MAX_COUNT)
        self.device = (_ident(device_id) or _ident(last.get("device"))
                       or _ident(stored.get("device")) or new_id(8))
        self.history = None
        if last:  # the file goes on: its id (old lines without one: the stored id)
            self.history = _ident(last.get("history")) or _ident(stored.get("history"))
        self.history = self.history or new_id(4)
        # One-line text of the last problem, None when all is well.
        self.error = store.save(boot_path, {"boot": self.boot, "device": self.device,
                                            "history": self.history})

    def _make_parent(self, path):
        i = path.rfind("/")
        if i <= 0:
            return
        parent = path[:i]
        if store._exists(parent) and not store.is_dir(parent):
            self._aside(parent, "was a file, not a folder")
        try:
            os.mkdir(parent)
        except OSError:
            pass  # exists

    def _aside(self, path, why):
        new = store.set_aside(path)
        name = path[path.rfind("/") + 1:]
        if new:
            self.problems.append("%s %s: kept as %s" % (name, why, new[new.rfind("/") + 1:]))
        else:
            self.problems.append("%s %s" % (name, why))

    def _cut_torn_tail(self):
        """Move a torn last line (no newline at the end) to history.torn: the file is
        copied up to its last newline, then renamed over itself."""
        path = self.path
        torn_path = path[:path.rfind("/") + 1] + "history.torn"
        tmp = path + ".tmp"
        try:
            size = os.stat(path)[6]
            with open(path, "rb") as f:
                end = _last_newline(f, size) + 1
                with open(tmp, "wb") as out:
                    pos = 0
                    while pos < end:
                        chunk = f.read(min(TAIL_CHUNK, end - pos))
                        out.write(chunk)
                        pos += len(chunk)
                with open(torn_path, "ab") as out:
                    while True:
                        chunk = f.read(TAIL_CHUNK)
                        if not chunk:
                            break
                        out.write(chunk)
                    out.write(b"\n")
            os.rename(tmp, path)
        except OSError as e:
            store._remove_quietly(tmp)
            self.problems.append("history: torn last line kept (%s)" % store.error_text(e))
            return
        self._torn = False
        self.problems.append("history: torn last line moved to history.torn")

    def log(self, event, game, rules, fields=None):
        """Queue one line; return its seq. fields: the event's own fields (a dict)."""
        line = {"seq": self.next_seq, "boot": self.boot, "device": self.device,
                "history": self.history, "event": event, "game": game, "rules": rules}
        if fields:
            for key in fields:
                if key in RESERVED:
                    raise ValueError("history field %r is reserved" % key)
                line[key] = fields[key]
        self._queue.append((self.next_seq, dumps(line)))
        if len(self._queue) > MAX_QUEUE:
            self._queue.pop(0)
            self.dropped += 1
        self.next_seq += 1
        return line["seq"]

    def pending(self):
        """Number of queued lines not yet on flash."""
        return len(self._queue)

    def flush(self):
        """Append the queued lines. Return True if the queue is empty afterwards, else
        False with `error` set; the lines stay queued for the next flush."""
        if not self._queue:
            return True
        try:
            if self._recheck:
                # Part of the failed batch may be on flash: keep only what is not.
                last, self._torn = _tail(self.path)
                if last:
                    self._queue = [q for q in self._queue if q[0] > last["seq"]]
                if self._torn:
                    self._cut_torn_tail()
            with open(self.path, "a") as f:
                if self._torn:
                    f.write("\n")
                for _, text in self._queue:
                    f.write(text)
                    f.write("\n")
        except OSError as e:
            self._recheck = True
            self.error = "history: %d lines not written: %s" % (
                len(self._queue), store.error_text(e))
            return False
        self._queue = []
        self._torn = self._recheck = False
        self.error = None
        return True


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
    if type(obj) is dict and _count(obj.get("seq")):
        return obj
    return None


def _last_newline(f, size):
    """Position of the last newline in the open file (-1: none)."""
    pos = size
    while pos > 0:
        start = max(0, pos - TAIL_CHUNK)
        f.seek(start)
        i = f.read(pos - start).rfind(b"\n")
        if i >= 0:
            f.seek(0)
            return start + i
        pos = start
    f.seek(0)
    return -1


def _tail(path):
    """Return (last parseable line as a dict or None, True if the file ends mid-line),
    reading backwards in small chunks."""
    try:
        size = os.stat(path)[6]
    except OSError:
        return None, False
    if size == 0:
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
