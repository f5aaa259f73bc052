"""The QR encoder (firmware/table/live/qr.py): sizes, levels, the fixed patterns, format bits and
Reed-Solomon codewords against published values, a whole symbol against a reference
writer's, the mask choice, errors, and drawing. tests/host/test_qr_decode.py decodes
what it draws."""

import sys

from canvas_record import RecordingCanvas
from raising import value_error

from table.live import qr

MPY = sys.implementation.name == "micropython"

# Byte-mode capacity per version 1..6 (ISO/IEC 18004 table 7).
CAPACITY_L = (17, 32, 53, 78, 106, 134)
CAPACITY_M = (14, 26, 42, 62, 84, 106)

URL = "http://192.168.4.1/"
# zxing-cpp 3.1.1's writer, "http://table.local/" in byte mode at level M: version 2,
# mask 6 (its choice and ours); a row each, the leftmost module the most significant
# bit, 1 dark. (A text without digits: with digits its writer mixes in numeric mode.)
REF = "http://table.local/"
REF_ROWS = (
    0x1FD347F, 0x105B941, 0x175AB5D, 0x1744D5D, 0x1757D5D, 0x104FC41, 0x1FD557F, 0xEA00,
    0x13F2B97, 0x1322E3E, 0x16E3BF9, 0x1B89A8F, 0x547961, 0x17B0F12, 0x1C73BAF,
    0x170A075, 0x11F05F6, 0x1FD12, 0x1FD2159, 0x1051712, 0x1759FF9, 0x17504EB,
    0x17495B7, 0x1044477, 0x1FD4F49,
)  # fmt: skip


def rows(symbol):
    n = symbol.size
    out = []
    for y in range(n):
        r = 0
        for x in range(n):
            r = r << 1 | symbol.dark(x, y)
        out.append(r)
    return tuple(out)


def test_capacity_per_version_and_level():
    for v in range(1, 7):
        assert qr.capacity(v, "L") == CAPACITY_L[v - 1]
        assert qr.capacity(v, "M") == CAPACITY_M[v - 1]


def test_smallest_version_and_its_size():
    for v in range(1, 7):
        s = qr.encode("a" * CAPACITY_L[v - 1])
        assert (s.version, s.size, len(s.modules)) == (v, 4 * v + 17, (4 * v + 17) ** 2)
        if v < 6:
            assert qr.encode("a" * (CAPACITY_L[v - 1] + 1)).version == v + 1


def test_level_m_when_it_fits_the_same_version():
    assert [qr.encode("a" * n).level for n in (1, 14, 15, 17)] == ["M", "M", "L", "L"]
    assert (qr.encode("a" * 18).version, qr.encode("a" * 18).level) == (2, "M")
    assert (qr.encode("a" * 106).version, qr.encode("a" * 106).level) == (5, "L")
    assert (qr.encode("a" * 107).version, qr.encode("a" * 107).level) == (6, "L")


def test_utf8_counts_bytes():
    assert qr.encode("é" * 67).version == 6  # 134 bytes
    assert qr.encode(b"\xff" * 134).version == 6
    assert "135 bytes" in value_error(qr.encode, "a" * 135)
    assert "136 bytes" in value_error(qr.encode, "é" * 68)
    assert "134" in value_error(qr.encode, "x" * 500)


def test_finder_timing_alignment_and_dark_module():
    for v in range(1, 7):
        s = qr.encode("b" * CAPACITY_L[v - 1])
        n = s.size
        for cx, cy in ((0, 0), (n - 7, 0), (0, n - 7)):
            for dy in range(-1, 8):
                for dx in range(-1, 8):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        d = max(abs(dx - 3), abs(dy - 3))
                        assert s.dark(x, y) == (d != 2 and d != 4), (v, x, y)
        for i in range(8, n - 8):
            assert s.dark(i, 6) == s.dark(6, i) == (i % 2 == 0)
        assert s.dark(8, n - 8)
        if v > 1:
            c = n - 7
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    assert s.dark(c + dx, c + dy) == (max(abs(dx), abs(dy)) != 1)


def test_format_bits_known_values():
    # The standard's table of format information: level L mask 4, M mask 0, L mask 0, M mask 5.
    assert qr.format_bits("L", 4) == 0b110011000101111
    assert qr.format_bits("M", 0) == 0b101010000010010
    assert qr.format_bits("L", 0) == 0b111011111000100
    assert qr.format_bits("M", 5) == 0b100000011001110


def test_format_bits_in_both_copies():
    for text in ("x", "y" * 20, "z" * 100):
        s = qr.encode(text)
        n = s.size
        top = bottom = 0
        top_cells = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(14 - i, 8) for i in range(9, 15)]
        bottom_cells = [(n - 1 - i, 8) for i in range(8)] + [(8, n - 15 + i) for i in range(8, 15)]
        for i in range(15):
            top |= s.dark(*top_cells[i]) << i
            bottom |= s.dark(*bottom_cells[i]) << i
        assert top == bottom == qr.format_bits(s.level, s.mask)


def test_reed_solomon_known_vector():
    # "HELLO WORLD" at 1-M (alphanumeric): its 16 data codewords and 10 EC codewords.
    data = bytes((32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17))
    assert list(qr.rs_ecc(data, 10)) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
    # A codeword with its remainder appended divides by the generator: remainder 0.
    word = bytes(range(1, 30))
    assert not any(qr.rs_ecc(word + bytes(qr.rs_ecc(word, 18)), 18))


def test_whole_symbol_as_a_reference_writer_makes_it():
    s = qr.encode(REF, mask=6)
    assert (s.version, s.level, s.mask) == (2, "M", 6)
    assert rows(s) == REF_ROWS
    assert qr.encode(REF).modules == s.modules


def test_mask_has_the_least_penalty():
    for text in (REF, URL, "WIFI:S:Table-3F2A;T:WPA;P:q8w7e6r5t4y3;;", "ab" * 40):
        s = qr.encode(text)
        scores = [qr.penalty(qr.encode(text, mask=k).modules, s.size) for k in range(8)]
        assert scores[s.mask] == min(scores)
        assert scores.index(min(scores)) == s.mask  # the first of equals


def test_same_symbol_on_every_runtime():
    # Fixed expectation: CPython and MicroPython pick the same mask and modules.
    s = qr.encode("WIFI:S:Table-3F2A;T:WPA;P:q8w7e6r5t4y3;;")
    assert (s.version, s.level, s.mask) == (3, "M", 2)
    assert sum(s.modules) == 429


def test_fit_picks_the_largest_scale_then_the_quiet_zone():
    sizes = {v: qr.encode("a" * CAPACITY_L[v - 1]) for v in range(1, 7)}
    assert [qr.fit(sizes[v], 64, 64) for v in range(1, 7)] == [(2, 2), (2, 2), (2, 1), (1, 2), (1, 2), (1, 2)]
    assert qr.fit(sizes[1], 128, 64) == (2, 2)  # the shorter side counts
    assert qr.fit(sizes[1], 23, 23) == (1, 1)
    assert "21-module" in value_error(qr.fit, sizes[1], 22, 64)


def paint(canvas):
    """The recorded fill_rects as pixels: a byte each, row by row, 2 where none fell."""
    px = bytearray(b"\x02" * (canvas.width * canvas.height))
    for kind, x, y, w, h, color in canvas.shapes:
        assert kind == "fill_rect"
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                px[yy * canvas.width + xx] = color
    return px


def check_drawn(lit, symbol, x, y, scale, quiet):
    """lit(px, py) is the drawn pixel: every module and the quiet zone as it should be."""
    n = symbol.size
    for my in range(-quiet, n + quiet):
        for mx in range(-quiet, n + quiet):
            light = not (0 <= mx < n and 0 <= my < n and symbol.dark(mx, my))
            for sy in range(scale):
                for sx in range(scale):
                    px = x + (mx + quiet) * scale + sx
                    py = y + (my + quiet) * scale + sy
                    assert lit(px, py) == light, (mx, my, sx, sy)


def test_draw_light_modules_lit_with_a_quiet_zone():
    s = qr.encode(URL)
    for scale, quiet in ((1, 1), (2, 2), (2, 1), (3, 4)):
        c = RecordingCanvas(110, 105)
        side = qr.draw(c, 5, 3, s, scale, quiet)
        assert side == (s.size + 2 * quiet) * scale
        px = paint(c)
        assert sum(1 for b in px if b != 2) == side * side  # nothing outside the symbol and its margin
        check_drawn(lambda x, y: px[y * c.width + x] == 1, s, 5, 3, scale, quiet)
    assert "quiet zone" in value_error(qr.draw, RecordingCanvas(), 0, 0, s, 1, 0)


def test_draw_on_the_real_canvas():
    if not MPY:
        from skipping import skip

        skip("canvas.py draws with framebuf, which only MicroPython has")
    from table.device.canvas import Canvas

    c = Canvas()
    wifi = qr.encode("WIFI:S:Table-3F2A;T:WPA;P:q8w7e6r5t4y3;;")
    url = qr.encode(URL)
    for i, s in enumerate((wifi, url)):
        scale, quiet = qr.fit(s, 64, 64)
        qr.draw(c, 64 * i, 0, s, scale, quiet)

    def lit(x, y):
        return c.buffer[(y >> 3) * c.width + x] >> (y & 7) & 1 == 1

    check_drawn(lit, wifi, 0, 0, 2, 1)
    check_drawn(lit, url, 64, 0, 2, 2)
