"""The firmware check rejects what a Pico would reject."""

from host_cli import run


def run_check(path):
    return run("check", path)


def test_dataclasses_import_fails_the_check(tmp_path):
    (tmp_path / "bad.py").write_text("from dataclasses import dataclass\n")
    r = run_check(tmp_path)
    assert r.returncode == 1
    assert "dataclasses" in r.stderr


def test_enum_and_functools_are_host_only(tmp_path):
    (tmp_path / "a.py").write_text("import enum\n")
    (tmp_path / "b.py").write_text("from functools import partial\n")
    r = run_check(tmp_path)
    assert r.returncode == 1
    assert "a.py:1: imports enum" in r.stderr
    assert "b.py:1: imports functools" in r.stderr


def test_typing_only_under_type_checking_passes(tmp_path):
    (tmp_path / "ok.py").write_text(
        "import time\nTYPE_CHECKING = False\nif TYPE_CHECKING:\n    from typing import List\n\n\n"
        "def first(xs: 'List[int]') -> int:\n    return xs[0]\n\n\n"
        "def elapsed(t0):\n    return time.ticks_diff(time.ticks_us(), t0)\n"
    )
    r = run_check(tmp_path)
    assert r.returncode == 0, r.stderr


def test_syntax_mpy_cross_rejects_is_reported(tmp_path):
    (tmp_path / "s.py").write_text("def f(:\n    pass\n")
    r = run_check(tmp_path)
    assert r.returncode == 1
    assert "mpy-cross" in r.stderr


def test_type_error_against_rp2_stubs_is_reported(tmp_path):
    (tmp_path / "t.py").write_text("import machine\np: str = machine.Pin(2)\n")
    r = run_check(tmp_path)
    assert r.returncode == 1
    assert "Incompatible types" in r.stderr


def test_circuitpython_modules_are_checked_against_circuitpython_stubs(tmp_path):
    from host_tools.checks import check

    (tmp_path / "cp_ok.py").write_text(
        "import keypad\n\n\ndef keys(pins):\n    return keypad.Keys(pins, value_when_pressed=False)\n"
    )
    (tmp_path / "cp_bad.py").write_text("import keypad\n\nkeypad.Keys.no_such_call()\n")
    assert check.circuitpython_mypy_errors([str(tmp_path / "cp_ok.py")]) == []
    bad = check.circuitpython_mypy_errors([str(tmp_path / "cp_bad.py")])
    assert len(bad) == 1 and "no_such_call" in bad[0]


def test_default_check_passes_on_the_shipped_firmware_and_boards():
    from host_tools.checks import check

    mp, cp_only, board_files = check.shipped_files()
    names = {p.rsplit("/", 1)[-1] for p in cp_only}
    assert names == {"cp_main.py", "hw_circuitpython.py", "canvas_displayio.py"}
    assert check.board_errors() == []
    assert any(p.endswith("boards/pico.py") for p in board_files)


def test_an_import_circle_fails_the_check_also_through_a_function(tmp_path):
    (tmp_path / "a.py").write_text("import b\n")
    (tmp_path / "b.py").write_text("def later():\n    import c\n")
    (tmp_path / "c.py").write_text("from a import x\n")
    (tmp_path / "d.py").write_text("import a\n")  # on the way in, not in the circle
    r = run_check(tmp_path)
    assert r.returncode == 1
    assert "import circle: a -> b -> c -> a" in r.stderr
    assert r.stderr.count("import circle") == 1


def test_relative_imports_are_named_in_the_importers_package():
    import ast

    from host_tools.checks import check

    code = "from . import ui\nfrom .ui import ROWS\ndef f():\n    from ..rules import ticks\n    import os\n"
    names = check.imported_names(ast.parse(code), "table.screens.ui_igo")
    assert {"table.screens", "table.screens.ui", "table.rules", "table.rules.ticks", "os"} <= names
    assert not {"ui", "rules", ".ui", "table.screens.ui_igo.ui"} & names


def test_the_firmware_has_no_import_circle():
    from host_tools.checks import check

    mp, cp_only, _ = check.shipped_files()
    assert len(mp) > 40
    assert check.import_circles(check.parse(mp + cp_only)) == []


def test_a_folder_written_at_the_flash_root_must_not_shadow_a_module():
    import types

    from host_tools.checks import check
    from table.storage import paths

    assert check.flash_root_clashes(paths, check.module_names()) == []
    # the firmware's modules are in its package: only the package's name is at the root
    assert {"table", "main", "board"} <= check.module_names()
    assert not {"data", "matches", "paths"} & check.module_names()
    old = types.SimpleNamespace(WRITTEN=("data", "table", "boot.py"), MATCHES="table", STATE="state.json")
    assert check.flash_root_clashes(old, check.module_names()) == [
        "firmware/table/storage/paths.py: the folder table/ at the flash root shadows the module table on a Pico",
        "firmware/table/storage/paths.py: boot.py written at the flash root is a code file",
    ]
    stray = types.SimpleNamespace(WRITTEN=("data",), LOG="logs/x.txt")
    assert check.flash_root_clashes(stray, set()) == [
        "firmware/table/storage/paths.py: LOG = 'logs/x.txt' is outside WRITTEN ('data',)"
    ]
