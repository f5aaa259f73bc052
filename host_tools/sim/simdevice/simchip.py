"""The simulated chip: what a Pico keeps outside its filesystem, kept with its flash.

FILE, in the flash folder (beside the device's files, not on its simulated littlefs:
`simflash` does not count it, so a full flash never refuses it, and the firmware never
writes it), a JSON object:
  id     the chip's unique id (`machine.unique_id()`), 16 hex digits, made once from
         the host's `os.urandom` when the flash is new: two flashes are two chips
  boots  how many times the simulator booted this flash: scripted mode's `os.urandom`
         is seeded with the seed, the id and this count (simcore), so every boot draws
         other ids (a wiped data/ gets a history id never used before) while a copy of
         the flash with the same seed replays the same run
  clock  the device's wall clock ("YYYY-MM-DDTHH:MM:SS") when it last ran, or the end
         a scripted run was planned to reach: the next boot's clock starts no earlier
         (time.py), so the history's dates never go back on one flash
A flash from before this file held the id in `.unique_id` (8 bytes): it is taken over.
"""

import binascii
import json

FILE = ".sim_chip"
OLD_ID_FILE = ".unique_id"
_open = open  # the host's own: simflash's, installed later, would count the file


class Chip:
    def __init__(self, uid, boots=0, clock=0):
        self.uid = uid  # 8 bytes
        self.boots = boots
        self.clock = clock  # seconds since 1970 of the wall clock (0: never ran)
        self.path = None  # where it is kept (None: not kept, e.g. the fakes imported alone)

    def save(self):
        """Write FILE (nothing when the chip is not kept anywhere)."""
        if self.path is None:
            return
        text = json.dumps({"boots": self.boots, "clock": date_text(self.clock), "id": hex_text(self.uid)})
        with _open(self.path, "w") as f:
            f.write(text + "\n")
        import os

        try:  # the id is in FILE now
            os.remove(self.path[: -len(FILE)] + OLD_ID_FILE)
        except OSError:
            pass

    def salt(self):
        """32 bits for scripted mode's os.urandom (simcore): the id folded, plus the
        boot count times an odd number (so every boot of one chip has its own)."""
        x = 0
        for i, b in enumerate(self.uid):
            x ^= b << (8 * (i % 4))
        return (x + self.boots * 0x9E3779B1) & 0xFFFFFFFF

    def saw_clock(self, secs):
        """The wall clock reached secs (or will): the next boot starts no earlier."""
        if secs > self.clock:
            self.clock = secs


chip = None  # the chip of this run (load), or one made when the fakes are used alone


def current():
    """The chip of this run; one not kept anywhere if none was loaded."""
    global chip
    if chip is None:
        chip = Chip(new_uid())
    return chip


def load(folder="."):
    """The chip kept in folder (a new one when the flash has none yet; written by
    `save`): the run's chip from now on."""
    global chip
    path = folder + "/" + FILE
    try:
        with _open(path) as f:
            obj = json.loads(f.read())
        uid = binascii.unhexlify(obj["id"])
        if len(uid) != 8:
            raise ValueError(obj["id"])
        chip = Chip(uid, int(obj["boots"]), seconds_of(obj["clock"]))
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        chip = Chip(_old_uid(folder) or new_uid())
    chip.path = path
    return chip


def _old_uid(folder):
    """The id a flash from before FILE kept in OLD_ID_FILE, or None."""
    try:
        with _open(folder + "/" + OLD_ID_FILE, "rb") as f:
            uid = f.read()
        return uid if len(uid) == 8 else None
    except OSError:
        return None


def new_uid():
    """8 bytes from the host's os.urandom (the WebAssembly port has none: the host's
    clock and the folder's name, mixed, will do)."""
    import os

    real = getattr(os, "_os", os)  # scripted mode's SeededOS wraps the real module
    try:
        return real.urandom(8)
    except AttributeError:
        import simcore

        n = hash(real.getcwd())
        for part in (getattr(simcore.rt, "time_ns", simcore.rt.time)(), simcore.rt.ticks_us()):
            n = (n * 0x9E3779B97F4A7C15 + int(part)) & 0xFFFFFFFFFFFFFFFF
        return bytes((n >> (8 * i)) & 255 for i in range(8))


def hex_text(b):
    return "".join("%02x" % x for x in b)


def date_text(secs):
    """ "YYYY-MM-DDTHH:MM:SS" of the wall clock's seconds (time.py); None for 0."""
    import time  # the fake (simrun imported it first)

    return "%04d-%02d-%02dT%02d:%02d:%02d" % tuple(time.gmtime(secs)[:6]) if secs else None


def seconds_of(text):
    """The wall clock's seconds (time.py) of "YYYY-MM-DDTHH:MM:SS"; 0 for None."""
    if text is None:
        return 0
    import time

    return time.seconds([int(text[i : i + n]) for i, n in ((0, 4), (5, 2), (8, 2), (11, 2), (14, 2), (17, 2))])
