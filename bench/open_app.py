"""Simulator entry app for `make bench`'s `screen_open_ms` (host_tools/bench/screen_open.py):
the firmware as the device's main.py runs it (`app.main`), with every module import
simload charges logged. At the end one line goes to stdout (the unix simulator
passes it on to stderr):

    @bench {"loads": [[ms, "module", mpy_bytes, charged_ms], ...], "top": "Screen"}

`ms` = simulated ms since boot when the import began; `charged_ms` includes the
modules it imported in turn; `top` = the screen class on top at the end.
"""

import builtins
import sys

import simcore
import simload

LOADS = []  # [ms, name, bytes, charged ms], made before the firmware runs
APP = []  # the App, once built


def main(board):
    world = simcore.world
    loader = simload.Loader(world, builtins.__import__)  # reads the port's own __import__

    def logged(name, globals=None, locals=None, fromlist=None, level=0):
        whole = simload.whole_name(name, globals, level)  # a relative import by its whole name
        if whole in sys.modules or not world.slept:
            return loader(name, globals, locals, fromlist, level)
        start = world.now
        module = loader(name, globals, locals, fromlist, level)
        size = simload.module_size(whole, loader.folder)
        if size:
            LOADS.append([(start - world.start) // 1000, whole, size, (world.now - start) // 1000])
        return module

    builtins.__import__ = logged  # in the place of simrun's Loader (one charge per import)
    from table import app

    real_app = app.App

    def built(*args, **kw):
        APP.append(real_app(*args, **kw))
        return APP[-1]

    app.App = built
    try:
        app.main(board)
    finally:
        w = sys.stdout.write
        w('@bench {"loads": [')
        w(", ".join('[%d, "%s", %d, %d]' % tuple(x) for x in LOADS))
        w('], "top": "%s"}\n' % (type(APP[0].top()).__name__ if APP else ""))
