"""Deploy figures for `make bench`: `deploy --board pico` to a virtual Pico (vdevice).

- full: a fresh (empty) device and a cold build cache (build/mpy-cache emptied):
  everything compiled and copied;
- full_warm_cache: another fresh device, the modules already compiled (a developer's
  second Pico);
- no-op: the same deploy again (nothing changed): what a developer waits for most.

Each figure is the wall time of the whole command (`python -m host_tools deploy`, as a
user runs it), the median of REPEATS runs. BASELINE holds the figures of the deploy
before it was batched (one mpremote process per step, every file compiled each time),
measured on this machine with this same function before the change; the same commit
is measured again in each run (`baseline_this_run`, from `git archive` into
build/deploy-baseline), so that the target compares like with like on a shared
machine: full <= half the baseline, no-op < 1 s.
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from host_tools import ROOT
from host_tools.sim.vdevice import running

REPEATS = 3
BOARD = "pico"
NOOP_TARGET_S = 1.0
# Measured 2026-11-24 with the deploy of commit 92a40a0 (median of 5, 2 shared CPUs).
BASELINE = {"full_s": 2.3, "noop_s": 1.52, "commit": "92a40a0"}


def _deploy(port, root):
    start = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-m", "host_tools", "deploy", "--port", port, "--board", BOARD],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )
    took = time.monotonic() - start
    if out.returncode:
        raise RuntimeError("deploy failed: %s" % out.stderr.strip()[-300:])
    return took, out.stdout.strip()


def measure(repeats=REPEATS, root=ROOT):
    """{"full_s", "full_warm_cache_s", "noop_s": medians, "full_copied": N} of the
    deploy in the checkout at root."""
    full, warm, noop, copied = [], [], [], None
    for _ in range(repeats):
        for cache in ("deploy-" + BOARD, "mpy-cache"):  # the old deploy's, today's
            shutil.rmtree(os.path.join(root, "build", cache), ignore_errors=True)
        with tempfile.TemporaryDirectory() as flash:
            with running(flash) as port:
                took, line = _deploy(port, root)
                full.append(took)
                copied = int(line.split()[1].rstrip(","))
                took, line = _deploy(port, root)
                if not line.startswith("copied 0, removed 0"):
                    raise RuntimeError("the second deploy was no no-op: %s" % line)
                noop.append(took)
        with tempfile.TemporaryDirectory() as flash:
            with running(flash) as port:
                warm.append(_deploy(port, root)[0])
    return {
        "full_s": round(statistics.median(full), 2),
        "full_warm_cache_s": round(statistics.median(warm), 2),
        "noop_s": round(statistics.median(noop), 2),
        "full_copied": copied,
    }


def baseline_tree():
    """The baseline commit's checkout in build/deploy-baseline (git archive, using this
    checkout's .venv), or None where git or the commit is missing."""
    tree = os.path.join(ROOT, "build", "deploy-baseline")
    if not os.path.isdir(os.path.join(tree, "host_tools")):
        shutil.rmtree(tree, ignore_errors=True)
        os.makedirs(tree)
        try:
            archive = subprocess.run(["git", "archive", BASELINE["commit"]], cwd=ROOT, capture_output=True, timeout=60)
            if archive.returncode:
                return None
            subprocess.run(["tar", "-x", "-C", tree], input=archive.stdout, check=True, timeout=60)
        except (OSError, subprocess.SubprocessError):
            return None
    venv = os.path.join(tree, ".venv")
    if not os.path.lexists(venv):
        os.symlink(os.path.join(ROOT, ".venv"), venv)
    return tree


def figures(repeats=REPEATS):
    """The results.json entry: today's figures, the baseline (as measured before the
    change, and its commit measured again in this run, under the same load), the
    targets, pass (against the re-measured baseline where there is one)."""
    now = measure(repeats)
    fig = dict(now, baseline=dict(BASELINE), target="full <= baseline / 2; no-op < %.0f s" % NOOP_TARGET_S)
    tree = baseline_tree()
    if tree:
        again = measure(repeats, tree)
        fig["baseline_this_run"] = {"full_s": again["full_s"], "noop_s": again["noop_s"]}
    base = fig.get("baseline_this_run", BASELINE)["full_s"]
    fig["pass"] = bool(base and now["full_s"] <= base / 2 and now["noop_s"] < NOOP_TARGET_S)
    return fig


if __name__ == "__main__":
    print(measure(int(sys.argv[1]) if len(sys.argv) > 1 else REPEATS))
