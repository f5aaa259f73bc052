"""One of the simulator's device-side modules (host_tools/sim/simdevice), imported alone
for the both-runtime tests: the folder is on the path only while it is imported, so
its fake machine and time stay out of the test."""

import sys


def load(name):
    tests = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    path = tests + "/../host_tools/sim/simdevice"
    sys.path.insert(0, path)
    try:
        return __import__(name)
    finally:
        sys.path.remove(path)
