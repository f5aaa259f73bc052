"""Speed and fairness figures for `make bench` (host_tools/bench/bench.py writes them).

Each bench/*.py script runs in a fresh process on CPython and on the MicroPython unix
port and prints a median over many runs; the process is repeated REPEATS times and
the median of those is kept. Tap fairness runs bench/fairness.py on CPython.
"""

import os
import re
import statistics
import subprocess
import sys

from host_tools import MICROPYTHON, ROOT

BENCH = os.path.join(ROOT, "bench")
REPEATS = 3
MP_HEAP = "16m"  # for the speed scripts (not the firmware's heap)

SPEED_TARGETS = {  # figure: (runtime the target applies to, "<=" or ">=", limit)
    "igo_round_us": ("micropython", "<=", 2000),
    "corsari_ender_choice_us": ("micropython", "<=", 200000),
    "corsica_game_us": ("micropython", "<=", 200000),
    "judge_edges_per_s": ("micropython", ">=", 20000),  # bench/bench_judge.py's
}


def run_script(runtime, script, args):
    """Run bench/<script> on `runtime`; return {name: int} from its output lines."""
    exe = [sys.executable] if runtime == "cpython" else [MICROPYTHON, "-X", "heapsize=" + MP_HEAP]
    out = subprocess.run(
        exe + [os.path.join(BENCH, script)] + [str(a) for a in args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
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
    jobs = [
        ("bench_igo.py", [40 if quick else 200]),
        ("bench_corsica.py", [11 if quick else 51]),
        ("bench_judge.py", [50000 if quick else 200000]),
    ]
    repeats = 1 if quick else REPEATS
    found = {}
    for runtime in ("cpython", "micropython"):
        for script, args in jobs:
            for _ in range(repeats):
                for name, value in run_script(runtime, script, args).items():
                    found.setdefault(name, {}).setdefault(runtime, []).append(value)
    return {name: {rt: int(statistics.median(v)) for rt, v in per.items()} for name, per in found.items()}


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
    return {
        "share": round(share, 6),
        "max_misjudged_margin_us": worst,
        "pairs": pairs,
        "reversed": reversed_pairs,
        "tie_window_us": fair.TIE_WINDOW_US,
        "capture_jitter_us": jitter,
        "feeds": res,
        "target": "share 1.0 for margins >= tie window + %d us capture jitter; "
        "none reversed >= %d us" % (jitter, jitter),
        "pass": share == 1.0 and reversed_pairs == 0,
    }
