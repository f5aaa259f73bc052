"""Deploy figures for `make bench`: `deploy --board pico` to a virtual Pico (vdevice).

- full: a fresh (empty) device and a cold build cache (build/mpy-cache emptied):
  everything compiled and copied;
- full_warm_cache: another fresh device, the modules already compiled (a developer's
  second Pico);
- no-op: the same deploy again (nothing changed): what a developer waits for most.

Each figure is the wall time of the whole command (`python -m host_tools deploy`, as a
user runs it), the median of REPEATS runs. BASELINE holds the figures of the deploy
before it was batched (one mpremote process per step, every file compiled each time),
measured on this machine with this same function, so the targets below compare like
with like: full <= half the baseline, no-op < 1 s.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from host_tools import ROOT
from host_tools.vdevice import running

REPEATS = 3
BOARD = "pico"
NOOP_TARGET_S = 1.0
# Measured 2026-11-24 with the deploy of commit 92a40a0 (median of 5, 2 shared CPUs).
BASELINE = {"full_s": 2.3, "noop_s": 1.52, "commit": "92a40a0"}


def _deploy(port):
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "host_tools", "deploy", "--port", port,
                          "--board", BOARD], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    took = time.monotonic() - start
    if out.returncode:
        raise RuntimeError("deploy failed: %s" % out.stderr.strip()[-300:])
    return took, out.stdout.strip()


def measure(repeats=REPEATS):
    """{"full_s", "full_warm_cache_s", "noop_s": medians, "full_copied": N}."""
    full, warm, noop, copied = [], [], [], None
    for _ in range(repeats):
        for cache in ("deploy-" + BOARD, "mpy-cache"):  # the old deploy's, today's
            shutil.rmtree(os.path.join(ROOT, "build", cache), ignore_errors=True)
        with tempfile.TemporaryDirectory() as flash:
            with running(flash) as port:
                took, line = _deploy(port)
                full.append(took)
                copied = int(line.split()[1].rstrip(","))
                took, line = _deploy(port)
                if not line.startswith("copied 0, removed 0"):
                    raise RuntimeError("the second deploy was no no-op: %s" % line)
                noop.append(took)
        with tempfile.TemporaryDirectory() as flash:
            with running(flash) as port:
                warm.append(_deploy(port)[0])
    return {"full_s": round(statistics.median(full), 2),
            "full_warm_cache_s": round(statistics.median(warm), 2),
            "noop_s": round(statistics.median(noop), 2), "full_copied": copied}


def figures(repeats=REPEATS):
    """The results.json entry: today's figures, the baseline, the targets, pass."""
    now = measure(repeats)
    fig = dict(now, baseline=dict(BASELINE),
               target="full <= baseline / 2; no-op < %.0f s" % NOOP_TARGET_S)
    base = BASELINE["full_s"]
    fig["pass"] = bool(base and now["full_s"] <= base / 2 and now["noop_s"] < NOOP_TARGET_S)
    return fig


if __name__ == "__main__":
    print(measure(int(sys.argv[1]) if len(sys.argv) > 1 else REPEATS))
