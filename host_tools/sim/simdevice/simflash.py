"""The simulated flash's capacity (runs on the MicroPython unix port).

`install(size)` wraps `open` so that a write which would take the flash directory
(the current directory) past `size` bytes fails as littlefs fails on a Pico:
`OSError(28)` (ENOSPC), nothing of it written. Space is counted as littlefs spends
it: whole 4 KiB blocks, at least one per file, two per folder; `os.statvfs` reports
that flash. `refused` counts the writes refused (sim reports them at the end: the
device ran on a full flash). The simulator's own file there (simchip.FILE, the chip's)
is not on the flash: not counted.

A file open for writing is a stream as the device's are: `sys.print_exception(e, f)`
writes the traceback into it (the app's data/errors.txt, main.py's boot error).
"""

import builtins
import io
import os
import sys

import simchip

BLOCK = 4096
ENOSPC = 28
_open = builtins.open
refused = 0  # writes refused for want of space
# MicroPython's sys.print_exception writes only to a stream: a class of its own is
# one when it derives from io.IOBase (its write() then gets the bytes). CPython has
# no print_exception, and its IOBase would shadow the wrapped file's methods.
_Stream = io.IOBase if hasattr(sys, "print_exception") else object


def _blocks(size):
    return max(1, (size + BLOCK - 1) // BLOCK)


def used_blocks(top="."):
    """Blocks taken by the files and folders under `top`."""
    blocks = 2
    for name in os.listdir(top):
        if name == simchip.FILE:  # the chip's, not the filesystem's
            continue
        path = top + "/" + name
        st = os.stat(path)
        if st[0] & 0x4000:
            blocks += used_blocks(path)
        else:
            blocks += _blocks(st[6])
    return blocks


class FlashFile(_Stream):
    """A file open for writing on a flash of `blocks` blocks (its files under `top`)."""

    def __init__(self, f, path, blocks, top="."):
        self._f = f
        self._path = path
        self._capacity = blocks
        self._top = top

    def write(self, data):
        size = os.stat(self._path)[6]
        grow = _blocks(size + len(data)) - _blocks(size)
        if grow and used_blocks(self._top) + grow > self._capacity:
            full()
        return self._f.write(data)

    def close(self):
        self._f.close()

    def flush(self):
        self._f.flush()

    def __getattr__(self, name):  # read, seek, tell, ...
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()

    def __iter__(self):
        return iter(self._f)


def full():
    """Refuse a write as littlefs does on a full flash (counted)."""
    global refused
    refused += 1
    raise OSError(ENOSPC)


def opener(blocks, top="."):
    """`open` on a flash of `blocks` blocks that holds the folder `top` (the current
    directory on the device): a write that would not fit fails with ENOSPC."""

    def flash_open(path, mode="r", *args, **kw):
        if "w" in mode or "a" in mode or "+" in mode:
            if "w" in mode and used_blocks(top) + 1 > blocks:
                try:
                    os.stat(path)
                except OSError:  # a new file needs a block of its own
                    full()
            return FlashFile(_open(path, mode, *args, **kw), path, blocks, top)
        return _open(path, mode, *args, **kw)

    return flash_open


def install(size):
    """From now on, writes in the current directory see a flash of `size` bytes."""
    blocks = size // BLOCK
    builtins.open = opener(blocks)
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
