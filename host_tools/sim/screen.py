"""Render OLED frames: PNG files and terminal text.

A frame is the display RAM image in the SSD1306 page layout: `width * height // 8`
bytes, byte `page * width + x` holds rows `8 * page .. 8 * page + 7` of column x,
bit 0 the top one (1024 bytes for 128x64).
"""

from table.device import ssd1306  # firmware/table/device/ssd1306.py (host_tools puts firmware/ on the path)

WIDTH = 128
HEIGHT = 64
LIT = (190, 225, 255)  # a white/blue OLED pixel at the firmware's contrast
NORMAL_LEVEL = ssd1306.CONTRAST  # the firmware's contrast (firmware/table/device/ssd1306.py)
DARK = (0, 0, 0)
FRAME_BG = (12, 12, 14)  # around the glass


def pixel(frame, x, y, width=WIDTH):
    return frame[(y >> 3) * width + x] >> (y & 7) & 1


def from_hex(text):
    return bytes.fromhex(text)


def lit(level=NORMAL_LEVEL):
    """A lit pixel's colour at contrast `level` (0-255): LIT at the firmware's contrast
    and above; the segment current falls with the contrast, but even 0 glows faintly
    (a quarter of LIT here)."""
    f = min(1.0, 0.25 + 0.75 * max(0, level) / NORMAL_LEVEL)
    return tuple(int(c * f) for c in LIT)


def to_png(frame, path, scale=4, width=WIDTH, height=HEIGHT, margin=None, level=NORMAL_LEVEL):
    """Save `frame` as an OLED-looking PNG: light pixels on black, each drawn as a
    (scale-1)-pixel square with a thin dark gap, `scale` times the panel size;
    `level`: the panel's contrast (a dimmed display is darker)."""
    from PIL import Image, ImageDraw

    margin = 2 * scale if margin is None else margin
    img = Image.new("RGB", (width * scale + 2 * margin, height * scale + 2 * margin), FRAME_BG)
    draw = ImageDraw.Draw(img)
    draw.rectangle([margin, margin, margin + width * scale - 1, margin + height * scale - 1], fill=DARK)
    dot = max(1, scale - 1)
    colour = lit(level)
    for y in range(height):
        for x in range(width):
            if pixel(frame, x, y, width):
                px, py = margin + x * scale, margin + y * scale
                draw.rectangle([px, py, px + dot - 1, py + dot - 1], fill=colour)
    img.save(path)


def from_png(path, scale=4, width=WIDTH, height=HEIGHT, margin=None):
    """Read back a frame saved by `to_png` (for tests)."""
    from PIL import Image

    margin = 2 * scale if margin is None else margin
    img = Image.open(path).convert("RGB")
    frame = bytearray(width * height // 8)
    for y in range(height):
        for x in range(width):
            r, g, b = img.getpixel((margin + x * scale, margin + y * scale))
            if r + g + b > 100:  # a dimmed pixel too (lit(0) sums to 167)
                frame[(y >> 3) * width + x] |= 1 << (y & 7)
    return bytes(frame)


HALF = (" ", "\u2580", "\u2584", "\u2588")  # none, upper, lower, both


def half_blocks(frame, width=WIDTH, height=HEIGHT):
    """The frame as text, one character per column and two pixel rows (128x32)."""
    lines = []
    for y in range(0, height, 2):
        lines.append(
            "".join(HALF[pixel(frame, x, y, width) | pixel(frame, x, y + 1, width) << 1] for x in range(width))
        )
    return lines


# Quadrant blocks indexed by bits: 1 upper-left, 2 upper-right, 4 lower-left, 8 lower-right.
QUAD = (
    " ",
    "\u2598",
    "\u259d",
    "\u2580",
    "\u2596",
    "\u258c",
    "\u259e",
    "\u259b",
    "\u2597",
    "\u259a",
    "\u2590",
    "\u259c",
    "\u2584",
    "\u2599",
    "\u259f",
    "\u2588",
)


def quadrants(frame, width=WIDTH, height=HEIGHT):
    """The frame as text, 2x2 pixels a character (64x32), for narrow terminals."""
    lines = []
    for y in range(0, height, 2):
        row = []
        for x in range(0, width, 2):
            row.append(
                QUAD[
                    pixel(frame, x, y, width)
                    | pixel(frame, x + 1, y, width) << 1
                    | pixel(frame, x, y + 1, width) << 2
                    | pixel(frame, x + 1, y + 1, width) << 3
                ]
            )
        lines.append("".join(row))
    return lines


# Braille cells: 2 x 4 dots, bit per dot (column 0: rows 0-2 bits 0-2, row 3 bit 6;
# column 1: rows 0-2 bits 3-5, row 3 bit 7).
BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def braille(frame, width=WIDTH, height=HEIGHT):
    """The frame as text, 2x4 pixels a character (64x16), for an 80x24 terminal."""
    lines = []
    for y in range(0, height, 4):
        row = []
        for x in range(0, width, 2):
            bits = 0
            for dy in range(4):
                for dx in range(2):
                    if pixel(frame, x + dx, y + dy, width):
                        bits |= BRAILLE_BITS[dy][dx]
            row.append(chr(0x2800 + bits))
        lines.append("".join(row))
    return lines


def ascii_art(frame, width=WIDTH, height=HEIGHT):
    """'#' and '.' per pixel (test failure messages)."""
    return "\n".join("".join("#" if pixel(frame, x, y, width) else "." for x in range(width)) for y in range(height))
