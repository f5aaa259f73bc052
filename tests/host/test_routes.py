"""Screens open each other by name (app.ROUTES): a screen module imports only the
shared pieces screens are built from, never another screen's module."""

import os

from imports import imported

from host_tools import FIRMWARE, ROOT

# Shared pieces, not screens that are opened: the base classes, the undo question and
# the text editor.
SHARED = {"ui", "ui_form", "ui_tap", "ui_undo", "ui_text"}
# A screen's own part, opened by nothing else: loaded after the screen's first frame.
PARTS = {"ui_referee": {"ui_referee_result"}}


def screen_imports(path):
    return {m for m in imported(path) if m.startswith("ui_")}


def test_screens_open_each_other_by_name_only():
    bad = []
    for name in sorted(os.listdir(FIRMWARE)):
        if name.startswith("ui_") and name.endswith(".py"):
            others = screen_imports(os.path.join(FIRMWARE, name)) - SHARED - {name[:-3]} - PARTS.get(name[:-3], set())
            if others:
                bad.append("%s imports %s" % (name, ", ".join(sorted(others))))
    assert not bad, bad


def test_every_route_names_something_its_module_has():
    import app

    for route, (module, attr) in sorted(app.ROUTES.items()):
        assert hasattr(__import__(module), attr), (route, module, attr)


def documented_layers():
    """{module: layer index, 0 the top} from the Layout table (docs/development.md)."""
    import fnmatch
    import re

    with open(os.path.join(ROOT, "docs", "development.md"), encoding="utf-8") as f:
        table = f.read().split("| layer | modules |")[1].split("\n\n")[0]
    modules = [n[:-3] for n in os.listdir(FIRMWARE) if n.endswith(".py") and not n.startswith("manifest")]
    layer = {}
    rows = [row for row in table.splitlines() if row.startswith("| **")]
    for i, row in enumerate(rows):
        for pattern in re.findall(r"`([a-z_0-9*]+)\.py`", row.split("|")[2]):
            layer.update((m, i) for m in modules if fnmatch.fnmatch(m, pattern))
    assert len(rows) == 4 and sorted(layer) == sorted(modules), sorted(set(modules) - set(layer))
    return layer


def test_each_layer_imports_only_its_own_and_the_layers_below():
    layer = documented_layers()
    up = sorted(
        "%s imports %s" % (m, n)
        for m in layer
        for n in imported(os.path.join(FIRMWARE, m + ".py"))
        if n in layer and layer[n] < layer[m]
    )
    assert up == []
