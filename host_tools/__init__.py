"""Host tools for the scorekeeper: `python -m host_tools <command>`.

The firmware's pure-logic modules are imported from `firmware/` unchanged.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
VENV_BIN = os.path.join(ROOT, ".venv", "bin")
MICROPYTHON = os.path.join(VENV_BIN, "micropython")

if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


class UserError(Exception):
    """Bad input or an unusable device: reported as one line, exit status 2."""
