"""Run the both-runtime tests (tests/test_*.py) on the MicroPython unix port.

    micropython -X heapsize=240k tests/mpy_runner.py [NAME_FILTER ...]

pytest has no MicroPython build, so this imports each test module and calls every
`test_*` function; it prints `micropython: N passed, M failed, K skipped` (a test that
cannot run here calls skipping.skip: it is counted and named, never a quiet pass) and
exits 1 on failure.
"""

import gc
import os
import sys


def _root():
    f = __file__
    i = f.rfind("/")
    tests = f[:i] if i > 0 else "."
    j = tests.rfind("/")
    return tests, (tests[:j] if j > 0 else ".")


def main(filters):
    tests, root = _root()
    sys.path.insert(0, root + "/firmware")
    if filters and filters[0].startswith("--mpy="):  # the firmware compiled, as on a Pico
        sys.path.insert(0, filters.pop(0)[6:])
    sys.path.insert(0, tests)
    names = sorted(n[:-3] for n in os.listdir(tests) if n.startswith("test_") and n.endswith(".py"))
    from skipping import Skipped

    passed = failed = skipped = 0
    if filters:  # exact module names, else substrings
        names = [n for n in names if n in filters] or [n for n in names if any(f in n for f in filters)]
    for name in names:
        before = set(sys.modules)
        try:
            mod = __import__(name)
        except Exception as e:
            failed += 1
            print("FAIL %s (import)" % name)
            sys.print_exception(e)
            continue
        gc.collect()  # the compiler's leftovers, before the first test
        for attr in sorted(dir(mod)):
            fn = getattr(mod, attr)
            if not attr.startswith("test_") or not callable(fn):
                continue
            try:
                fn()
                passed += 1
            except Skipped as e:
                skipped += 1
                print("SKIP %s.%s: %s" % (name, attr, e))
            except Exception as e:
                failed += 1
                print("FAIL %s.%s" % (name, attr))
                sys.print_exception(e)
            gc.collect()
        for m in list(sys.modules):
            if m not in before and m != "skipping":
                del sys.modules[m]
        mod = None
        gc.collect()
    print("micropython: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
