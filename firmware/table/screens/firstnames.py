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
        (`rank` of every name of Faker's lists under it), sorted by the text (as the
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

from ..rules import names

FILE = "firstnames.txt"
SCAN = 32  # at most this many names read for a typed text; more: the file's NODES line
NAMES_OFFERED = 4  # whole names among a typed text's options, at most
NAME_BIAS = 4  # a whole name goes before a letter whose names weigh up to NAME_BIAS / 4 times its own
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


# The reading: one window of the file (_buf) and a bit position in it; a name or a
# node's text as its symbols' indexes (_sym). Module state, so that a press allocates
# nothing but the strings it returns.
_buf = bytearray(128)
_sym = bytearray(16)
_st = [None, 0, 0, 0, 0]  # the open file, the window's file offset, its bytes, the bit position, symbols in _sym
_FILE, _AT, _N, _P, _LEN = 0, 1, 2, 3, 4


def _load(f):
    """The header and the three codes, read once while the module is loaded (_where[1]):
    [block, names, tables, nodes, node index, names' offset, name index, end, (char
    code), (lcp code), (class code), END, UTF-8 bytes, key bytes]."""
    if _where[1] is None:
        words = f.readline().split()
        if len(words) != 10 or words[0] != b"firstnames" or words[1] != b"2":
            raise ValueError("%s is not a list of first names" % FILE)
        t = [int(w) for w in words[2:]]
        f.seek(t[2])
        chars = None
        for _ in range(3):
            counts = tuple(int(w) for w in f.readline().split())
            line = f.readline().rstrip(b"\n")
            if chars is None:
                chars = line.decode()
                t.append(counts)
            else:
                t.append((counts, bytes([int(w) for w in line.split()])))
        t.append(chars.find("|"))
        utf8 = bytearray(2 * len(chars))
        keys = bytearray(2 * len(chars))
        for i, ch in enumerate(chars):
            b = ch.encode()
            utf8[2 * i : 2 * i + len(b)] = b
            a = key(ch).encode()
            keys[2 * i : 2 * i + len(a)] = a
        t.append(bytes(utf8))
        t.append(bytes(keys))
        _where[1] = t
    return _where[1]


def _seek(at):
    """The window from byte at of the file, the bit position at its start."""
    st = _st
    st[_FILE].seek(at)
    st[_AT] = at
    st[_N] = st[_FILE].readinto(_buf)
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
    """Symbols from _sym[m] on to the end symbol (the kept ones: the first m): their count."""
    t = _where[1]
    counts, end = t[8], t[11]
    while True:
        s = _code(counts)
        if s == end:
            _st[_LEN] = m
            return m
        _sym[m] = s
        m += 1


def _compare(k):
    """-1: the text in _sym spells (its key) before k and does not start with it; 0:
    it starts with k; 1: after k."""
    keys = _where[1][13]
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


def _key_len(m):
    """The length of the key of the text in _sym (m symbols)."""
    keys = _where[1][13]
    n = 0
    for i in range(m):
        n += 2 if keys[2 * _sym[i] + 1] else 1
    return n


def _string():
    """The text in _sym as a string."""
    utf8 = _where[1][12]
    n = 0
    for i in range(_st[_LEN]):
        s = 2 * _sym[i]
        _buf2[n] = utf8[s]
        n += 1
        if utf8[s + 1]:
            _buf2[n] = utf8[s + 1]
            n += 1
    return str(_buf2[:n], "utf-8")


_buf2 = bytearray(32)


def _offset(at, i):
    """The i-th 3-byte offset of the index at byte at."""
    _seek(at + 3 * i)
    return (_buf[0] << 16) | (_buf[1] << 8) | _buf[2]


def _node(t, k):
    """The options of the node whose key is k, or None: a bisect of the node index."""
    nodes, index, names = t[3], t[4], t[5]
    lo, hi = 0, (names - index) // 3
    while lo < hi:
        mid = (lo + hi) // 2
        _seek(nodes + _offset(index, mid))
        _text(0)
        if _compare(k) < 0:
            lo = mid + 1
        else:
            hi = mid
    if lo == (names - index) // 3:
        return None
    _seek(nodes + _offset(index, lo))
    m = _text(0)
    if _compare(k) or _key_len(m) != len(k):
        return None
    out = []
    while _text(0):
        out.append(_string())
    return out


def _names(t, k):
    """[(weight, name)] of the names that start with k, SCAN + 1 at most: a bisect of
    the blocks by their first name, then the names in order."""
    block, count, names, index, end = t[0], t[1], t[5], t[6], t[7]
    lcps, classes = t[9], t[10]
    lo, hi = 0, (end - index) // 3
    while lo < hi:
        mid = (lo + hi) // 2
        _seek(names + _offset(index, mid))
        _text(0)
        if _compare(k) < 0:
            lo = mid + 1
        else:
            hi = mid
    i = max(lo - 1, 0) * block
    out = []
    while i < count and len(out) <= SCAN:
        if i % block == 0:
            _seek(names + _offset(index, i // block))
            m = 0
        else:
            m = lcps[1][_code(lcps[0])]
        _text(m)
        c = classes[1][_code(classes[0])]
        i += 1
        found = _compare(k)
        if found > 0:
            break
        if found == 0:
            out.append((weight(c), _string()))
    return out


def _read(typed):
    """The options of the list for typed (`rank`), read from FILE: [] when it is not
    there."""
    p = path()
    if p is None:
        return []
    k = key(typed).encode()
    with open(p, "rb") as f:
        _st[_FILE] = f
        try:
            t = _load(f)
            opts = _node(t, k)
            if opts is not None:
                return opts
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
