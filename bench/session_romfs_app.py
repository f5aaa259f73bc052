"""Simulator entry app for `make bench`'s bytecode-in-flash figure (unix port only):
session_app.py's session (or, with BENCH_ROMFS_APP=live_app, live_app.py's: the
server and its clients beside it) with the firmware imported from a ROMFS image.

    BENCH_ROMFS=IMAGE python -m host_tools sim --app bench/session_romfs_app.py \
        --heap 512k --script bench/session_igo.txt

IMAGE is the compiled firmware's `.mpy` files as `mpremote romfs build` writes them.
It is mounted with `vfs.VfsRom` at /rom, first on the import path, so the firmware's
bytecode and constants run in place, as they would from a Pico's ROMFS partition or
frozen into its firmware, instead of being copied into the heap. The image itself is
read before session_app takes its heap base: like flash, it is not counted.
"""

import os
import sys

import vfs


def main(board):
    with open(os.getenv("BENCH_ROMFS"), "rb") as f:
        image = f.read()
    vfs.mount(vfs.VfsRom(image), "/rom")
    sys.path.insert(0, "/rom")
    # The simulator's clock imported the firmware's ticks from the flash, and with it
    # the package `table`, whose folder is then the flash's: forgotten, so that the
    # firmware's package is found in the image.
    for name in [n for n in sys.modules if n == "table" or n.startswith("table.")]:
        del sys.modules[name]
    __import__(os.getenv("BENCH_ROMFS_APP") or "session_app").main(board)
