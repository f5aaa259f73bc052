"""Screens open each other by name (app.ROUTES): a screen module imports only the
shared pieces screens are built from, never another screen's module."""

import os

from imports import imported

from host_tools import FIRMWARE

# Shared pieces, not screens that are opened: the base classes and the undo question.
SHARED = {"ui", "ui_form", "ui_tap", "ui_undo"}


def screen_imports(path):
    return {m for m in imported(path) if m.startswith("ui_")}


def test_screens_open_each_other_by_name_only():
    bad = []
    for name in sorted(os.listdir(FIRMWARE)):
        if name.startswith("ui_") and name.endswith(".py"):
            others = screen_imports(os.path.join(FIRMWARE, name)) - SHARED - {name[:-3]}
            if others:
                bad.append("%s imports %s" % (name, ", ".join(sorted(others))))
    assert not bad, bad


def test_every_route_names_something_its_module_has():
    import app

    for route, (module, attr) in sorted(app.ROUTES.items()):
        assert hasattr(__import__(module), attr), (route, module, attr)
