"""The rp2 `micropython` module: the unix port's, plus what only the chip has.

simrun registers it as sys.modules["micropython"] before the firmware runs.
"""

import micropython as _real

_g = globals()
for _name in dir(_real):
    if not _name.startswith("__"):
        _g[_name] = getattr(_real, _name)


def alloc_emergency_exception_buf(size):
    """Reserves memory for IRQ tracebacks on the chip; nothing to do here."""
