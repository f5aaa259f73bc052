"""`python -m host_tools deploy [--port PORT] [--board pico]`: install the firmware on a Pico.

(`deploy --runtime circuitpython --drive PATH` copies the CircuitPython build to a
mounted CIRCUITPY drive instead: host_tools/deploy_circuitpython.py.)

Compiles every firmware/*.py except main.py (which stays source, so the device boots
it) and boards/BOARD.py (installed as `board`) with mpy-cross -march=armv6m into
build/deploy-BOARD/, then brings the device up to date through mpremote:

- the device keeps a manifest of what deploy put there, /.deploy.json:
  {"board": NAME, "files": {device name: sha256 of the file, or null = being copied}};
- files whose hash changed (or that are missing on the device) are copied, files the
  previous manifest lists but the project no longer has are removed, and so is a
  top-level NAME.py that would shadow a deployed NAME.mpy (MicroPython imports .py
  first). Nothing else is touched: the device's data/ and configuration stay.
- Crash-safe: before changing anything the manifest is rewritten with null for the
  files about to change (written to a temporary file, then renamed), so a deploy cut
  short (a full flash, a pulled cable) leaves a manifest that makes the next deploy
  redo exactly that work.

Prints `copied N, removed M, unchanged K`. Without --port it uses the one Pico plugged
in. Errors: one line on standard error, exit status 2.
"""
import argparse
import glob
import hashlib
import json
import os
import subprocess
import sys

import paths
from host_tools import ROOT, VENV_BIN, UserError
from host_tools.deploy_circuitpython import CIRCUITPYTHON_ONLY, deploy_to_drive, missing_libraries
from host_tools.mpremote_port import find_port, mpremote, run_code

MANIFEST = "/.deploy.json"
MANIFEST_TMP = "/.deploy.tmp"
MPY_CROSS = os.path.join(VENV_BIN, "mpy-cross")


def firmware_files(project, board):
    """What goes onto the device: [(device name, source path, compile?)], sorted."""
    board_src = os.path.join(project, "boards", board + ".py")
    if not os.path.isfile(board_src):
        known = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(project, "boards", "*.py")))
        raise UserError("unknown board %r (boards: %s)" % (board, ", ".join(known)))
    files = [("board.mpy", board_src, True)]
    for src in sorted(glob.glob(os.path.join(project, "firmware", "*.py"))):
        name = os.path.basename(src)
        if name in CIRCUITPYTHON_ONLY:
            continue
        if name == "main.py":
            files.append((name, src, False))
        else:
            files.append((name[:-3] + ".mpy", src, True))
    return sorted(files)


def build(files, build_dir):
    """Compile (or copy) each file into build_dir; return {device name: sha256 hex}."""
    os.makedirs(build_dir, exist_ok=True)
    for old in os.listdir(build_dir):
        os.remove(os.path.join(build_dir, old))
    hashes = {}
    for name, src, compile_it in files:
        out = os.path.join(build_dir, name)
        if compile_it:
            proc = subprocess.run([MPY_CROSS, "-march=armv6m", "-s", os.path.basename(src),
                                   "-o", out, src], capture_output=True, text=True, timeout=60)
            if proc.returncode != 0:
                lines = (proc.stderr or proc.stdout).strip().splitlines() or ["failed"]
                raise UserError("mpy-cross rejects %s: %s" % (os.path.relpath(src), lines[-1]))
        else:
            with open(src, "rb") as f, open(out, "wb") as g:
                g.write(f.read())
        with open(out, "rb") as f:
            hashes[name] = hashlib.sha256(f.read()).hexdigest()
    return hashes


def plan(built, manifest, on_device):
    """Decide (to copy, to remove, unchanged) from the built hashes, the device's
    manifest files and the set of top-level names on the device."""
    copy = sorted(n for n, h in built.items() if manifest.get(n) != h or n not in on_device)
    remove = sorted(n for n in manifest if n not in built and safe_to_remove(n))
    shadows = sorted(n[:-4] + ".py" for n in built if n.endswith(".mpy")
                     and n[:-4] + ".py" in on_device and n[:-4] + ".py" not in built)
    remove = sorted(set(remove) | set(shadows))
    unchanged = sorted(n for n in built if n not in copy)
    return copy, remove, unchanged


def safe_to_remove(name):
    """Only top-level code files: never data/, never configuration (paths.KEPT)."""
    return "/" not in name and name not in paths.KEPT and name.endswith((".py", ".mpy")) and not name.startswith(".")


class MpremoteDevice:
    """A MicroPython device reached through mpremote on a serial port."""

    def __init__(self, port):
        self.port = port

    def read_state(self):
        """(manifest files {name: hash or None}, top-level names on the device)."""
        out = run_code(self.port, (
            "import os, json\n"
            "try:\n"
            " m = json.load(open(%r))['files']\n"
            "except Exception:\n"
            " m = {}\n"
            "print(json.dumps({'manifest': m, 'names': [e[0] for e in os.ilistdir('/')]}))\n"
        ) % MANIFEST)
        try:
            state = json.loads(out.strip().splitlines()[-1])
            return dict(state["manifest"]), set(state["names"])
        except (ValueError, IndexError, KeyError, TypeError, AttributeError):
            raise UserError("the device on %s gave an unreadable answer: %r" % (self.port, out[:80]))

    @staticmethod
    def manifest_code(board, files):
        """Code that replaces the manifest atomically (temporary file, then rename)."""
        text = json.dumps({"board": board, "files": files}, sort_keys=True)
        return (
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
            " raise\n"
        ) % (MANIFEST_TMP, text, MANIFEST_TMP, MANIFEST, MANIFEST_TMP)

    def update(self, board, build_dir, pending, copy, remove, final):
        """Write the pending manifest, remove, copy, write the final manifest: one session."""
        removal = ("import os\nfor n in %r:\n try:\n  os.remove('/' + n)\n except OSError:\n  pass\n"
                   % remove)
        args = ["exec", self.manifest_code(board, pending) + removal]
        if copy:
            args += ["+", "fs", "cp", "--force"] + [os.path.join(build_dir, n) for n in copy] + [":/"]
        args += ["+", "exec", self.manifest_code(board, final)]
        try:
            mpremote(self.port, args, timeout=300)
        except UserError as exc:
            text = str(exc)
            if "ENOSPC" in text or "No space left" in text or "Errno 28" in text:
                raise UserError("the device's flash is full: deploy stopped, its manifest marks "
                                "what is left to copy (free space, e.g. in data/, and deploy again)")
            raise


def deploy(device, project, board):
    """Bring the device up to date; return (copied, removed, unchanged) counts."""
    build_dir = os.path.join(project, "build", "deploy-" + board)
    built = build(firmware_files(project, board), build_dir)
    manifest, on_device = device.read_state()
    copy, remove, unchanged = plan(built, manifest, on_device)
    if copy or remove:
        pending = dict(manifest)  # removed files stay listed until they are gone
        pending.update({n: None for n in copy})
        device.update(board, build_dir, pending, copy, remove, built)
    return len(copy), len(remove), len(unchanged)


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m host_tools deploy", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", help="serial port of the Pico (default: the one plugged in)")
    parser.add_argument("--board", help="board definition in boards/ "
                        "(default pico; circuitpython_pico with --runtime circuitpython)")
    parser.add_argument("--runtime", choices=("micropython", "circuitpython"), default="micropython")
    parser.add_argument("--drive", metavar="PATH",
                        help="the mounted CIRCUITPY drive (with --runtime circuitpython)")
    parser.add_argument("--project", default=ROOT, metavar="DIR",
                        help="project root holding firmware/ and boards/ (default: this checkout)")
    args = parser.parse_args(argv)
    try:
        if args.runtime == "circuitpython":
            if not args.drive:
                raise UserError("--runtime circuitpython needs --drive PATH (the CIRCUITPY drive)")
            copied, removed, unchanged = deploy_to_drive(
                args.drive, args.board or "circuitpython_pico", os.path.abspath(args.project))
            for lib, what in missing_libraries(args.drive):
                print("deploy: lib/%s missing on the drive (%s): circup install %s"
                      % (lib, what, lib), file=sys.stderr)
        else:
            port = args.port or find_port()
            copied, removed, unchanged = deploy(MpremoteDevice(port), os.path.abspath(args.project),
                                                args.board or "pico")
    except UserError as exc:
        print("deploy: %s" % exc, file=sys.stderr)
        return 2
    print("copied %d, removed %d, unchanged %d" % (copied, removed, unchanged))
    return 0
