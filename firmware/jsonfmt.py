"""Deterministic compact JSON text: sorted keys, no spaces, the same bytes on every runtime.

`json.dumps` on MicroPython has no `sort_keys` and its dict order differs from
CPython's, and CPython escapes non-ASCII while MicroPython does not. `dumps` writes
non-ASCII characters as they are (UTF-8) and escapes only `"`, `\\` and control
characters. Floats are refused: scores and times are integers.
"""


def dumps(obj):
    """Return obj (dict with str keys, list, tuple, str, int, bool, None) as JSON text."""
    parts = []
    _write(obj, parts)
    return "".join(parts)


def _write(obj, parts):
    if obj is None:
        parts.append("null")
    elif obj is True:
        parts.append("true")
    elif obj is False:
        parts.append("false")
    elif type(obj) is int:
        parts.append(str(obj))
    elif type(obj) is str:
        _write_str(obj, parts)
    elif type(obj) is dict:
        parts.append("{")
        first = True
        for key in sorted(obj):
            if type(key) is not str:
                raise ValueError("JSON object key %r is not a string" % (key,))
            if not first:
                parts.append(",")
            first = False
            _write_str(key, parts)
            parts.append(":")
            _write(obj[key], parts)
        parts.append("}")
    elif type(obj) is list or type(obj) is tuple:
        parts.append("[")
        for i, item in enumerate(obj):
            if i:
                parts.append(",")
            _write(item, parts)
        parts.append("]")
    else:
        raise ValueError("cannot write %s as JSON" % type(obj).__name__)


def _write_str(s, parts):
    parts.append('"')
    start = 0
    for i, c in enumerate(s):
        if c == '"' or c == "\\" or c < " ":
            parts.append(s[start:i])
            if c == '"':
                parts.append('\\"')
            elif c == "\\":
                parts.append("\\\\")
            else:
                parts.append("\\u%04x" % ord(c))
            start = i + 1
    parts.append(s[start:])
    parts.append('"')
