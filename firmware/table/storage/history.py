"""The device history `data/history.jsonl` (docs/formats.md "Device history").

One JSON object a line with `seq`, `boot`, `device`, `history`, `at`, `event`,
`game`, `rules` and the event's fields, keys sorted. `log` queues a line in RAM; `flush`
appends the queue (call it between rounds, never while a slap can happen: flash
writes stop interrupts). Make one `History` per boot: it increments the boot counter
kept in `boot_path`.

Identity: `device` tells devices apart (the chip's unique id, or one made once and
kept in `boot_path`), `history` tells apart the histories of one device: a new id is
made whenever the history file is started anew (a wiped `data/`).

Reading the file back is history_boot.py's: at boot it checks and repairs the
files, each repair reported in `problems`; it is loaded for the boot only, and
again after a failed flush. What `log` and `flush` import (MODULES) is loaded for
the moment: the app drops it at the next screen change, so a screen's heap does not
hold the writing code.
A flush that fails (flash full) keeps the queue, sets `error` and returns False.
Flush before saving state that holds seqs (a scoresheet's rounds): seqs of lines
lost in RAM at a power cut are given out again after the reboot.
"""

MAX_QUEUE = 100  # queued lines kept while flushes fail; older ones are dropped (counted)
# A clock before this year was never set: rp2's RTC starts at 2021-01-01 at power-up
# (CircuitPython's at 2000-01-01) and only a PC sets it (deploy, doctor, pull, clock).
MIN_YEAR = 2024


def clock_text(t):
    """A line's `at`: "YYYY-MM-DDTHH:MM:SS" from a time.localtime() tuple, or None when
    its year is before MIN_YEAR (the clock was never set since power-up)."""
    if t[0] < MIN_YEAR:
        return None
    return "%04d-%02d-%02dT%02d:%02d:%02d" % (t[0], t[1], t[2], t[3], t[4], t[5])


def now_text(clock=None):
    """clock_text of clock() (default time.localtime); None when there is no clock or it
    fails: nothing depends on the time being set."""
    try:
        if clock is None:
            import time

            clock = time.localtime
        return clock_text(clock())
    except (AttributeError, OSError, OverflowError, ValueError, TypeError, IndexError):
        return None


class History:
    MODULES = ("events", "jsonfmt", "store", "history_write")  # what log and flush import

    def __init__(self, path, boot_path, device_id=None):
        """path: e.g. paths.HISTORY (relative to the flash root); boot_path: the
        small file holding the boot counter and ids, e.g. paths.BOOT;
        device_id: the chip's unique id as hex (None: made once and kept)."""
        self.path = path
        self.problems = []  # one-line texts of what was repaired at boot
        self.dropped = 0  # lines lost because the queue overflowed
        self._queue = []  # (seq, line text)
        self._recheck = False  # a flush failed: the file's tail must be read again
        self.clock = None  # the wall clock (a time.localtime); None: time.localtime
        from . import history_boot  # loaded for the boot only (the app drops it)

        history_boot.start(self, boot_path, device_id)

    def log(self, event, game, rules, fields=None):
        """Queue one line; return its seq. fields: the event's own fields (a dict),
        as events.EVENTS names them (ValueError at the flush otherwise). The line is
        checked and made text at the flush (`texts`), after the loop pass's frame: a
        screen that logs as it opens shows before that code loads."""
        line = {
            "seq": self.next_seq,
            "boot": self.boot,
            "device": self.device,
            "history": self.history,
            "at": now_text(self.clock),
            "event": event,
            "game": game,
            "rules": rules,
        }
        if fields:
            for key in fields:
                if key in line:
                    raise ValueError("history field %r is reserved" % (key,))
            for key in fields:
                line[key] = fields[key]
        self._queue.append((self.next_seq, line))
        if len(self._queue) > MAX_QUEUE:
            self._queue.pop(0)
            self.dropped += 1
        self.next_seq += 1
        return line["seq"]

    def pending(self):
        """Number of queued lines not yet on flash."""
        return len(self._queue)

    def texts(self):
        """The queue as (seq, line text): each line logged since the last call checked
        (events.check) and made JSON text (history_write.py's, loaded for a write). A
        line naming an unknown event or field is dropped, and ValueError says which."""
        from . import history_write

        return history_write.texts(self)

    def flush(self):
        """Append the queued lines. Return True if the queue is empty afterwards, else
        False with `error` set; the lines stay queued for the next flush
        (history_write.py's, loaded for the write: the app drops it after)."""
        from . import history_write

        return history_write.flush(self)
