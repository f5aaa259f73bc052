"""Atomic save of one JSON file (e.g. `data/state.json`), and file
system errors in plain words. Reading such a file back is store_load.py (at boot).

`save` writes `path + ".tmp"`, closes it, then renames it over `path`: a power cut
leaves either the old or the new file. Where rename cannot replace a file, the old
file is removed first; `store_load.load` then falls back to the `.tmp` file if `path`
is missing. `save` does not raise on a file system problem: it returns a one-line
problem text in plain words.
"""

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


def save(path, obj):
    """Write obj as JSON to path atomically. Return None, or a one-line problem text.

    Raises ValueError only if obj cannot be written as JSON (a programming error).
    jsonfmt is loaded here: a screen that only reads (Continue, store_load) has
    this module without it.
    """
    from .jsonfmt import dump

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


def _exists(path):
    """Whether the file is there, by its directory's listing (the WebAssembly port's
    errno module does not match the numbers its file system raises)."""
    i = path.rfind("/")
    try:
        return path[i + 1 :] in os.listdir(path[:i] if i > 0 else ("/" if i == 0 else "."))
    except OSError:
        return False


def _remove_quietly(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _name(path):
    return path[path.rfind("/") + 1 :]


def error_text(e):
    """An OSError in plain words ("flash full"), not an errno number."""
    n = e.args[0] if e.args else None
    for number, text in ERRORS:
        if n == number:
            return text
    return "file system error %s" % (n,)
