"""`heap_by_screen` (issue #46): the live heap screen by screen on the 32-bit runner,
measured where the emulated chip measured it, and each figure's estimate for the chip
beside the chip's own.

The chip's figures (its report of 2026-12-02, commit 44dbbbf, MicroPython v1.28.0,
RPI_PICO and RPI_PICO_W, the firmware deployed as .mpy files): "live" is what a
collection marks, forced at a screen at rest, or at every collection under
`gc.threshold(4096)` for the I Go session's peak. The runner (host_tools/mp32,
bench/heap_app.py) collects between loop passes only (the WebAssembly port cannot
collect inside a call: `gc.threshold` exists there but only asks), so its figure is
the live heap at a pass's start, every pass (collected then: more often than the
chip's every 4 KB when idle, less often inside one busy pass); the firmware is
deployed on its flash as on the chip.

The model, one for every screen (`estimate`), by kind of object:
- what the firmware allocates and keeps (code, module dicts, screens, the match):
  the same bytes on both (the same .mpy files, the same 32-bit objects and 16-byte
  blocks): counted as the runner counts it;
- interned names (qstrs): their text is counted as above, but the pools that index
  them double in size each time one is full, from a size set by the port's own
  frozen names, so where a pool (kilobytes) falls depends on how many names came
  before, which differs between the runner (the simulator's own names) and each
  chip. The runner's pools grown after the firmware started are taken out and the
  chip's pools put in, for the firmware's names counted on the runner (`names`);
- a board's own heap at boot (MicroPython's, main.py compiled from source, the PIO
  program, the W's radio driver and asyncio's task): a constant per board.
The pool size and the two constants are fitted on the chip's seven figures (least
worst error, MODEL); the fit's errors are printed beside each figure, and the bench
measures the calibration firmware (44dbbbf) again each run, so that a change of the
runner or of the simulator shows as a calibration error, not as the firmware's.

The W's largest free block is not the runner's to say (its layout is not the chip's):
besides the runner rows' free heap less a margin (W_HOLES), the chip's own procedure
is run on the unix port (W_PROXY, bench/heap_w_app.py), whose collections make holes
as a Pico's; each figure beside the chip's where it took one (not within 3%: a likeness).
The I Go peak's row also says how many names it interns and where the chip's next
qstr pool comes (next_pool): a pool of several KB at once.
"""

import json
import os
import re
import subprocess
import tarfile
import tempfile

from host_tools import ROOT
from host_tools.bench.session import CHIP_ID, MP32_MISSING, MP32_RUN, mp32_node
from host_tools.sim import sim

HEAP_APP = os.path.join(ROOT, "bench", "heap_app.py")
HEAP_W_APP = os.path.join(ROOT, "bench", "heap_w_app.py")
SESSION_IGO = os.path.join(ROOT, "bench", "session_igo.txt")
SESSION_REFEREE = os.path.join(ROOT, "bench", "session_referee.txt")
CALIBRATION_COMMIT = "44dbbbf"  # the firmware the chip's figures below were measured on
# The chip's figures (2026-12-02, 44dbbbf, v1.28.0): bytes live, forced collection
# unless said; the W's heap is 205,184 bytes.
CHIP = {
    "home": 60544,  # RPI_PICO, home after boot (PIO capture on)
    "referee_4_slaps": 79152,  # the referee's idle table after 4 slaps (6 players)
    "home_after_referee": 62992,  # home after leaving the referee (6 slaps)
    "igo_peak": 91888,  # bench/session_igo.txt lines 1-193, threshold 4096: the calculator's open
    "w_home": 82208,  # RPI_PICO_W, home after boot (no radio: the emulator has none)
    "w_home_live": 95840,  # the W with live_web and microdot imported before the app, at home
    "w_igo_peak": 130224,  # the same W, the I Go session's peak
}
# What only the chip measured, no runner figure to estimate them from (the REPL after
# Ctrl-C, the app's objects dropped): said beside the table.
CHIP_ONLY = {
    "w_free_after_live_imports": (105488, 99584),  # (free, largest free block) at home
    "w_free_at_wifi_after_live_imports": (90128, 63632),  # from Settings > Wi-Fi
    "w_igo_largest_block_min": 72192,
}
PICO_W_HEAP = 205184
# Per board: the constant (bytes); for both: the chip's qstr pools, each twice the last,
# the first dynamic one 2 * POOL_FIRST entries of 7 bytes (pointer, 2-byte hash,
# length) plus a 16-byte header, the firmware's names counted from NAMES_BEFORE.
# Fitted (grid over POOL_FIRST 20..2000, NAMES_BEFORE 0..400; the constants halfway
# between their extreme residuals) on the runner's figures of 44dbbbf (RUNNER_AT_CALIBRATION)
# against CHIP: worst error 1.5% on the Pico, 2.4% on the W.
MODEL = {"pool_first": 30, "names_before": 0, "base": {"sim": 12656, "sim_w": 12024}}
TOLERANCE = 0.03
IGO_TARGET = 85 * 1024  # the chip's I Go peak (issue #37, #46)
W_BLOCK_TARGET = 64 * 1024  # the W's largest free block with the live page's modules
# The W's largest free block is estimated as its free heap less the most the chip
# showed lost to holes at a screen at runtime (home with the live modules: 109,344
# free, 99,568 in one block): a margin, not a measured layout.
W_HOLES = 9776
LIVE_HELD = "table.live.live_web,microdot"  # as the chip's W session held them (its main.py)
# The W's largest free block as the chip's procedure leaves it (its REPL after Ctrl-C at a
# screen, the live page's modules imported then; or with the app alive, a phone's first
# request there), on the unix port (bench/heap_w_app.py), whose collections make holes
# as a Pico's do: 64-bit objects, in a heap chosen so that the calibration firmware's
# two figures land near the chip's (W_PROXY_HEAP; 260k: home -7.7%, Settings > Wi-Fi
# +2.0% at 44dbbbf). A layout is not an estimate within 3%: the rows say the chip's
# figure beside it, and each must keep 64 KB.
W_PROXY_HEAP = "260k"
W_PROXY = {  # key: (script, mode, radio dead, the chip's figure at CALIBRATION_COMMIT or None)
    "w_block_home_repl": ("home", "repl", True, 99584),
    "w_block_wifi_repl": ("wifi", "repl", True, 63632),
    "w_block_wifi_live": ("wifi", "live", True, None),
    "w_block_wifi_qr_live": ("wifi", "live", False, None),
}
IGO_LINES = 193  # the chip ran the session's set-up and round 1 (the calculator twice)


def next_pool(names, pool_first=MODEL["pool_first"]):
    """(names the chip's pools hold, the next pool's bytes) for `names` firmware names:
    one name more than they hold costs that many bytes at once."""
    held, size = MODEL["names_before"], pool_first
    while held <= MODEL["names_before"] + names:
        size *= 2
        held += size
    return held - MODEL["names_before"], (16 + 7 * size * 2 + 15) // 16 * 16


def chip_pools(names, pool_first=MODEL["pool_first"]):
    """Bytes of the chip's qstr pools holding `names` dynamic names."""
    total = held = 0
    size = pool_first
    while held < names:
        size *= 2
        held += size
        total += (16 + 7 * size + 15) // 16 * 16
    return total


def estimate(runner, names, board):
    """The chip's live heap for the runner's figure (its own pools taken out) with
    `names` firmware names interned."""
    return runner + MODEL["base"][board] + chip_pools(MODEL["names_before"] + names)


# --- the scenarios ----------------------------------------------------------------


def _scripts(workdir):
    """The scripts the chip's figures were taken with, written into workdir."""
    out = {}

    def write(name, lines):
        path = os.path.join(workdir, "heap-%s.txt" % name)
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        out[name] = path

    with open(SESSION_IGO) as f:
        igo = f.read().splitlines()
    write("igo", igo[:IGO_LINES])
    write("igo_match", igo)  # the whole match (the chip ran its first lines only)
    with open(SESSION_REFEREE) as f:  # up to the 6th slap, then back, back, ok (leave)
        lines = f.read().splitlines()
    slaps, keep = 0, []
    for line in lines:
        parts = line.split()
        if len(parts) == 3 and parts[1] == "ok" and slaps >= 6:
            break
        if len(parts) == 3 and parts[1].startswith("p") and not (keep and keep[-1].split()[1].startswith("p")):
            slaps += 1
        keep.append(line)
    t = int(keep[-1].split()[0]) + 900
    referee = keep + ["%d back press" % t, "%d back press" % (t + 160), "%d ok press" % (t + 320)]
    write("referee", referee)
    out["referee_marks"] = (_first_ok_after(keep, 4), t + 1200)
    # The same boot goes on to the I Go session (home's Corsica ref line, up twice: I Go):
    # the names the referee interned stay (not a figure the chip took).
    t0 = t + 2000
    after = ["%d up press" % (t0 - 500), "%d up press" % (t0 - 340)]
    for line in igo[:IGO_LINES]:
        if line.strip() and not line.startswith("#"):
            p = line.split()
            after.append(" ".join([str(int(p[0]) + t0)] + p[1:]))
    write("referee_igo", referee + after)
    write("home", ["600 up press"])
    # Settings (up from I Go), Wi-Fi (up twice: the line above the hardware test), the QR codes
    wifi = ("600 up", "760 ok", "1400 up", "1560 up", "1720 ok", "3000 down")
    write("wifi", [k + " press" for k in wifi])
    return out


def _first_ok_after(lines, slaps):
    """The time of the ok that arms the slap after `slaps` slaps, less 200 ms: the table at rest."""
    n = 0
    prev_p = False
    for line in lines:
        t, key = line.split()[:2]
        is_p = key.startswith("p")
        if is_p and not prev_p:
            n += 1
        if n == slaps and not is_p and key == "ok":
            return int(t) - 200
        prev_p = is_p
    raise ValueError("no ok after %d slaps" % slaps)


def _run(node, project, board, script, workdir, tag, app_args, extra=()):
    flash = os.path.join(workdir, "flash-heap-%s" % tag)
    sim.fresh_flash(flash, CHIP_ID)
    sim.install_firmware(flash, board, project=project)
    cmd = [node, MP32_RUN, "--flash", flash, "--app", HEAP_APP, "--script", script, "--board", board]
    cmd += list(extra)
    for a in app_args:
        cmd += ["--app-arg", a]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        raise RuntimeError("%s: exit %d: %s" % (tag, out.returncode, out.stderr.strip()[-300:]))
    return parse(out.stdout)


def _qstr(line):
    m = re.findall(r"\d+", line)
    return int(m[1]), int(m[3]) - int(m[2])  # names, pool bytes (total less the text)


def parse(text):
    """heap_app.py's trace: {"passes": [(ms, runner, names, screen)], "at": {ms: (runner, names, screen)},
    "modules": {ms: [...]}}; `runner` is the live heap less the runner's own pool growth."""
    lines = text.splitlines()
    names0 = pool0 = None
    passes, at, modules = [], {}, {}
    for i, line in enumerate(lines):
        if line.startswith("@qstr0"):
            names0, pool0 = _qstr(lines[i + 1])
        elif line.startswith("@pass "):
            p = line.split()
            names, pool = _qstr(lines[i + 1])
            passes.append((int(p[1]), int(p[2]) - (pool - pool0), names - names0, p[4]))
        elif line.startswith("@at "):
            p = line.split()
            names, pool = _qstr(lines[i + 2])
            at[int(p[1])] = (int(p[2]) - (pool - pool0), names - names0, p[3])
            modules[int(p[1])] = lines[i + 1].split()[1:]
    return {"passes": passes, "at": at, "modules": modules}


def measure(node, project, workdir, tag):
    """The runner's figures for the firmware of `project` at the chip's screens:
    {key: {"runner", "names", "screen", "board"}}, and the I Go session's by screen class."""
    s = _scripts(workdir)
    ref4, home_ref = s["referee_marks"]
    figs = {}

    def put(key, fig, board):
        runner, names, screen = fig
        figs[key] = {"runner": runner, "names": names, "screen": screen, "board": board}

    def peak(trace):
        best = max(trace["passes"], key=lambda p: p[1])
        return best[1], best[2], best[3]

    igo = _run(node, project, "sim", s["igo"], workdir, tag + "-igo", ["at=500"])
    put("home", igo["at"][500], "sim")
    put("igo_peak", peak(igo), "sim")
    put("igo_match_peak", peak(_run(node, project, "sim", s["igo_match"], workdir, tag + "-igom", [])), "sim")
    put("igo_after_referee_peak", peak(_run(node, project, "sim", s["referee_igo"], workdir, tag + "-rigo", [])), "sim")
    ref = _run(node, project, "sim", s["referee"], workdir, tag + "-ref", ["at=%d,%d" % (ref4, home_ref)])
    put("referee_4_slaps", ref["at"][ref4], "sim")
    put("home_after_referee", ref["at"][home_ref], "sim")
    dead = ("--radio", "dead")  # the emulated W's radio never started
    w = _run(node, project, "sim_w", s["home"], workdir, tag + "-w", ["at=500"], dead)
    put("w_home", w["at"][500], "sim_w")
    wi = _run(node, project, "sim_w", s["igo"], workdir, tag + "-wigo", ["at=500", "hold=" + LIVE_HELD], dead)
    put("w_home_live", wi["at"][500], "sim_w")
    put("w_igo_peak", peak(wi), "sim_w")
    # Settings > Wi-Fi with its QR codes (a radio up: the codes need an address), live modules held
    ww = _run(node, project, "sim_w", s["wifi"], workdir, tag + "-wifi", ["at=2900,3900", "hold=" + LIVE_HELD])
    put("w_wifi_live", ww["at"][2900], "sim_w")
    put("w_wifi_qr_live", max((ww["at"][2900], ww["at"][3900]), key=lambda f: f[0]), "sim_w")
    by_screen = {}
    for _ms, runner, names, screen in igo["passes"]:
        e = estimate(runner, names, "sim")
        if e > by_screen.get(screen, (0,))[0]:
            by_screen[screen] = (e, runner, names)
    return figs, by_screen, igo["modules"]


def w_proxy(project, workdir, tag):
    """The W's largest free block by the chip's procedure (W_PROXY) for the firmware of
    `project`: {key: {"largest", "free", "live", "screen"}}."""
    s = _scripts(workdir)
    out = {}
    for key, (script, mode, dead, _chip) in sorted(W_PROXY.items()):
        flash = os.path.join(workdir, "flash-heap-w-%s-%s" % (tag, key))
        sim.fresh_flash(flash, CHIP_ID)
        argv = ["--board", "sim_w", "--heap", W_PROXY_HEAP, "--app", HEAP_W_APP, "--flash", flash]
        argv += ["--radio", "dead"] if dead else []
        cmd = sim.device_command(sim.parse_args(argv + ["--script", s[script]]), s[script], project)
        env = dict(os.environ, HEAP_W_MODE=mode)
        run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
        line = [ln for ln in run.stderr.splitlines() if ln.startswith("@heap_w ")]
        if run.returncode != 0 or not line:
            raise RuntimeError("%s %s: exit %d: %s" % (tag, key, run.returncode, run.stderr.strip()[-300:]))
        p = line[-1].split()
        out[key] = {"screen": p[1], "free": int(p[2]), "largest": int(p[3]), "live": int(p[4])}
    return out


def calibration_project(workdir):
    """CALIBRATION_COMMIT's firmware and boards (git archive) in workdir; its path."""
    path = os.path.join(workdir, "heap-calibration")
    if not os.path.isdir(path):
        os.makedirs(path)
        tar = os.path.join(workdir, "heap-calibration.tar")
        with open(tar, "wb") as f:
            subprocess.run(["git", "archive", CALIBRATION_COMMIT, "firmware", "boards"], cwd=ROOT, stdout=f, check=True)
        with tarfile.open(tar) as t:
            t.extractall(path)
    return path


def figures(workdir=None):
    """The `heap_by_screen` key of bench/results.json."""
    node = mp32_node()
    if node is None:
        return {"problems": [MP32_MISSING], "pass": False, "rows": {}}
    with tempfile.TemporaryDirectory() as tmp:
        workdir = workdir or tmp
        problems = []
        try:
            cal, _, _ = measure(node, calibration_project(workdir), workdir, "cal")
            now, by_screen, _ = measure(node, ROOT, workdir, "now")
            w_cal = w_proxy(calibration_project(workdir), workdir, "cal")
            w_now = w_proxy(ROOT, workdir, "now")
        except (RuntimeError, KeyError, ValueError, subprocess.SubprocessError, OSError) as e:
            return {"problems": ["heap_by_screen: %s" % e], "pass": False, "rows": {}}
    rows = {}
    for key, fig in sorted(now.items()):
        row = {
            "screen": fig["screen"],
            "runner": fig["runner"],
            "names": fig["names"],
            "estimate": estimate(fig["runner"], fig["names"], fig["board"]),
        }
        c = cal.get(key)
        if key in CHIP:
            e = estimate(c["runner"], c["names"], c["board"])
            row["calibration"] = {"runner": c["runner"], "names": c["names"], "estimate": e, "chip": CHIP[key]}
            row["calibration"]["error"] = round((e - CHIP[key]) / CHIP[key], 4)
            if abs(e - CHIP[key]) > TOLERANCE * CHIP[key]:
                off = 100.0 * (e - CHIP[key]) / CHIP[key]
                problems.append("%s: the estimate %d is %+.1f%% off the chip's %d" % (key, e, off, CHIP[key]))
        if fig["board"] == "sim_w" and key != "w_home":
            block = row["w_largest_block_estimate"] = PICO_W_HEAP - row["estimate"] - W_HOLES
            if block < W_BLOCK_TARGET:
                problems.append("%s: the W's largest free block about %d < %d" % (key, block, W_BLOCK_TARGET))
        rows[key] = row
    w_rows = {}
    for key, fig in sorted(w_now.items()):
        chip = W_PROXY[key][3]
        row = dict(fig, calibration=dict(w_cal[key], chip=chip))
        if chip:
            row["calibration"]["error"] = round((w_cal[key]["largest"] - chip) / chip, 4)
        if fig["largest"] < W_BLOCK_TARGET:
            problems.append(
                "%s: the W's largest free block %d < %d (the chip's procedure)" % (key, fig["largest"], W_BLOCK_TARGET)
            )
        w_rows[key] = row
    igo = rows["igo_peak"]["estimate"]
    rows["igo_peak"]["next_pool"] = next_pool(rows["igo_peak"]["names"])
    warnings = []
    after = rows["igo_after_referee_peak"]
    if after["estimate"] >= IGO_TARGET:  # a path the chip did not run: said, not failed
        warnings.append(
            "the I Go peak after a refereed game on the same boot about %d >= %d (%d names: the chip's next qstr pool)"
            % (after["estimate"], IGO_TARGET, after["names"])
        )
    if rows["igo_match_peak"]["estimate"] >= IGO_TARGET:
        problems.append(
            "the whole I Go match's peak on the chip about %d >= %d" % (rows["igo_match_peak"]["estimate"], IGO_TARGET)
        )
    if igo >= IGO_TARGET:
        problems.append("the I Go peak on the chip about %d >= %d" % (igo, IGO_TARGET))
    return {
        "rows": rows,
        "w_largest_block": w_rows,
        "igo_by_screen": {k: v[0] for k, v in sorted(by_screen.items())},
        "model": MODEL,
        "calibration": "the emulated chip, 2026-12-02, commit %s (v1.28.0, .mpy deployed)" % CALIBRATION_COMMIT,
        "chip_only": CHIP_ONLY,
        "target": "every chip figure's estimate within %d%% (calibration firmware); I Go peak < %d; "
        "the W's largest free block >= %d with the live modules" % (TOLERANCE * 100, IGO_TARGET, W_BLOCK_TARGET),
        "problems": problems,
        "warnings": warnings,
        "pass": not problems,
    }


def table_lines(h):
    """Markdown rows for bench.py's table."""
    lines = [
        "",
        "Heap by screen (32-bit runner, .mpy deployed; the chip's estimate by MODEL, %s):" % h.get("calibration"),
        "",
        "| screen | runner now | chip estimate now | at %s: runner, estimate, chip, error "
        "| W largest block (estimate) |" % CALIBRATION_COMMIT,
        "| --- | --- | --- | --- | --- |",
    ]
    for key, r in sorted(h.get("rows", {}).items()):
        c = r.get("calibration")
        cal = "(not measured on the chip)"
        if c:
            cal = "%d, %d, %d, %+.1f%%" % (c["runner"], c["estimate"], c["chip"], 100 * c["error"])
        lines.append(
            "| %s (%s) | %d | %d | %s | %s |"
            % (key, r["screen"], r["runner"], r["estimate"], cal, r.get("w_largest_block_estimate", ""))
        )
    for warning in h.get("warnings") or ():
        lines += ["", "Not met (a path the chip did not run): " + warning + "."]
    peak = h.get("rows", {}).get("igo_peak")
    if peak and peak.get("next_pool"):
        held, size = peak["next_pool"]
        lines += [
            "",
            "The I Go peak interns %d firmware names; the chip's qstr pools hold %d, then the next"
            " pool takes %d bytes at once." % (peak["names"], held, size),
        ]
    w = h.get("w_largest_block") or {}
    if w:
        lines += [
            "",
            "The W's largest free block by the chip's procedure (unix port, heap %s; >= %d):"
            % (W_PROXY_HEAP, W_BLOCK_TARGET),
            "",
            "| figure (screen) | largest now | free now | at %s: largest, chip, error |" % CALIBRATION_COMMIT,
            "| --- | --- | --- | --- |",
        ]
        for key, r in sorted(w.items()):
            c = r["calibration"]
            cal = "%d, %s" % (
                c["largest"],
                "%d, %+.1f%%" % (c["chip"], 100 * c["error"]) if c.get("chip") else "(not measured on the chip)",
            )
            lines.append("| %s (%s) | %d | %d | %s |" % (key, r["screen"], r["largest"], r["free"], cal))
    return lines


def main():
    print(json.dumps(figures(), indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
