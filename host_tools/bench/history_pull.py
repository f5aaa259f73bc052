"""A club's tables on the simulator's W (issue #44): flashes with a long history, the
simulator serving each (`sim --board pico_w --http PORT`, a script played in real
time), and `make bench`'s figure of a `pull --url` of thousands of lines from it
(`figures`): the time the real pull takes, and the device's heap during the transfer.

The heap is measured on the 32-bit MicroPython (a Pico's word size) by
bench/history_app.py: the firmware booted on such a flash, GET /history stepped by
hand through the server's own gate and endpoint to its end, the live heap sampled
after every piece (`gc.mem_alloc` after a collection: what the transfer holds) and
the allocations counted between two collections; the same on the unix port (64-bit).
The chip's live heap is the runner's scaled by the chip's ratio for the same
firmware (session.chip_estimate: the I Go peak on the emulated chip, 91,920, against
the runner's 72,432).
"""

import json
import os
import subprocess
import sys
import time

from host_tools import ROOT
from host_tools.bench.session import BENCH, CHIP_PEAK, MP32_RUN, PICO_W_HEAP, RUNNER_PEAK, mp32_node
from host_tools.sim import sim

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
# The history the bench pulls: 3000 lines, about 600 KB, on a flash of a Pico's size
# (1408k). More than a Pico W holds beside its firmware: its littlefs is 212 blocks of
# 4 KiB (the emulated chip, v1.28.0); `flash_room` measures what it holds.
BENCH_LINES = 3000
APP = os.path.join(BENCH, "history_app.py")
APP_END_MS = 30000  # the measured run's script: the transfer takes about 10 s of loop passes
UNIX_HEAP = "320k"  # the 64-bit port's W heap for the server (bench.session's LIVE_UNIX_HEAP)
PIECE_TARGET = 8192  # the transfer may hold at most this much more than the table before it (32-bit)
# The chip's TCP upload from MicroPython's lwIP settings (extmod/lwip-include/lwipopts_common.h,
# the comment beside the MEM_SIZE 8000 / TCP_MSS 800 block the ports take by default: "TCP dl/ul
# are around 750/600 k/s on local network"): not measured on a Pico W here (no radio emulated).
LWIP_UPLOAD_BYTES_S = 600 * 1024
SCRIPT_MS = 600000  # the served simulator's script: it serves this long at most


def history_lines(n, device, history, start=1, boot=1):
    """n history lines as the device writes them (jsonfmt: compact, keys sorted): I Go
    matches of four, a `start` line, rounds, a `game_over` every 12 rounds; seqs from
    `start`."""
    lines = []
    seq = start
    game = None
    totals = None
    rounds = 0
    while len(lines) < n:
        common = {"seq": seq, "boot": boot, "device": device, "history": history, "at": None, "rules": "igo"}
        if game is None:
            game = "%d-%d" % (boot, seq)
            totals, rounds = [0] * len(PLAYERS), 0
            obj = dict(common, event="start", game=game, players=PLAYERS, first=seq % 4, drawn=True, target=100)
        elif rounds == 12:
            low = min(totals)
            winners = [i for i, t in enumerate(totals) if t == low]
            obj = dict(common, event="game_over", game=game, totals=totals, winners=winners)
            game = None
        else:
            ender = seq % 4
            penalties = [0 if i == ender else (seq * (i + 3)) % 11 for i in range(4)]
            totals = [t + p for t, p in zip(totals, penalties)]
            rounds += 1
            obj = dict(common, event="round", game=game, ender=ender, penalties=penalties)
            obj.update(round_scores=penalties, totals=list(totals))
        lines.append(json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n")
        seq += 1
    return lines


def first_boot(flash, board="pico_w"):
    """Boot a new flash once (the device makes its files: data/boot.json with its ids);
    its (device, history) ids."""
    os.makedirs(flash, exist_ok=True)
    script = os.path.join(flash, "..", os.path.basename(flash) + "-boot.txt")
    with open(script, "w") as f:
        f.write("1000 ok press\n")
    run = play(board, script, flash)
    if run.returncode:
        raise RuntimeError("sim: %s" % run.stderr[-500:])
    return flash_ids(flash)


def play(board, script, flash):
    """The simulator run of a script on a board's flash (the finished process)."""
    cmd = sim.command("--board", board, "--script", script, "--flash", flash)
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)


def flash_ids(flash):
    """The (device, history) ids of a booted flash (data/boot.json)."""
    with open(os.path.join(flash, "data", "boot.json")) as f:
        ids = json.load(f)
    return ids["device"], ids["history"]


def table_flash(flash, n):
    """A W board's flash with a history of n lines (its own ids, as if it had written
    them): (device, history)."""
    device, history = first_boot(flash)
    add_lines(flash, n, device, history)
    return device, history


def add_lines(flash, n, device, history):
    """n more lines at the end of the flash's history (seqs going on)."""
    path = os.path.join(flash, "data", "history.jsonl")
    last = 0
    if os.path.exists(path):
        with open(path) as f:
            for text in f:
                last = json.loads(text)["seq"]
    with open(path, "a") as f:
        f.writelines(history_lines(n, device, history, last + 1))


class Table:
    """The simulator serving a W board's flash on 127.0.0.1:port (a script of presses
    played in real time; `stop` ends it): its URL, and its standard error."""

    def __init__(self, flash, presses=(), script_ms=SCRIPT_MS):
        self.port = sim.free_port()
        self.url = "http://127.0.0.1:%d/" % self.port
        lines = ["1000 ok press"] + ["%d %s press" % p for p in presses] + ["%d back press" % script_ms]
        script = flash.rstrip("/") + "-serve.txt"
        with open(script, "w") as f:
            f.write("\n".join(lines) + "\n")
        options = ["--board", "pico_w", "--http", self.port, "--script", script, "--speed", 1, "--flash", flash]
        options += ["--flash-size", sim.FLASH_SIZE]  # BENCH_LINES: more than a Pico W's flash holds
        self.proc = subprocess.Popen(
            sim.command(*options), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        if sim.served(self.proc, self.port, 30):
            return
        ended = self.proc.poll() is not None
        err = self.stop()
        raise RuntimeError("sim: %s" % err[-500:] if ended else "the simulator never served on %d" % self.port)

    def stop(self):
        """End the simulator; its standard error."""
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            _, err = self.proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return err

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def timed_pull(db, urls):
    """The real `python -m host_tools pull --db DB --url ...`: (seconds, the finished
    process)."""
    cmd = [sys.executable, "-m", "host_tools", "pull", "--db", db]
    for url in urls:
        cmd += ["--url", url]
    start = time.monotonic()
    run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    return time.monotonic() - start, run


def _heap_run(cmd, stream):
    """The @bench stats of a run of bench/history_app.py (with "problem")."""
    try:
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return {"problem": "timed out"}
    for line in getattr(out, stream).splitlines():
        if line.startswith("@bench "):
            stats = json.loads(line[len("@bench ") :])
            keep = ("history_before", "history_peak", "history_after", "history_bytes", "history_length")
            fig = {k: stats.get(k) for k in keep + ("history_passes", "heap_pass_peak")}
            fig["problem"] = None if out.returncode == 0 else "exit %d" % out.returncode
            if fig["history_bytes"] != fig["history_length"]:
                fig["problem"] = "the PC got %s of %s bytes" % (fig["history_bytes"], fig["history_length"])
            return fig
    return {"problem": "no statistics (exit %d): %s" % (out.returncode, out.stderr.strip()[-300:])}


def _heap_flash(folder, n):
    """A flash holding n history lines (the app boots on it; no other file yet)."""
    os.makedirs(os.path.join(folder, "data"), exist_ok=True)
    with open(os.path.join(folder, "data", "history.jsonl"), "w") as f:
        f.writelines(history_lines(n, "e6614c311b4f7a2d", "3f2a9c01"))


def figures(workdir, n=BENCH_LINES):
    """`history_pull`: the real `pull --url` of n lines from the simulator's W (wall
    time, the first pull and a second with nothing new), and the device's live heap
    during the same transfer (bench/history_app.py: the 32-bit runner, the target's
    figure, and the 64-bit unix port), with the chip's estimates."""
    out = {"lines": n, "problems": []}
    flash = os.path.join(workdir, "history-pull-table")
    db = os.path.join(workdir, "history-pull.sqlite")
    table_flash(flash, n)
    out["bytes"] = os.path.getsize(os.path.join(flash, "data", "history.jsonl"))
    with Table(flash) as table:
        for key in ("first_pull_s", "second_pull_s"):
            secs, run = timed_pull(db, [table.url])
            out[key] = round(secs, 2)
            if run.returncode:
                out["problems"].append("%s: exit %d: %s" % (key, run.returncode, run.stderr.strip()[-200:]))
    out["lines_per_s"] = int(n / out["first_pull_s"]) if out["first_pull_s"] else None
    script = os.path.join(workdir, "history-pull-script.txt")
    with open(script, "w") as f:
        f.write("%d back press\n" % APP_END_MS)
    unix_flash = os.path.join(workdir, "history-pull-unix")
    _heap_flash(unix_flash, n)
    cmd = sim.command("--board", "sim_w", "--app", APP, "--flash", unix_flash, "--script", script, "--heap", UNIX_HEAP)
    cmd += ["--flash-size", sim.FLASH_SIZE]  # BENCH_LINES: more than a Pico W's flash holds
    out["unix64"] = _heap_run(cmd, "stderr")
    node = mp32_node()
    if node is None:
        out["mp32"] = {"problem": "no node: the 32-bit runner was not run"}
    else:
        mp_flash = os.path.join(workdir, "history-pull-mp32")
        _heap_flash(mp_flash, n)
        firmware = sim.compiled_firmware()
        cmd = [node, MP32_RUN, "--board", "sim_w", "--flash", mp_flash, "--app", APP, "--firmware", firmware]
        out["mp32"] = _heap_run(cmd + ["--script", script], "stdout")
    for key in ("unix64", "mp32"):
        if out[key].get("problem"):
            out["problems"].append("%s: %s" % (key, out[key]["problem"]))
    mp = out["mp32"]
    if mp.get("history_peak") is not None:
        grown = mp["history_peak"] - mp["history_before"]
        out["value"] = grown
        chip_before = mp["history_before"] * CHIP_PEAK // RUNNER_PEAK
        chip_peak = mp["history_peak"] * CHIP_PEAK // RUNNER_PEAK
        out["chip_estimate"] = {
            "before": chip_before,
            "peak": chip_peak,
            "grown": chip_peak - chip_before,
            "free_at_peak": PICO_W_HEAP - chip_peak,
            "send_s": round(out["bytes"] / LWIP_UPLOAD_BYTES_S, 1),
        }
    else:
        out["value"] = None
    out["target"] = "the transfer holds <= %d bytes more than before it (32-bit live heap)" % PIECE_TARGET
    out["pass"] = out["value"] is not None and out["value"] <= PIECE_TARGET and not out["problems"]
    return out


def row(fig):
    """The line of bench.table for `history_pull`."""
    mp, unix = fig.get("mp32", {}), fig.get("unix64", {})
    chip = fig.get("chip_estimate") or {}
    text = (
        "real pull --url of %d lines (%d bytes) from the simulator's W: %s s (again, nothing new: %s s); "
        "live heap during the transfer 32-bit %s -> %s (after %s), 64-bit %s -> %s; "
        "chip estimate %s -> %s, %s free, about %s s at lwIP's 600 KB/s"
        % (
            fig.get("lines", 0),
            fig.get("bytes", 0),
            fig.get("first_pull_s"),
            fig.get("second_pull_s"),
            mp.get("history_before"),
            mp.get("history_peak"),
            mp.get("history_after"),
            unix.get("history_before"),
            unix.get("history_peak"),
            chip.get("before"),
            chip.get("peak"),
            chip.get("free_at_peak"),
            chip.get("send_s"),
        )
    )
    problems = "; ".join(fig.get("problems") or [])
    return "| `history_pull` | %s | | %s | %s |" % (
        text + (" (%s)" % problems if problems else ""),
        fig.get("target", ""),
        "pass" if fig.get("pass") else "**FAIL**",
    )
