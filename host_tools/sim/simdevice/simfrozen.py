"""Modules frozen into a MicroPython build, named as the rp2 port names them.

On the chip a frozen module's `__file__` is its source's bare name ("paths.py"), which
names no file on the flash (MicroPython v1.28.0, checked on the emulated RP2040:
`sys.path == ['', '.frozen', '/lib']`, `paths.__file__ == 'paths.py'`). The simulator
and the virtual Pico find a "frozen" firmware in a folder of the host instead;
`install(folder)` makes every module imported from that folder say the bare name, by
MicroPython's documented hook for the import statement (`builtins.__import__`).
"""

import builtins
import sys


def install(folder):
    """From now on, a module whose file is in `folder` has its bare name as __file__
    (NAME.py, as frozen from NAME.py). Returns the new __import__: reading
    `builtins.__import__` gives the built-in one whatever replaced it, so a later hook
    (simload) is given this one to call."""
    prefix = folder.rstrip("/") + "/"
    real = builtins.__import__

    def frozen_import(name, *args):
        if name in sys.modules:
            return real(name, *args)
        module = real(name, *args)
        for m in list(sys.modules.values()):  # the module and what it imported
            f = getattr(m, "__file__", None)
            if f and f.startswith(prefix):
                f = f[len(prefix) :]
                m.__file__ = f[:-4] + ".py" if f.endswith(".mpy") else f
        return module

    builtins.__import__ = frozen_import
    return frozen_import
