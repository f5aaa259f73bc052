"""Which firmware files ship to which runtime: a reader for firmware/manifest*.py.

The manifests are in micropython-lib's manifest.py form, so a MicroPython build can
`include("path/to/firmware/manifest.py")` to freeze the firmware:

    firmware/manifest.py               rp2 MicroPython (what `deploy` puts on a Pico)
    firmware/manifest_circuitpython.py CircuitPython (`deploy --runtime circuitpython`)
    firmware/manifest_app.py           the modules both runtimes run (included by both)
    firmware/manifest_host.py          modules only the host tools and the simulator use

`read(path)` executes a manifest with the functions it may call (`metadata`, `module`,
`include`; `package`, `require` and `freeze` are refused: the firmware is flat) and
returns a Manifest. Paths are relative to the manifest's own folder, as in MicroPython.
"""

import os

from host_tools import FIRMWARE, UserError

RUNTIMES = {"micropython": "manifest.py", "circuitpython": "manifest_circuitpython.py"}
HOST = "manifest_host.py"


class Module:
    """One file: where it is, its name on the device (as a .py), its -O level."""

    def __init__(self, path, opt):
        self.path = path
        self.name = os.path.basename(path)
        self.opt = opt

    def __repr__(self):
        return "Module(%r, opt=%r)" % (self.name, self.opt)


class Manifest:
    def __init__(self, path):
        self.path = path
        self.metadata = {}
        self.modules = []  # [Module], in the order given, each file once

    def names(self):
        return sorted(m.name for m in self.modules)


def read(path):
    """The Manifest at path (includes followed); UserError (one line) if it is bad."""
    result = Manifest(os.path.abspath(path))
    _execute(result, result.path, [])
    return result


def for_runtime(runtime, firmware=FIRMWARE):
    return read(os.path.join(firmware, RUNTIMES[runtime]))


def _execute(result, path, stack):
    if path in stack:
        raise UserError("%s: include loop" % os.path.relpath(path))
    try:
        with open(path, encoding="utf-8") as f:
            code = compile(f.read(), path, "exec")
    except OSError as exc:
        raise UserError("cannot read manifest %s: %s" % (os.path.relpath(path), exc.strerror))
    except SyntaxError as exc:
        raise UserError("%s:%s: %s" % (os.path.relpath(path), exc.lineno, exc.msg))
    here = os.path.dirname(path)

    def metadata(description=None, version=None, license=None, author=None):
        if not stack:  # the top manifest's metadata
            result.metadata.update(
                {
                    k: v
                    for k, v in (
                        ("description", description),
                        ("version", version),
                        ("license", license),
                        ("author", author),
                    )
                    if v is not None
                }
            )

    def module(module_path, base_path=".", opt=None):
        if not module_path.endswith(".py"):
            raise UserError("%s: module(%r): a .py file is needed" % (os.path.relpath(path), module_path))
        full = os.path.normpath(os.path.join(here, base_path, module_path))
        if not os.path.isfile(full):
            raise UserError("%s: module(%r): no such file" % (os.path.relpath(path), module_path))
        if all(m.path != full for m in result.modules):
            result.modules.append(Module(full, opt))

    def include(manifest_path, **kwargs):
        full = os.path.normpath(os.path.join(here, manifest_path))
        if os.path.isdir(full):
            full = os.path.join(full, "manifest.py")
        _execute(result, full, stack + [path])

    def refused(name):
        def call(*args, **kwargs):
            raise UserError(
                "%s: %s() is not supported here (the firmware is flat modules)" % (os.path.relpath(path), name)
            )

        return call

    env = {
        "__file__": path,
        "metadata": metadata,
        "module": module,
        "include": include,
        "package": refused("package"),
        "require": refused("require"),
        "freeze": refused("freeze"),
    }
    try:
        exec(code, env)
    except UserError:
        raise
    except Exception as exc:
        raise UserError("%s: %s: %s" % (os.path.relpath(path), type(exc).__name__, exc))
