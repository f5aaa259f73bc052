"""Atomic save and load of one JSON state file (e.g. `state.json` at the flash root).

`save` writes `path + ".tmp"`, closes it, then renames it over `path`: a power cut
leaves either the old or the new file. Where rename cannot replace a file, the old
file is removed first; `load` then falls back to the `.tmp` file if `path` is missing.
Neither function raises on a file system problem: they return a one-line problem text.
"""
import errno
import json
import os

from jsonfmt import dump

# ENOSPC is not in MicroPython's errno module: littlefs reports Linux's 28.
ENOSPC = getattr(errno, "ENOSPC", 28)


def save(path, obj):
    """Write obj as JSON to path atomically. Return None, or a one-line problem text.

    Raises ValueError only if obj cannot be written as JSON (a programming error).
    """
    tmp = path + ".tmp"
    try:
        with open(tmp, "w") as f:
            try:
                dump(obj, f.write)  # piece by piece: the text is never whole in memory
            except ValueError:
                f.close()
                _remove_quietly(tmp)
                raise
            f.flush()
        try:
            os.rename(tmp, path)
        except OSError:
            os.remove(path)
            os.rename(tmp, path)
    except OSError as e:
        _remove_quietly(tmp)
        return "%s not saved: %s" % (_name(path), error_text(e))
    return None


def load(path):
    """Return (obj, problem): the JSON object in path, or None if the file is missing
    or unusable; problem is None or a one-line text ("state.json corrupt: ...")."""
    obj, problem = _read(path)
    if problem == "missing":
        obj, problem = _read(path + ".tmp")
        if problem == "missing":
            return None, None
    return obj, problem


def _read(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        if e.args and e.args[0] == errno.ENOENT or not _exists(path):
            return None, "missing"
        return None, "%s unreadable: %s" % (_name(path), error_text(e))
    try:
        obj = json.loads(data.decode())
    except ValueError as e:  # also UnicodeError (a subclass) for bad UTF-8
        return None, "%s corrupt: %s" % (_name(path), _first_line(e))
    if type(obj) is not dict:
        return None, "%s corrupt: not a JSON object" % _name(path)
    return obj, None


def _exists(path):
    """Whether the file is there, by its directory's listing (the WebAssembly port's
    errno module does not match the numbers its file system raises)."""
    i = path.rfind("/")
    try:
        return path[i + 1:] in os.listdir(path[:i] if i > 0 else ("/" if i == 0 else "."))
    except OSError:
        return False


def _remove_quietly(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _name(path):
    return path[path.rfind("/") + 1:]


def _first_line(e):
    text = str(e) or type(e).__name__
    return text.split("\n")[0]


def error_text(e):
    if e.args and e.args[0] == ENOSPC:
        return "flash full"
    return "OSError %s" % (e.args[0] if e.args else "")
