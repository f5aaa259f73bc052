"""Host tools for the scorekeeper: `python -m host_tools <command>`.

The firmware's pure-logic modules are imported from `firmware/` unchanged.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGE = "table"  # the firmware's package (firmware/table/): one folder on the flash, beside main.py
BOARDS = os.path.join(ROOT, "boards")
VENV_BIN = os.path.join(ROOT, ".venv", "bin")
MICROPYTHON = os.path.join(VENV_BIN, "micropython")

if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


class UserError(Exception):
    """Bad input or an unusable device: `python -m host_tools` reports it as one line,
    "COMMAND: message", and exits with status 2."""


def folder(path, what):
    """Make sure `path` is a folder (made if missing), or say why it cannot be."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UserError("%s %s is a file, not a folder" % (what, path))
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise UserError("cannot make %s %s: %s" % (what, path, (e.strerror or str(e)).lower()))


class ArgumentParser(argparse.ArgumentParser):
    """argparse for a command: a bad argument is a UserError (one line, exit status 2),
    not argparse's usage and message. `example` (one command line, or several, one a
    line) ends its --help as an "example:" epilog, kept as written; every command has
    one (tests/host/test_help_examples.py)."""

    def __init__(self, *args, example=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.example = example

    def format_help(self):
        text = super().format_help()
        if self.example:
            lines = self.example.strip("\n").splitlines()
            text += "\nexample%s:\n%s\n" % ("s" if len(lines) > 1 else "", "\n".join("  " + ln for ln in lines))
        return text

    def error(self, message):
        raise UserError(message)


def product_version(project=ROOT):
    """VERSION in the checkout's firmware/table/version.py (the one place it is written), or
    None for a checkout from before it had one."""
    scope = {}
    try:
        with open(os.path.join(project, "firmware", "table", "version.py"), encoding="utf-8") as f:
            exec(f.read(), scope)
    except OSError:
        return None
    return scope.get("VERSION")


def port_option(parser):
    """--port, the Pico's serial port (deploy, doctor, pull); parser may be a group."""
    parser.add_argument("--port", help="serial port of the Pico (default: the one plugged in)")


def project_option(parser):
    """--project DIR, the checkout whose firmware/ and boards/ deploy and doctor use
    (an absolute path; bad input if either folder is missing)."""
    parser.add_argument(
        "--project",
        default=ROOT,
        type=_project,
        metavar="DIR",
        help="project root holding firmware/ and boards/ (default: this checkout)",
    )


def _project(path):
    path = os.path.abspath(path)
    for name in ("firmware", "boards"):
        if not os.path.isdir(os.path.join(path, name)):
            raise argparse.ArgumentTypeError("%s has no %s/ folder" % (path, name))
    return path
