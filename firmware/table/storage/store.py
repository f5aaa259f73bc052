"""Atomic save of one JSON file (e.g. `data/state.json`). Reading such a file back,
and file system errors in plain words, are store_load.py's: a screen that only reads
(Continue) loads that module without this one.

`save` writes `path + ".tmp"`, closes it, then renames it over `path`: a power cut
leaves either the old or the new file. Where rename cannot replace a file, the old
file is removed first; `store_load.load` then falls back to the `.tmp` file if `path`
is missing. `save` does not raise on a file system problem: it returns a one-line
problem text in plain words.
"""

import os

from .store_load import _name, error_text  # (and S_IFDIR, _exists: store_load's, for readers)


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


def _remove_quietly(path):
    try:
        os.remove(path)
    except OSError:
        pass
