"""Which firmware files ship to which runtime: a reader for firmware/manifest*.py.

The manifests are in micropython-lib's manifest.py form, so a MicroPython build can
`include("path/to/firmware/manifest.py")` to freeze the firmware:

    firmware/manifest.py               rp2 MicroPython (what `deploy` puts on a Pico)
    firmware/manifest_circuitpython.py CircuitPython (`deploy --runtime circuitpython`)
    firmware/manifest_app.py           the modules both runtimes run (included by both)
    firmware/manifest_host.py          modules only the host tools and the simulator use

`read(path)` executes a manifest with the functions it may call (`metadata`, `module`,
`package` (the firmware's package `table`, by its files), `include`, `options`;
`require` and `freeze` are refused: the firmware needs nothing from micropython-lib)
and returns a Manifest. Paths are
relative to the manifest's own folder, and an included manifest sees only the options
its include() passes, as in MicroPython's manifestfile.py. `options.wifi` is true for
a W board (the board's WIFI): manifest.py then includes manifest_wifi.py, with
`options.microdot`, the installed microdot package's folder (microdot_folder()).
"""

import importlib.util
import os

from host_tools import FIRMWARE, UserError

RUNTIMES = {"micropython": "manifest.py", "circuitpython": "manifest_circuitpython.py"}
HOST = "manifest_host.py"


class Options:
    """A manifest's `options`: `defaults(name=value)` for those not given."""

    def __init__(self, given):
        self.__dict__.update(given)

    def defaults(self, **kwargs):
        for k, v in kwargs.items():
            self.__dict__.setdefault(k, v)


class Module:
    """One file: where it is, its name on the device (as a .py: "main.py", or a
    package's file "table/rules/igo_cards.py"), its -O level."""

    def __init__(self, path, opt, name=None):
        self.path = path
        self.name = name or os.path.basename(path)
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


def read(path, options=None):
    """The Manifest at path (includes followed); UserError (one line) if it is bad.
    options: {name: value} the manifests see as `options.name`."""
    result = Manifest(os.path.abspath(path))
    _execute(result, result.path, [], Options(options or {}))
    return result


def for_runtime(runtime, firmware=FIRMWARE, wifi=False):
    """What ships to a board of `runtime`; wifi: a W board's too."""
    options = {"wifi": wifi, "microdot": microdot_folder() if wifi else None}
    return read(os.path.join(firmware, RUNTIMES[runtime]), options)


def microdot_folder():
    """The installed microdot package's folder (PyPI `microdot`, pinned in pyproject.toml),
    where manifest_wifi.py finds its core module, microdot.py."""
    spec = importlib.util.find_spec("microdot")
    if spec is None or not spec.submodule_search_locations:
        raise UserError("the microdot package is not installed (make venv)")
    return list(spec.submodule_search_locations)[0]


def _execute(result, path, stack, options):
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

    def package(package_path, files=None, base_path=".", opt=None):
        folder = os.path.normpath(os.path.join(here, base_path, package_path))
        if not os.path.isdir(folder):
            raise UserError("%s: package(%r): no such folder" % (os.path.relpath(path), package_path))
        if files is None:  # every .py file under the package, as MicroPython's manifestfile does
            files = sorted(
                os.path.relpath(os.path.join(d, f), folder)
                for d, _, names in os.walk(folder)
                for f in names
                if f.endswith(".py")
            )
        for name in files:
            full = os.path.join(folder, name)
            if not name.endswith(".py") or not os.path.isfile(full):
                raise UserError("%s: package(%r): no such file %s" % (os.path.relpath(path), package_path, name))
            if all(m.path != full for m in result.modules):
                result.modules.append(Module(full, opt, package_path + "/" + name))

    def include(manifest_path, **kwargs):
        full = os.path.normpath(os.path.join(here, manifest_path))
        if os.path.isdir(full):
            full = os.path.join(full, "manifest.py")
        _execute(result, full, stack + [path], Options(kwargs))

    def refused(name, why):
        def call(*args, **kwargs):
            raise UserError("%s: %s() is not supported here (%s)" % (os.path.relpath(path), name, why))

        return call

    flat = "the firmware's files are named by module() and package()"

    env = {
        "__file__": path,
        "metadata": metadata,
        "module": module,
        "include": include,
        "options": options,
        "package": package,
        # MicroPython's require() takes micropython-lib's packages only (microdot is not one)
        "require": refused("require", "name the file: module(NAME, base_path=FOLDER)"),
        "freeze": refused("freeze", flat),
    }
    try:
        exec(code, env)
    except UserError:
        raise
    except Exception as exc:
        raise UserError("%s: %s: %s" % (os.path.relpath(path), type(exc).__name__, exc))


def firmware_sources(firmware=FIRMWARE):
    """{module path without .py ("main", "table/rules/judge"): its source file}: every
    firmware file but the manifests."""
    sources = {}
    for folder, dirs, names in os.walk(firmware):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py") and not name.startswith("manifest"):
                path = os.path.join(folder, name)
                sources[os.path.relpath(path, firmware)[:-3].replace(os.sep, "/")] = path
    return sources
