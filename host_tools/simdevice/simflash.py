"""The simulated flash's capacity (runs on the MicroPython unix port).

`install(size)` wraps `open` so that a write which would take the flash directory
(the current directory) past `size` bytes fails as littlefs fails on a Pico:
`OSError(28)` (ENOSPC), nothing of it written. Space is counted as littlefs spends
it: whole 4 KiB blocks, at least one per file, two per folder; `os.statvfs` reports
that flash.
"""

import builtins
import os
import sys

BLOCK = 4096
ENOSPC = 28
_open = builtins.open


def _blocks(size):
    return max(1, (size + BLOCK - 1) // BLOCK)


def used_blocks(top="."):
    """Blocks taken by the files and folders under `top`."""
    blocks = 2
    for entry in os.ilistdir(top):
        name, kind = entry[0], entry[1]
        path = top + "/" + name
        if kind == 0x4000:
            blocks += used_blocks(path)
        else:
            blocks += _blocks(os.stat(path)[6])
    return blocks


class FlashFile:
    """A file open for writing on a flash of `blocks` blocks."""

    def __init__(self, f, path, blocks):
        self._f = f
        self._path = path
        self._capacity = blocks

    def write(self, data):
        size = os.stat(self._path)[6]
        grow = _blocks(size + len(data)) - _blocks(size)
        if grow and used_blocks() + grow > self._capacity:
            raise OSError(ENOSPC)
        return self._f.write(data)

    def __getattr__(self, name):  # read, seek, tell, flush, close, ...
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()

    def __iter__(self):
        return iter(self._f)


def install(size):
    """From now on, writes in the current directory see a flash of `size` bytes."""
    blocks = size // BLOCK

    def flash_open(path, mode="r", *args, **kw):
        if "w" in mode or "a" in mode or "+" in mode:
            if "w" in mode and used_blocks() + 1 > blocks:
                try:
                    os.stat(path)
                except OSError:  # a new file needs a block of its own
                    raise OSError(ENOSPC)
            return FlashFile(_open(path, mode, *args, **kw), path, blocks)
        return _open(path, mode, *args, **kw)

    builtins.open = flash_open
    sys.modules["os"] = FlashOS(blocks)  # (a built-in module's attributes are fixed)


class FlashOS:
    """`os` with the flash's `statvfs`; everything else is the real module's."""

    def __init__(self, blocks):
        self._blocks = blocks

    def __getattr__(self, name):
        return getattr(os, name)

    def statvfs(self, path):
        """As littlefs reports it: block size, fragment size, blocks, free blocks,
        available blocks, then zeros and the longest name."""
        free = max(0, self._blocks - used_blocks())
        return (BLOCK, BLOCK, self._blocks, free, free, 0, 0, 0, 0, 255)
