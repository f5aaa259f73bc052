"""The firmware's folders are its layers (docs/development.md#layout): a package imports
only its own modules and the packages below it, and the rules engines nothing outside
themselves. Screens open each other by name (app.ROUTES): a screen module imports only
the shared pieces screens are built from, never another screen's module."""

import importlib

from imports import firmware_modules, imported

from host_tools import ROOT

# The layers, top to bottom: the app and its boot (table/*.py), then each package.
LAYERS = ("table", "table.screens", "table.live", "table.device", "table.storage", "table.rules")
# Shared pieces, not screens that are opened: the base classes, the undo question,
# the text editor and a round's table.
SHARED = {"ui", "ui_form", "ui_tap", "ui_undo", "ui_text", "ui_table"}
# A screen's own part, opened by nothing else: loaded after the screen's first frame.
PARTS = {"ui_referee": {"ui_referee_result"}}


def layer_of(module):
    """The index in LAYERS of the package a firmware module is in (None: main.py,
    cp_main.py, above them all)."""
    package = module if module in LAYERS else module.rpartition(".")[0]
    return LAYERS.index(package) if package in LAYERS else None


def test_every_firmware_module_is_in_a_layer():
    outside = sorted(m for m in firmware_modules() if layer_of(m) is None and m not in ("main", "cp_main"))
    assert outside == []


def test_each_layer_imports_only_its_own_and_the_layers_below():
    modules = firmware_modules()
    up = sorted(
        "%s imports %s" % (m, n)
        for m, path in modules.items()
        if layer_of(m) is not None
        for n in imported(path)
        if n in modules and layer_of(n) < layer_of(m)
    )
    assert up == []


def test_the_rules_import_nothing_outside_themselves():
    modules = firmware_modules()
    rules = LAYERS.index("table.rules")
    outside = sorted(
        "%s imports %s" % (m, n)
        for m, path in modules.items()
        if layer_of(m) == rules
        for n in imported(path)
        if n in modules and n != "table" and layer_of(n) != rules
    )
    assert outside == []


def test_screens_open_each_other_by_name_only():
    bad = []
    modules = firmware_modules()
    for name, path in sorted(modules.items()):
        leaf = name.rpartition(".")[2]
        if name.startswith("table.screens.ui_"):
            screens = {
                n.rpartition(".")[2] for n in imported(path) if n.startswith("table.screens.ui_") and n in modules
            }
            others = screens - SHARED - {leaf} - PARTS.get(leaf, set())
            if others:
                bad.append("%s imports %s" % (leaf, ", ".join(sorted(others))))
    assert not bad, bad


def test_every_route_names_something_its_module_has():
    from table import app

    for route, (module, attr) in sorted(app.ROUTES.items()):
        assert hasattr(importlib.import_module("table.screens." + module), attr), (route, module, attr)


def test_every_firmware_module_has_a_name_of_its_own():
    """Screens name the modules they load for a while by their own names (MODULES,
    app.transient; app.unload forgets them by it): no two alike."""
    leaves = [m.rpartition(".")[2] for m in firmware_modules() if "." in m and m not in LAYERS]
    assert sorted(n for n in set(leaves) if leaves.count(n) > 1) == []


def test_the_layout_section_names_every_package_top_to_bottom():
    with open(ROOT + "/docs/development.md", encoding="utf-8") as f:
        section = f.read().split("## Layout")[1].split("\n## ")[0]
    places = [section.find("`firmware/%s/`" % p.replace(".", "/")) for p in LAYERS]
    assert -1 not in places and places == sorted(places), dict(zip(LAYERS, places))
