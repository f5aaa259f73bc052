"""Heap and display figures for `make bench`: the scripted sessions (bench/session_*.txt)
run in the simulator with the measuring entry app bench/session_app.py.

Display bytes (and informational 64-bit heap figures, with the firmware's bytecode in the
heap as a Pico's file system gives it and in flash as ROMFS or freezing gives it) come
from the unix port, the heap figure from a 32-bit MicroPython (host_tools/mp32, the
WebAssembly port run by node; `make mp32` installs it). Each session is checked on the
flash it leaves behind (a game_over history line for each game, 50 slap lines, no crash).
"""

import json
import os
import re
import shutil
import statistics
import subprocess
import sys

from host_tools import MICROPYTHON, ROOT
from host_tools.bench.soak_script import write_script
from host_tools.bench.watch import run_watched
from host_tools.sim import sim
from table.storage import paths  # firmware/table/storage/paths.py (host_tools puts firmware/ on the path)

BENCH = os.path.join(ROOT, "bench")
MP32 = os.path.join(ROOT, "host_tools", "mp32")
MP32_RUN = os.path.join(MP32, "run.mjs")
MP32_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MP32_MISSING = "mp32 not installed: make mp32 (needs node and npm)"
SESSION_APP = os.path.join(BENCH, "session_app.py")
ROMFS_APP = os.path.join(BENCH, "session_romfs_app.py")
ROMFS_HEAP = "512k"  # the image (about 110 KB) is read into the heap before the base
SESSIONS = ("igo", "corsari", "referee")
CHIP_ID = "b0a4c0de5eed0001"  # every session's fresh flash: this chip (sim.fresh_flash), so runs repeat
I2C_HZ = 400000
I2C_BITS_PER_BYTE = 9  # 8 data bits + ACK (start, stop and address bytes not counted)
HEAP_TARGET = 40 * 1024  # the live peak the device image should stay under
REFEREE_SLAPS = 50
# The long session (host_tools/bench/soak_script.py, bench/soak_app.py; bench/README.md "The long
# session"): hours of mixed play, the largest free block of the heap measured on it.
SOAK_APP = os.path.join(BENCH, "soak_app.py")
SOAK_MINUTES = 240
SOAK_QUICK_MINUTES = 3  # --quick (the bench's own check)
SOAK_SEED = 2  # seed 1's session runs into ui_round's EditReview loop after 88 min (#29)
SOAK_HEAP = "192k"
SOAK_STALL_S = 300  # no progress line for this long: the firmware hangs (one comes every few seconds)
# The floor for the largest free block (bench/README.md says why): four times the
# largest block the firmware was seen to ask for on the 64-bit port (about 2 KB).
FREE_BLOCK_FLOOR = 8 * 1024


def micropython_version():
    out = subprocess.run(
        [MICROPYTHON, "-c", "import sys; print(sys.implementation.version)"], capture_output=True, text=True, timeout=60
    )
    return ".".join(str(x) for x in re.findall(r"\w+", out.stdout)[:3])


def run_session(name, workdir):
    """bench/session_<name>.txt in the simulator on the unix port (192k heap, screens
    kept): the @bench stats with "problem"."""
    flash = os.path.join(workdir, "flash-%s-192k" % name)
    shots = os.path.join(workdir, "screens-%s-192k" % name)
    shutil.rmtree(shots, ignore_errors=True)
    options = ("--script", _script(name), "--flash", flash, "--app", SESSION_APP, "--heap", "192k", "--screens", shots)
    cmd = sim.command(*options)
    return _session_stats(name, flash, cmd, "stderr")  # the simulator passes it there


def run_session_romfs(name, workdir, image, board="sim", app="session_app", heap=ROMFS_HEAP):
    """The same session with the firmware imported from the ROMFS image (its bytecode
    runs in place, not copied into the heap), on `board`, run by bench/`app`.py."""
    flash = os.path.join(workdir, "flash-%s-%s-romfs" % (name, board))
    cmd = sim.command(
        "--script", _script(name), "--flash", flash, "--app", ROMFS_APP, "--board", board, "--heap", heap,
    )  # fmt: skip
    return _session_stats(name, flash, cmd, "stderr", env=dict(os.environ, BENCH_ROMFS=image, BENCH_ROMFS_APP=app))


def romfs_image(firmware, workdir):
    """The compiled firmware's .mpy files as a ROMFS image (`mpremote romfs build`);
    its path. RuntimeError if mpremote failed."""
    image = os.path.join(workdir, "firmware.romfs")
    cmd = [sys.executable, "-m", "mpremote", "romfs", "--no-mpy", "--output", image, "build", firmware]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    if out.returncode != 0 or not os.path.exists(image):
        raise RuntimeError("mpremote romfs build: exit %d: %s" % (out.returncode, out.stderr.strip()[-300:]))
    return image


def run_session_mp32(node, name, workdir):
    """The same session on the 32-bit runner, the firmware deployed on the flash as
    the chip's figures were measured (.mpy files, each module's file named from the
    flash root: `table/app.mpy`). Not `--firmware` (a frozen build's stand-in): its
    modules' files are named from the host's folder and renamed by simfrozen, names
    the chip never holds, longer with a package's path."""
    flash = os.path.join(workdir, "flash-%s-mp32" % name)
    cmd = [node, MP32_RUN, "--flash", flash, "--app", SESSION_APP, "--script", _script(name)]
    return _session_stats(name, flash, cmd, "stdout", deployed=True)


def _script(name):
    return os.path.join(BENCH, "session_%s.txt" % name)


def _session_stats(name, flash, cmd, stream, env=None, deployed=False):
    """Run a session on a fresh flash (`env`: the environment, default this one's;
    `deployed`: the firmware put on it first, sim.install_firmware as deploy does);
    return its @bench stats (read from `stream`) with "problem", or a dict with only
    "problem". Run twice if the statistics line got lost (a simulator that is slow to
    exit on a busy machine is killed, dropping its last output)."""
    stats = {}
    for _ in range(2):
        sim.fresh_flash(flash, CHIP_ID)
        if deployed:
            sim.install_firmware(flash, "sim")
        try:
            out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            return {"problem": "timed out"}
        for line in getattr(out, stream).splitlines():
            if line.startswith("@bench "):
                stats = json.loads(line[len("@bench ") :])
        if stats:
            break
    if not stats:
        return {"problem": "no statistics (exit %d): %s" % (out.returncode, out.stderr.strip()[-300:])}
    stats["problem"] = (
        check_flash(name, flash) if out.returncode == 0 else "exit %d: %s" % (out.returncode, out.stderr.strip()[-300:])
    )
    return stats


def check_flash(name, flash):
    """None if the session reached its end on this flash, else what is missing."""
    try:
        with open(os.path.join(flash, paths.ERRORS)) as f:
            return "firmware error: " + (f.read().strip().splitlines() or ["(no text)"])[-1]
    except FileNotFoundError:
        pass
    events = []
    try:
        with open(os.path.join(flash, paths.HISTORY)) as f:
            for line in f:
                try:
                    events.append(json.loads(line))
                except ValueError:
                    pass
    except OSError:
        return "no history"
    if name == "referee":
        slaps = sum(1 for e in events if e.get("event") == "slap")
        return None if slaps == REFEREE_SLAPS else "%d slaps in the history" % slaps
    over = [e for e in events if e.get("event") == "game_over" and e.get("rules") == name]
    return None if over else "no %s game_over in the history" % name


def session(workdir):
    """Heap figures and display bytes over the scripted sessions."""
    runs = {name: run_session(name, workdir) for name in SESSIONS}
    problems = ["%s: %s" % (n, r["problem"]) for n, r in sorted(runs.items()) if r["problem"]]
    firmware = sim.compiled_firmware()
    try:
        image = romfs_image(firmware, workdir)
        rom = {name: run_session_romfs(name, workdir, image) for name in SESSIONS}
    except RuntimeError as e:
        rom = {name: {"problem": str(e)} for name in SESSIONS}
    problems += ["%s from ROMFS: %s" % (n, r["problem"]) for n, r in sorted(rom.items()) if r["problem"]]
    unix64 = dict(
        peaks(runs),
        simulator_base_bytes=max(r.get("heap_base", 0) for r in runs.values()),
        runtime="micropython unix %s (64-bit, --heap 192k)" % micropython_version(),
        bytecode_in_flash=peaks(rom),
    )
    heap = {"target": "<= %d" % HEAP_TARGET, "unix64": unix64, "runtime": mp32_runtime()}
    node = mp32_node()
    if node is None:
        problems.append(MP32_MISSING)
        heap.update(
            {
                "value": None,
                "per_session": {n: None for n in SESSIONS},
                "peak_screen": {n: None for n in SESSIONS},
                "by_screen": None,
                "high_water_bound_bytes": dict({n: None for n in SESSIONS}, value=None),
                "module_code_bytes": {n: None for n in SESSIONS},
                "data_peak_bytes": {n: None for n in SESSIONS},
                "simulator_base_bytes": None,
            }
        )
    else:
        mp = {name: run_session_mp32(node, name, workdir) for name in SESSIONS}
        problems += ["%s on mp32: %s" % (n, r["problem"]) for n, r in sorted(mp.items()) if r["problem"]]
        code = {}
        for n, r in sorted(mp.items()):
            try:
                code[n] = module_bytes_mp32(node, r.get("peak_modules", []), firmware)
            except RuntimeError as e:
                code[n] = None
                problems.append("%s on mp32: module sizes: %s" % (n, e))
        heap["mp32_stats"] = {"igo": {k: v for k, v in mp["igo"].items() if k.startswith("heap_") or k == "problem"}}
        bound = {n: r.get("heap_pass_peak") for n, r in mp.items()}
        bound["value"] = max(r.get("heap_pass_peak", 0) for r in mp.values())
        heap.update(peaks(mp))
        heap.update(
            {
                "high_water_bound_bytes": bound,
                "module_code_bytes": code,
                "data_peak_bytes": {
                    n: None if code[n] is None else r.get("heap_peak", 0) - code[n] for n, r in mp.items()
                },
                "simulator_base_bytes": max(r.get("heap_base", 0) for r in mp.values()),
            }
        )
    heap["problems"] = problems
    # The target is the live peak's; the bound (transients included, garbage too) is
    # reported beside it: the true high-water mark lies between the two.
    heap["pass"] = bool(not problems and heap["value"] is not None and heap["value"] <= HEAP_TARGET)
    sizes = sorted(b for r in runs.values() for b in r.get("updates", []))
    med = int(statistics.median(sizes)) if sizes else 0
    top = sizes[-1] if sizes else 0
    display = {
        "median": med,
        "max": top,
        "updates": len(sizes),
        "median_ms_400khz": ms_at_400k(med),
        "max_ms_400khz": ms_at_400k(top),
        "target": "median <= 256",
        "pass": bool(sizes) and med <= 256,
    }
    return heap, display


LIVE_APP = os.path.join(BENCH, "live_app.py")
LIVE_UNIX_HEAP = "320k"
LIVE_ROMFS_HEAP = "640k"  # the image (about 150 KB with microdot) is read into the heap first
LIVE_SESSION = "igo"  # the session with the firmware's own peak (the hand calculator)


def live(workdir):
    """The live page's cost (#31): the I Go session with the server, a page load and 4
    streams on a W board (boards/sim_w.py) against the same loop without
    (boards/sim.py): the live heap's peak on the 32-bit runner (the target's) and the
    unix port, and the mean pass time; the 64-bit peaks again with the code in flash
    (a ROMFS image) and from them `code_in_flash_estimate`; and the referee session
    both ways, its slaps judged alike (`referee`)."""
    firmware = sim.compiled_firmware()
    node = mp32_node()
    target = "Pico W: >= %d free at the peak (32-bit peak x %d/%d)" % (CHIP_FREE_TARGET, CHIP_PEAK, RUNNER_PEAK)
    out = {"target": target, "problems": []}
    try:
        image = romfs_image(firmware, workdir)  # microdot's .mpy is in it too
    except RuntimeError as e:
        image = None
        out["problems"].append(str(e))
    slaps = {}
    for board in ("sim", "sim_w"):
        key = "with_server" if board == "sim_w" else "without"
        fig = {}
        for session in (LIVE_SESSION, "referee"):
            flash = os.path.join(workdir, "flash-live-%s-%s" % (session, board))
            cmd = sim.command(  # 64-bit objects: the server and 4 clients do not fit a Pico's 192k here
                "--script", _script(session), "--flash", flash, "--app", LIVE_APP, "--board", board,
                "--heap", LIVE_UNIX_HEAP,
            )  # fmt: skip
            unix = _session_stats(session, flash, cmd, "stderr")
            if unix["problem"]:
                out["problems"].append("%s %s unix: %s" % (board, session, unix["problem"]))
            if session == "referee":
                slaps[key] = judged_slaps(flash)
            else:
                fig.update(unix64_heap_peak=unix.get("heap_peak"), unix64_pass_us=unix.get("pass_us"))
                if image is not None:  # the same with the code in flash
                    rom = run_session_romfs(session, workdir, image, board, "live_app", LIVE_ROMFS_HEAP)
                    fig["unix64_romfs_heap_peak"] = rom.get("heap_peak")
                    if rom["problem"]:
                        out["problems"].append("%s from ROMFS: %s" % (board, rom["problem"]))
        if node is not None:
            flash = os.path.join(workdir, "flash-live-%s-mp32" % board)
            cmd = [node, MP32_RUN, "--board", board, "--flash", flash, "--app", LIVE_APP, "--firmware", firmware]
            mp = _session_stats(LIVE_SESSION, flash, cmd + ["--script", _script(LIVE_SESSION)], "stdout")
            fig.update(heap_peak=mp.get("heap_peak"), peak_screen=mp.get("heap_peak_screen"))
            fig["pass_peak"] = mp.get("heap_pass_peak")  # (its pass time counts its own collections: not reported)
            fig["page_bytes"] = mp.get("page_bytes")
            fig["clients_bytes"] = mp.get("clients_bytes")
            if mp["problem"]:
                out["problems"].append("%s mp32: %s" % (board, mp["problem"]))
        out[key] = fig
    same = bool(slaps["without"]) and slaps["with_server"] == slaps["without"]
    ties = sum(1 for slap in slaps["without"] if slap[1])
    out["referee"] = {"slaps": len(slaps["without"]), "ties": ties, "judged_alike": same}
    if not same:
        out["problems"].append("the referee judged differently with the server busy")
    value = out["with_server"].get("heap_peak")
    out["value"] = value
    out["code_in_flash_estimate"] = _flash_estimate(out["with_server"])
    out["pico_w_estimate"] = chip = chip_estimate(value)  # the target's (#39)
    out["pass"] = bool(not out["problems"] and chip is not None and chip["pass"])
    return out


def _flash_estimate(fig):
    """An estimate, not a measurement (the 32-bit runner has no VfsRom): the 32-bit peak
    less what the 64-bit peak lost when the code ran from flash (bytecode and its
    strings, the same size on a Pico)."""
    try:
        return fig["heap_peak"] - (fig["unix64_heap_peak"] - fig["unix64_romfs_heap_peak"])
    except (KeyError, TypeError):
        return None


def judged_slaps(flash):
    """The slap lines of a flash's history as the judge decided them: each tap's
    player and margin, the tie, the late taps, the winner and the false taps (the
    times themselves and the ids left out; after a tie, its random draw's winner and
    false taps too)."""
    slaps = []
    with open(os.path.join(flash, paths.HISTORY)) as f:
        for line in f:
            e = json.loads(line)
            if e.get("event") == "slap":
                taps = [(t.get("player"), t.get("margin_us")) for t in e.get("order", [])]
                drawn = (None, None) if e.get("tie") else (e.get("winner"), e.get("false"))
                slaps.append((taps, e.get("tie"), e.get("late"), e.get("reason")) + drawn)
    return slaps


def peaks(runs):
    """The live heap figures of sessions' @bench stats: the largest peak (`value`), each
    session's (`per_session`), the screen on top then (`peak_screen`) and, per screen
    class, the largest live heap sampled while it was on top (`by_screen`)."""
    by_screen = {}
    for r in runs.values():
        for screen, used in r.get("heap_by_screen", {}).items():
            by_screen[screen] = max(used, by_screen.get(screen, 0))
    return {
        "value": max(r.get("heap_peak", 0) for r in runs.values()),
        "per_session": {n: r.get("heap_peak") for n, r in runs.items()},
        "peak_screen": {n: r.get("heap_peak_screen") for n, r in runs.items()},
        "by_screen": by_screen,
    }


# --- the 32-bit runner (host_tools/mp32) ---------------------------------------------


def mp32_node():
    """The node executable if the 32-bit runner can run here, else None."""
    node = shutil.which("node")
    installed = os.path.isdir(os.path.join(MP32, "node_modules", *MP32_PACKAGE.split("/")))
    return node if node and installed else None


def mp32_runtime():
    """E.g. "micropython webassembly 1.27.0 (32-bit)", from host_tools/mp32/package.json."""
    with open(os.path.join(MP32, "package.json")) as f:
        version = json.load(f)["dependencies"][MP32_PACKAGE]
    return "micropython webassembly %s (32-bit)" % version


def module_bytes_mp32(node, modules, firmware):
    """Live heap taken by these firmware modules once imported (code and module data),
    measured on the 32-bit runner from the .mpy files in `firmware`, with the
    simulator's fake machine (`run.mjs --import-size`). RuntimeError if that failed."""
    names = sorted(m for m in modules if os.path.exists(os.path.join(firmware, *m.split(".")) + ".mpy"))
    if not names:
        return 0
    out = subprocess.run(
        [node, MP32_RUN, "--import-size", ",".join(names), "--firmware", firmware],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    try:
        return int(out.stdout.split()[-1])
    except (ValueError, IndexError):
        raise RuntimeError("exit %d: %s" % (out.returncode, out.stderr.strip()[-300:])) from None


def ms_at_400k(nbytes):
    return round(nbytes * I2C_BITS_PER_BYTE * 1000 / I2C_HZ, 2)


# --- the long session ------------------------------------------------------------


def run_soak(script, flash, mp32=False, heap=SOAK_HEAP, app=SOAK_APP, board=None, progress=None):
    """A soak script on a fresh flash with bench/soak_app.py (or `app`, on `board`): on
    the unix port with `heap` (the simulator's --heap) or, mp32, on the 32-bit runner.
    Its @bench stats with "problem" (None when the run ended well: exit 0, no screen
    crashed, no data/errors.txt), or a dict with only "problem". progress(line): each
    progress line as it comes (every simulated minute); a run silent for SOAK_STALL_S
    is stopped (watch.py), however long it takes in all."""
    boards = ["--board", board] if board else []
    if mp32:
        node = mp32_node()
        if node is None:
            return {"problem": MP32_MISSING}
        firmware = sim.compiled_firmware()
        cmd = [node, MP32_RUN, "--flash", flash, "--app", app, "--firmware", firmware, "--script", script] + boards
        stats = _soak_stats(flash, cmd, "stdout", progress)
    else:
        cmd = sim.command("--script", script, "--flash", flash, "--app", app, "--heap", heap, *boards)
        stats = _soak_stats(flash, cmd, "stderr", progress)
    return stats


def _soak_stats(flash, cmd, stream, progress=None):
    sim.fresh_flash(flash, CHIP_ID)
    returncode, out, err, stalled = run_watched(cmd, SOAK_STALL_S, progress, cwd=ROOT)
    if stalled is not None:
        return {"problem": "no progress for %d s after %s (the firmware hangs?)" % (SOAK_STALL_S, stalled)}
    stats = {}
    for line in (out if stream == "stdout" else err).splitlines():
        if line.startswith("@bench "):
            stats = json.loads(line[len("@bench ") :])
    tail = err.strip()[-300:]
    if not stats:
        return {"problem": "no statistics (exit %d): %s" % (returncode, tail)}
    if returncode != 0:
        stats["problem"] = "exit %d: %s" % (returncode, tail)
    elif stats.get("crashes"):
        stats["problem"] = "%d screens crashed, the last: %s" % (stats["crashes"], stats.get("last_crash"))
    else:
        stats["problem"] = check_soak_flash(flash)
    return stats


def _relay(progress, runtime):
    """progress(), each line after the runtime's name (None: nothing printed)."""
    return None if progress is None else (lambda line: progress("%s %s" % (runtime, line)))


def check_soak_flash(flash):
    """None if the firmware logged no error on this flash."""
    try:
        with open(os.path.join(flash, paths.ERRORS)) as f:
            return "firmware error: " + (f.read().strip().splitlines() or ["(no text)"])[-1]
    except FileNotFoundError:
        return None


def _on_both_runtimes(fig, fields, script, flash, heap, progress, **run):
    """run_soak on the unix port (--heap heap) and on the 32-bit runner, each on its own
    flash (flash + its key): fig["unix64"] and fig["mp32"] get {key: the run's stat}
    for each (key, stat) in fields and the runtime's name, fig["problems"] what went
    wrong; returns the problems."""
    problems = []
    for key, mp32 in (("unix64", False), ("mp32", True)):
        r = run_soak(script, flash + key, mp32=mp32, heap=heap, progress=_relay(progress, key), **run)
        fig[key] = {name: r.get(stat) for name, stat in fields}
        if r["problem"]:
            problems.append("%s: %s" % (key, r["problem"]))
    fig["unix64"]["runtime"] = "micropython unix (64-bit, --heap %s)" % heap
    fig["mp32"]["runtime"] = mp32_runtime()
    fig["problems"] = problems
    return problems


def soak(workdir, quick=False, progress=None):
    """The largest free block over the long session, on the unix port with the
    Pico's heap and on the 32-bit runner: its minimum and its value at the end.
    progress(line): each run's progress lines, after its runtime's name."""
    minutes = SOAK_QUICK_MINUTES if quick else SOAK_MINUTES
    script = os.path.join(workdir, "soak.txt")
    write_script(script, SOAK_SEED, minutes)
    fig = {
        "minutes": minutes,
        "seed": SOAK_SEED,
        "target": "min >= %d on both runtimes; no screen crashed" % FREE_BLOCK_FLOOR,
        "floor_bytes": FREE_BLOCK_FLOOR,
    }
    fields = (
        ("min", "free_block_min"),
        ("end", "free_block_end"),
        ("min_at_ms", "free_block_min_ms"),
        ("min_screen", "free_block_min_screen"),
        ("probes", "free_probes"),
        ("collections", "collections"),
        ("live_after_gc_max", "live_after_gc_max"),
        ("crashes", "crashes"),
    )
    problems = _on_both_runtimes(fig, fields, script, os.path.join(workdir, "flash-soak-"), SOAK_HEAP, progress)
    fig["pass"] = not problems and all(
        fig[k]["min"] is not None and fig[k]["min"] >= FREE_BLOCK_FLOOR for k in ("unix64", "mp32")
    )
    return fig


# --- the evening on a W board (#39) -------------------------------------------------

LIVE_SOAK_APP = os.path.join(BENCH, "live_soak_app.py")
LIVE_SOAK_MINUTES = 240  # `make soak`: hours of mixed play, 4 phones following
LIVE_SOAK_BENCH_MINUTES = 20  # `make bench`'s short evening (the long one takes ~an hour of wall time)
LIVE_SOAK_QUICK_MINUTES = 3  # --quick
# The Pico W (stock MicroPython v1.28.0, .mpy files; the emulated chip, 2026-11-28): its
# heap, and how its live heap compares with the 32-bit runner's for the same screens
# (the I Go peak: 91,920 bytes on the emulated chip, 72,432 on the runner).
PICO_W_HEAP = 205184
CHIP_PEAK, RUNNER_PEAK = 91920, 72432
CHIP_FREE_TARGET = 64 * 1024  # free in one block at the I Go peak with the page and 4 streams


def chip_estimate(runner_peak):
    """The Pico W's figures estimated from the runner's live peak (scaled by the chip's
    ratio, until a real chip confirms it): its live heap, what stays free (the chip
    showed no fragmentation: its largest free block within 1.5 KB of the free heap)."""
    if runner_peak is None:
        return None
    peak = runner_peak * CHIP_PEAK // RUNNER_PEAK
    free = PICO_W_HEAP - peak
    return {
        "peak": peak,
        "free": free,
        "target": "free >= %d" % CHIP_FREE_TARGET,
        "pass": free >= CHIP_FREE_TARGET,
    }


def live_soak(workdir, minutes=LIVE_SOAK_BENCH_MINUTES, progress=None):
    """The evening on a W board (bench/live_soak_app.py): the seeded soak session with
    the server and 4 phones following, on the unix port and the 32-bit runner: heap in
    use after the runtime's collections (its largest), the largest free block (its
    minimum and at the end), the screens that crashed, the streams reopened."""
    script = os.path.join(workdir, "live-soak.txt")
    write_script(script, SOAK_SEED, minutes)
    fig = {"minutes": minutes, "seed": SOAK_SEED, "target": "no screen crashed, no MemoryError"}
    fields = (
        ("heap_in_use_max", "live_after_gc_max"),
        ("free_block_min", "free_block_min"),
        ("free_block_end", "free_block_end"),
        ("min_screen", "free_block_min_screen"),
        ("probes", "free_probes"),
        ("crashes", "crashes"),
        ("streams_reopened", "streams_reopened"),
        ("clients_bytes", "clients_bytes"),
    )
    flash = os.path.join(workdir, "flash-live-soak-")
    problems = _on_both_runtimes(fig, fields, script, flash, LIVE_UNIX_HEAP, progress, app=LIVE_SOAK_APP, board="sim_w")
    fig["pass"] = not problems
    return fig
