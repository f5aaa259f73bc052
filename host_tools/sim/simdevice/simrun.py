"""Entry script of the simulator, run on the MicroPython unix port:

    micropython -X heapsize=192k host_tools/sim/simdevice/simrun.py [--board sim]
        [--app main] [--flash DIR] [--script FILE] [--seed N] [--clock-start-us N]
        [--firmware DIR] [--flash-size BYTES] [--http PORT] [--realtime 1]
        [--start YYYY-MM-DDTHH:MM:SS] [--run-ms N]

Runs the firmware as a Pico does: the flash directory DIR is the device's one
filesystem root, holding the code that deploy put there (host_tools/sim/sim.py installs it:
main.py, the .mpy modules, board.mpy) beside the data the firmware writes; the import
path is rp2's, `["", ".frozen", "/lib"]` ('' = the root, the working directory), so a
folder on the flash shadows a module there as on the chip. `--firmware DIR` stands for
a firmware with the modules frozen in: DIR takes `.frozen`'s place (after the root) and
the board is boards/<board> resolved there. The fake `machine`, `time` and
`micropython` are in sys.modules before the firmware runs, as rp2's built-ins are;
the simulator's own modules come after the device's path.
A W board (its WIFI) also gets the fake `network` (the radio) and the port's own
`socket` and `select` behind thin fakes: its port 80 is 127.0.0.1:PORT (`--http`;
0 or absent: a free port), and asyncio's waits let the simulated time pass.
`--radio dead` is a W board whose radio chip did not start (as the emulated chip's).
`--realtime 1` plays a script on the wall clock (the page's server talks to real
clients then), as an interactive run is.
The flash's chip (simchip: its unique id, its boot count, where its wall clock got
to) is loaded at boot and kept again: the wall clock starts at `--start` or the PC's
local time, never before the chip's clock (time.start_wall); `--run-ms`, a script's
length, is where the run will take it, kept at boot (a run killed halfway leaves no
earlier date behind); the clock at the end is kept too. A run whose writes the
full flash refused ends with `@sim:full <ms> <count>`; main.py returning (its Boot
error: the app never returns) is exit status 1.
`--app` is `main` (the device's boot file, as the chip runs it), a module, or a .py
file whose directory is searched last. Without --script the clock is real and button
commands come from stdin (simcore).
host_tools/mp32/run.mjs imports this module and calls `setup` itself.
"""

import os
import sys


def _dirname(path):
    i = path.rfind("/")
    return path[:i] if i > 0 else ("/" if i == 0 else ".")


def _abspath(path):
    if path.startswith("/"):
        return path
    return os.getcwd() + "/" + path


def parse_args(argv):
    opts = {
        "board": "sim",
        "app": "main",
        "flash": None,
        "script": None,
        "seed": "1",
        "clock-start-us": "0",
        "firmware": None,
        "flash-size": None,
        "http": "0",
        "radio": "ok",
        "load-us-per-kb": None,
        "realtime": "0",
        "start": None,
        "run-ms": None,
    }
    i = 0
    while i < len(argv):
        name = argv[i]
        if not name.startswith("--") or name[2:] not in opts or i + 1 >= len(argv):
            raise SystemExit("simrun: bad argument %r" % name)
        opts[name[2:]] = argv[i + 1]
        i += 2
    return opts


def setup(argv):
    """Paths, flash directory, world, board: everything before the app starts.
    Returns (world, app module name, board module)."""
    opts = parse_args(argv)
    here = _dirname(_abspath(__file__))
    root = _dirname(_dirname(_dirname(here)))  # host_tools/sim/simdevice
    app = opts["app"]
    frozen = opts["firmware"]
    # rp2's path ("lib" is the root's lib); a frozen firmware's modules stand beside
    # the port's own frozen ones (asyncio)
    device = ["", frozen, ".frozen", "lib"] if frozen else ["", ".frozen", "lib"]
    last = [here] if not frozen else [here, root + "/boards"]
    if app.endswith(".py"):
        app_path = _abspath(app)
        last.append(_dirname(app_path))
        app = app_path[app_path.rfind("/") + 1 : -3]
    script = _abspath(opts["script"]) if opts["script"] else None
    if opts["flash"]:
        os.chdir(opts["flash"])
    sys.path[:] = [here] + device  # the fakes first, while they are imported
    import simchip  # before simflash: the chip's file is not on the flash

    if opts["flash-size"]:
        import simflash

        simflash.install(int(opts["flash-size"]))

    import simcore
    import simmicropython
    import simoled

    sys.modules["micropython"] = simmicropython
    # The fakes stay in sys.modules, as rp2's built-ins are there.
    import machine  # noqa: F401, I001
    import time

    sys.path[:] = device + last
    real = script is None or opts["realtime"] == "1"
    chip = simchip.load()
    chip.boots += 1
    w = simcore.reset(real=real, start_us=int(opts["clock-start-us"]), seed=int(opts["seed"]), salt=chip.salt())
    start = simchip.seconds_of(opts["start"]) if opts["start"] else None
    wall = time.start_wall(start, chip.clock)
    chip.saw_clock(wall + (int(opts["run-ms"] or 0) + 999) // 1000)
    chip.save()
    w.http_port = int(opts["http"])
    if frozen:  # the board resolved in the frozen modules' folder
        frozen_import = __import__("simfrozen").install(frozen)  # each named as rp2 names it: paths.py
        board = __import__(opts["board"])
        sys.modules["board"] = board
    else:
        import board  # board.mpy on the flash, as deploy wrote it
    if getattr(board, "WIFI", False):  # the radio, and asyncio's sockets and waits
        sys.path.insert(0, here)
        try:
            import network

            network.radio_ok = opts["radio"] != "dead"

            try:  # the unix port's sockets; the 32-bit runner has none (its bench drives the server itself)
                for name in ("socket", "select"):
                    sys.modules.pop(name, None)
                    __import__(name)
                sys.modules["_asyncio"] = __import__("simasyncio")  # a built-in: never looked up on the path
            except ImportError:
                pass
        finally:
            sys.path.pop(0)
    w.panel = simoled.Panel(
        getattr(board, "DISPLAY", "ssd1306") == "sh1106",
        getattr(board, "DISPLAY_WIDTH", 128),
        getattr(board, "DISPLAY_HEIGHT", 64),
    )
    w.panel_addr = getattr(board, "DISPLAY_ADDR", 0x3C)
    w.last_frame = bytearray(len(w.panel.visible()))  # the glass is dark at power-on
    w.buttons = dict(getattr(board, "BUTTONS", {}))
    for i, pin in enumerate(getattr(board, "PLAYER_PINS", ())):
        w.buttons["p%d" % (i + 1)] = pin
    for i, pin in enumerate(getattr(board, "LED_PINS", ())):
        w.leds[pin] = i
    buzzer = getattr(board, "BUZZER_PIN", None)
    w.buzzer = -1 if buzzer is None else buzzer
    if script is not None:
        import simscript

        w.load_script(simscript.Reader(script))
    # screens take their load time (scripted mode)
    simload = __import__("simload")
    rate = int(opts["load-us-per-kb"] or simload.US_PER_KB)
    simload.install(w, real_import=frozen_import if frozen else None, us_per_kb=rate)
    return w, app, board


def main(argv):
    w, app, board = setup(argv)
    try:
        try:
            if app == "main":
                __import__("main")  # the device's boot file: it runs the app as it is imported
            else:
                __import__(app)  # a dotted name returns its top package
                sys.modules[app].main(board)
        except SystemExit:
            if w.ended:
                return
            raise
        except BaseException:
            w.report()  # the screen as it was when the firmware crashed
            raise
        if app == "main":  # main.py returned: the app could not start (its Boot error)
            print("sim: main.py returned: the app did not start (its Boot error screen)", file=sys.stderr)
            w.finish(1)
        w.finish()
    finally:
        end(w)


def end(w):
    """After the run: the chip's clock kept; the writes a full flash refused said."""
    import time

    import simchip

    try:
        simchip.current().saw_clock(time.time())
        simchip.current().save()
    except Exception as e:  # the run's own ending matters more
        print("simrun: chip not saved:", e, file=sys.stderr)
    simflash = sys.modules.get("simflash")
    if simflash is not None and simflash.refused:
        w.emit("full %d %d" % (w.ms(), simflash.refused))


if __name__ == "__main__":  # the 32-bit runner (host_tools/mp32) imports setup
    main(sys.argv[1:])
