"""Install the firmware on a Pico running CircuitPython: copy it to the CIRCUITPY drive.

`deploy_to_drive(drive_path, board="circuitpython_pico")` (host_tools/deploy.py calls
it for `deploy --runtime circuitpython --drive PATH`) brings the mounted drive up to
date:

- Sources, not .mpy: CircuitPython cannot load MicroPython's .mpy files (and its own
  mpy-cross is another program), so every firmware/*.py is copied as it is, except
  the MicroPython-only modules (MICROPYTHON_ONLY). `cp_main.py` becomes `code.py`
  (what CircuitPython runs), the board definition becomes `boardcfg.py` (on
  CircuitPython `board` is the built-in module of pin names) and `boot.py` (BOOT_PY)
  lets the firmware write its flash (state.json, data/).
- The drive keeps a manifest of what deploy put there, /.deploy.json:
  {"board": NAME, "runtime": "circuitpython", "files": {name: sha256 or null}}.
  A file is copied when its content on the drive differs (or it is missing); files
  the previous manifest lists but the project no longer has are removed (top-level
  code files only). Nothing else is touched: data/, state.json, config.json,
  settings.toml and lib/ stay.
- Crash-safe: the manifest is first rewritten with null for the files about to
  change; each file is written to a temporary name and renamed; `code.py` goes last,
  so CircuitPython's auto-reload restarts the app on a complete set of files.

Libraries: the firmware needs LIBRARIES in the drive's lib/, from the Adafruit
bundle (`circup install adafruit_displayio_ssd1306 adafruit_display_text` also
installs adafruit_ticks). Deploy does not fetch them: `missing_libraries(drive_path)`
names the ones not there.
"""
import glob
import hashlib
import json
import os

import paths
from host_tools import ROOT, UserError

MANIFEST = ".deploy.json"
# On the drive: (name in lib/ without .py/.mpy, what the firmware imports from it).
LIBRARIES = (
    ("adafruit_displayio_ssd1306", "the SSD1306 display driver"),
    ("adafruit_display_text", "text labels (bitmap_label)"),
    ("adafruit_ticks", "needed by adafruit_display_text.bitmap_label"),
)
# firmware/*.py that only MicroPython uses (the CircuitPython ones replace them).
MICROPYTHON_ONLY = ("main.py", "hw.py", "canvas.py", "ssd1306.py")
# firmware/*.py that only CircuitPython uses (deploy.py can leave them off a MicroPython
# device: they compile, but are never imported there).
CIRCUITPYTHON_ONLY = ("cp_main.py", "hw_circuitpython.py", "canvas_displayio.py")
ENTRY = ("cp_main.py", "code.py")  # (firmware file, name on the drive)
BOARD_NAME = "boardcfg.py"

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


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def drive_files(project, board):
    """What goes onto the drive: {drive name: bytes}."""
    board_src = os.path.join(project, "boards", board + ".py")
    if not os.path.isfile(board_src):
        known = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(project, "boards", "*.py")))
        raise UserError("unknown board %r (boards: %s)" % (board, ", ".join(known)))
    files = {BOARD_NAME: _read(board_src), "boot.py": BOOT_PY.encode()}
    for src in sorted(glob.glob(os.path.join(project, "firmware", "*.py"))):
        name = os.path.basename(src)
        if name in MICROPYTHON_ONLY:
            continue
        files[ENTRY[1] if name == ENTRY[0] else name] = _read(src)
    if ENTRY[1] not in files:
        raise UserError("firmware/%s is missing" % ENTRY[0])
    return files


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def read_manifest(drive):
    """The files of the drive's manifest ({} if none or unreadable)."""
    try:
        with open(os.path.join(drive, MANIFEST)) as f:
            files = json.load(f)["files"]
        return dict(files) if isinstance(files, dict) else {}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def on_drive_hash(drive, name):
    path = os.path.join(drive, name)
    try:
        return sha256(_read(path))
    except OSError:
        return None


def plan(built, manifest, drive):
    """(to copy, to remove, unchanged), each sorted; built: {name: sha256}."""
    copy = sorted(n for n, h in built.items() if on_drive_hash(drive, n) != h)
    remove = sorted(n for n in manifest if n not in built and safe_to_remove(n)
                    and os.path.isfile(os.path.join(drive, n)))
    unchanged = sorted(n for n in built if n not in copy)
    return copy, remove, unchanged


def safe_to_remove(name):
    """Only top-level code files: never data/, lib/ or configuration (paths.KEPT)."""
    return "/" not in name and "\\" not in name and name not in paths.KEPT \
        and name.endswith((".py", ".mpy")) and not name.startswith(".")


def write_atomic(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def write_manifest(drive, board, files):
    text = json.dumps({"board": board, "runtime": "circuitpython", "files": files},
                      sort_keys=True, indent=1)
    write_atomic(os.path.join(drive, MANIFEST), text.encode())


def deploy_to_drive(drive_path, board="circuitpython_pico", project=ROOT):
    """Bring the CIRCUITPY drive at drive_path up to date; return (copied, removed,
    unchanged) counts. Raises UserError (one line) for a bad board, a missing or
    read-only drive, or a full one (the manifest then marks what is left)."""
    if not os.path.isdir(drive_path):
        raise UserError("no drive at %s (is the Pico's CIRCUITPY drive mounted?)" % drive_path)
    files = drive_files(project, board)
    built = {n: sha256(data) for n, data in files.items()}
    manifest = read_manifest(drive_path)
    copy, remove, unchanged = plan(built, manifest, drive_path)
    if copy or remove:
        pending = dict(manifest)  # removed files stay listed until they are gone
        pending.update({n: None for n in copy})
        try:
            write_manifest(drive_path, board, pending)
            for name in remove:
                os.remove(os.path.join(drive_path, name))
                del pending[name]
            # code.py last: auto-reload then restarts on a complete set of files.
            for name in sorted(copy, key=lambda n: (n == ENTRY[1], n)):
                write_atomic(os.path.join(drive_path, name), files[name])
            write_manifest(drive_path, board, built)
        except OSError as exc:
            raise UserError(_drive_error(drive_path, exc))
    return len(copy), len(remove), len(unchanged)


def _drive_error(drive, exc):
    if exc.errno == 28:
        return ("the drive %s is full: deploy stopped, its manifest marks what is left "
                "to copy (free space and deploy again)" % drive)
    if exc.errno in (13, 30):
        return ("the drive %s is read-only: hold the USB-write button (boardcfg."
                "USB_WRITE_BUTTON: back) while resetting the Pico, so that boot.py leaves "
                "the drive to the computer, and deploy again" % drive)
    return "writing to %s failed: %s" % (drive, exc)


def missing_libraries(drive_path):
    """The LIBRARIES entries (name, what for) not in the drive's lib/."""
    lib = os.path.join(drive_path, "lib")
    missing = []
    for name, what in LIBRARIES:
        base = os.path.join(lib, name)
        if not (os.path.isdir(base) or os.path.isfile(base + ".mpy") or os.path.isfile(base + ".py")):
            missing.append((name, what))
    return missing
