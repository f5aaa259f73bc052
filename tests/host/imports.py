"""What a Python file imports, for the host tests that check the firmware's imports."""

import ast

from host_tools import manifest


def imported(path):
    """The names of the modules the file at path imports, anywhere in it (an import
    inside a function included; relative imports left out): `import a.b` gives "a.b",
    `from a.b import c` gives "a.b" and "a.b.c" (c may be a module of package a.b)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found |= {node.module + "." + a.name for a in node.names}
    return found


def firmware_modules():
    """{module name: its file} for every firmware file but the manifests: "main",
    "table.app", "table.rules" (a package: its __init__.py), "table.rules.judge"."""
    out = {}
    for name, path in manifest.firmware_sources().items():
        name = name.replace("/", ".")
        out[name[: -len(".__init__")] if name.endswith(".__init__") else name] = path
    return out


def firmware_imports(path):
    """The firmware modules that the file at path imports, anywhere in it."""
    return imported(path) & set(firmware_modules())


def shipped_name(module):
    """A manifest Module's module name: "table/rules/judge.py" -> "table.rules.judge"."""
    name = module.name[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name
