"""SSD1306 / SH1106 I2C OLED driver that sends only what changed.

`show(buffer)` takes a frame in the SSD1306 page layout (MONO_VLSB: one byte = 8
pixel rows of one column, `width` bytes per page, `height // 8` pages), compares it
with a shadow copy of what the panel holds and, page by page, sends only the changed
column runs. Page addressing mode only, so the same code drives the SH1106 (132-column
RAM, the 128 visible columns start at column 2).

Statistics (payload bytes handed to the I2C controller, control bytes included):
`bytes_sent` (total), `last_update_bytes` (the last `show`), `updates` (`show` calls),
`errors` (I2C errors swallowed by `show`; the next `show` then resends everything).
"""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


CONTRAST = const(0xCF)  # set at init; the display's dimming lowers it (hw.Hardware)
CTRL_CMD = const(0x00)  # Co=0, D/C#=0: the rest of the transfer is commands
CTRL_DATA = const(0x40)  # Co=0, D/C#=1: the rest of the transfer is display data


def init_sequence(height, sh1106):
    """Commands that configure the controller (display left off): page addressing,
    segment and COM remapped so a usual module is upright, charge pump / DC-DC on.
    The SH1106 differs: page addressing is its only mode, its pre-charge and VCOMH
    levels, and a DC-DC converter where the SSD1306 has a charge pump."""
    # fmt: off
    return (
        (0xAE,)                                   # display off
        + (() if sh1106 else (0x20, 0x02))        # page addressing
        + (0x40,                                  # start line 0
           0xA1,                                  # columns mirrored
           0xA8, height - 1,                      # multiplex: the panel's rows
           0xC8,                                  # rows mirrored
           0xD3, 0x00,                            # no vertical offset
           0xDA, 0x12 if sh1106 or height == 64 else 0x02,  # COM pins layout
           0xD5, 0x80,                            # clock
           0xD9, 0x22 if sh1106 else 0xF1,        # pre-charge
           0xDB, 0x35 if sh1106 else 0x30,        # VCOMH
           0x81, CONTRAST)                        # contrast
        + ((0xAD, 0x8B, 0x32) if sh1106 else ())  # DC-DC on, 8 V
        + (0xA4, 0xA6)                            # show the RAM, not inverted
        + (() if sh1106 else (0x8D, 0x14))        # charge pump on
    )
    # fmt: on


class SSD1306:
    """A 128x64 (or 128x32) OLED on I2C; `sh1106=True` for the SH1106 controller."""

    MERGE_GAP = 6  # unchanged columns bridged inside a run (a new run costs 6 bytes)
    SH1106_COLUMN_OFFSET = 2

    def __init__(self, i2c, addr=0x3C, width=128, height=64, sh1106=False):
        if width < 1 or width > 128 or height % 8 or not 8 <= height <= 64:
            raise ValueError("unsupported display size %dx%d" % (width, height))
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.sh1106 = sh1106
        self.column_offset = self.SH1106_COLUMN_OFFSET if sh1106 else 0
        self.shadow = bytearray(width * self.pages)  # what the panel holds
        self._valid = False  # shadow unknown: the next show sends everything
        self._cmd = bytearray(4)  # control byte + page + column low + column high
        self._one = bytearray(3)  # control byte + command + argument
        self._vec = [bytes((CTRL_DATA,)), None]  # writevto vector: control, data
        self._src = None  # the buffer last shown and its per-page views
        self._src_pages = ()
        mv = memoryview(self.shadow)
        self._shadow_pages = [mv[p * width : (p + 1) * width] for p in range(self.pages)]
        self.bytes_sent = 0
        self.last_update_bytes = 0
        self.updates = 0
        self.errors = 0

    # Commands -----------------------------------------------------------------

    def _command(self, c, arg=None):
        buf = self._one
        buf[0] = CTRL_CMD
        buf[1] = c
        if arg is None:
            self.i2c.writeto(self.addr, memoryview(buf)[:2])
            self.bytes_sent += 2
        else:
            buf[2] = arg
            self.i2c.writeto(self.addr, buf)
            self.bytes_sent += 3

    def init(self):
        """Configure the controller, clear its RAM and turn the display on."""
        data = bytes((CTRL_CMD,) + init_sequence(self.height, self.sh1106))
        self.i2c.writeto(self.addr, data)
        self.bytes_sent += len(data)
        self._use(bytearray(self.width * self.pages))
        self._send_all()
        self._valid = True
        self.power(True)

    def power(self, on):
        self._command(0xAF if on else 0xAE)

    def contrast(self, v):
        self._command(0x81, max(0, min(255, v)))

    def invert(self, on):
        self._command(0xA7 if on else 0xA6)

    def invalidate(self):
        """Forget what the panel holds: the next show sends the whole frame."""
        self._valid = False

    # Frames -------------------------------------------------------------------

    def _send(self, page, c0, c1):
        """Send columns c0..c1-1 of `page` from the source frame and update the shadow."""
        col = c0 + self.column_offset
        cmd = self._cmd
        cmd[0] = CTRL_CMD
        cmd[1] = 0xB0 | page
        cmd[2] = col & 0x0F
        cmd[3] = 0x10 | (col >> 4)
        self.i2c.writeto(self.addr, cmd)
        data = self._src_pages[page][c0:c1]
        vec = self._vec
        vec[1] = data
        self.i2c.writevto(self.addr, vec)
        vec[1] = None
        self._shadow_pages[page][c0:c1] = data
        self.bytes_sent += 5 + c1 - c0

    def _use(self, buffer):
        if buffer is not self._src:
            w = self.width
            if len(buffer) != w * self.pages:
                raise ValueError("frame must be %d bytes" % (w * self.pages))
            mv = memoryview(buffer)
            self._src_pages = [mv[p * w : (p + 1) * w] for p in range(self.pages)]
            self._src = buffer

    def _send_all(self):
        for p in range(self.pages):
            self._send(p, 0, self.width)

    def show(self, buffer):
        """Bring the panel to `buffer` (page layout), sending only the changed runs.

        Returns the bytes sent. An I2C error is counted in `errors`, not raised."""
        self._use(buffer)
        before = self.bytes_sent
        self.updates += 1
        try:
            if self._valid:
                self._send_changes(buffer)
            else:
                self._send_all()
                self._valid = True
        except OSError:
            self.errors += 1
            self._valid = False
        self.last_update_bytes = self.bytes_sent - before
        return self.last_update_bytes

    def _send_changes(self, buffer):
        w = self.width
        sh = self.shadow
        gap_max = self.MERGE_GAP
        for p in range(self.pages):
            if self._src_pages[p] == self._shadow_pages[p]:
                continue
            base = p * w
            c = 0
            while c < w:
                if buffer[base + c] == sh[base + c]:
                    c += 1
                    continue
                start = c
                end = c + 1
                gap = 0
                c += 1
                while c < w:
                    if buffer[base + c] != sh[base + c]:
                        end = c + 1
                        gap = 0
                    else:
                        gap += 1
                        if gap > gap_max:
                            break
                    c += 1
                self._send(p, start, end)
