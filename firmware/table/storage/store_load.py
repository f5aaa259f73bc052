"""Loading a JSON file saved by store.py, file system errors in plain words, and
setting aside a file the device cannot use: what the boot needs (app_boot, config, history_boot), dropped after it.

`load` reads only regular files up to a size limit (a Pico's heap is small) and does
not raise on a file system problem: it returns a one-line problem text in plain
words. `set_aside` renames an unusable file to a free `.bad` name: the user's data is
never deleted; `set_aside_noting` also says so in the problem's text.
"""

import errno
import json
import os

# Not every errno name is in MicroPython's errno module: littlefs reports Linux's numbers.
ERRORS = (
    (28, "flash full"),
    (5, "flash read/write error"),
    (30, "flash is read-only"),
    (21, "is a folder, not a file"),
    (20, "a folder in its path is a file"),
    (13, "permission denied"),
    (2, "missing"),
    (12, "out of memory"),
    (17, "already exists"),
    (39, "folder not empty"),
)
S_IFDIR = 0x4000


MAX_SIZE = 16384  # bytes: a bigger JSON file would not fit in the heap


def load(path, max_size=MAX_SIZE):
    """Return (obj, problem): the JSON object in path, or None if the file is missing
    or unusable; problem is None or a one-line text ("state.json corrupt: ...")."""
    obj, problem = _read(path, max_size)
    if problem == "missing":
        obj, problem = _read(path + ".tmp", max_size)
        if problem == "missing":
            return None, None
    return obj, problem


def _read(path, max_size):
    try:
        st = os.stat(path)
    except OSError as e:
        if e.args and e.args[0] == errno.ENOENT or not _exists(path):
            return None, "missing"
        return None, "%s unreadable: %s" % (_name(path), error_text(e))
    if st[0] & S_IFDIR:
        return None, "%s is a folder, not a file" % _name(path)
    if st[6] > max_size:
        return None, "%s too big (%d bytes, at most %d)" % (_name(path), st[6], max_size)
    try:
        with open(path, "rb") as f:
            data = f.read()
        obj = json.loads(data.decode())
    except OSError as e:
        return None, "%s unreadable: %s" % (_name(path), error_text(e))
    except MemoryError:
        return None, "%s too big to read" % _name(path)
    except ValueError as e:  # also UnicodeError (a subclass) for bad UTF-8
        return None, "%s corrupt: %s" % (_name(path), _first_line(e))
    if type(obj) is not dict:
        return None, "%s corrupt: not a JSON object" % _name(path)
    return obj, None


def _first_line(e):
    text = str(e) or type(e).__name__
    return text.split("\n")[0]


def is_dir(path):
    try:
        return bool(os.stat(path)[0] & S_IFDIR)
    except OSError:
        return False


def set_aside(path):
    """Rename an unusable file (or folder) to the first free `path.bad`, `path.bad2`,
    ...; return that name, or None if it could not be renamed."""
    for i in range(1, 100):
        new = path + (".bad" if i == 1 else ".bad%d" % i)
        if _exists(new):
            continue
        try:
            os.rename(path, new)
            return new
        except OSError:
            return None
    return None


def set_aside_noting(path, problem, note=" (kept as %s)"):
    """set_aside(path); return problem, with where the file went (note % its new
    name) when it could be renamed: the notice the screen shows."""
    new = set_aside(path)
    return problem + note % _name(new) if new else problem


def _exists(path):
    """Whether the file is there, by its directory's listing (the WebAssembly port's
    errno module does not match the numbers its file system raises)."""
    i = path.rfind("/")
    try:
        return path[i + 1 :] in os.listdir(path[:i] if i > 0 else ("/" if i == 0 else "."))
    except OSError:
        return False


def _name(path):
    return path[path.rfind("/") + 1 :]


def error_text(e):
    """An OSError in plain words ("flash full"), not an errno number."""
    n = e.args[0] if e.args else None
    for number, text in ERRORS:
        if n == number:
            return text
    return "file system error %s" % (n,)
