"""`python -m host_tools bench`: run the benchmarks, write bench/results.json, print a
Markdown table for docs/development.md (bench/README.md says what each figure means).

    python -m host_tools bench [--quick] [--out FILE] [--keep DIR]
    python -m host_tools bench --write-sessions     regenerate bench/session_*.txt

One module per concern: bench_speed.py (the speed scripts and tap fairness),
bench_session.py (heap and display bytes over the scripted sessions, 64-bit and
32-bit MicroPython), bench_deploy.py (deploy to a virtual Pico: full and no-op, against
the baseline), bench_scripts.py (writes the session scripts).
"""

import datetime
import json
import os
import platform
import tempfile

from host_tools import MICROPYTHON, ArgumentParser, UserError, folder
from host_tools.bench_deploy import figures as deploy_figures
from host_tools.bench_scripts import write_sessions
from host_tools.bench_session import (
    BENCH,
    LIVE_SOAK_BENCH_MINUTES,
    LIVE_SOAK_QUICK_MINUTES,
    MP32_MISSING,
    SESSIONS,
    live,
    live_soak,
    micropython_version,
    session,
    soak,
)
from host_tools.bench_speed import SPEED_TARGETS, fairness, speed

KEPT = ("mutation", "pio_capture")  # keys of bench/results.json that other tools write


def collect(quick, workdir):
    results = {
        "date": datetime.date.today().isoformat(),
        "quick": quick,
        "machine": {
            "platform": platform.platform(),
            "cpu_count": os.cpu_count(),
            "python": platform.python_version(),
            "micropython": micropython_version(),
        },
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
    results["heap_largest_free_block"] = soak(workdir, quick)
    results["live_server"] = live(workdir)
    results["live_soak"] = live_soak(workdir, LIVE_SOAK_QUICK_MINUTES if quick else LIVE_SOAK_BENCH_MINUTES, _progress)
    results["deploy_s"] = deploy_figures(1 if quick else 3)
    return results


def _progress(line):
    """A long run's progress line, as it comes (stderr)."""
    import sys

    print("bench: live_soak %s" % line, file=sys.stderr, flush=True)


def mark(ok):
    return "pass" if ok else "**FAIL**"


def per_session(figures):
    return ", ".join("%s %s" % (n, figures.get(n)) for n in SESSIONS)


def table(r):
    """The Markdown table for docs/development.md."""
    m = r["machine"]
    lines = [
        "Measured %s on %s, %s CPUs, Python %s, MicroPython %s (unix port), heap on %s%s."
        % (
            r["date"],
            m["platform"],
            m["cpu_count"],
            m["python"],
            m["micropython"],
            r["firmware_heap_peak_bytes"]["runtime"],
            " (quick run)" if r["quick"] else "",
        ),
        "",
        "| figure | CPython | MicroPython | target | |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name in ("igo_round_us", "corsari_ender_choice_us", "corsica_game_us", "judge_edges_per_s"):
        f = r[name]
        lines.append(
            "| `%s` | %s | %s | %s | %s |"
            % (name, f.get("cpython"), f.get("micropython"), f["target"], mark(f["pass"]))
        )
    h = r["firmware_heap_peak_bytes"]
    if h["value"] is None:
        heap = "32-bit: not measured (%s)" % MP32_MISSING
    else:
        heap = "32-bit: live peak %d (%s); high-water bound %d (%s)" % (
            h["value"],
            per_session(h["per_session"]),
            h["high_water_bound_bytes"]["value"],
            per_session(h["high_water_bound_bytes"]),
        )
    lines.append("| `firmware_heap_peak_bytes` | | %s | %s | %s |" % (heap, h["target"], mark(h["pass"])))
    u = h["unix64"]
    lines.append(
        "| (the same on the 64-bit unix port) | | live peak %d (%s) | | |" % (u["value"], per_session(u["per_session"]))
    )
    f = u["bytecode_in_flash"]
    lines.append(
        "| (64-bit, the firmware's bytecode in flash: ROMFS) | | live peak %d (%s) | | |"
        % (f["value"], per_session(f["per_session"]))
    )
    fb = r["heap_largest_free_block"]
    lines.append(
        "| `heap_largest_free_block` (%d simulated min of mixed play, seed %d) | | "
        "64-bit, --heap 192k: min %s, end %s; 32-bit: min %s, end %s | %s | %s |"
        % (
            fb["minutes"],
            fb["seed"],
            fb["unix64"]["min"],
            fb["unix64"]["end"],
            fb["mp32"]["min"],
            fb["mp32"]["end"],
            fb["target"],
            mark(fb["pass"]),
        )
    )
    d = r["display_bytes_per_update"]
    lines.append(
        "| `display_bytes_per_update` | | median %d (%.2f ms), max %d (%.2f ms) at 400 kHz, "
        "%d updates | %s | %s |"
        % (d["median"], d["median_ms_400khz"], d["max"], d["max_ms_400khz"], d["updates"], d["target"], mark(d["pass"]))
    )
    t = r["tap_fairness"]
    lines.append(
        "| `tap_fairness` | %.4f%% right of %d pairs >= %d us apart; largest misjudged "
        "margin %d us; %d reversed | | %s | %s |"
        % (
            100 * t["share"],
            t["pairs"],
            t["tie_window_us"] + t["capture_jitter_us"],
            t["max_misjudged_margin_us"],
            t["reversed"],
            t["target"],
            mark(t["pass"]),
        )
    )
    lv = r["live_server"]
    w, wo = lv["with_server"], lv["without"]
    lines.append(
        "| `live_server` (W board: a page load, 4 streams) | 32-bit live peak %s with the server, %s without "
        "(%s); the code in flash (ROMFS, 64-bit): %s with, %s without, 32-bit estimate %s; "
        "pass %s us with, %s us without (64-bit); referee %d slaps (%d ties) judged alike: %s | | %s | %s |"
        % (
            w.get("heap_peak"),
            wo.get("heap_peak"),
            w.get("peak_screen"),
            w.get("unix64_romfs_heap_peak"),
            wo.get("unix64_romfs_heap_peak"),
            lv.get("code_in_flash_estimate"),
            w.get("unix64_pass_us"),
            wo.get("unix64_pass_us"),
            lv["referee"]["slaps"],
            lv["referee"]["ties"],
            "yes" if lv["referee"]["judged_alike"] else "no",
            lv["target"],
            mark(lv["pass"]),
        )
    )
    chip = lv.get("pico_w_estimate") or {}
    lines.append(
        "| (the Pico W, estimated: the 32-bit peak x the chip's ratio) | | live peak %s, free %s of 205,184 | %s | %s |"
        % (chip.get("peak"), chip.get("free"), chip.get("target"), mark(chip.get("pass")))
    )
    ls = r["live_soak"]
    lines.append(
        "| `live_soak` (W board, %d min of mixed play, 4 phones following) | | heap in use at most %s (64-bit) / %s "
        "(32-bit); largest free block min %s / %s, at the end %s / %s; %s streams reopened | %s | %s |"
        % (
            ls["minutes"],
            ls["unix64"]["heap_in_use_max"],
            ls["mp32"]["heap_in_use_max"],
            ls["unix64"]["free_block_min"],
            ls["mp32"]["free_block_min"],
            ls["unix64"]["free_block_end"],
            ls["mp32"]["free_block_end"],
            ls["mp32"]["streams_reopened"],
            ls["target"],
            mark(ls["pass"]),
        )
    )
    dp = r["deploy_s"]
    base = dp["baseline"]
    again = dp.get("baseline_this_run")
    lines.append(
        "| `deploy_s` (virtual Pico, %d files) | full %.2f s, no-op %.2f s (fresh device, "
        "warm build cache: %.2f s); before the change: full %.2f s, no-op %.2f s%s | | %s | %s |"
        % (
            dp["full_copied"],
            dp["full_s"],
            dp["noop_s"],
            dp["full_warm_cache_s"],
            base["full_s"],
            base["noop_s"],
            "; that commit in this run: full %.2f s, no-op %.2f s" % (again["full_s"], again["noop_s"])
            if again
            else "",
            dp["target"],
            mark(dp["pass"]),
        )
    )
    for p in h["problems"]:
        lines.append("")
        lines.append("Session problem: %s" % p)
    for p in fb["problems"]:
        lines.append("")
        lines.append("Long session problem: %s" % p)
    for p in ls["problems"]:
        lines.append("")
        lines.append("Evening (W board) problem: %s" % p)
    return "\n".join(lines)


def parse_args(argv):
    p = ArgumentParser(
        prog="python -m host_tools bench",
        example="python -m host_tools bench --quick",
        description=__doc__.split("\n\n")[0],
    )
    p.add_argument(
        "--quick", action="store_true", help="fewer runs of the speed scripts (for tests; figures are rough)"
    )
    p.add_argument(
        "--out", default=os.path.join(BENCH, "results.json"), help="results file (default bench/results.json)"
    )
    p.add_argument("--keep", metavar="DIR", help="keep the session flashes and screens here")
    p.add_argument("--write-sessions", action="store_true", help="regenerate bench/session_*.txt and exit")
    return p.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    if args.write_sessions:
        write_sessions()
        return 0
    if not os.path.exists(MICROPYTHON):
        raise UserError("%s not found (make venv)" % MICROPYTHON)
    if os.path.isdir(args.out):  # refused before the minutes the figures take
        raise UserError("--out %s is a folder, not a file" % args.out)
    folder(os.path.dirname(os.path.abspath(args.out)), "--out's folder")
    if args.keep:
        folder(args.keep, "--keep")
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
