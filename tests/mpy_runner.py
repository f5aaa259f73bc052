"""Run the both-runtime tests (tests/test_*.py) on the MicroPython unix port.

    micropython -X heapsize=192k tests/mpy_runner.py [NAME_FILTER ...]

pytest has no MicroPython build, so this imports each test module and calls every
`test_*` function; it prints `micropython: N passed, M failed` and exits 1 on failure.
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
    sys.path.insert(0, tests)
    names = sorted(
        n[:-3] for n in os.listdir(tests) if n.startswith("test_") and n.endswith(".py")
    )
    passed = failed = 0
    if filters:  # exact module names, else substrings
        names = [n for n in names if n in filters] or [
            n for n in names if any(f in n for f in filters)]
    for name in names:
        before = set(sys.modules)
        try:
            mod = __import__(name)
        except Exception as e:
            failed += 1
            print("FAIL %s (import)" % name)
            sys.print_exception(e)
            continue
        for attr in sorted(dir(mod)):
            fn = getattr(mod, attr)
            if not attr.startswith("test_") or not callable(fn):
                continue
            try:
                fn()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAIL %s.%s" % (name, attr))
                sys.print_exception(e)
            gc.collect()
        for m in list(sys.modules):
            if m not in before:
                del sys.modules[m]
        mod = None
        gc.collect()
    print("micropython: %d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
