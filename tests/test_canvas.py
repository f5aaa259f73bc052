"""Canvas drawing lands in the SSD1306 page layout (MicroPython only: needs framebuf)."""

import sys

from skipping import skip

MPY = sys.implementation.name == "micropython"


def _canvas():
    from table.device.canvas import Canvas

    return Canvas()


def _px(c, x, y):
    return c.buffer[(y >> 3) * c.width + x] >> (y & 7) & 1


def test_size_and_page_layout():
    if not MPY:
        skip("canvas.py draws with framebuf, which only MicroPython has")
    c = _canvas()
    assert (c.width, c.height, len(c.buffer)) == (128, 64, 1024)
    c.fill_rect(3, 10, 1, 1)
    assert c.buffer[1 * 128 + 3] == 1 << 2
    c.hline(0, 63, 128)
    assert all(c.buffer[7 * 128 + x] == 0x80 for x in range(128))
    c.clear()
    assert c.buffer == bytearray(1024)


def test_rect_is_an_outline():
    if not MPY:
        skip("canvas.py draws with framebuf, which only MicroPython has")
    c = _canvas()
    c.rect(10, 8, 5, 8)
    assert c.buffer[128 + 10] == 0xFF and c.buffer[128 + 14] == 0xFF
    assert c.buffer[128 + 12] == 0x81


def test_text_and_width():
    if not MPY:
        skip("canvas.py draws with framebuf, which only MicroPython has")
    c = _canvas()
    c.text("I", 0, 0)
    assert any(c.buffer[x] for x in range(8))
    assert not any(c.buffer[8:128])
    assert c.text_width("abc") == 24 and c.text_width("abc", 3) == 72


def test_big_text_scales_the_font():
    if not MPY:
        skip("canvas.py draws with framebuf, which only MicroPython has")
    small, big = _canvas(), _canvas()
    small.text("A7", 0, 0)
    big.text("A7", 2, 4, scale=3)
    for y in range(24):
        for x in range(48):
            assert _px(big, x + 2, y + 4) == _px(small, x // 3, y // 3), (x, y)
    lit = sum(_px(big, x, y) for x in range(128) for y in range(64))
    assert lit == 9 * sum(_px(small, x, y) for x in range(16) for y in range(8))


def test_center_and_dark_text_on_light():
    if not MPY:
        skip("canvas.py draws with framebuf, which only MicroPython has")
    c = _canvas()
    c.center("AB", 0, scale=2)
    cols = [x for x in range(128) if any(_px(c, x, y) for y in range(16))]
    assert cols[0] >= (128 - 32) // 2 and cols[-1] < (128 + 32) // 2
    c.clear()
    c.fill_rect(0, 0, 128, 16)
    c.text("W", 0, 0, 2, 0)
    dark = [(x, y) for x in range(16) for y in range(16) if not _px(c, x, y)]
    assert dark and all(_px(c, x, y) for x in range(16, 128) for y in range(16))


def test_names_outside_ascii_draw_transliterated_never_as_boxes():
    if not MPY:
        skip("canvas.py draws with framebuf, which only MicroPython has")
    for name, shown in (("Zoë", "Zoe"), ("Straße", "Strasse"), ("Ñu", "Nu")):
        for scale in (1, 2):
            a, b = _canvas(), _canvas()
            a.text(name, 0, 0, scale)
            b.text(shown, 0, 0, scale)
            assert a.buffer == b.buffer, (name, scale)
            assert a.text_width(name, scale) == b.text_width(shown, scale)
    box = _canvas()
    box.fb.text("\x7f", 0, 0, 1)  # framebuf's glyph for what its font lacks
    c = _canvas()
    c.text("é", 0, 0)
    assert c.buffer[:8] != box.buffer[:8]
