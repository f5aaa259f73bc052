"""First names from a list on the flash (FILE, beside this module: about 20,000 names
of many countries, built by `python -m host_tools firstnames` from Faker's lists, MIT;
host_tools/ship/firstnames.py says how). Loaded with the name editor only
(ui_names.MODULES); the list stays on the flash, a press reads a few hundred bytes.

`options(typed, first)`: what can follow typed, the most likely first: whole names
(the table's own, `first`, before the list's) and the letters that can follow, by how
common the names they lead to are. Names match as the display spells them, in any
case (typed "zoe" matches Zoë); a letter offered is the name's own (ë, Þ, upper case
at the start).

The file (UTF-8 text, one line each):
    the header: "firstnames 1 NODES NAMES END" (byte offsets of the sections, decimal)
    NODES..NAMES: "KEY<TAB>OPTION<TAB>OPTION...": the options of every typed text (as
        the display spells it, lower case: KEY) that more than SCAN names start with,
        sorted by KEY;
    NAMES..END: "CNAME": C the name's popularity class (chr(48 + c), c in 0..74: its
        weight is about 2 ** (c / 4), `weight`), then the name, sorted by the name as the
        display spells it, lower case, then by the name.
SCAN names or fewer under a typed text: those names are read here and all offered whole,
the heaviest first, then the letters that follow, by the weight of their names (`small`):
a few names are fewer presses away whole than letter by letter.
"""

from ..rules import names

FILE = "firstnames.txt"
SCAN = 32  # at most this many names read for a typed text; more: the file's NODES line
NAMES_OFFERED = 4  # whole names among a typed text's options, at most
NAME_BIAS = 4  # a whole name goes before a letter whose names weigh up to NAME_BIAS / 4 times its own
FIRST_OFFERED = 2  # names of `first` (the table's) among them, at most
_MANTISSA = (8, 10, 11, 13)  # 8 * 2 ** (i / 4), rounded

_where = [None, None]  # the file's path, its header's offsets


def weight(c):
    """The weight of popularity class c (an integer about 8 * 2 ** (c / 4))."""
    return _MANTISSA[c & 3] << (c >> 2)


def key(text):
    """text as the display spells it, lower case: what names are matched by."""
    return names.to_ascii(text).lower()


def next_char(name, n):
    """The character of name at display position n (key(name)[n]'s): the name's own
    letter when one starts there, else the display's letter (inside an æ or Þ); ""
    past the end."""
    at = 0
    for ch in name:
        if at == n:
            return ch
        w = len(names.to_ascii(ch))
        if at + w > n:
            return names.to_ascii(ch)[n - at].lower()
        at += w
    return ""


def rank(n, entries, offered=NAMES_OFFERED):
    """The options for a typed text spelled with n display characters, from entries
    [(weight, name)] of the names that start with it: whole names and next letters
    mixed, the heaviest first, a letter weighing the names it leads to that are not
    offered whole before it; at most `offered` whole names, and a name no longer than
    the typed text (typed itself) only as a whole name."""
    entries = sorted(entries, key=lambda e: (-e[0], e[1]))
    left = {}  # letter -> weight of its names not offered whole
    for w, name in entries:
        ch = next_char(name, n)
        if ch:
            left[ch] = left.get(ch, 0) + w
    out = []
    i = 0
    while True:
        best = ""
        for ch in left:
            if not best or left[ch] > left[best] or (left[ch] == left[best] and ch < best):
                best = ch
        if i < len(entries) and offered > 0 and (not best or entries[i][0] * NAME_BIAS >= left[best] * 4):
            w, name = entries[i]
            i += 1
            if name in out:
                continue
            out.append(name)
            offered -= 1
            ch = next_char(name, n)
            if ch in left:
                left[ch] -= w
                if left[ch] <= 0:
                    del left[ch]
        elif best:
            out.append(best)
            del left[best]
        else:
            return out


def small(n, entries):
    """The options for a typed text of n display characters that at most SCAN names
    start with (entries [(weight, name)]): every name whole, the heaviest first (a name
    no longer than the typed text too: it is the typed text), then the letters that
    follow, heaviest first."""
    entries = sorted(entries, key=lambda e: (-e[0], e[1]))
    left = {}
    for w, name in entries:
        ch = next_char(name, n)
        if ch:
            left[ch] = left.get(ch, 0) + w
    letters = sorted(left, key=lambda ch: (-left[ch], ch))
    return [name for _, name in entries] + letters


def path():
    """Where FILE is: beside this module (the package on the flash, or firmware/ on a
    PC), else at the flash root (a build with the firmware frozen in); None: nowhere."""
    if _where[0] is None:
        here = globals().get("__file__", "") or ""
        cut = here.rfind("/")
        for p in ((here[: cut + 1] + FILE) if cut >= 0 else FILE, FILE):
            try:
                open(p, "rb").close()
            except OSError:
                continue
            _where[0] = p
            break
        else:
            _where[0] = ""
    return _where[0] or None


def _header(f):
    if _where[1] is None:
        words = f.readline().split()
        if len(words) != 5 or words[0] != b"firstnames" or words[1] != b"1":
            raise ValueError("%s is not a list of first names" % FILE)
        _where[1] = [int(w) for w in words[2:]]
    return _where[1]


def _line_at(f, at):
    """(the line starting at byte at, without its newline, the next line's start)."""
    f.seek(at)
    data = f.readline()
    return data.rstrip(b"\n"), at + len(data)


def _next_start(f, at):
    """The first line start at or after byte at (at > 0: a line starts after a newline)."""
    f.seek(at - 1)
    return at - 1 + len(f.readline())


def _bisect(f, lo, hi, k, name_lines):
    """The first line in [lo, hi) (line starts) whose key is k or after it."""
    while lo < hi:
        mid = (lo + hi) // 2
        s = _next_start(f, mid) if mid > lo else lo
        if s >= hi:
            s = lo
        line, end = _line_at(f, s)
        if _line_key(line, name_lines) < k:
            lo = end
        elif s == lo:
            return lo
        else:
            hi = s
    return lo


def _line_key(line, name_lines):
    if name_lines:
        return key(line[1:].decode())
    tab = line.find(b"\t")
    return (line if tab < 0 else line[:tab]).decode()


def _read(typed):
    """The options of the list for typed (`rank`), read from FILE: [] when it is not
    there."""
    p = path()
    if p is None:
        return []
    k = key(typed)
    with open(p, "rb") as f:
        nodes, first, end = _header(f)
        at = _bisect(f, nodes, first, k, False)
        if at < first:
            line, _ = _line_at(f, at)
            fields = line.decode().split("\t")
            if fields[0] == k:
                return fields[1:]
        at = _bisect(f, first, end, k, True)
        entries = []
        while at < end and len(entries) <= SCAN:
            line, at = _line_at(f, at)
            name = line[1:].decode()
            if not key(name).startswith(k):
                break
            entries.append((weight(line[0] - 48), name))
    return small(len(k), entries)


def options(typed, first=()):
    """The options for typed (see the module's text): names of `first` that start
    with it (FIRST_OFFERED at most, longer than typed), then the list's; each option
    once."""
    k = key(typed)
    out = []
    if k:
        for name in first:
            if len(out) < FIRST_OFFERED and len(key(name)) > len(k) and key(name).startswith(k):
                out.append(name)
    for o in _read(typed):
        if o not in out:
            out.append(o)
    return out


def offer(typed, first=()):
    """The whole name most likely for typed (longer than it): "" for none."""
    for o in options(typed, first):
        if len(o) > 1 and len(key(o)) > len(key(typed)):
            return o
    return ""
