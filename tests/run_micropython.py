"""Run every both-runtime test file on the MicroPython unix port, one process per
file (as on a Pico, each test file starts from a fresh heap, 240 KB by default: the
simulator's process, whose 48 KB for its own modules the test file's code takes here; the firmware is
loaded as mpy-cross'd .mpy files, as deploy puts it on a Pico).

    python tests/run_micropython.py [--heap 240k] [NAME ...]

Prints `micropython: N passed, M failed, K skipped` and exits 1 if anything failed.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

TESTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TESTS)
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
MPY_DIR = os.path.join(ROOT, "build", "test-mpy")
SUMMARY = re.compile(r"^micropython: (\d+) passed, (\d+) failed, (\d+) skipped$", re.M)


def compile_firmware():
    """The firmware as a Pico loads it: every firmware .py file (main.py, the package
    table/) compiled by mpy-cross into build/test-mpy, in the same folders (so the
    tests' heap holds bytecode, not the compiler's work)."""
    sys.path.insert(0, ROOT)
    from host_tools.ship import manifest, mpycross

    sources = manifest.firmware_sources()
    compiled = mpycross.compile_all(sorted(sources.values()), arch=None)
    if os.path.isdir(MPY_DIR):
        shutil.rmtree(MPY_DIR)
    for name, src in sources.items():
        dst = os.path.join(MPY_DIR, name + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(compiled[src], dst)
    from host_tools.device.deploy import DATA_FILES

    for name in DATA_FILES:  # the firmware's data beside its modules, as deploy puts it
        shutil.copyfile(os.path.join(ROOT, "firmware", name), os.path.join(MPY_DIR, name))


def run_file(name, heap):
    r = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=" + heap, os.path.join(TESTS, "mpy_runner.py"), "--mpy=" + MPY_DIR, name],
        capture_output=True,
        text=True,
        timeout=600,
    )
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
    parser.add_argument("--heap", default="240k")
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    compile_firmware()
    names = sorted(n[:-3] for n in os.listdir(TESTS) if n.startswith("test_") and n.endswith(".py"))
    if args.names:  # exact module names, else substrings (as tests/mpy_runner.py)
        names = [n for n in names if n in args.names] or [n for n in names if any(f in n for f in args.names)]
    total_passed = total_failed = total_skipped = 0
    with ThreadPoolExecutor(max_workers=2) as pool:
        for name, passed, failed, skipped, output in pool.map(lambda n: run_file(n, args.heap), names):
            total_passed += passed
            total_failed += failed
            total_skipped += skipped
            print("%-28s %3d passed, %d failed, %d skipped" % (name, passed, failed, skipped))
            if output:
                print(output.rstrip())
    print("micropython: %d passed, %d failed, %d skipped" % (total_passed, total_failed, total_skipped))
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
