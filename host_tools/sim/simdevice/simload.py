"""The time a screen takes to open, in the simulator: importing a firmware module
costs simulated time in proportion to its size (issue #27).

On the rp2 port a screen takes 83-432 ms to open when its modules are .mpy files
on the flash (81-116 ms frozen into the firmware): the main loop polls nothing
meanwhile, so a navigation button pressed and released within it reaches the
firmware only through what its pin IRQ latched (hw.py's nav_ring). The unix port
imports in microseconds; `install(world)` makes those imports take the device's
time.

It replaces builtins.__import__ (the port must be built with
MICROPY_CAN_OVERRIDE_BUILTINS: the unix port and the 32-bit WebAssembly one are).
Importing a module from a file on sys.path (or in `folder`, the firmware's, when
install is given one: .mpy files, or .py with --source) that is not in sys.modules
(never imported, or dropped by the app when the screens that needed it closed)
first advances the clock by its .mpy size times US_PER_KB the way a scripted sleep
does (World.dispatch: the button edges and script events due meanwhile happen in
order, the clock at each one's instant, their hard IRQs fire there), as on the chip
while it loads. (World.busy, an I2C transfer's time, would stamp them all with the
end of the load.)

A firmware run as frozen (`--frozen`, and the 32-bit runner's `--firmware`) is charged
the same: on the chip its imports cost little, so the simulator errs late there.

Scripted mode only, and only once the firmware's main loop runs (its first sleep,
`World.slept`): the boot's imports are not charged, so a script's times still count
from a device ready at 0 ms. Real-time (interactive) mode is left as it is: no
hook, the host's own import time is all that passes.
"""

import builtins
import gc
import os
import sys

# Simulated microseconds per 1024 bytes of a module's .mpy file: the least-squares
# rate (25.2 ms/KB) over the chip's four .mpy open times (shared/chip/: cold boot, from
# ok's release to the first frame), each less the 44 ms the simulator itself takes for
# such an open (the 20 ms debounce, the loop's poll, the frame's I2C transfer), against
# the .mpy bytes it loads (bench/open_app.py): the referee at a938039 431.7 ms (15.1 KB;
# the model 422), the hardware test at a938039 83 ms (5.3 KB; model 176), at d4901ec the
# Corsica referee setup 199 ms (9.3 KB; model 277) and the referee 425 ms (11.0 KB;
# model 319). The residuals (-106..+93 ms) are the screens' own work, which no rate per
# byte gives: one open's figure in the model is good to about 100 ms, the referee's
# (the chip's best-measured: three cold boots within 2 ms) to 10.
US_PER_KB = 25000
SOURCE_PER_MPY = 3  # with --source: a module's .py is about 3 times its .mpy (measured 3.0)


class Loader:
    """The replacement __import__ (a callable object: `loads` and `load_us` count
    what it charged)."""

    def __init__(self, world, real_import, folder=None, us_per_kb=US_PER_KB):
        self.world = world
        self.real_import = real_import
        self.folder = folder  # where the charged modules are (None: anywhere on sys.path)
        self.us_per_kb = us_per_kb
        # No cache of module sizes: its keys (a relative import's whole name, made
        # here) would stay on the heap, counted as the firmware's by the bench.
        self.loads = 0  # imports charged
        self.load_us = 0  # simulated time they took

    def __call__(self, name, globals=None, locals=None, fromlist=None, level=0):
        w = self.world
        # `from table.screens import ui` comes here twice: for table.screens, then,
        # from the port's import of a package's submodule, for table.screens.ui. A
        # relative import (`from ..rules import ticks`, `from .ui import ROWS`) comes
        # once, and the port loads the module it names past this hook: it is charged
        # by its whole name here.
        if w.slept and (level or name not in sys.modules):
            before = gc.mem_alloc()
            whole = whole_name(name, globals, level)
            if whole not in sys.modules:
                us = self.charge(whole)
                if us:
                    advance(w, us)
            w.own(before)  # the simulator's work, not the firmware's heap
        return self.real_import(name, globals, locals, fromlist, level)

    def charge(self, name):
        """The load time of module `name` (not loaded yet) if it is a file, else 0."""
        size = module_size(name, self.folder)
        if not size:
            return 0
        us = size * self.us_per_kb // 1024
        self.loads += 1
        self.load_us += us
        return us


def whole_name(name, globals, level):
    """The absolute name of an import: a relative one (level > 0) resolved in the
    package of the module that imports (its globals' __name__; a package is its own)."""
    if not level:
        return name
    globals = globals or {}
    package = globals.get("__name__", "")
    if "__path__" not in globals:
        package = package.rpartition(".")[0]
    for _ in range(level - 1):
        package = package.rpartition(".")[0]
    return package + "." + name if name else package


def advance(world, us):
    """Scripted time passes `us` with the firmware busy: every edge due meanwhile
    happens at its own instant, its IRQ fires then (World._sleep_us without the
    frame reports: nothing is drawn while a module loads). A frame sent to the display
    before the import is reported first, at its own time: it was on the glass then
    (frames are otherwise reported at the next sleep, after the loop pass's writes)."""
    world.report()
    target = world.now + us
    world.dispatch(target)
    world.now = max(world.now, target)


def module_size(name, folder=None):
    """The bytes of module `name`'s .mpy, from the first file for it in folder or
    (None) on sys.path (a .py counts 1 / SOURCE_PER_MPY of its size); 0 if none
    (a built-in module)."""
    path = name.replace(".", "/")  # a package's module: table.rules.judge -> table/rules/judge
    for where in sys.path if folder is None else (folder,):
        base = (where or ".") + "/" + path
        for ext, per in ((".mpy", 1), (".py", SOURCE_PER_MPY)):
            try:
                return os.stat(base + ext)[6] // per
            except OSError:
                pass
    return 0


def install(world, folder=None, real_import=None, us_per_kb=US_PER_KB):
    """Charge the imports of modules from files (in folder, if given: the firmware's)
    on world's clock (scripted mode); the Loader, or None (real-time mode: nothing
    installed). `real_import`: the __import__ it calls (default: the built-in);
    `us_per_kb`: the rate (a test slows it to make a screen's load last)."""
    if world.real:
        return None
    loader = Loader(world, real_import or builtins.__import__, folder, us_per_kb)
    builtins.__import__ = loader
    return loader
