"""The two ways `deploy` reaches a device; host_tools/device/deploy.py plans what to do.

- MpremoteTransport: a Pico running MicroPython on a serial port (mpremote_port.Device:
  one raw-REPL session for the whole deploy; the state is read in one exec, the files
  are written in a few large execs).
- DriveTransport: a Pico running CircuitPython, through its mounted CIRCUITPY drive.

Both keep deploy's record, /.deploy.json: {"board": NAME, "runtime": RUNTIME,
"files": {name: sha256 or null = being copied}}, and offer the same calls:
state(), write_manifest(), remove(), write(), close(). Errors: UserError, one line.
"""

import binascii
import hashlib
import json
import os
import re

from host_tools import PACKAGE, UserError
from host_tools.device.mpremote_port import ANSWER_TIMEOUT, Device, DeviceError

MANIFEST = ".deploy.json"
CHUNK = 4096  # file bytes per exec (base64 in the code the device compiles: ~5.5 KB)
WRITE_TIMEOUT_S = 60


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def manifest_text(board, runtime, files):
    return json.dumps({"board": board, "runtime": runtime, "files": files}, sort_keys=True)


# Device code (with os imported): n = the flash's top-level names and the paths of the
# files in the firmware's package folder ("table/rules/judge.mpy").
NAMES_CODE = (
    "n = [e[0] for e in os.ilistdir('/')]\n"
    "def walk(d):\n"
    " for e in os.ilistdir(d):\n"
    "  p = d + '/' + e[0]\n"
    "  walk(p) if e[1] & 0x4000 else n.append(p)\n"
    "if %r in n:\n"
    " walk(%r)\n" % (PACKAGE, PACKAGE)
)


def folders(names):
    """The folders that files of these names ("table/rules/judge.mpy") are in, each
    after the folder it is in."""
    out = set()
    for name in names:
        parts = name.split("/")[:-1]
        out.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    return sorted(out, key=lambda f: (f.count("/"), f))


class MpremoteTransport(Device):
    """A MicroPython device on a serial port (a Pico, or the virtual one)."""

    def _exec(self, code, timeout=ANSWER_TIMEOUT):
        try:
            return self.exec(code, timeout)
        except DeviceError as exc:
            if "ENOSPC" in exc.text or re.search(r"OSError: (\[Errno )?28\b", exc.text):
                raise UserError(
                    "the device's flash is full: deploy stopped, its manifest marks "
                    "what is left to copy (free space, e.g. in data/, and deploy again)"
                )
            raise

    def state(self):
        """(manifest files, {name on the device: its hash in the manifest or None}): the
        top-level names and every file in the firmware's package folder."""
        manifest, names = self.ask(
            "import os, json\n"
            "try:\n"
            " m = json.load(open(%r))['files']\n"
            "except Exception:\n"
            " m = {}\n"
            "%s"
            "print(json.dumps({'manifest': m, 'names': n}))\n" % ("/" + MANIFEST, NAMES_CODE),
            lambda found: (dict(found["manifest"]), list(found["names"])),
        )
        return manifest, {n: manifest.get(n) for n in names}

    def write_manifest(self, board, runtime, files):
        """Atomically: a temporary file, then renamed."""
        tmp, final = "/.deploy.tmp", "/" + MANIFEST
        self._exec(
            "import os\n"
            "try:\n"
            " with open(%r, 'w') as f:\n"
            "  f.write(%r)\n"
            " os.rename(%r, %r)\n"
            "except OSError:\n"
            " try:\n"
            "  os.remove(%r)\n"
            " except OSError:\n"
            "  pass\n"
            " raise\n" % (tmp, manifest_text(board, runtime, files), tmp, final, tmp)
        )

    def remove(self, names):
        """Remove these files, then the folders they leave empty (an empty table/ would
        hide a frozen firmware's package: its folder on the flash comes first)."""
        if names:
            self._exec(
                "import os\nfor n in %r:\n try:\n  os.remove('/' + n)\n except OSError:\n  pass\n"
                "for d in %r:\n try:\n  os.rmdir('/' + d)\n except OSError:\n  pass\n"
                % (sorted(names), folders(names)[::-1])
            )

    def write(self, files):
        """Write [(name, bytes)] in order, CHUNK bytes of content per exec (several small
        files share one)."""
        code, size = ["import os"], 0
        for folder in folders(name for name, _ in files):
            code.append("try:\n os.mkdir(%r)\nexcept OSError:\n pass" % ("/" + folder))
        for name, data in files:
            code.append("f = open(%r, 'wb')" % ("/" + name))
            for i in range(0, max(len(data), 1), CHUNK):
                piece = data[i : i + CHUNK]
                if size and size + len(piece) > CHUNK:
                    self._run_writes(code + ["f.close()"])
                    code, size = ["f = open(%r, 'ab')" % ("/" + name)], 0
                code.append("w(a(%r))" % binascii.b2a_base64(piece, newline=False))
                size += len(piece)
            code.append("f.close()")
        self._run_writes(code)

    def _run_writes(self, lines):
        if lines:
            self._exec(
                "from binascii import a2b_base64 as a\nw = lambda b: f.write(b)\n" + "\n".join(lines) + "\n",
                timeout=WRITE_TIMEOUT_S,
            )


class DriveTransport:
    """The mounted CIRCUITPY drive of a Pico running CircuitPython."""

    def __init__(self, drive):
        if not os.path.isdir(drive):
            raise UserError("no drive at %s (is the Pico's CIRCUITPY drive mounted?)" % drive)
        self.drive = drive

    def close(self):
        pass

    def state(self):
        """(manifest files, {code file on the drive (top level, or in the firmware's
        package folder): sha256 of its content})."""
        try:
            with open(os.path.join(self.drive, MANIFEST)) as f:
                manifest = json.load(f)["files"]
            manifest = dict(manifest) if isinstance(manifest, dict) else {}
        except (OSError, ValueError, KeyError, TypeError):
            manifest = {}
        present = {}
        names = sorted(os.listdir(self.drive))
        for folder, _, files in os.walk(os.path.join(self.drive, PACKAGE)):
            names += sorted(os.path.relpath(os.path.join(folder, f), self.drive).replace(os.sep, "/") for f in files)
        for name in names:
            path = os.path.join(self.drive, name)
            if os.path.isfile(path) and name.endswith((".py", ".mpy")):
                with open(path, "rb") as f:
                    present[name] = sha256(f.read())
        return manifest, present

    def _guard(self, fn, *args):
        try:
            return fn(*args)
        except OSError as exc:
            raise UserError(self._error(exc))

    def write_manifest(self, board, runtime, files):
        self._guard(self._write_atomic, MANIFEST, manifest_text(board, runtime, files).encode())

    def remove(self, names):
        for name in names:
            self._guard(os.remove, os.path.join(self.drive, name))
        for folder in folders(names)[::-1]:  # deepest first; one still holding files stays
            try:
                os.rmdir(os.path.join(self.drive, folder))
            except OSError:
                pass

    def write(self, files):
        for name, data in files:
            self._guard(self._write_atomic, name, data)

    def _write_atomic(self, name, data):
        path = os.path.join(self.drive, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)

    def _error(self, exc):
        if exc.errno == 28:
            return (
                "the drive %s is full: deploy stopped, its manifest marks what is left "
                "to copy (free space and deploy again)" % self.drive
            )
        if exc.errno in (13, 30):
            return (
                "the drive %s is read-only: hold the USB-write button (boardcfg."
                "USB_WRITE_BUTTON: back) while resetting the Pico, so that boot.py leaves "
                "the drive to the computer, and deploy again" % self.drive
            )
        return "writing to %s failed: %s" % (self.drive, exc)
