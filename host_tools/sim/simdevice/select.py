"""Fake `select` for the simulator (W boards): the port's own poll, where asyncio waits
between its tasks as a Pico idles in it. Before each wait the simulated device's time
passes (`simcore.world.sleep_us`: a scripted run jumps ahead, frames and LEDs are
reported, due button edges fire, interactive commands are read), then the sockets are
polled without waiting. A listening socket that takes no more connections for now
(socket.py's `full`: lwIP's connections all taken) is not reported."""

import simcore

_real = simcore.rselect
if _real is None:
    raise ImportError("no select on this port")
POLLIN = _real.POLLIN
POLLOUT = _real.POLLOUT
POLLERR = _real.POLLERR
POLLHUP = _real.POLLHUP
IDLE_MS = 5  # at most this long between looks at the sockets


class _Poll:
    def __init__(self):
        self.real = _real.poll()

    def register(self, obj, *mask):
        self.real.register(obj, *mask)

    def modify(self, obj, mask):
        self.real.modify(obj, mask)

    def unregister(self, obj):
        self.real.unregister(obj)

    def poll(self, timeout=-1):
        return self.real.poll(timeout)

    def ipoll(self, timeout=-1, flags=0):
        if timeout < 0 or timeout > IDLE_MS:
            timeout = IDLE_MS
        simcore.world.sleep_us(timeout * 1000)
        return [(obj, ev) for obj, ev in self.real.ipoll(0, flags) if not _full(obj)]


def _full(obj):
    full = getattr(obj, "full", None)
    return full is not None and full()


def poll():
    return _Poll()
