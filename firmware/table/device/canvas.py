"""What the UI draws on: a monochrome frame in the SSD1306 page layout.

`buffer` (MONO_VLSB: byte `page * width + x` holds pixel rows `8 * page .. + 7` of
column x, bit 0 = top) goes straight to `SSD1306.show`. Text uses the built-in 8x8
font (ASCII only: every text goes through names.to_ascii, so a name such as "Zoë"
shows as "Zoe", never as boxes); `scale` > 1 draws each font pixel as a `scale` x
`scale` block.
"""

import framebuf

from ..rules.names import to_ascii

FONT = 8  # font cell width and height in pixels


class Canvas:
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * ((height + 7) // 8))
        self.fb = framebuf.FrameBuffer(self.buffer, width, height, framebuf.MONO_VLSB)
        self._glyph = bytearray(FONT)  # one character, one byte per column
        self._glyph_fb = framebuf.FrameBuffer(self._glyph, FONT, FONT, framebuf.MONO_VLSB)

    def clear(self):
        self.fb.fill(0)

    def text_width(self, s, scale=1):
        return len(to_ascii(s)) * FONT * scale

    def text(self, s, x, y, scale=1, color=1):
        s = to_ascii(s)
        if scale == 1:
            self.fb.text(s, x, y, color)
            return
        fill = self.fb.fill_rect
        glyph = self._glyph
        for ch in s:
            self._glyph_fb.fill(0)
            self._glyph_fb.text(ch, 0, 0, 1)
            for col in range(FONT):
                bits = glyph[col]
                row = 0
                while bits:
                    if bits & 1:
                        run = 0  # vertical run of set pixels: one rectangle
                        while bits & 1:
                            run += 1
                            bits >>= 1
                        fill(x + col * scale, y + row * scale, scale, run * scale, color)
                        row += run
                    else:
                        bits >>= 1
                        row += 1
            x += FONT * scale

    def center(self, s, y, scale=1, color=1):
        self.text(s, (self.width - self.text_width(s, scale)) // 2, y, scale, color)

    def fill_rect(self, x, y, w, h, color=1):
        self.fb.fill_rect(x, y, w, h, color)

    def rect(self, x, y, w, h, color=1):
        self.fb.rect(x, y, w, h, color)

    def hline(self, x, y, w, color=1):
        self.fb.hline(x, y, w, color)
