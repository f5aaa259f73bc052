"""`python -m host_tools firstnames [--check]`: the device's list of first names
(`firmware/table/screens/firstnames.txt`), built from Faker's person providers.

Source: Faker (https://github.com/joke2k/faker), version FAKER_VERSION exactly (pinned
in pyproject.toml's dev group and requirements.lock), MIT License, "Copyright (c) 2012
Daniele Faraglia". Every locale's first names (male, female and non-binary lists, or
its `first_names`) are read; a locale's names weigh what Faker gives them (its
OrderedDict weights where it has them, else all alike), each locale's adding up to one.
A name goes on the list as the roster keeps it (roster.clean: cut to 8 display
characters) when the display can spell every letter of it (names.to_ascii gives no
"?"); its score is the sum of its weights over the locales (a name common in many
countries first). Every name weighs in the options of the texts many names start
with (the file's nodes); the file lists by name those that score FLOOR or more (as
common as one of 5,000 equally common names of one country's list): the 4,351 below
it (4,050 of them on no country's list, most from Faker's language-wide `en` list of
6,747 names) would take 11 KB, for an expected 0.07 of the bench's 100 drawn names.
Such a name is typed as before #45, letter by letter (past the options' line, the
letters). The file is coded (a canonical Huffman code each for the characters, the
lengths shared with the name before and the popularity classes): 63 KB, not the 189
KB of the list as text. Its header says where it comes from, its version and licence.
The same Faker version gives the same file, byte for byte: `--check` fails when the
committed file differs from what it would write.

The list's format and how the device reads it: firmware/table/screens/firstnames.py.
The bench's sample of names to type (`sample`) comes from the same lists.
"""

import importlib
import os
import pkgutil

from host_tools import FIRMWARE, UserError

FAKER_VERSION = "40.63.0"
LICENSE = 'Faker %s (MIT License, "Copyright (c) 2012 Daniele Faraglia")' % FAKER_VERSION
ATTRS = ("first_names_male", "first_names_female", "first_names_nonbinary")
MIN_SPELLED = 0.9  # a locale is a country's list in the sample when the display spells this share of it
MIN_NAMES = 20  # ... and it has at least this many names


def faker_person():
    """Faker's person providers' package, checked to be FAKER_VERSION."""
    try:
        import faker
        import faker.providers.person as person
    except ImportError:
        raise UserError("Faker is not installed: make venv (it is in the dev dependencies)") from None
    if faker.VERSION != FAKER_VERSION:
        raise UserError("Faker %s is installed, the list is built from %s: make venv" % (faker.VERSION, FAKER_VERSION))
    return person


def locales():
    """Every locale with a person provider, sorted."""
    person = faker_person()
    return sorted(m.name for m in pkgutil.iter_modules(person.__path__))


def locale_weights(locale):
    """{name as Faker writes it: weight} for a locale's first names, adding up to 1
    (each of its lists, male, female, non-binary, weighs the same)."""
    faker_person()
    provider = importlib.import_module("faker.providers.person." + locale).Provider
    parts = [getattr(provider, a, None) for a in ATTRS]
    parts = [p for p in parts if isinstance(p, (dict, list, tuple)) and p]
    if not parts:
        p = getattr(provider, "first_names", None)
        parts = [p] if isinstance(p, (dict, list, tuple)) and p else []
    weights = {}
    for part in parts:
        total = sum(part.values()) if isinstance(part, dict) else len(part)
        for name in part:
            w = (part[name] if isinstance(part, dict) else 1) / total / len(parts)
            weights[name] = weights.get(name, 0) + w
    return weights


def kept(name):
    """The name as the device keeps it (roster.clean), or None when the display cannot
    spell it (a letter outside Latin-1 and Latin Extended-A) or it is not a name."""
    from table.rules import names
    from table.storage import roster

    name = name.strip()
    if not name or "?" in names.to_ascii(name):
        return None
    for ch in name:
        if not (ch.isalpha() or ch in " -'"):
            return None
    try:
        return roster.clean(name)
    except ValueError:
        return None


def spelled_weights(locale):
    """{kept name: weight} of a locale's names the display can spell, and the share of
    the locale's weight they hold."""
    out = {}
    spelled = 0.0
    for name, w in locale_weights(locale).items():
        k = kept(name)
        if k is not None:
            out[k] = out.get(k, 0) + w
            spelled += w
    return out, spelled


def country(locale):
    """The country of a locale ("de_CH" -> "CH"), or None for a language alone ("en");
    fr_QC is Faker's older name of fr_CA."""
    if "_" not in locale:
        return None
    return "CA" if locale == "fr_QC" else locale.split("_")[1]


def sample_locales():
    """The locales a sample draws from: a country's, the display spelling at least
    MIN_SPELLED of their weight, with MIN_NAMES names or more. fr_QC is left out (the
    same list as fr_CA)."""
    out = []
    for loc in locales():
        if country(loc) is None or loc == "fr_QC":
            continue
        weights, spelled = spelled_weights(loc)
        if spelled >= MIN_SPELLED and len(weights) >= MIN_NAMES:
            out.append(loc)
    return out


def sample(seed, countries=20, per_country=5):
    """[(locale, name)]: `countries` locales of different countries drawn at random,
    then `per_country` names from each, drawn by the weight Faker gives them (a name
    can come twice). Python's random.Random(seed): the same Faker, the same names."""
    import random

    r = random.Random(seed)
    pool = sample_locales()
    r.shuffle(pool)
    chosen, seen = [], set()
    for loc in pool:
        if country(loc) not in seen:
            seen.add(country(loc))
            chosen.append(loc)
        if len(chosen) == countries:
            break
    if len(chosen) < countries:
        raise UserError("only %d countries' lists in Faker %s" % (len(chosen), FAKER_VERSION))
    out = []
    for loc in sorted(chosen):
        weights, _ = spelled_weights(loc)
        names = sorted(weights)
        drawn = r.choices(names, weights=[weights[n] for n in names], k=per_country)
        out += [(loc, n) for n in drawn]
    return out


def scores():
    """{kept name: score}: the sum of its weights over every locale with MIN_NAMES
    names or more that the display can spell (Faker's tiny lists, a locale's two
    example names, are left out)."""
    out = {}
    for loc in locales():
        weights, _ = spelled_weights(loc)
        if len(weights) < MIN_NAMES:
            continue
        for name, w in weights.items():
            out[name] = out.get(name, 0) + w
    return out


def classes(score):
    """{name: popularity class 0..74}: 4 * log2 of its score over the least one, rounded."""
    import math

    least = min(score.values())
    return {n: min(74, int(round(4 * math.log2(s / least)))) for n, s in score.items()}


NAMES_OFFERED = 4  # whole names among a typed text's options, at most (rank)
NAME_BIAS = 4  # a whole name goes before a letter whose names weigh up to NAME_BIAS / 4 times its own
FLOOR = 1 / 5000  # a name scored less (as common as one of 5,000 alike names of one list, or less) is left out
BLOCK = 32  # names in a block of the file: a bisect finds the block, a read goes on from it
END = "|"  # the char code's symbol that ends a text (never in a name)


def huffman(counts):
    """A canonical Huffman code for counts {symbol: how often}: (lengths [how many
    codes of length 1, 2, ...], symbols in the code's order, {symbol: (code, length)}).
    Ties are broken by the symbols' order, so the same counts give the same code."""
    import heapq

    order = sorted(counts)
    if len(order) == 1:
        lengths = {order[0]: 1}
    else:
        heap = [(counts[sym], i, [sym]) for i, sym in enumerate(order)]
        heapq.heapify(heap)
        lengths = dict.fromkeys(order, 0)
        n = len(order)
        while len(heap) > 1:
            a, b = heapq.heappop(heap), heapq.heappop(heap)
            for sym in a[2] + b[2]:
                lengths[sym] += 1
            heapq.heappush(heap, (a[0] + b[0], n, a[2] + b[2]))
            n += 1
    symbols = sorted(order, key=lambda sym: (lengths[sym], order.index(sym)))
    per_length = [0] * max(lengths.values())
    codes = {}
    code = 0
    at = 1
    for sym in symbols:
        while at < lengths[sym]:
            code <<= 1
            at += 1
        codes[sym] = (code, at)
        per_length[at - 1] += 1
        code += 1
    return per_length, symbols, codes


class Bits:
    """Bits written first to last, the first in a byte its highest."""

    def __init__(self):
        self.data = bytearray()
        self.used = 0  # bits of the last byte used (0: a new byte next)

    def put(self, code, length):
        for i in range(length - 1, -1, -1):
            if not self.used:
                self.data.append(0)
            if (code >> i) & 1:
                self.data[-1] |= 0x80 >> self.used
            self.used = (self.used + 1) & 7

    def align(self):
        """The next bit starts a byte (a block or a node starts at a byte)."""
        self.used = 0


def lcp(a, b):
    """How many characters a and b start with alike."""
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return i


def _records(cls, rows, under, rank):
    """The symbols the file codes, in order: [("chars" | "lcp" | "class", symbol)
    or ("align", None)], the nodes first (one list), then the names (another)."""
    nodes = []
    for k in sorted(under):
        nodes.append([("align", None)] + [("chars", ch) for ch in k] + [("chars", END)])
        for o in rank(len(k), under[k]):
            nodes[-1] += [("chars", ch) for ch in o] + [("chars", END)]
        nodes[-1].append(("chars", END))
    blocks = []
    prev = ""
    for i, (_, n) in enumerate(rows):
        if i % BLOCK == 0:
            blocks.append([("align", None)])
            same = 0
        else:
            same = lcp(prev, n)
            blocks[-1].append(("lcp", same))
        blocks[-1] += [("chars", ch) for ch in n[same:]] + [("chars", END), ("class", cls[n])]
        prev = n
    return nodes, blocks


def rank(n, entries, offered=NAMES_OFFERED):
    """The options for a typed text spelled with n display characters, from entries
    [(weight, name)] of the names that start with it: whole names and next letters
    mixed, the heaviest first, a letter weighing the names it leads to that are not
    offered whole before it; at most `offered` whole names, and a name no longer than
    the typed text (typed itself) only as a whole name. The file holds it for every text
    more than SCAN names start with (the device reads it, never ranks)."""
    from table.screens import firstnames as fn

    entries = sorted(entries, key=lambda e: (-e[0], e[1]))
    left = {}  # letter -> weight of its names not offered whole
    for w, name in entries:
        ch = fn.next_char(name, n)
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
            ch = fn.next_char(name, n)
            if ch in left:
                left[ch] -= w
                if left[ch] <= 0:
                    del left[ch]
        elif best:
            out.append(best)
            del left[best]
        else:
            return out


def contents(score=None, floor=None):
    """What the file holds: (classes {name: class} of every name, rows [(key, name)]
    of the names it lists (a score of `floor` or more), sorted, under {key: [(weight,
    name)]} of every name under each typed text that more than SCAN names start with)."""
    from table.screens import firstnames as fn

    score = scores() if score is None else score
    floor = FLOOR if floor is None else floor
    cls = classes(score)
    every = sorted((fn.key(n), n) for n in cls)
    under = {}
    counts = {}
    for k, _ in every:
        for i in range(len(k) + 1):
            counts[k[:i]] = counts.get(k[:i], 0) + 1
    for k, n in every:
        for i in range(len(k) + 1):
            if counts[k[:i]] > fn.SCAN:
                under.setdefault(k[:i], []).append((fn.weight(cls[n]), n))
    return cls, [(k, n) for k, n in every if score[n] >= floor], under


def build(score=None, floor=None):
    """The list's file (bytes): see firmware/table/screens/firstnames.py."""
    from table.screens import firstnames as fn

    cls, rows, under = contents(score, floor)
    nodes, blocks = _records(cls, rows, under, rank)
    freq = {"chars": {}, "lcp": {}, "class": {}}
    for rec in nodes + blocks:
        for kind, sym in rec:
            if kind != "align":
                freq[kind][sym] = freq[kind].get(sym, 0) + 1
    codes = {kind: huffman(freq[kind]) for kind in freq}
    tables = bytearray()
    for kind in ("chars", "lcp", "class"):
        per_length, symbols, _ = codes[kind]
        tables += bytes([len(per_length)] + per_length) + len(symbols).to_bytes(2, "big")
        if kind == "chars":  # each symbol's UTF-8 bytes, then its key's, two bytes each (0: none)
            assert all(len(ch.encode()) <= 2 and len(fn.key(ch)) <= 2 for ch in symbols)
            tables += b"".join(ch.encode().ljust(2, b"\0") for ch in symbols)
            tables += b"".join(fn.key(ch).encode().ljust(2, b"\0") for ch in symbols)
        else:
            tables += bytes(symbols)

    def coded(records):
        bits, offsets = Bits(), []
        for rec in records:
            for kind, sym in rec:
                if kind == "align":
                    bits.align()
                    offsets.append(len(bits.data))
                else:
                    bits.put(*codes[kind][2][sym])
        index = b"".join(o.to_bytes(3, "big") for o in offsets)
        return bytes(bits.data), index

    nodes_part, node_index = coded(nodes)
    names_part, name_index = coded(blocks)
    head = (HEADER % FAKER_VERSION).encode()
    sections = (bytes(tables), nodes_part, node_index, names_part, name_index)
    first = "firstnames 2 %d %d" % (BLOCK, len(rows))
    width = len(first) + 6 * 7 + 1  # room for the offsets
    at = width + len(head)
    offsets = []
    for part in sections:
        offsets.append(at)
        at += len(part)
    line = ("%s %s %d" % (first, " ".join(str(o) for o in offsets), at)).ljust(width - 1) + "\n"
    assert len(line) == width
    return line.encode() + head + b"".join(sections)


HEADER = (
    "# The name editor's list of first names (firmware/table/screens/firstnames.py reads it).\n"
    "# Built by python -m host_tools firstnames from Faker %s's person providers,\n"
    "# https://github.com/joke2k/faker, MIT License, Copyright (c) 2012 Daniele Faraglia.\n"
)


OUT = os.path.join(FIRMWARE, "table", "screens", "firstnames.txt")


def main(argv):
    import argparse

    from host_tools import ArgumentParser

    parser = ArgumentParser(
        prog="firstnames",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        example="python -m host_tools firstnames          # write firmware/table/screens/firstnames.txt\n"
        "python -m host_tools firstnames --check  # the committed file is what Faker gives",
    )
    parser.add_argument("--check", action="store_true", help="fail when %s differs from what would be written" % OUT)
    args = parser.parse_args(argv)
    data = build()
    if args.check:
        with open(OUT, "rb") as f:
            if f.read() != data:
                raise UserError("%s is not what Faker %s gives: python -m host_tools firstnames" % (OUT, FAKER_VERSION))
        print("firstnames: %s is up to date" % os.path.relpath(OUT))
        return 0
    with open(OUT, "wb") as f:
        f.write(data)
    print("firstnames: wrote %s: %d bytes" % (os.path.relpath(OUT), len(data)))
    return 0
