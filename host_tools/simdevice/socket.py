"""Fake `socket` for the simulator (W boards): the port's own sockets, the host's
loopback standing in for the radio's network: the device's port 80 on any address is
127.0.0.1:<--http PORT> (simcore.world.http_port; 0: a free port the host picks)."""

import simcore

_real = simcore.load_real("socket")
socket = _real.socket
SOL_SOCKET = _real.SOL_SOCKET
SO_REUSEADDR = _real.SO_REUSEADDR
AF_INET = _real.AF_INET
SOCK_STREAM = _real.SOCK_STREAM
DEVICE_PORT = 80


def getaddrinfo(host, port, *args):
    if port == DEVICE_PORT:
        return _real.getaddrinfo("127.0.0.1", simcore.world.http_port, *args)
    return _real.getaddrinfo(host, port, *args)
