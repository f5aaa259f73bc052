"""Reading the JSON files a user gives the host tools: one clear line for every
problem (a missing file, not UTF-8, not JSON, a key given twice); a UTF-8 byte order
mark, as some editors write one, is accepted."""

import json
import sys

from host_tools import UserError


def _no_duplicates(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise ValueError("key %s appears twice" % json.dumps(key))
        obj[key] = value
    return obj


def read_json(path):
    """The JSON value in the file (`-`: standard input)."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except IsADirectoryError:
        raise UserError("cannot read %s: it is a folder" % name)
    except OSError as e:
        raise UserError("cannot read %s: %s" % (name, (e.strerror or str(e)).lower()))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError("%s is not UTF-8 text" % name)
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except RecursionError:
        raise UserError("%s is not valid JSON: nested too deeply" % name)
    except ValueError as e:
        raise UserError("%s is not valid JSON: %s" % (name, e))
