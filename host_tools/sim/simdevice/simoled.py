"""A model of an SSD1306 or SH1106 OLED controller behind I2C (runs on both runtimes).

`write(buf)` takes one I2C transfer (control bytes, commands, display data) and
updates the GDDRAM, the address pointer and the display state (a transfer handed
over in pieces: `begin()`, then `feed(piece)` for each); `visible()` is what the
glass shows: `width * height // 8` bytes in the SSD1306 page layout. Nothing is
allocated per byte, command or transfer (the simulator's work stays off the
firmware's heap): `visible(out)` fills a buffer the caller made once. Modelled:
page addressing (both), horizontal / vertical addressing with column and page
windows (SSD1306 only), segment / COM remap, start line, display offset, inverse,
entire-display-on, contrast (`brightness()`), display on/off and the charge pump (SSD1306: off at reset, the
screen stays dark without `8D 14`; SH1106: DC-DC on at reset).
"""

# Commands with arguments: opcode -> argument count.
SSD1306_ARGS = {
    0x20: 1,
    0x21: 2,
    0x22: 2,
    0x26: 6,
    0x27: 6,
    0x29: 5,
    0x2A: 5,
    0x81: 1,
    0x8D: 1,
    0xA3: 2,
    0xA8: 1,
    0xD3: 1,
    0xD5: 1,
    0xD9: 1,
    0xDA: 1,
    0xDB: 1,
}
SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


class Panel:
    def __init__(self, sh1106=False, width=128, height=64):
        self.sh1106 = sh1106
        self.width = width
        self.height = height
        self.cols = 132 if sh1106 else 128  # GDDRAM columns
        self.offset = 2 if sh1106 else 0  # first RAM column on the glass (SEG0 side)
        self.ram = bytearray(self.cols * 8)
        self.args = SH1106_ARGS if sh1106 else SSD1306_ARGS
        self.page = 0
        self.col = 0
        self.mode = 2  # 0 horizontal, 1 vertical, 2 page (SSD1306)
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.on = False
        self.pump = sh1106
        self.inverse = False
        self.all_on = False
        self.seg_remap = False
        self.com_remap = False
        self.start_line = 0
        self.display_offset = 0
        self.contrast = 0x80 if sh1106 else 0x7F
        self.bytes = 0  # I2C payload bytes received
        self.data_while_off = 0  # display data bytes received while the display was off
        self.changed = True  # something that may change the image happened
        self._cmd = None  # command waiting for arguments
        self._need = 0
        self._args = bytearray(8)  # its arguments so far (a buffer made once)
        self._got = 0
        self._ctrl = True  # in a transfer: the next byte is a control byte
        self._co = False  # the last control byte had Co=1 (one byte, then another control)
        self._dc = 0  # the last control byte's D/C# bit (0x40: data)

    # I2C ----------------------------------------------------------------------

    def write(self, buf):
        """One I2C write transfer (after the address byte)."""
        self.begin()
        self.feed(buf)

    def begin(self):
        """A transfer starts: its first byte is a control byte."""
        self._ctrl = True

    def feed(self, buf):
        """The transfer's next bytes."""
        self.bytes += len(buf)
        for i in range(len(buf)):
            b = buf[i]
            if self._ctrl:
                self._co = bool(b & 0x80)  # Co=1: one byte, then another control byte
                self._dc = b & 0x40
                self._ctrl = False
            else:
                self._byte(b, self._dc)
                if self._co:
                    self._ctrl = True

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        elif self._cmd is not None:
            self._args[self._got] = b
            self._got += 1
            if self._got == self._need:
                cmd = self._cmd
                self._cmd = None
                self._command(cmd, self._args)
        elif b in self.args:
            self._cmd = b
            self._need = self.args[b]
            self._got = 0
        else:
            self._command(b, self._args)

    def _data(self, b):
        if not self.on:
            self.data_while_off += 1
        page, col = self.page, self.col
        if col < self.cols and page < 8:
            i = page * self.cols + col
            if self.ram[i] != b:
                self.ram[i] = b
                self.changed = True
        if self.sh1106 or self.mode == 2:
            col += 1
            if not self.sh1106 and col > 127:
                col = 0
        elif self.mode == 0:
            col += 1
            if col > self.col_end:
                col = self.col_start
                page = self.page_start if page >= self.page_end else page + 1
        else:
            page += 1
            if page > self.page_end:
                page = self.page_start
                col = self.col_start if col >= self.col_end else col + 1
        self.page, self.col = page, col

    def _command(self, c, a):
        self.changed = True
        if c <= 0x0F:
            self.col = (self.col & 0xF0) | c
        elif c <= 0x1F:
            self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif c == 0x20:
            self.mode = a[0] & 3
        elif c == 0x21:
            self.col_start, self.col_end = a[0] & 0x7F, a[1] & 0x7F
            self.col = self.col_start
        elif c == 0x22:
            self.page_start, self.page_end = a[0] & 7, a[1] & 7
            self.page = self.page_start
        elif c == 0x81:
            self.contrast = a[0]
        elif c == 0x8D:
            self.pump = bool(a[0] & 0x04)
        elif c == 0xAD:
            self.pump = bool(a[0] & 0x01)
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xA4, 0xA5):
            self.all_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverse = c == 0xA7
        elif c in (0xAE, 0xAF):
            self.on = c == 0xAF
        elif c in (0xC0, 0xC8):
            self.com_remap = c == 0xC8
        elif c == 0xD3:
            self.display_offset = a[0] & 0x3F
        # Timing, multiplex, COM pins, VCOMH, pump voltage, scrolling, NOP: no image effect.

    # The glass ----------------------------------------------------------------

    def brightness(self):
        """How bright the lit pixels are, 0-255: the contrast (the segment current is
        proportional to it; 0 is faint, not dark); -1 while the display is off."""
        return self.contrast if self.on and self.pump else -1

    def visible(self, out=None):
        """The image on the glass, page layout, `width * height // 8` bytes: in `out`
        (a buffer of that size, overwritten) or a new bytearray."""
        w, pages = self.width, self.height // 8
        if out is None:
            out = bytearray(w * pages)
        else:
            for i in range(len(out)):
                out[i] = 0
        if not (self.on and self.pump):
            return out
        if self.all_on:
            for i in range(len(out)):
                out[i] = 0xFF
            return out
        ram, cols = self.ram, self.cols
        shift = (self.start_line + self.display_offset) & 63
        if self.seg_remap and self.com_remap and shift == 0:
            for p in range(pages):
                a = p * cols + self.offset
                o = p * w
                for x in range(w):  # byte by byte: a slice would be a new object
                    out[o + x] = ram[a + x]
        else:
            for y in range(self.height):
                row = (y + shift) & 63
                if not self.com_remap:
                    row = (63 - y + shift) & 63
                for x in range(w):
                    c = self.offset + x if self.seg_remap else self.cols - 1 - self.offset - x
                    if ram[(row >> 3) * cols + c] >> (row & 7) & 1:
                        out[(y >> 3) * w + x] |= 1 << (y & 7)
        if self.inverse:
            for i in range(len(out)):
                out[i] ^= 0xFF
        return out
