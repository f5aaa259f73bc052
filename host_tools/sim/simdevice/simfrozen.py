"""Modules frozen into a MicroPython build, named as the rp2 port names them.

On the chip a frozen module's `__file__` is its source's path in the build's manifest,
without a folder before it ("paths.py" for the flat firmware; "table/storage/paths.py"
for a package's file), which names no file on the flash (MicroPython v1.28.0, checked
on the emulated RP2040: `sys.path == ['', '.frozen', '/lib']`, `paths.__file__ ==
'paths.py'`; a package's file is named by the same rule in the port's
builtinimport.c, its path after ".frozen/"). The simulator
and the virtual Pico find a "frozen" firmware in a folder of the host instead;
`install(folder)` makes every module imported from that folder say that name, by
MicroPython's documented hook for the import statement (`builtins.__import__`).
"""

import builtins
import sys


def install(folder):
    """From now on, a module whose file is in `folder` has its name relative to the
    folder as __file__ (table/storage/paths.py, as frozen from that file). Returns the
    new __import__: reading `builtins.__import__` gives the built-in one whatever
    replaced it, so a later hook (simload) is given this one to call."""
    prefix = folder.rstrip("/") + "/"
    real = builtins.__import__

    def frozen_import(name, globals=None, locals=None, fromlist=None, level=0):
        # Any import may load modules (a relative one, `from ..rules import ticks`, by a
        # name this hook does not see): the sys.modules counted before and after, which
        # allocates nothing when none was loaded (the firmware's heap is measured)
        before = len(sys.modules)
        module = real(name, globals, locals, fromlist, level)
        if len(sys.modules) == before:
            return module
        for m in list(sys.modules.values()):  # the module and what it imported
            f = getattr(m, "__file__", None)
            if f and f.startswith(prefix):
                f = f[len(prefix) :]
                m.__file__ = f[:-4] + ".py" if f.endswith(".mpy") else f
        return module

    builtins.__import__ = frozen_import
    return frozen_import
