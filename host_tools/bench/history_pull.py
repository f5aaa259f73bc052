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
import socket
import subprocess
import sys
import time

from host_tools import ROOT
from host_tools.sim import sim

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
BENCH_LINES = 5000  # the history the bench pulls: a long club season on one table
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
    run = subprocess.run(
        sim.command("--board", board, "--script", script, "--flash", flash),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if run.returncode:
        raise RuntimeError("sim: %s" % run.stderr[-500:])
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


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Table:
    """The simulator serving a W board's flash on 127.0.0.1:port (a script of presses
    played in real time; `stop` ends it): its URL, and its standard error."""

    def __init__(self, flash, presses=(), script_ms=SCRIPT_MS):
        self.port = free_port()
        self.url = "http://127.0.0.1:%d/" % self.port
        lines = ["1000 ok press"] + ["%d %s press" % p for p in presses] + ["%d back press" % script_ms]
        script = flash.rstrip("/") + "-serve.txt"
        with open(script, "w") as f:
            f.write("\n".join(lines) + "\n")
        options = ["--board", "pico_w", "--http", self.port, "--script", script, "--speed", 1, "--flash", flash]
        self.proc = subprocess.Popen(
            sim.command(*options), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError("sim: %s" % self.proc.stderr.read()[-500:])
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the simulator never served on %d" % self.port)

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
