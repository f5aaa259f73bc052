"""`python -m host_tools doctor [--port PORT] [--board NAME]`: is the Pico ready?

Finds the Pico by its USB id (picoports.py) unless --port is given, then asks it, in
one mpremote session: the MicroPython version and machine (`sys.implementation`,
`os.uname()`), free flash (`os.statvfs('/')`) and heap (`gc.mem_free()` after a
collection), the deploy manifest `/.deploy.json`, the deployed `board` module's
NAME and where the firmware's modules come from (a flash file, or frozen into the
MicroPython build: `paths.__file__` then names no file on the flash; that firmware is
reported as such, not as missing). It compares the device's firmware with what `deploy` would put there now (the
same build and plan as deploy, into a temporary folder) and prints one line per
finding, then what to do about anything that is off. On the way it sets the Pico's
clock to this PC's time (host_tools/device/clock.py: the history's lines get dates).

Exit status: 0 all good, 1 something to fix (no board, several boards, firmware out
of date, flash nearly full ...), 2 bad input or a port that does not answer (one line
on standard error).
"""

import argparse
import os
import sys

from host_tools import ArgumentParser, UserError, port_option, product_version, project_option
from host_tools.device import clock, picoports
from host_tools.device.deploy import frozen_files, micropython_files, plan
from host_tools.device.deploy_transport import MANIFEST, NAMES_CODE, sha256
from host_tools.device.mpremote_port import Device
from table import app_boot
from table.storage import paths

OLDEST_MICROPYTHON = app_boot.OLDEST_MICROPYTHON  # the firmware's own check at boot
FLASH_LOW_BYTES = 64 * 1024  # below this free, the history and saves may soon fail
HEAP_NEEDED_BYTES = 96 * 1024  # what the firmware needs (bench: the live peak, about 72 KB)

QUERY = """\
import gc, json, os, sys
r = {'impl': sys.implementation.name, 'version': list(sys.implementation.version[:3])}
try:
    u = os.uname()
    r['machine'] = u.machine
    r['build'] = u.version
except AttributeError:
    r['machine'] = getattr(sys.implementation, '_machine', sys.platform)
    r['build'] = ''
s = os.statvfs('/')
r['flash'] = [s[0] * s[2], s[0] * s[3]]
try:
    r['manifest'] = json.load(open('%s'))
except Exception:
    r['manifest'] = None
%s
r['names'] = sorted(n)
try:
    from table.storage import paths
    r['paths_file'] = getattr(paths, '__file__', '')
    try:
        os.stat(r['paths_file'])
        r['paths_on_flash'] = True
    except OSError:
        r['paths_on_flash'] = False
except Exception:
    r['paths_file'] = None
try:
    import board
    r['board'] = board.NAME
except Exception as e:
    r['board'] = None
    r['board_error'] = '%%s: %%s' %% (type(e).__name__, e)
try:
    from table import version
    r['firmware_version'] = version.VERSION
except Exception:
    try:
        import version  # the flat firmware before 1.2 (firmware/table/version.py)
        r['firmware_version'] = version.VERSION
    except Exception:
        r['firmware_version'] = None
gc.collect()
r['heap_free'] = gc.mem_free()
r['heap_total'] = gc.mem_free() + gc.mem_alloc()
print(json.dumps(r))
""" % ("/" + MANIFEST, NAMES_CODE)


def ask(port):
    """What the device says about itself (QUERY's answer as a dict); its clock is set
    to this PC's time on the way ("clock": what it reads then, or None)."""
    with Device(port) as device:
        info = device.ask(QUERY)
        info["clock"] = clock.set_clock(device)
        return info


def kib(n):
    return "{:,} KiB".format(n // 1024)


def deploy_plan(record, names, project, board, is_frozen=False):
    """What `deploy --board BOARD` (with --frozen if is_frozen) would do now to a device
    with this record and these top-level names: deploy's own files and plan, (to copy,
    to remove, unchanged)."""
    files = (frozen_files if is_frozen else micropython_files)(project, board)
    built = {n: sha256(data) for n, data in files.items()}
    return plan(built, record, {n: record.get(n) for n in names})


def frozen(info):
    """The firmware's modules are frozen into the MicroPython build: `paths` imports,
    and its __file__ names no file on the device's filesystem (on rp2 a frozen
    module's __file__ is its bare source name, "paths.py"; a deployed one's is the
    .mpy file it was loaded from)."""
    return bool(info.get("paths_file")) and info.get("paths_on_flash") is False


def firmware_check(info, project, board):
    """(line, advice or None): the device's firmware against what deploy would copy now."""
    manifest = info.get("manifest")
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
        if frozen(info):
            return (
                "firmware: frozen into the MicroPython build; main.py and the board not deployed",
                "install them: python -m host_tools deploy --frozen --board %s" % board,
            )
        return (
            "firmware: none deployed by `deploy` (no /%s)" % MANIFEST,
            "install the firmware: make deploy BOARD=%s" % board,
        )
    files = manifest["files"]
    if manifest.get("board") != board:
        return (
            "firmware: deployed for board %s, this check is for %s" % (manifest.get("board"), board),
            "deploy the board you wired: make deploy BOARD=%s" % board,
        )
    cut = sorted(n for n, h in files.items() if h is None)
    if cut:
        return (
            "firmware: a deploy was cut short (%d files not copied: %s)" % (len(cut), names(cut)),
            "finish it: make deploy BOARD=%s" % board,
        )
    is_frozen = frozen(info)
    copy, remove, unchanged = deploy_plan(files, set(info.get("names", [])), project, board, is_frozen)
    redo = ("python -m host_tools deploy --frozen --board %s" if is_frozen else "make deploy BOARD=%s") % board
    if copy or remove:
        what = []
        if copy:
            what.append("%d to copy: %s" % (len(copy), names(copy)))
        if remove:
            what.append("%d to remove: %s" % (len(remove), names(remove)))
        return (
            "firmware: out of date with this checkout (%s)" % "; ".join(what),
            "bring it up to date: %s" % redo,
        )
    if is_frozen:
        return "firmware: frozen into the MicroPython build; main.py and the board up to date", None
    return "firmware: up to date with this checkout (%d files)" % len(unchanged), None


def names(items, most=4):
    shown = ", ".join(items[:most])
    return shown + (", ..." if len(items) > most else "")


def diagnose(info, project, board_arg):
    """(lines, advice) for one device's answer."""
    lines, advice = [], []
    version = tuple(info["version"])
    if info["impl"] != "micropython":
        lines.append("runtime: %s %s" % (info["impl"], ".".join(map(str, version))))
        advice.append(
            "this board runs %s: deploy with --runtime circuitpython --drive PATH "
            "(docs/hardware.md, CircuitPython); doctor checks MicroPython boards" % info["impl"]
        )
        return lines, advice
    lines.append("MicroPython %s; %s" % (info.get("build") or ".".join(map(str, version)), info["machine"]))
    if tuple(version[:3]) < OLDEST_MICROPYTHON:
        advice.append(
            "MicroPython %s is older than this firmware needs: flash %d.%d or "
            "newer (README, First time on a real Pico, step 1)" % (".".join(map(str, version)), *OLDEST_MICROPYTHON[:2])
        )
    total, free = info["flash"]
    lines.append("flash: %s free of %s" % (kib(free), kib(total)))
    if free < FLASH_LOW_BYTES:
        advice.append(
            "the flash is nearly full: pull the history (make pull), then remove old "
            "files (%s, *.bad) with mpremote" % paths.TORN
        )
    lines.append("heap: {:,} bytes free of {:,}".format(info["heap_free"], info["heap_total"]))
    if info["heap_free"] < HEAP_NEEDED_BYTES:
        advice.append(
            "less free heap than the firmware needs (%s): remove boot.py or other "
            "code that runs before it" % kib(HEAP_NEEDED_BYTES)
        )
    theirs, ours = info.get("firmware_version"), product_version(project)
    if theirs or ours:  # firmware/table/version.py: the product's version
        lines.append("firmware version: %s on the device, %s in this checkout" % (theirs or "none", ours or "none"))
    board = info.get("board")
    manifest = info.get("manifest") if isinstance(info.get("manifest"), dict) else {}
    if board:
        known = os.path.isfile(os.path.join(project, "boards", board + ".py"))
        lines.append(
            "board definition: %s (%s)" % (board, "boards/%s.py" % board if known else "not in this checkout's boards/")
        )
    else:
        lines.append("board definition: none (%s)" % info.get("board_error", "no board module"))
    wanted = board_arg or manifest.get("board") or board or "pico"
    if not os.path.isfile(os.path.join(project, "boards", wanted + ".py")):
        advice.append(
            "the device's board %s is not in this checkout's boards/: "
            "make deploy BOARD=... with the one you wired" % wanted
        )
        return lines, advice
    line, fix = firmware_check(info, project, wanted)
    lines.append(line)
    if fix:
        advice.append(fix)
    return lines, advice


def holders(port):
    """Other processes that have `port` open: ["1234 (thonny)", ...] (Linux /proc)."""
    found = []
    try:
        real = os.path.realpath(port)
        pids = [p for p in os.listdir("/proc") if p.isdigit() and int(p) != os.getpid()]
    except OSError:
        return found
    for pid in pids:
        try:
            fds = os.listdir("/proc/%s/fd" % pid)
            if any(os.path.realpath("/proc/%s/fd/%s" % (pid, fd)) == real for fd in fds):
                with open("/proc/%s/comm" % pid) as f:
                    found.append("%s (%s)" % (pid, f.read().strip()))
        except OSError:
            continue
    return found


def check_port(port, project, board_arg, out):
    """Print the findings for one port; return the advice list."""
    try:
        info = ask(port)
    except UserError as exc:
        users = holders(port)
        if users:
            raise UserError("%s; the port is open in another program: %s (close it)" % (exc, ", ".join(users)))
        raise
    try:
        lines, advice = diagnose(info, project, board_arg)
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError("the device on %s gave an incomplete answer (%s: %s)" % (port, type(exc).__name__, exc))
    print("port: %s" % port, file=out)
    for line in lines:
        print(line, file=out)
    print(clock.said(info.get("clock")), file=out)
    return advice


def find(out, ports=None):
    """(the one MicroPython Pico's port or None, advice), printing what was found;
    `ports` as for picoports.scan."""
    found = picoports.scan(ports)
    picos = [f for f in found if f.micropython]
    for f in found:
        print("USB %s on %s: %s" % (f.usb_id(), f.port, f.what()), file=out)
    if len(picos) == 1:
        return picos[0].port, []
    if not picos:
        return None, [
            "no Pico running MicroPython found: plug it in with a data USB cable "
            "(a charging-only cable shows nothing); a new Pico needs MicroPython "
            "first (README, First time on a real Pico, step 1)"
        ]
    return None, ["several Picos found: choose one, e.g. make doctor PORT=%s" % picos[0].port]


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools doctor",
        example=("python -m host_tools doctor\npython -m host_tools doctor --port /dev/ttyACM0 --board pico2"),
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    port_option(parser)
    parser.add_argument("--board", help="board definition to compare with (default: the deployed one)")
    project_option(parser)
    args = parser.parse_args(argv)
    out = sys.stdout
    if args.board and not os.path.isfile(os.path.join(args.project, "boards", args.board + ".py")):
        raise UserError("unknown board %r (boards/*.py)" % args.board)
    port, advice = (args.port, []) if args.port else find(out)
    if port:
        advice = check_port(port, args.project, args.board, out)
    for line in advice:
        print("to do: %s" % line, file=out)
    if not advice:
        print("all good", file=out)
    return 1 if advice else 0
