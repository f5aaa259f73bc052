"""What a Python file imports, for the host tests that check the firmware's imports."""

import ast

from host_tools.checks import check
from host_tools.ship import manifest


def imported(path):
    """The whole names of the modules the file at path imports, anywhere in it (an
    import inside a function included; a relative one resolved in the file's
    package): host_tools/checks/check.py's imported_names."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    return check.imported_names(tree, check.module_name(path))


def firmware_modules():
    """{module name: its file} for every firmware file but the manifests: "main",
    "table.app", "table.rules.judge" (host_tools/checks/check.py's module_name)."""
    return {check.module_name(path): path for path in manifest.firmware_sources().values()}


def firmware_imports(path):
    """The firmware modules that the file at path imports, anywhere in it."""
    return imported(path) & set(firmware_modules())


def shipped_name(module):
    """A manifest Module's module name: "table/rules/judge.py" -> "table.rules.judge"
    (microdot.py, from outside the firmware: "microdot")."""
    return check.module_name(module.path)
