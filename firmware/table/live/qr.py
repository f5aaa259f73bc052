"""QR codes (ISO/IEC 18004, model 2) made on the device, for the Wi-Fi screen.

`encode(text)` makes a symbol: byte mode (UTF-8), the smallest version 1..6 that holds
the text (up to 134 bytes; a longer text raises ValueError), error correction level M
when the text fits M in that version, else L (the same size either way, and M reads
better off a small, glaring OLED), Reed-Solomon over GF(256), the mask with the lowest
penalty by the standard's four rules. Versions 1..6 carry no version blocks and a
single alignment pattern. Not here: numeric, alphanumeric, Kanji or ECI modes, levels
Q and H, versions above 6.

`draw(canvas, x, y, symbol, scale, quiet)` draws it light on dark, as a phone expects:
light modules and the quiet zone lit, dark modules unlit. `fit(symbol, width, height)`
says the largest scale, and the quiet zone (2 modules when there is room, else 1),
that fit a box: e.g. a version 3 symbol at 2 pixels a module in 64 by 64 pixels. Both
are qr_draw.py's, which the Wi-Fi screen keeps while it shows the codes (as
qr_draw.Matrix): the encoder leaves the heap once they are made (#46).
"""

from .qr_draw import draw, fit  # noqa: F401  (qr.draw, qr.fit: named here too)

VERSIONS = 6
# Per version 1..6: codewords in all; per level, EC codewords per block and blocks.
_TOTAL = (26, 44, 70, 100, 134, 172)
_EC = {"L": (7, 10, 15, 20, 26, 18), "M": (10, 16, 26, 18, 24, 16)}
_BLOCKS = {"L": (1, 1, 1, 1, 1, 2), "M": (1, 1, 1, 2, 2, 4)}
_LEVEL_BITS = {"L": 1, "M": 0}  # format information's two level bits
_FINDER = b"\x01\x00\x01\x01\x01\x00\x01"  # dark 1:1:3:1:1, penalty rule 3
_LIGHT4 = b"\x00\x00\x00\x00"


class Symbol:
    """A QR symbol: `size` modules square, `modules[y * size + x]` 1 when dark."""

    def __init__(self, version, level, mask, modules):
        self.version = version
        self.level = level
        self.mask = mask
        self.size = 4 * version + 17
        self.modules = modules

    def dark(self, x, y):
        return self.modules[y * self.size + x]


def data_codewords(version, level):
    """The data codewords a symbol of this version and level ("L" or "M") holds."""
    return _TOTAL[version - 1] - _EC[level][version - 1] * _BLOCKS[level][version - 1]


def capacity(version, level):
    """The most bytes a symbol of this version and level holds in byte mode."""
    return data_codewords(version, level) - 2  # 4 bits mode, 8 bits count, 4 bits end


def encode(text, mask=None):
    """The smallest symbol (version 1..6; level M when it fits there, else L) that
    holds `text` (str, as UTF-8, or bytes); ValueError when none does. `mask` (0..7)
    forces a mask instead of the least penalty's."""
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    for version in range(1, VERSIONS + 1):
        for level in "ML":
            if len(data) <= capacity(version, level):
                return _symbol(data, version, level, mask)
    raise ValueError(
        "QR: %d bytes of text, more than the %d a QR code here holds" % (len(data), capacity(VERSIONS, "L"))
    )


def _symbol(data, version, level, only):
    n = 4 * version + 17
    modules, function = _function_patterns(n)
    _place(modules, function, n, _codewords(data, version, level))
    best = None
    trial = bytearray(n * n)  # one matrix for every mask tried, not eight (#46)
    for mask in range(8) if only is None else (only,):
        trial[:] = modules
        _apply_mask(trial, function, n, mask)
        _put_format(trial, n, format_bits(level, mask))
        score = penalty(trial, n)
        if best is None or score < best[0]:
            best = (score, mask)
    _apply_mask(modules, function, n, best[1])
    _put_format(modules, n, format_bits(level, best[1]))
    return Symbol(version, level, best[1], modules)


# Codewords -----------------------------------------------------------------------


def _codewords(data, version, level):
    """Byte-mode data, padded, split into blocks, each with its Reed-Solomon
    codewords; interleaved as the symbol carries them."""
    count = data_codewords(version, level)
    out = bytearray(count)
    out[0] = 0x40 | len(data) >> 4  # mode 0100, then the 8-bit count
    carry = (len(data) & 15) << 4
    i = 1
    for b in data:
        out[i] = carry | b >> 4
        carry = (b & 15) << 4
        i += 1
    out[i] = carry  # the last 4 data bits and the 4-bit terminator
    pad = 0xEC
    for j in range(i + 1, count):
        out[j] = pad
        pad ^= 0xEC ^ 0x11
    blocks = _BLOCKS[level][version - 1]
    degree = _EC[level][version - 1]
    short = count // blocks
    longs = count % blocks  # the last blocks are one codeword longer
    chunks = []
    start = 0
    for k in range(blocks):
        size = short + (k >= blocks - longs)
        chunks.append(out[start : start + size])
        start += size
    ecc = [rs_ecc(c, degree) for c in chunks]
    res = bytearray()
    for j in range(short + 1):
        for c in chunks:
            if j < len(c):
                res.append(c[j])
    for j in range(degree):
        for e in ecc:
            res.append(e[j])
    return res


def _mul(x, y):
    """Product in GF(256) modulo x^8 + x^4 + x^3 + x^2 + 1."""
    z = 0
    for i in range(7, -1, -1):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def rs_ecc(data, degree):
    """The `degree` Reed-Solomon codewords of `data` (generator roots 2^0..2^(degree-1))."""
    gen = bytearray(degree)  # the generator's coefficients below its leading 1
    gen[degree - 1] = 1
    root = 1
    for _ in range(degree):
        for j in range(degree):
            gen[j] = _mul(gen[j], root) ^ (gen[j + 1] if j + 1 < degree else 0)
        root = _mul(root, 2)
    rem = bytearray(degree)
    for b in data:
        f = b ^ rem[0]
        for j in range(degree):
            rem[j] = (rem[j + 1] if j + 1 < degree else 0) ^ _mul(gen[j], f)
    return rem


# The matrix ----------------------------------------------------------------------


def _function_patterns(n):
    """The finder, separator, timing and alignment patterns, the dark module and the
    format areas: (modules, function), each n * n bytes, function 1 where data
    may not go."""
    modules = bytearray(n * n)
    function = bytearray(n * n)

    def put(x, y, dark):
        modules[y * n + x] = dark
        function[y * n + x] = 1

    for i in range(n):
        put(6, i, 1 - i % 2)
        put(i, 6, 1 - i % 2)
    for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                if 0 <= cx + dx < n and 0 <= cy + dy < n:
                    d = max(abs(dx), abs(dy))
                    put(cx + dx, cy + dy, int(d != 2 and d != 4))
    if n > 21:  # versions 2..6: one alignment pattern, centred 7 from bottom right
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                put(n - 7 + dx, n - 7 + dy, int(max(abs(dx), abs(dy)) != 1))
    _put_format(modules, n, 0)
    for i in range(9):  # the format areas, reserved (and the dark module)
        function[8 * n + i] = function[i * n + 8] = 1
        if i < 8:
            function[8 * n + n - 1 - i] = function[(n - 1 - i) * n + 8] = 1
    return modules, function


def format_bits(level, mask):
    """The 15 format information bits: level and mask, BCH(15,5), XOR 0x5412."""
    data = _LEVEL_BITS[level] << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def _put_format(m, n, bits):
    """Both copies of the format bits (bit 0 the least significant), and the dark module."""
    for i in range(15):
        b = bits >> i & 1
        # copy 1, around the top-left finder
        if i < 6:
            m[i * n + 8] = b
        elif i < 8:
            m[(i + 1) * n + 8] = b
        elif i == 8:
            m[8 * n + 7] = b
        else:
            m[8 * n + 14 - i] = b
        # copy 2, under the top-right finder and beside the bottom-left one
        if i < 8:
            m[8 * n + n - 1 - i] = b
        else:
            m[(n - 15 + i) * n + 8] = b
    m[(n - 8) * n + 8] = 1


def _place(m, function, n, codewords):
    """The codewords' bits, most significant first, up and down column pairs from the
    bottom right (the remainder bits stay light)."""
    total = len(codewords) * 8
    i = 0
    right = n - 1
    while right >= 1:
        if right == 6:  # the vertical timing pattern's column is skipped
            right = 5
        upward = (right + 1) & 2 == 0
        for vert in range(n):
            y = n - 1 - vert if upward else vert
            for x in (right, right - 1):
                k = y * n + x
                if not function[k] and i < total:
                    m[k] = codewords[i >> 3] >> (7 - (i & 7)) & 1
                    i += 1
        right -= 2


def _apply_mask(m, function, n, mask):
    k = 0
    for y in range(n):
        for x in range(n):
            if not function[k]:
                if mask == 0:
                    flip = (x + y) % 2 == 0
                elif mask == 1:
                    flip = y % 2 == 0
                elif mask == 2:
                    flip = x % 3 == 0
                elif mask == 3:
                    flip = (x + y) % 3 == 0
                elif mask == 4:
                    flip = (x // 3 + y // 2) % 2 == 0
                elif mask == 5:
                    flip = x * y % 2 + x * y % 3 == 0
                elif mask == 6:
                    flip = (x * y % 2 + x * y % 3) % 2 == 0
                else:
                    flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                if flip:
                    m[k] ^= 1
            k += 1


def penalty(m, n):
    """The mask penalty of a finished matrix: runs of 5 or more (3 + length - 5), 2x2
    blocks (3 each), 1:1:3:1:1 with 4 light modules on one side, the outside counted
    light (40 each), and 10 per 5% of imbalance between dark and light."""
    cols = bytearray(n * n)
    for y in range(n):
        for x in range(n):
            cols[x * n + y] = m[y * n + x]
    score = 0
    for grid in (m, cols):
        for start in range(0, n * n, n):
            line = bytes(grid[start : start + n])
            run = 1
            for i in range(1, n):
                if line[i] == line[i - 1]:
                    run += 1
                    if run == 5:
                        score += 3
                    elif run > 5:
                        score += 1
                else:
                    run = 1
            line = _LIGHT4 + line + _LIGHT4
            at = line.find(_FINDER)
            while at >= 0:
                score += 40 * ((line[at - 4 : at] == _LIGHT4) + (line[at + 7 : at + 11] == _LIGHT4))
                at = line.find(_FINDER, at + 1)
    for y in range(n - 1):
        k = y * n
        for x in range(n - 1):
            c = m[k + x]
            if c == m[k + x + 1] and c == m[k + n + x] and c == m[k + n + x + 1]:
                score += 3
    total = n * n
    dark = sum(m)
    return score + 10 * ((abs(dark * 20 - total * 10) + total - 1) // total - 1)
