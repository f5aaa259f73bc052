"""The boot's check of the MicroPython it runs on (firmware/table/app_boot.py): older than
the oldest measured (1.26: 1.25's json reads a file cut short without an error), the
device says so in one line; CPython and newer MicroPythons say nothing."""

from table import app_boot


class Impl:
    def __init__(self, name, version):
        self.name = name
        self.version = version


def test_an_older_micropython_is_named_in_one_line():
    assert app_boot.OLDEST_MICROPYTHON == (1, 26, 0)
    problem = app_boot.micropython_problem(Impl("micropython", (1, 25, 0, "")))
    assert problem == "MicroPython 1.25.0: this firmware needs 1.26 or newer"
    assert app_boot.micropython_problem(Impl("micropython", (1, 26, 0, ""))) is None
    assert app_boot.micropython_problem(Impl("micropython", (1, 28, 0, ""))) is None
    assert app_boot.micropython_problem(Impl("micropython", (2, 0, 0))) is None
    assert app_boot.micropython_problem(Impl("cpython", (3, 11, 7, "final", 0))) is None
