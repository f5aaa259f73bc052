"""Drawing QR symbols (qr.py makes them): what the Wi-Fi screen keeps while it shows
its codes, the encoder gone (#46: the W's heap at that screen). A symbol here is any
object with `size` (modules a side) and `modules` (size * size bytes, 1 dark), such
as qr.Symbol or the Matrix the screen keeps of one.
"""


class Matrix:
    """A symbol's modules alone: `size` modules square, `modules[y * size + x]` 1 when dark."""

    def __init__(self, size, modules):
        self.size = size
        self.modules = modules


def fit(symbol, width, height):
    """(scale, quiet): the most pixels a module at which the symbol and a quiet zone
    fit width x height pixels, with 2 modules of quiet zone when they still fit at
    that scale, else 1; ValueError when not even 1 pixel a module fits."""
    room = min(width, height)
    scale = room // (symbol.size + 2)
    if scale < 1:
        raise ValueError("QR: a %d-module symbol does not fit %d x %d pixels" % (symbol.size, width, height))
    return scale, 2 if (symbol.size + 4) * scale <= room else 1


def draw(canvas, x, y, symbol, scale, quiet=2):
    """Draw the symbol with its quiet zone, top left at (x, y): light lit, dark unlit,
    `scale` pixels a module, `quiet` (at least 1) modules of lit margin. Returns the
    side drawn, in pixels."""
    if quiet < 1:
        raise ValueError("QR: a quiet zone of %d modules; phones need at least 1" % quiet)
    n = symbol.size
    side = (n + 2 * quiet) * scale
    canvas.fill_rect(x, y, side, side, 1)
    m = symbol.modules
    x0 = x + quiet * scale
    top = y + quiet * scale
    for row in range(n):
        k = row * n
        col = 0
        while col < n:
            if m[k + col]:
                start = col
                while col < n and m[k + col]:
                    col += 1
                canvas.fill_rect(x0 + start * scale, top + row * scale, (col - start) * scale, scale, 0)
            else:
                col += 1
    return side
