"""What the UI draws on, over CircuitPython's displayio (canvas.py's interface).

Screens are written once against canvas.py's methods; on CircuitPython they draw on
this Canvas instead, and `group` is the display's root group:

- shapes (`fill_rect`, `rect`, `hline`, `clear`) go into one 1-bit `Bitmap` covering
  the display, at the bottom of the group;
- each `text` call is an adafruit_display_text `bitmap_label.Label` (a pool of them is
  reused, so redrawing allocates little) above the bitmap.

The 8x8 cell grid. canvas.py draws text in 8x8 cells (x scale): character i of a
text at (x, y) occupies x + 8*scale*i .. +8*scale, y .. y + 8*scale. terminalio.FONT
is 6 x 12 (capitals 8 rows high, 2 rows of descender below the baseline), so `CellFont`
puts each terminalio glyph into the same cell: the advance is a whole cell (8 px, not
6), the glyph sits 1 px in from the cell's left edge (its 6-px box fills columns
1..6, as the 8x8 font's glyphs do), and the label's baseline is placed so that
capitals and digits fill the cell's rows 0..7 (descenders hang 2 rows below it and
the dots of i and j reach 1 row above it). Fonts report their metrics differently
(CircuitPython's built-in terminalio.FONT: 12-row glyphs with dy = 0; Blinka's BDF
copy: dy = -2), so the baseline comes from where the ink of "M" starts in the glyph
the device really has (`CellFont.baseline`).
Same text at the same cell positions: layout, text widths and centring are the
MicroPython ones; only the glyph shapes differ.

Drawing order: text is always above shapes. On framebuf a shape drawn after a text
covers it; no screen does that with a different colour (a white line under white
text looks the same either way).
"""

import displayio
import terminalio
from adafruit_display_text import bitmap_label

from ..rules.names import to_ascii

FONT = 8  # cell width and height in pixels (canvas.py's 8x8 font)
WHITE = 0xFFFFFF

try:
    import bitmaptools  # CircuitPython (and Blinka) fill a region in C
except ImportError:
    bitmaptools = None  # type: ignore[assignment]  # the slower Python fill is used


class _Glyph:
    """The fields adafruit_display_text reads from a fontio.Glyph."""

    def __init__(self, g, dx, advance):
        self.bitmap = g.bitmap
        self.tile_index = g.tile_index
        self.width = g.width
        self.height = g.height
        self.dx = g.dx + dx
        self.dy = g.dy
        self.shift_x = advance
        self.shift_y = g.shift_y


class CellFont:
    """A font (terminalio.FONT) laid out in FONT-wide cells: one cell per character."""

    def __init__(self, font, cell=FONT):
        self.font = font
        self.cell = cell
        self._glyphs = {}
        width, height = font.get_bounding_box()[:2]
        self.height = height
        self.dx = (cell - width + 1) // 2  # 6-wide glyphs: 1 px in
        m = font.get_glyph(ord("M"))
        self.ascent = m.height + m.dy  # rows of the glyph box above the baseline
        self.descent = -m.dy
        # The baseline below the cell's top: the capital's first row of ink at row 0.
        self.baseline = self.ascent - _ink_top(m)

    def get_bounding_box(self):
        return (self.cell, self.height)

    def get_glyph(self, codepoint):
        g = self._glyphs.get(codepoint)
        if g is None:
            src = self.font.get_glyph(codepoint)
            if src is None:
                src = self.font.get_glyph(ord("?"))
                if src is None:
                    return None
            g = self._glyphs[codepoint] = _Glyph(src, self.dx, self.cell)
        return g


def _ink_top(g):
    """The first row of a glyph's box with ink in it."""
    x0 = g.tile_index * g.width  # a font's glyphs may share one bitmap, side by side
    for y in range(g.height):
        for x in range(g.width):
            if g.bitmap[x0 + x, y]:
                return y
    return 0


_font = None


def cell_font():
    """The shared CellFont over terminalio.FONT."""
    global _font
    if _font is None:
        _font = CellFont(terminalio.FONT)
    return _font


class Canvas:
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.font = cell_font()
        self.group = displayio.Group()
        self.bitmap = displayio.Bitmap(width, height, 2)
        palette = displayio.Palette(2)
        palette[0] = 0
        palette[1] = WHITE
        self.group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self._labels = []  # the pool, in the group above the bitmap
        self.texts = []  # (s, x, y, scale, color) drawn since clear(), in order

    def clear(self):
        self.bitmap.fill(0)
        for label in self._labels[: len(self.texts)]:
            label.hidden = True
        self.texts = []

    def text_width(self, s, scale=1):
        return len(to_ascii(s)) * FONT * scale

    def text(self, s, x, y, scale=1, color=1):
        s = to_ascii(s)  # the terminal font is ASCII only (names.py)
        if not s:
            return
        rgb = WHITE if color else 0
        i = len(self.texts)
        if i < len(self._labels):
            label = self._labels[i]
            label.scale = scale
            label.color = rgb
            label.text = s
            label.hidden = False
        else:
            label = bitmap_label.Label(self.font, text=s, color=rgb, scale=scale, base_alignment=True)
            self._labels.append(label)
            self.group.append(label)
        label.x = x
        label.y = y + self.font.baseline * scale
        self.texts.append((s, x, y, scale, color))

    def center(self, s, y, scale=1, color=1):
        self.text(s, (self.width - self.text_width(s, scale)) // 2, y, scale, color)

    def fill_rect(self, x, y, w, h, color=1):
        # Clip like framebuf: parts off the display are dropped.
        x0 = max(x, 0)
        y0 = max(y, 0)
        x1 = min(x + w, self.width)
        y1 = min(y + h, self.height)
        if x0 >= x1 or y0 >= y1:
            return
        value = 1 if color else 0
        if bitmaptools is not None:
            bitmaptools.fill_region(self.bitmap, x0, y0, x1, y1, value)
            return
        bitmap = self.bitmap
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                bitmap[xx, yy] = value

    def rect(self, x, y, w, h, color=1):
        if w <= 0 or h <= 0:
            return
        self.fill_rect(x, y, w, 1, color)
        self.fill_rect(x, y + h - 1, w, 1, color)
        self.fill_rect(x, y, 1, h, color)
        self.fill_rect(x + w - 1, y, 1, h, color)

    def hline(self, x, y, w, color=1):
        self.fill_rect(x, y, w, 1, color)
