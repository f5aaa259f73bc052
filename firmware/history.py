"""The device history `data/history.jsonl` (docs/formats.md "Device history").

One JSON object a line with `seq`, `boot`, `device`, `history`, `event`, `game`,
`rules` and the event's fields, keys sorted. `log` queues a line in RAM; `flush`
appends the queue (call it between rounds, never while a slap can happen: flash
writes stop interrupts). Make one `History` per boot: it increments the boot counter
kept in `boot_path`.

Identity: `device` tells devices apart (the chip's unique id, or one made once and
kept in `boot_path`), `history` tells apart the histories of one device: a new id is
made whenever the history file is started anew (a wiped `data/`).

At boot history_boot.py checks and repairs the files, each repair reported in
`problems` (it is loaded for the boot only).
A flush that fails (flash full) keeps the queue, sets `error` and returns False.
Flush before saving state that holds seqs (a scoresheet's rounds): seqs of lines
lost in RAM at a power cut are given out again after the reboot.
"""

import json
import os

import events
import store
from jsonfmt import dumps

MAX_QUEUE = 100  # queued lines kept while flushes fail; older ones are dropped (counted)
TAIL_CHUNK = 512  # bytes read at a time when looking for the last line
MAX_LINE = 4096  # a longer "line" is garbage, not ours
MAX_COUNT = (1 << 30) - 1  # boot counters and seqs above this are not ours


def count(x):
    """x if it is a plausible counter (int 0..MAX_COUNT), else None."""
    return x if type(x) is int and 0 <= x <= MAX_COUNT else None


class History:
    TAIL_CHUNK = TAIL_CHUNK
    MAX_COUNT = MAX_COUNT

    def __init__(self, path, boot_path, device_id=None):
        """path: e.g. paths.HISTORY (relative to the flash root); boot_path: the
        small file holding the boot counter and ids, e.g. paths.BOOT;
        device_id: the chip's unique id as hex (None: made once and kept)."""
        self.path = path
        self.problems = []  # one-line texts of what was repaired at boot
        self.dropped = 0  # lines lost because the queue overflowed
        self._queue = []  # (seq, line text)
        self._recheck = False  # a flush failed: the file's tail must be read again
        import history_boot  # loaded for the boot only (the app drops it)

        history_boot.start(self, boot_path, device_id)

    def tail(self):
        """(the file's last parseable line or None, whether it ends mid-line)."""
        return _tail(self.path)

    @staticmethod
    def count(x):
        return count(x)

    def log(self, event, game, rules, fields=None):
        """Queue one line; return its seq. fields: the event's own fields (a dict),
        as events.EVENTS names them (ValueError otherwise)."""
        line = {
            "seq": self.next_seq,
            "boot": self.boot,
            "device": self.device,
            "history": self.history,
            "event": event,
            "game": game,
            "rules": rules,
        }
        events.check(event, fields or ())
        if fields:
            for key in fields:
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
                    import history_boot

                    history_boot.cut_torn_tail(self)
            with open(self.path, "a") as f:
                if self._torn:
                    f.write("\n")
                for _, text in self._queue:
                    f.write(text)
                    f.write("\n")
        except OSError as e:
            self._recheck = True
            self.error = "history: %d lines not written: %s" % (len(self._queue), store.error_text(e))
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
    if type(obj) is dict and count(obj.get("seq")):
        return obj
    return None


def _tail(path):
    """Return (last parseable line as a dict or None, True if the file ends mid-line),
    reading backwards in small chunks."""
    try:
        st = os.stat(path)
    except OSError:
        return None, False
    size = st[6]
    if size == 0 or st[0] & store.S_IFDIR:  # a folder that could not be set aside
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
