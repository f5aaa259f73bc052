"""First names from a list on the flash (FILE, beside this module: about 16,000 names
of many countries, built by `python -m host_tools firstnames` from Faker's lists, MIT;
host_tools/ship/firstnames.py says how). Loaded with the name editor only
(ui_names.MODULES); the list stays on the flash, a press reads a few hundred bytes
into one buffer and makes only the strings it returns.

`options(typed, first)`: what can follow typed, the most likely first: whole names
(the table's own, `first`, before the list's) and the letters that can follow, by how
common the names they lead to are. Names match as the display spells them, in any
case (typed "zoe" matches Zoë); a letter offered is the name's own (ë, Þ, upper case
at the start).

The file (63 KB): text lines first, then bits.
    "firstnames 2 BLOCK COUNT TABLES NODES NODE_INDEX NAMES NAME_INDEX END": the block
        size, the names listed, the byte offsets of the sections (decimal);
    "# ..." lines: what the list is, its source and licence (never read here);
    TABLES: three canonical Huffman codes, two lines each: how many codes of each
        length (1, 2, ...), then the symbols in the code's order: the characters (END,
        "|", ends a text), then the lcps, then the popularity classes (decimal);
    NODES: the options of every typed text that more than SCAN names start with
        (host_tools/ship/firstnames.py's `rank` of every name of Faker's lists under it), sorted by the text (as the
        display spells it, lower case: its key); each from a byte: the key, END, each
        option, END, and END (an empty option);
    NODE_INDEX: each node's offset in NODES (3 bytes, big-endian);
    NAMES: the names, sorted by key then name, BLOCK to a block from a byte; a name is
        its characters after the first LCP it shares with the name before it (the
        first of a block: all), END, then its popularity class c (its weight about
        2 ** (c / 4), `weight`); at a block's start no LCP;
    NAME_INDEX: each block's offset in NAMES (3 bytes).
SCAN names or fewer under a typed text: those names are read here and all offered whole,
the heaviest first, then the letters that follow, by the weight of their names (`small`):
a few names are fewer presses away whole than letter by letter.
"""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


from ..rules import names

FILE = "firstnames.txt"
SCAN = 32  # at most this many names read for a typed text; more: the file's NODES line
FIRST_OFFERED = 2  # names of `first` (the table's) among them, at most
_MANTISSA = (8, 10, 11, 13)  # 8 * 2 ** (i / 4), rounded

_where = [None, None]  # the file's path, its header and codes (_load)


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


def small(n, entries):
    """The options for a typed text of n display characters that at most SCAN names
    start with (entries [(weight, name)]): every name whole, the heaviest first (a name
    no longer than the typed text too: it is the typed text), then the letters that
    follow, heaviest first. (Sorted without a key function: MicroPython calls it at
    every comparison, a new tuple each time.)"""
    order = [(-w, name) for w, name in entries]
    order.sort()
    left = {}  # letter -> minus the weight of its names
    for w, name in order:
        ch = next_char(name, n)
        if ch:
            left[ch] = left.get(ch, 0) + w
    letters = [(w, ch) for ch, w in left.items()]
    letters.sort()
    return [name for _, name in order] + [ch for _, ch in letters]


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


# The reading: a window of the file (_buf; a bisect's probe reads only _probe of it)
# and a bit position in it; a text (a name, a node's key or option) as its symbols'
# indexes (_sym); a string made in _out[its UTF-8 length]. Module state, so that a
# press allocates little but the strings it returns.
_buf = bytearray(128)
_probe = memoryview(_buf)[:24]
_idx = bytearray(3)
_sym = bytearray(16)
_out = [bytearray(n) for n in range(17)]  # a name: 8 characters, 2 bytes each at most
# _st: the open file, the window's file offset, its bytes, the bit position, the symbols
# in _sym, the last key read that is no node (a key that starts with it is none either)
_st = [None, 0, 0, 0, 0, None]
_FILE = const(0)
_AT = const(1)
_N = const(2)
_P = const(3)
_LEN = const(4)
_NO_NODE = const(5)
# _where[1]: the header's figures (as in the file, from its third word) and the codes
_BLOCK = const(0)
_COUNT = const(1)
_TABLES = const(2)
_NODES = const(3)
_NODE_INDEX = const(4)
_NAMES = const(5)
_NAME_INDEX = const(6)
_END = const(7)
_CHARS = const(8)
_LCPS = const(9)
_CLASSES = const(10)
_LCP_SYMS = const(11)
_CLASS_SYMS = const(12)
_UTF8 = const(13)
_KEYS = const(14)
_STOP = const(15)


def _load(f):
    """The header's figures and the three codes, read once while the module is loaded
    (_where[1]; see the _BLOCK.. and _CHARS.. indexes)."""
    if _where[1] is None:
        words = f.readline().split()
        if len(words) != 10 or words[0] != b"firstnames" or words[1] != b"2":
            raise ValueError("%s is not a list of first names" % FILE)
        t = [int(w) for w in words[2:]]
        f.seek(t[_TABLES])
        data = f.read(t[_NODES] - t[_TABLES])
        at = 0
        codes = []
        for i in range(3):
            n = data[at] if at < len(data) else 0
            codes.append(data[at + 1 : at + 1 + n])
            at += 1 + n
            n = (data[at] << 8) | data[at + 1] if at + 1 < len(data) else 0
            at += 2
            if i == 0:
                syms = data[at : at + 4 * n]
                at += 4 * n
            else:
                codes.append(data[at : at + n])
                at += n
        if at != len(data) or len(syms) < 4:
            raise ValueError("%s is cut short" % FILE)
        half = len(syms) // 2
        t += [codes[0], codes[1], codes[3], codes[2], codes[4], syms[:half], syms[half:]]
        t.append(t[_UTF8].find(b"|\0") // 2)
        _where[1] = t
        _st[_NO_NODE] = None
    return _where[1]


def _seek(at, probe=False):
    """The window from byte at of the file (probe: only _probe's bytes), the bit
    position at its start."""
    st = _st
    st[_FILE].seek(at)
    st[_AT] = at
    st[_N] = st[_FILE].readinto(_probe if probe else _buf)
    st[_P] = 0


def _code(counts):
    """The next symbol of a canonical Huffman code (counts: how many codes of each
    length from 1): its index among the code's symbols."""
    st = _st
    p = st[_P]
    code = first = index = 0
    for n in counts:
        if p >= st[_N] << 3:
            if not st[_N]:
                raise ValueError("%s is cut short" % FILE)
            q = p & 7
            _seek(st[_AT] + (p >> 3))
            p = q
        code |= (_buf[p >> 3] >> (7 - (p & 7))) & 1
        p += 1
        if code - first < n:
            st[_P] = p
            return index + code - first
        index += n
        first = (first + n) << 1
        code <<= 1
    raise ValueError("%s has a bad code" % FILE)


def _text(m):
    """The symbols from _sym[m] on to the end symbol (the first m kept): how many."""
    t = _where[1]
    counts, stop = t[_CHARS], t[_STOP]
    while True:
        s = _code(counts)
        if s == stop:
            _st[_LEN] = m
            return m
        if m >= len(_sym):
            raise ValueError("%s has a bad name" % FILE)
        _sym[m] = s
        m += 1


def _compare(k):
    """-1: the text in _sym spells (its key) before k and does not start with it; 0:
    it starts with k; 1: after k."""
    keys = _where[1][_KEYS]
    j = 0
    n = len(k)
    if not n:
        return 0
    for i in range(_st[_LEN]):
        s = 2 * _sym[i]
        c = keys[s]
        if c != k[j]:
            return -1 if c < k[j] else 1
        j += 1
        if j == n:
            return 0
        c = keys[s + 1]
        if c:
            if c != k[j]:
                return -1 if c < k[j] else 1
            j += 1
            if j == n:
                return 0
    return -1


def _string():
    """The text in _sym as a string."""
    utf8 = _where[1][_UTF8]
    m = _st[_LEN]
    n = 0
    for i in range(m):
        n += 2 if utf8[2 * _sym[i] + 1] else 1
    if n >= len(_out):
        raise ValueError("%s has a bad name" % FILE)
    out = _out[n]
    n = 0
    for i in range(m):
        s = 2 * _sym[i]
        out[n] = utf8[s]
        n += 1
        if utf8[s + 1]:
            out[n] = utf8[s + 1]
            n += 1
    return str(out, "utf-8")


def _offset(at, i):
    """The i-th 3-byte offset of the index at byte at."""
    f = _st[_FILE]
    f.seek(at + 3 * i)
    if f.readinto(_idx) != 3:
        raise ValueError("%s is cut short" % FILE)
    return (_idx[0] << 16) | (_idx[1] << 8) | _idx[2]


def _first(at, index, count, k):
    """The first of count records (a node, a block) whose text's key is not before k (a
    bisect of their index: offsets from byte at), or count."""
    lo, hi = 0, count
    while lo < hi:
        mid = (lo + hi) // 2
        _seek(at + _offset(index, mid), True)
        _text(0)
        if _compare(k) < 0:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _node(t, k):
    """The options of the node whose key is k, or None."""
    count = (t[_NAMES] - t[_NODE_INDEX]) // 3
    i = _first(t[_NODES], t[_NODE_INDEX], count, k)
    if i == count:
        return None
    _seek(t[_NODES] + _offset(t[_NODE_INDEX], i))
    _text(0)
    if _compare(k) or _st[_LEN] != len(k):  # a key is ASCII: a symbol a byte
        return None
    out = []
    while _text(0):
        out.append(_string())
    return out


def _names(t, k):
    """[(weight, name)] of the names that start with k, SCAN + 1 at most: from the
    block before the first whose first name is not before k, the names in order."""
    block, count, names, index = t[_BLOCK], t[_COUNT], t[_NAMES], t[_NAME_INDEX]
    lcps, lcp_syms, classes, class_syms = t[_LCPS], t[_LCP_SYMS], t[_CLASSES], t[_CLASS_SYMS]
    i = max(_first(names, index, (t[_END] - index) // 3, k) - 1, 0) * block
    out = []
    while i < count and len(out) <= SCAN:
        if i % block == 0:
            _seek(names + _offset(index, i // block))
            m = 0
        else:
            m = lcp_syms[_code(lcps)]
        _text(m)
        c = class_syms[_code(classes)]
        i += 1
        found = _compare(k)
        if found > 0:
            break
        if found == 0:
            out.append((weight(c), _string()))
    return out


def _read(typed):
    """The options of the list for typed (a node's, else `small`'s), read from FILE:
    [] when it is not there."""
    p = path()
    if p is None:
        return []
    k = key(typed).encode()
    with open(p, "rb") as f:
        _st[_FILE] = f
        try:
            t = _load(f)
            no_node = _st[_NO_NODE]
            if no_node is None or not k.startswith(no_node):
                opts = _node(t, k)
                if opts is not None:
                    return opts
                _st[_NO_NODE] = k
            entries = _names(t, k)
        finally:
            _st[_FILE] = None
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
