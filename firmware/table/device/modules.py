"""The device's RAM for code: modules loaded for a while and forgotten again.

A module of a package is held twice: in sys.modules and as an attribute of its
package. `unload` forgets both, so the code leaves the heap at the next collection
and the next import loads it afresh (forgetting only the first, an import finds it
again in the package and its code stays).

Screens and the app name such modules by their own names ("ui_igo", "roster": each
is unique in the firmware, tests/host/test_routes.py checks it), which their code
already holds, so naming them costs no memory."""

import sys


def load(name):
    """Import the module `name` ("table.screens.ui_igo") and return it (not its
    top package, as __import__ does)."""
    __import__(name)
    return sys.modules[name]


def unload(name):
    """Forget the module `name` ("ui_igo", or a whole name) if it is loaded."""
    whole = name if name in sys.modules else None
    if whole is None:
        tail = "." + name
        for loaded in sys.modules:
            if loaded.endswith(tail):
                whole = loaded
                break
        else:
            return
    del sys.modules[whole]
    i = whole.rfind(".")
    package = sys.modules.get(whole[:i]) if i > 0 else None
    if package is not None:
        try:
            delattr(package, whole[i + 1 :])
        except AttributeError:
            pass
