"""`python -m host_tools deploy [--port PORT] [--board pico]`: install the firmware.

    deploy [--port PORT] [--board pico]                          MicroPython, over USB serial
    deploy --frozen [--port PORT] [--board pico]                 a MicroPython build with the firmware frozen in
    deploy --runtime circuitpython --drive PATH [--board ...]    CircuitPython, to CIRCUITPY

What ships is the runtime's manifest (firmware/manifest.py for MicroPython,
firmware/manifest_circuitpython.py for CircuitPython; host_tools/ship/manifest.py) plus the
board definition (boards/BOARD.py resolved and checked: host_tools/ship/boards.py):

- MicroPython: main.py as source (the device boots it), every other module and the
  board (as `board`) compiled by mpy-cross -march=armv6m (host_tools/ship/mpycross.py,
  cached in build/mpy-cache by content);
- MicroPython with the firmware frozen into the build (`--frozen`: the build's manifest
  `include()`s firmware/manifest.py): only main.py and the board; the modules an
  earlier deploy put on the flash are removed, since a flash file shadows the frozen
  module of its name;
- CircuitPython: sources (CircuitPython cannot load MicroPython's .mpy), cp_main.py as
  `code.py` (what CircuitPython runs), the board as `boardcfg.py` (`board` is
  CircuitPython's own pin list) and boot.py (BOOT_PY) that lets the firmware write
  its flash. The libraries in LIBRARIES come from the Adafruit bundle (circup):
  deploy names the missing ones.

One planner for both (`plan`, `deploy`): the device keeps a record of what deploy put
there, /.deploy.json ({"board", "runtime", "files": {name: sha256 or null}}); a file
is copied when the device's copy differs or is missing, files the previous record
lists but the project no longer has are removed, and so is a top-level NAME.py that
would shadow a deployed NAME.mpy (MicroPython imports .py first). Nothing else is
touched: data/ and the configuration stay. Crash-safe: before changing anything the
record is rewritten with null for the files about to change, so a deploy cut short (a
full flash, a pulled cable) leaves a record that makes the next deploy redo that work.
The entry file (main.py / code.py) is written last.

The two transports (host_tools/device/deploy_transport.py): mpremote as a library over one
serial connection, and the mounted drive. Prints `copied N, removed M, unchanged K`;
over USB serial it also sets the Pico's clock to this PC's time (host_tools/device/clock.py:
the history's lines are dated from then on) and says so on the next line.
Without --port it uses the one Pico plugged in. Errors: one line, exit status 2.
"""

import argparse
import os
import sys

from host_tools import PACKAGE, ROOT, ArgumentParser, UserError, port_option, project_option
from host_tools.device import clock
from host_tools.device.deploy_transport import DriveTransport, MpremoteTransport, sha256
from host_tools.device.mpremote_port import find_port
from host_tools.ship import boards, manifest, mpycross
from table.storage import paths  # firmware/table/storage/paths.py (host_tools puts firmware/ on the path)

DEFAULT_BOARD = {"micropython": "pico", "circuitpython": "circuitpython_pico"}
ENTRY = {"micropython": "main.py", "circuitpython": "code.py"}
CP_ENTRY_SOURCE = "cp_main.py"
# On the CIRCUITPY drive: (name in lib/ without .py/.mpy, what the firmware imports from it).
LIBRARIES = (
    ("adafruit_displayio_ssd1306", "the SSD1306 display driver"),
    ("adafruit_display_text", "text labels (bitmap_label)"),
    ("adafruit_ticks", "needed by adafruit_display_text.bitmap_label"),
)

BOOT_PY = '''"""boot.py (written by deploy): who may write the CIRCUITPY flash.

The firmware saves the match (state.json, data/) only if it can write the flash,
and CircuitPython lets either the firmware or the computer write it, not both.
Default: the firmware. Hold boardcfg.USB_WRITE_BUTTON while resetting the Pico to
leave the drive writable from the computer instead (to deploy); nothing is saved
until the next reset.
"""
import board
import digitalio
import storage

import boardcfg

name = getattr(boardcfg, "USB_WRITE_BUTTON", None)
usb_write = False
if name:
    io = digitalio.DigitalInOut(getattr(board, "GP%d" % boardcfg.BUTTONS[name]))
    io.switch_to_input(pull=digitalio.Pull.UP)
    usb_write = not io.value
    io.deinit()
if not usb_write:
    storage.remount("/", readonly=False)
'''


# --- what ships ----------------------------------------------------------------------


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def micropython_files(project, board):
    """{device name: bytes} for a MicroPython device."""
    spec = manifest.for_runtime("micropython", os.path.join(project, "firmware"), has_wifi(project, board))
    board_py = boards.write_flat(os.path.join(project, "boards"), board, os.path.join(project, "build", "boards"))
    sources = [m.path for m in spec.modules if m.name != ENTRY["micropython"]]
    compiled = mpycross.compile_all(sources + [board_py], opt_of={m.path: m.opt for m in spec.modules})
    files = {"board.mpy": _read(compiled[board_py])}
    for m in spec.modules:
        if m.name == ENTRY["micropython"]:
            files[m.name] = _read(m.path)
        else:
            files[m.name[:-3] + ".mpy"] = _read(compiled[m.path])
    for name in DATA_FILES:  # data the firmware reads from the flash, beside its module
        path = os.path.join(project, "firmware", name)
        if os.path.exists(path):  # (the firmware does without)
            files[name] = _read(path)
    return files


def has_wifi(project, board):
    """A W board: the live page's modules and microdot ship too (manifest_wifi.py)."""
    return bool(boards.load(os.path.join(project, "boards"), board).get("WIFI", False))


FROZEN_SHIPS = ("main.py", "board.mpy")  # what a build with the modules frozen in still needs on the flash
# Data files of the firmware's package (not modules: a manifest cannot freeze them),
# shipped beside their module; with the firmware frozen in, at the flash root
# (firstnames.py looks there when there is no table/ folder).
DATA_FILES = ("table/screens/firstnames.txt",)
DATA_AT_ROOT = tuple(n.rsplit("/", 1)[-1] for n in DATA_FILES)


def frozen_files(project, board):
    """{device name: bytes} for MicroPython with the firmware frozen in: FROZEN_SHIPS
    and the DATA_FILES at the root."""
    files = micropython_files(project, board)
    out = {n: files[n] for n in FROZEN_SHIPS}
    for name, at_root in zip(DATA_FILES, DATA_AT_ROOT):
        if name in files:
            out[at_root] = files[name]
    return out


def circuitpython_files(project, board):
    """{drive name: bytes} for a CircuitPython device."""
    spec = manifest.for_runtime("circuitpython", os.path.join(project, "firmware"))
    files = {
        "boardcfg.py": boards.flat_source(os.path.join(project, "boards"), board).encode(),
        "boot.py": BOOT_PY.encode(),
    }
    for m in spec.modules:
        files[ENTRY["circuitpython"] if m.name == CP_ENTRY_SOURCE else m.name] = _read(m.path)
    if ENTRY["circuitpython"] not in files:
        raise UserError("%s is not in firmware/manifest_circuitpython.py" % CP_ENTRY_SOURCE)
    return files


def missing_libraries(drive):
    """The LIBRARIES entries (name, what for) not in the drive's lib/."""
    lib = os.path.join(drive, "lib")
    return [
        (name, what)
        for name, what in LIBRARIES
        if not (
            os.path.isdir(os.path.join(lib, name))
            or os.path.isfile(os.path.join(lib, name + ".mpy"))
            or os.path.isfile(os.path.join(lib, name + ".py"))
        )
    ]


# --- the plan ------------------------------------------------------------------------


def safe_to_remove(name):
    """Only code files (and the firmware's DATA_FILES) at the top level or in the
    firmware's package folder: never data/, lib/ or configuration (paths.KEPT)."""
    folder, _, base = name.rpartition("/")
    return (
        (not folder or folder == PACKAGE or folder.startswith(PACKAGE + "/"))
        and "\\" not in name
        and ".." not in name.split("/")
        and name not in paths.KEPT
        and (base.endswith((".py", ".mpy")) or name in DATA_FILES or (not folder and name in DATA_AT_ROOT))
        and not base.startswith(".")
    )


def plan(built, record, present):
    """(to copy, to remove, unchanged), each sorted. built: {name: sha256} to install;
    record: the device's /.deploy.json files; present: {top-level name on the device:
    its sha256 as far as known, else None}."""
    copy = sorted(n for n, h in built.items() if n not in present or present[n] != h)
    remove = {n for n in record if n not in built and n in present and safe_to_remove(n)}
    remove |= {
        n[:-4] + ".py"
        for n in built
        if n.endswith(".mpy") and n[:-4] + ".py" in present and n[:-4] + ".py" not in built
    }
    unchanged = sorted(n for n in built if n not in copy)
    return copy, sorted(remove), unchanged


def deploy(transport, files, board, runtime):
    """Bring the device up to date with files ({name: bytes}); return the counts
    (copied, removed, unchanged)."""
    built = {n: sha256(data) for n, data in files.items()}
    record, present = transport.state()
    copy, remove, unchanged = plan(built, record, present)
    if copy or remove:
        pending = dict(record)  # removed files stay listed until they are gone
        pending.update({n: None for n in copy})
        transport.write_manifest(board, runtime, pending)
        transport.remove(remove)
        entry_last = sorted(copy, key=lambda n: (n == ENTRY[runtime], n))
        transport.write([(n, files[n]) for n in entry_last])
        transport.write_manifest(board, runtime, built)
    return len(copy), len(remove), len(unchanged)


def deploy_micropython(port, project=ROOT, board="pico", frozen=False):
    """deploy's counts, and what the device's clock reads after it was set (clock.py)."""
    files = (frozen_files if frozen else micropython_files)(project, board)  # a bad board or module: before connecting
    transport = MpremoteTransport(port)
    try:
        counts = deploy(transport, files, board, "micropython")
        return counts, clock.set_clock(transport)
    finally:
        transport.close()


def deploy_to_drive(drive, board="circuitpython_pico", project=ROOT):
    transport = DriveTransport(drive)
    return deploy(transport, circuitpython_files(project, board), board, "circuitpython")


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools deploy",
        example=(
            "python -m host_tools deploy\n"
            "python -m host_tools deploy --port /dev/ttyACM0 --board pico2\n"
            "python -m host_tools deploy --runtime circuitpython --drive /media/$USER/CIRCUITPY"
        ),
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    port_option(parser)
    parser.add_argument(
        "--board", help="board definition in boards/ (default pico; circuitpython_pico with --runtime circuitpython)"
    )
    parser.add_argument("--runtime", choices=("micropython", "circuitpython"), default="micropython")
    parser.add_argument("--drive", metavar="PATH", help="the mounted CIRCUITPY drive (with --runtime circuitpython)")
    parser.add_argument(
        "--frozen",
        action="store_true",
        help="the Pico runs a MicroPython build with firmware/manifest.py frozen in: "
        "copy only main.py and the board, remove the modules deployed before",
    )
    project_option(parser)
    args = parser.parse_args(argv)
    board = args.board or DEFAULT_BOARD[args.runtime]
    project = args.project
    if args.runtime == "circuitpython":
        if not args.drive:
            raise UserError("--runtime circuitpython needs --drive PATH (the CIRCUITPY drive)")
        counts = deploy_to_drive(args.drive, board, project)
        for lib, what in missing_libraries(args.drive):
            print("deploy: lib/%s missing on the drive (%s): circup install %s" % (lib, what, lib), file=sys.stderr)
    else:
        boards.check_name(os.path.join(project, "boards"), board)
        counts, set_to = deploy_micropython(args.port or find_port(), project, board, args.frozen)
        print("copied %d, removed %d, unchanged %d" % counts)
        print(clock.said(set_to))
        return 0
    print("copied %d, removed %d, unchanged %d" % counts)
    return 0
