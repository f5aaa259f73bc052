"""Fake `socket` for the simulator (W boards): the port's own sockets, the host's
loopback standing in for the radio's network: the device's port 80 on any address is
127.0.0.1:<--http PORT> (simcore.world.http_port; 0: a free port the host picks).

A listening socket takes connections as a Pico W's network stack does (lwIP in
MicroPython v1.28's rp2 port; docs/hardware.md, "Pico W"): lwIP has TCP_PCBS
connections in all (MEMP_NUM_TCP_PCB, lwIP's default, which rp2's lwipopts leave), so
while that many accepted connections are open no other is accepted: on the device
lwIP drops the phone's SYN and the phone sends it again a second or more later; here
the host's own TCP holds the connection (its backlog is the host's, HOST_BACKLOG, so
the host never refuses one either) until one of the device's closes
(`full`; select.py's poll does not report the listening socket meanwhile).
"""

import errno

import simcore

_real = simcore.load_real("socket")
SOL_SOCKET = _real.SOL_SOCKET
SO_REUSEADDR = _real.SO_REUSEADDR
AF_INET = _real.AF_INET
SOCK_STREAM = _real.SOCK_STREAM
DEVICE_PORT = 80
TCP_PCBS = 5  # lwIP's MEMP_NUM_TCP_PCB: every TCP connection, open or being accepted
HOST_BACKLOG = 128  # the host's queue: lwIP's limits are modelled here, not by the host


class socket(_real.socket):
    """The port's socket; listening, it accepts no more connections than lwIP carries."""

    def listen(self, backlog=TCP_PCBS):
        self.accepted = []  # the connections accepted, open until the device closes them
        super().listen(HOST_BACKLOG)

    def full(self):
        """True while TCP_PCBS accepted connections are open (a listening socket)."""
        accepted = getattr(self, "accepted", None)
        if accepted is None:
            return False
        self.accepted = [s for s in accepted if s.fileno() >= 0]  # (-1 once closed)
        return len(self.accepted) >= TCP_PCBS

    def accept(self):
        if self.full():
            raise OSError(errno.EAGAIN)
        conn, addr = super().accept()
        self.accepted.append(conn)
        return conn, addr


def getaddrinfo(host, port, *args):
    if port == DEVICE_PORT:
        return _real.getaddrinfo("127.0.0.1", simcore.world.http_port, *args)
    return _real.getaddrinfo(host, port, *args)
