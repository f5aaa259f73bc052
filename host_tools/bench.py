"""`python -m host_tools bench`: run the benchmarks, write bench/results.json, print a
Markdown table for the README (bench/README.md says what each figure means).

    python -m host_tools bench [--quick] [--out FILE] [--keep DIR]
    python -m host_tools bench --write-sessions     regenerate bench/session_*.txt

Speed figures run bench/*.py in fresh processes on CPython and on the MicroPython unix
port (each script prints a median over many runs; the process is repeated REPEATS
times and the median of those is kept). Heap and display figures come from the
scripted session (bench/session_*.txt) run in the simulator with the measuring entry
app bench/session_app.py: display bytes (and informational 64-bit heap figures) on the
unix port, the heap figure on a 32-bit MicroPython (host_tools/mp32, the WebAssembly
port run by node; `make mp32` installs it). Each session is checked on the flash it
leaves behind (a game_over history line for each game, 50 slap lines, no crash).
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

import paths  # firmware/paths.py (host_tools puts firmware/ on the path)
from host_tools import FIRMWARE, MICROPYTHON, ROOT

BENCH = os.path.join(ROOT, "bench")
MP32 = os.path.join(ROOT, "host_tools", "mp32")
MP32_RUN = os.path.join(MP32, "run.mjs")
MP32_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MP32_MISSING = "mp32 not installed: make mp32 (needs node and npm)"
SESSION_APP = os.path.join(BENCH, "session_app.py")
KEPT = ("mutation",)  # keys of bench/results.json that other tools write
SESSIONS = ("igo", "corsari", "referee")
REPEATS = 3
MP_HEAP = "16m"  # for the speed scripts (not the firmware's heap)
I2C_HZ = 400000
I2C_BITS_PER_BYTE = 9  # 8 data bits + ACK (start, stop and address bytes not counted)
HEAP_TARGET = 64 * 1024
REFEREE_SLAPS = 50


# --- speed -------------------------------------------------------------------------


def run_script(runtime, script, args):
    """Run bench/<script> on `runtime`; return {name: int} from its output lines."""
    exe = [sys.executable] if runtime == "cpython" else [MICROPYTHON, "-X", "heapsize=" + MP_HEAP]
    out = subprocess.run(exe + [os.path.join(BENCH, script)] + [str(a) for a in args],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    if out.returncode:
        raise RuntimeError("%s %s failed: %s" % (runtime, script, out.stderr.strip()[-300:]))
    figures = {}
    for line in out.stdout.splitlines():
        m = re.match(r"^(\w+) (\d+)\b", line)
        if m:
            figures[m.group(1)] = int(m.group(2))
    return figures


def speed(quick):
    """{figure: {"cpython": median, "micropython": median}} for the speed figures."""
    jobs = [("bench_igo.py", [40 if quick else 200]),
            ("bench_corsica.py", [11 if quick else 51]),
            ("bench_judge.py", [50000 if quick else 200000])]
    repeats = 1 if quick else REPEATS
    found = {}
    for runtime in ("cpython", "micropython"):
        for script, args in jobs:
            for _ in range(repeats):
                for name, value in run_script(runtime, script, args).items():
                    found.setdefault(name, {}).setdefault(runtime, []).append(value)
    return {name: {rt: int(statistics.median(v)) for rt, v in per.items()}
            for name, per in found.items()}


def fairness(quick):
    """Tap fairness (CPython; the judge gives the same results on MicroPython)."""
    sys.path.insert(0, BENCH)
    try:
        import fairness as fair
    finally:
        sys.path.remove(BENCH)
    res = fair.fairness(300 if quick else 4000)
    pairs = sum(st["pairs"] for st in res.values())
    right = sum(st["right"] for st in res.values())
    share = right / pairs if pairs else 0.0
    worst = max(st["max_misjudged_us"] for st in res.values())
    reversed_pairs = sum(st["reversed"] for st in res.values())
    jitter = fair.CAPTURE_JITTER_US
    return {"share": round(share, 6), "max_misjudged_margin_us": worst, "pairs": pairs,
            "reversed": reversed_pairs, "tie_window_us": fair.TIE_WINDOW_US,
            "capture_jitter_us": jitter, "feeds": res,
            "target": "share 1.0 for margins >= tie window + %d us capture jitter; "
                      "none reversed >= %d us" % (jitter, jitter),
            "pass": share == 1.0 and reversed_pairs == 0}


# --- session -------------------------------------------------------------------------


def run_session(name, workdir):
    """bench/session_<name>.txt in the simulator on the unix port (192k heap, screens
    kept): the @bench stats with "problem"."""
    flash = os.path.join(workdir, "flash-%s-192k" % name)
    shots = os.path.join(workdir, "screens-%s-192k" % name)
    shutil.rmtree(shots, ignore_errors=True)
    cmd = [sys.executable, "-m", "host_tools", "sim", "--script", _script(name),
           "--app", SESSION_APP, "--flash", flash, "--heap", "192k", "--screens", shots]
    return _session_stats(name, flash, cmd, "stderr")  # the simulator passes it there


def run_session_mp32(node, name, workdir, firmware):
    """The same session on the 32-bit runner."""
    flash = os.path.join(workdir, "flash-%s-mp32" % name)
    cmd = [node, MP32_RUN, "--flash", flash, "--app", SESSION_APP, "--firmware", firmware,
           "--script", _script(name)]
    return _session_stats(name, flash, cmd, "stdout")


def _script(name):
    return os.path.join(BENCH, "session_%s.txt" % name)


def _session_stats(name, flash, cmd, stream):
    """Run a session on a fresh flash; return its @bench stats (read from `stream`)
    with "problem", or a dict with only "problem". Run twice if the statistics line
    got lost (a simulator that is slow to exit on a busy machine is killed, dropping
    its last output)."""
    stats = {}
    for _ in range(2):
        shutil.rmtree(flash, ignore_errors=True)
        try:
            out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            return {"problem": "timed out"}
        for line in getattr(out, stream).splitlines():
            if line.startswith("@bench "):
                stats = json.loads(line[len("@bench "):])
        if stats:
            break
    if not stats:
        return {"problem": "no statistics (exit %d): %s" % (out.returncode,
                                                          out.stderr.strip()[-300:])}
    stats["problem"] = check_flash(name, flash) if out.returncode == 0 else \
        "exit %d: %s" % (out.returncode, out.stderr.strip()[-300:])
    return stats


def check_flash(name, flash):
    """None if the session reached its end on this flash, else what is missing."""
    if os.path.exists(os.path.join(flash, paths.ERRORS)):
        with open(os.path.join(flash, paths.ERRORS)) as f:
            return "firmware error: " + f.read().strip().splitlines()[-1]
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
    unix64 = {"value": max(r.get("heap_peak", 0) for r in runs.values()),
              "per_session": {n: r.get("heap_peak") for n, r in runs.items()},
              "peak_screen": {n: r.get("heap_peak_screen") for n, r in runs.items()},
              "simulator_base_bytes": max(r.get("heap_base", 0) for r in runs.values()),
              "runtime": "micropython unix %s (64-bit, --heap 192k)" % micropython_version()}
    heap = {"target": "<= %d" % HEAP_TARGET, "unix64": unix64, "runtime": mp32_runtime()}
    node = mp32_node()
    if node is None:
        problems.append(MP32_MISSING)
        heap.update({"value": None, "per_session": {n: None for n in SESSIONS},
                     "peak_screen": {n: None for n in SESSIONS},
                     "high_water_bound_bytes": dict({n: None for n in SESSIONS}, value=None),
                     "module_code_bytes": {n: None for n in SESSIONS},
                     "data_peak_bytes": {n: None for n in SESSIONS},
                     "simulator_base_bytes": None})
    else:
        from host_tools.sim import compiled_firmware

        firmware = compiled_firmware()
        mp = {name: run_session_mp32(node, name, workdir, firmware) for name in SESSIONS}
        problems += ["%s on mp32: %s" % (n, r["problem"]) for n, r in sorted(mp.items())
                     if r["problem"]]
        code = {}
        for n, r in sorted(mp.items()):
            try:
                code[n] = module_bytes_mp32(node, r.get("peak_modules", []), firmware)
            except RuntimeError as e:
                code[n] = None
                problems.append("%s on mp32: module sizes: %s" % (n, e))
        bound = {n: r.get("heap_pass_peak") for n, r in mp.items()}
        bound["value"] = max(r.get("heap_pass_peak", 0) for r in mp.values())
        heap.update({
            "value": max(r.get("heap_peak", 0) for r in mp.values()),
            "per_session": {n: r.get("heap_peak") for n, r in mp.items()},
            "peak_screen": {n: r.get("heap_peak_screen") for n, r in mp.items()},
            "high_water_bound_bytes": bound,
            "module_code_bytes": code,
            "data_peak_bytes": {n: None if code[n] is None else r.get("heap_peak", 0) - code[n]
                                for n, r in mp.items()},
            "simulator_base_bytes": max(r.get("heap_base", 0) for r in mp.values())})
    heap["problems"] = problems
    # The target is the live peak's; the bound (transients included, garbage too) is
    # reported beside it: the true high-water mark lies between the two.
    heap["pass"] = bool(not problems and heap["value"] is not None
                        and heap["value"] <= HEAP_TARGET)
    sizes = sorted(b for r in runs.values() for b in r.get("updates", []))
    med = int(statistics.median(sizes)) if sizes else 0
    top = sizes[-1] if sizes else 0
    display = {"median": med, "max": top, "updates": len(sizes),
               "median_ms_400khz": ms_at_400k(med), "max_ms_400khz": ms_at_400k(top),
               "target": "median <= 256", "pass": bool(sizes) and med <= 256}
    return heap, display


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
    names = sorted(m for m in modules if os.path.exists(os.path.join(firmware, m + ".mpy")))
    if not names:
        return 0
    out = subprocess.run([node, MP32_RUN, "--import-size", ",".join(names),
                          "--firmware", firmware], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    try:
        return int(out.stdout.split()[-1])
    except (ValueError, IndexError):
        raise RuntimeError("exit %d: %s" % (out.returncode, out.stderr.strip()[-300:])) from None


def ms_at_400k(nbytes):
    return round(nbytes * I2C_BITS_PER_BYTE * 1000 / I2C_HZ, 2)


# --- results -------------------------------------------------------------------------

SPEED_TARGETS = {  # figure: (runtime the target applies to, "<=" or ">=", limit)
    "igo_round_us": ("micropython", "<=", 2000),
    "corsari_ender_choice_us": ("micropython", "<=", 200000),
    "corsica_game_us": ("micropython", "<=", 200000),
    "judge_edges_per_s": ("micropython", ">=", 20000),  # bench/bench_judge.py's
}


def micropython_version():
    out = subprocess.run([MICROPYTHON, "-c", "import sys; print(sys.implementation.version)"],
                         capture_output=True, text=True, timeout=60)
    return ".".join(str(x) for x in re.findall(r"\w+", out.stdout)[:3])


def collect(quick, workdir):
    results = {
        "date": datetime.date.today().isoformat(),
        "quick": quick,
        "machine": {"platform": platform.platform(), "cpu_count": os.cpu_count(),
                    "python": platform.python_version(), "micropython": micropython_version()},
    }
    for name, values in speed(quick).items():
        runtime, op, limit = SPEED_TARGETS[name]
        fig = dict(values)
        fig["target"] = "%s %d (%s)" % (op, limit, runtime)
        value = values.get(runtime)
        fig["pass"] = value is not None and (value <= limit if op == "<=" else value >= limit)
        results[name] = fig
    results["tap_fairness"] = fairness(quick)
    heap, display = session(workdir)
    results["firmware_heap_peak_bytes"] = heap
    results["display_bytes_per_update"] = display
    return results


def mark(ok):
    return "pass" if ok else "**FAIL**"


def per_session(figures):
    return ", ".join("%s %s" % (n, figures.get(n)) for n in SESSIONS)


def table(r):
    """The Markdown table for the README."""
    m = r["machine"]
    lines = ["Measured %s on %s, %s CPUs, Python %s, MicroPython %s (unix port), heap on %s%s." % (
        r["date"], m["platform"], m["cpu_count"], m["python"], m["micropython"],
        r["firmware_heap_peak_bytes"]["runtime"], " (quick run)" if r["quick"] else ""), "",
        "| figure | CPython | MicroPython | target | |", "| --- | --- | --- | --- | --- |"]
    for name in ("igo_round_us", "corsari_ender_choice_us", "corsica_game_us",
                 "judge_edges_per_s"):
        f = r[name]
        lines.append("| `%s` | %s | %s | %s | %s |" % (
            name, f.get("cpython"), f.get("micropython"), f["target"], mark(f["pass"])))
    h = r["firmware_heap_peak_bytes"]
    if h["value"] is None:
        heap = "32-bit: not measured (%s)" % MP32_MISSING
    else:
        heap = ("32-bit: live peak %d (%s); high-water bound %d (%s)" % (
            h["value"], per_session(h["per_session"]), h["high_water_bound_bytes"]["value"],
            per_session(h["high_water_bound_bytes"])))
    lines.append("| `firmware_heap_peak_bytes` | | %s | %s | %s |" % (
        heap, h["target"], mark(h["pass"])))
    u = h["unix64"]
    lines.append("| (the same on the 64-bit unix port) | | live peak %d (%s) | | |" % (
        u["value"], per_session(u["per_session"])))
    d = r["display_bytes_per_update"]
    lines.append("| `display_bytes_per_update` | | median %d (%.2f ms), max %d (%.2f ms) at 400 kHz, "
                 "%d updates | %s | %s |" % (d["median"], d["median_ms_400khz"], d["max"],
                                             d["max_ms_400khz"], d["updates"], d["target"],
                                             mark(d["pass"])))
    t = r["tap_fairness"]
    lines.append("| `tap_fairness` | %.4f%% right of %d pairs >= %d us apart; largest misjudged "
                 "margin %d us; %d reversed | | %s | %s |" % (
                     100 * t["share"], t["pairs"], t["tie_window_us"] + t["capture_jitter_us"],
                     t["max_misjudged_margin_us"], t["reversed"], t["target"], mark(t["pass"])))
    for p in h["problems"]:
        lines.append("")
        lines.append("Session problem: %s" % p)
    return "\n".join(lines)


# --- session scripts -------------------------------------------------------------------

GAP_MS = 160  # between presses (a press is 80 ms down; the nav debounce is 20 ms)
HOLD_MS = 700  # a long press (the firmware's LONG_MS is 600)


class Script:
    """A simulator script being written (docs/formats.md "Simulator script")."""

    def __init__(self, title):
        self.lines = ["# " + title,
                      "# generated by `python -m host_tools bench --write-sessions`"]
        self.t = 600  # after the boot screen

    def note(self, text):
        self.lines.append("# " + text)

    def press(self, button, times=1):
        for _ in range(times):
            self.lines.append("%d %s press" % (self.t, button))
            self.t += GAP_MS

    def hold(self, button):
        self.lines.append("%d %s down" % (self.t, button))
        self.lines.append("%d %s up" % (self.t + HOLD_MS, button))
        self.t += HOLD_MS + GAP_MS

    def wait(self, ms):
        self.t += ms

    def number(self, value):
        """Raise a penalty from 0: a long press per ten, a press per unit."""
        for _ in range(value // 10):
            self.hold("up")
        self.press("up", value % 10)

    def cycle(self, frm, to, size):
        """Move a cyclic choice from `frm` to `to` with up (+1) or down (-1)."""
        ups = (to - frm) % size
        if ups <= size - ups:
            self.press("up", ups)
        else:
            self.press("down", size - ups)

    def text(self):
        return "\n".join(self.lines) + "\n"


def hand_calc(s, display, cards, first):
    """Enter (the round's first time) the display colour, then 12 cards in the hand
    calculator; ok on the result."""
    colour, value = 0, 1
    if first:
        s.cycle(0, display, 10)
        s.press("ok")
        colour = display
    for card in cards:
        s.cycle(colour, card >> 4, 10)
        s.press("ok")
        s.cycle(value - 1, (card & 15) - 1, 11)
        s.press("ok")
        colour, value = card >> 4, card & 15
    s.wait(300)  # the arrangement is computed
    s.press("ok")  # use the result


def deal(seed):
    """A 4-player I Go deal: (display colour, hands of 12 card ints)."""
    from rng import Rng

    rng = Rng(seed)
    deck = [c * 16 + v for c in range(10) for v in range(1, 12)]
    rng.shuffle(deck)
    return rng.below(10), [deck[i * 12:(i + 1) * 12] for i in range(4)]


def enter_round(s, sheet, ender, penalties, calc=None):
    """MatchScreen -> round entered. calc: (display, hands) to use the hand calculator
    for the ender and the next player (their penalties then come from it, against the
    engine's pick for the ender, as the device computes them)."""
    import igo_choice
    import ui_hand

    n = len(penalties)
    s.press("ok")  # round menu
    s.press("ok")  # Enter round
    s.press("down", ender)
    s.press("ok")
    penalties = list(penalties)
    from_hand = [(ender + k) % n for k in range(2)] if calc else []
    if calc:
        display, hands = calc
        mine = ui_hand.masks_of(hands[ender], display)
        others = [ui_hand.masks_of(hands[p], display) if p in from_hand else penalties[p]
                  for p in [(ender + k) % n for k in range(1, n)]]
        option = igo_choice.options(sheet.rules, mine)[
            igo_choice.choose(sheet.rules, mine, others)]
        for p in from_hand:
            penalties[p] = ui_hand.arrange(hands[p], display, p == ender, option)["penalty"]
    for k in range(n):
        p = (ender + k) % n
        if p in from_hand:
            s.hold("ok")
            hand_calc(s, display, hands[p], k == 0)
        else:
            s.number(penalties[p])
        s.press("ok")
    s.wait(200)
    s.press("ok")  # save the round
    sheet.add_round(ender, penalties)


def void_round(s, sheet, taker):
    s.press("ok")
    s.press("down")  # Void round
    s.press("ok")
    s.press("down", taker)
    s.press("ok")
    sheet.add_void(taker)


def game_script(rules):
    """A whole 4-player match from the home screen to its game-over screen."""
    import scoresheet

    names = ["P1", "P2", "P3", "P4"]
    s = Script("%s: a whole 4-player match, hand calculator in the first round" % rules)
    sheet = scoresheet.Sheet(rules, names, None, [0, 1, 2, 3] if rules == "corsari" else None)
    if rules == "corsari":
        s.press("down")
    s.press("ok")  # I Go / Corsari
    s.press("up")
    s.press("ok")  # Start (the setup's last line)
    if rules == "corsari":
        s.press("ok", 3)  # youngest first: P1, P2, P3 (P4 last)
    s.wait(300)
    s.note("round 1: the ender and the next player use the hand calculator")
    enter_round(s, sheet, 0, [0, 0, 14, 21], deal(7 if rules == "igo" else 8))
    s.note("a void round")
    void_round(s, sheet, 2)
    s.note("the score sheet")
    s.press("ok")
    s.press("down", 3)
    s.press("ok")
    s.wait(300)
    s.press("back", 2)  # to the round menu, to the match
    plans = [(1, [12, 4, 17, 9]), (2, [8, 15, 6, 23]), (3, [19, 11, 25, 5]),
             (0, [3, 14, 9, 18]), (1, [27, 7, 12, 16]), (2, [13, 20, 2, 31]),
             (3, [22, 18, 26, 10])]
    i = 0
    while not sheet.over:
        ender, penalties = plans[i % len(plans)]
        s.note("round: P%d ends" % (ender + 1))
        enter_round(s, sheet, ender, penalties)
        i += 1
    s.note("game over: winners %s, totals %s" % (
        " ".join(names[w] for w in sheet.winners), sheet.totals()))
    s.wait(1500)  # the last screen: game over
    return s.text()


def referee_script():
    """Corsica referee mode: REFEREE_SLAPS slaps of 2-4 players, some ties, some false."""
    from rng import Rng

    rng = Rng(5)
    s = Script("Battle of Corsica referee: %d slaps" % REFEREE_SLAPS)
    s.press("down", 2)
    s.press("ok")  # Corsica ref
    s.press("up")
    s.press("ok")  # Start (6 players; the setup's last line)
    for i in range(REFEREE_SLAPS):
        s.press("ok")  # the pile changed
        s.wait(150)
        players = list(range(6))
        rng.shuffle(players)
        taps = sorted((rng.below(6), p) for p in players[:2 + rng.below(3)])
        for k, (offset_ms, p) in enumerate(taps):
            s.lines.append("%d p%d press" % (s.t + offset_ms, p + 1))
        s.wait(900)  # taps collected (400 ms) and the result shown
        if i % 7 == 3:
            s.press("down")  # the table marks it false
    s.press("back")  # result closed (logged)
    s.press("back")  # leave
    s.wait(500)
    return s.text()


def write_sessions():
    scripts = {"igo": game_script("igo"), "corsari": game_script("corsari"),
               "referee": referee_script()}
    for name, text in scripts.items():
        path = os.path.join(BENCH, "session_%s.txt" % name)
        with open(path, "w") as f:
            f.write(text)
        print("wrote %s (%d events)" % (os.path.relpath(path, ROOT),
                                        sum(1 for ln in text.splitlines() if ln[:1].isdigit())))


# --- main -------------------------------------------------------------------------------


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m host_tools bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true",
                   help="fewer runs of the speed scripts (for tests; figures are rough)")
    p.add_argument("--out", default=os.path.join(BENCH, "results.json"),
                   help="results file (default bench/results.json)")
    p.add_argument("--keep", metavar="DIR", help="keep the session flashes and screens here")
    p.add_argument("--write-sessions", action="store_true",
                   help="regenerate bench/session_*.txt and exit")
    return p.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    if args.write_sessions:
        write_sessions()
        return 0
    if not os.path.exists(MICROPYTHON):
        print("bench: %s not found (make venv)" % MICROPYTHON, file=sys.stderr)
        return 2
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        results = collect(args.quick, args.keep)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            results = collect(args.quick, tmp)
    try:  # figures other tools write there (make mutate's "mutation") stay
        with open(args.out) as f:
            kept = {k: v for k, v in json.load(f).items() if k in KEPT}
    except (OSError, ValueError):
        kept = {}
    results.update(kept)
    with open(args.out, "w") as f:
        json.dump(results, f, sort_keys=True, indent=2)
        f.write("\n")
    print(table(results))
    print("\nwrote %s" % os.path.relpath(args.out, os.getcwd()))
    return 0
