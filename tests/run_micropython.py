"""Run every both-runtime test file on the MicroPython unix port, one process per
file (as on a Pico, each test file starts from a fresh 192 KB heap).

    python tests/run_micropython.py [--heap 192k] [NAME ...]

Prints `micropython: N passed, M failed, K skipped` and exits 1 if anything failed.
"""
import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

TESTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TESTS)
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
SUMMARY = re.compile(r"^micropython: (\d+) passed, (\d+) failed, (\d+) skipped$", re.M)


def run_file(name, heap):
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap,
                        os.path.join(TESTS, "mpy_runner.py"), name],
                       capture_output=True, text=True, timeout=600)
    m = SUMMARY.search(r.stdout)
    if not m:
        return name, 0, 1, 0, r.stdout + r.stderr + "\n(no summary, exit %d)" % r.returncode
    passed, failed, skipped = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if r.returncode and not failed:
        failed = 1
    skips = [ln for ln in r.stdout.splitlines() if ln.startswith("SKIP ")]
    return name, passed, failed, skipped, (r.stdout + r.stderr) if failed else "\n".join(skips)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heap", default="192k")
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    names = sorted(n[:-3] for n in os.listdir(TESTS)
                   if n.startswith("test_") and n.endswith(".py"))
    if args.names:
        names = [n for n in names if any(f in n for f in args.names)]
    total_passed = total_failed = total_skipped = 0
    with ThreadPoolExecutor(max_workers=2) as pool:
        for name, passed, failed, skipped, output in pool.map(lambda n: run_file(n, args.heap),
                                                              names):
            total_passed += passed
            total_failed += failed
            total_skipped += skipped
            print("%-28s %3d passed, %d failed, %d skipped" % (name, passed, failed, skipped))
            if output:
                print(output.rstrip())
    print("micropython: %d passed, %d failed, %d skipped"
          % (total_passed, total_failed, total_skipped))
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
