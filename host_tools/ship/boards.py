"""Board definitions (boards/*.py): resolved and checked where they are loaded.

boards/pico.py is the reference build, complete. Every other board starts with
`from pico import *` (or another board) and sets only what differs, e.g. pico_duo.py
sets PLAYER_PINS, LED_PINS and BUZZER_PIN. The files stay importable as they are
(the simulator puts boards/ on its path); the host resolves them here, checks them
(firmware/table/device/boardspec.py: unknown settings, a missing navigation button, a pin used
twice ...) and writes the device a single flat module (`flat_source`), so the Pico
gets one small `board.mpy` that imports nothing.

    load(boards_dir, name)          {NAME: value}, or UserError "boards/x.py: ..."
    flat_source(boards_dir, name)   the resolved board as one module's source
"""

import os
import re
import types

from host_tools import BOARDS, UserError
from table.device import boardspec  # firmware/, on the path (host_tools/__init__.py)


def names(boards_dir=BOARDS):
    return sorted(n[:-3] for n in os.listdir(boards_dir) if n.endswith(".py") and re.match(r"^[A-Za-z0-9_]+\.py$", n))


def check_name(boards_dir, name):
    if not re.match(r"^[A-Za-z0-9_]+$", name) or name not in names(boards_dir):
        raise UserError("unknown board %r (boards: %s)" % (name, ", ".join(names(boards_dir))))


def _resolve(boards_dir, name, chain):
    """(docstring, {NAME: value}) of boards/name.py, its base boards resolved."""
    path = os.path.join(boards_dir, name + ".py")
    where = os.path.relpath(path)
    if name in chain:
        raise UserError("%s: boards import each other in a loop (%s)" % (where, " -> ".join(chain + [name])))
    try:
        with open(path, encoding="utf-8") as f:
            code = compile(f.read(), path, "exec")
    except OSError as exc:
        raise UserError("cannot read %s: %s" % (where, exc.strerror))
    except SyntaxError as exc:
        raise UserError("%s:%s: %s" % (where, exc.lineno, exc.msg))

    def board_import(module, globals=None, locals=None, fromlist=(), level=0):
        if (
            level == 0
            and re.match(r"^[A-Za-z0-9_]+$", module)
            and os.path.isfile(os.path.join(boards_dir, module + ".py"))
        ):
            base = types.ModuleType(module)
            base.__dict__.update(_resolve(boards_dir, module, chain + [name])[1])
            return base
        raise UserError("%s: imports %s (a board may import only the board it builds on)" % (where, module))

    env = {"__builtins__": {"__import__": board_import, "True": True, "False": False, "None": None}, "__name__": name}
    try:
        exec(code, env)
    except UserError:
        raise
    except Exception as exc:
        raise UserError("%s: %s: %s" % (where, type(exc).__name__, exc))
    return env.get("__doc__"), {k: v for k, v in env.items() if k[:1].isupper()}


def _checked(boards_dir, name):
    """(docstring, settings) of the board, resolved and checked."""
    check_name(boards_dir, name)
    doc, values = _resolve(boards_dir, name, [])
    bad = boardspec.problem(values)
    if bad:
        raise UserError("%s: %s" % (os.path.relpath(os.path.join(boards_dir, name + ".py")), bad))
    return doc, values


def load(boards_dir, name):
    """The board's resolved settings, checked; UserError with one line if unusable."""
    return _checked(boards_dir, name)[1]


def flat_source(boards_dir, name):
    """The resolved board as the source of one flat module (what the device gets)."""
    doc, values = _checked(boards_dir, name)
    doc = (doc or name).strip()
    lines = [
        '"""%s\n\n(boards/%s.py resolved by deploy: every setting, no imports.)\n"""'
        % (doc.replace('"""', "'''"), name)
    ]
    lines += ["%s = %r" % (k, values[k]) for k in sorted(values)]
    return "\n".join(lines) + "\n"


def write_flat(boards_dir, name, out_dir):
    """Write flat_source to out_dir/NAME.py (only if it changed); return its path."""
    text = flat_source(boards_dir, name)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, name + ".py")
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return path
    except OSError:
        pass
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


def module(boards_dir, name):
    """The resolved board as a module object (for the host's own use, e.g. tests)."""
    board = types.ModuleType(name)
    board.__dict__.update(load(boards_dir, name))
    return board
