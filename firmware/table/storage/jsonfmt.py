"""Deterministic compact JSON text: sorted keys, no spaces, the same bytes on every runtime.

`json.dumps` on MicroPython has no `sort_keys` and its dict order differs from
CPython's, and CPython escapes non-ASCII while MicroPython does not. `dumps` writes
non-ASCII characters as they are (UTF-8) and escapes only `"`, `\\` and control
characters. Floats are refused: scores and times are integers.
"""

import io


def dumps(obj):
    """Return obj (dict with str keys, list, tuple, str, int, bool, None) as JSON text.
    Written into one growing buffer: a list of its pieces would take 4 to 8 bytes a
    piece in one block (2 KB for a slap line on a 64-bit port), hard to find on a
    fragmented heap."""
    buf = io.StringIO()
    dump(obj, buf.write)
    return buf.getvalue()


def dump(obj, write):
    """Write obj as JSON text piece by piece with write(str), e.g. a file's write:
    no whole text in memory."""
    if obj is None:
        write("null")
    elif obj is True:
        write("true")
    elif obj is False:
        write("false")
    elif type(obj) is int:
        write(str(obj))
    elif type(obj) is str:
        _write_str(obj, write)
    elif type(obj) is dict:
        sep = "{"
        for key in sorted(obj):
            if type(key) is not str:
                raise ValueError("JSON object key %r is not a string" % (key,))
            write(sep)
            sep = ","
            _write_str(key, write)
            write(":")
            dump(obj[key], write)
        write("}" if sep == "," else "{}")
    elif type(obj) is list or type(obj) is tuple:
        sep = "["
        for item in obj:
            write(sep)
            sep = ","
            dump(item, write)
        write("]" if sep == "," else "[]")
    else:
        raise ValueError("cannot write %s as JSON" % type(obj).__name__)


def _write_str(s, write):
    write('"')
    start = i = 0
    for c in s:
        if c == '"' or c == "\\" or c < " ":
            write(s[start:i])
            if c == '"':
                write('\\"')
            elif c == "\\":
                write("\\\\")
            else:
                write("\\u%04x" % ord(c))
            start = i + 1
        i += 1
    write(s[start:] if start else s)
    write('"')
