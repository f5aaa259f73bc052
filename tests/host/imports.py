"""What a Python file imports, for the host tests that check the firmware's imports."""

import ast


def imported(path):
    """The top-level names of the modules the file at path imports, anywhere in it (an
    import inside a function included; relative imports left out)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found
