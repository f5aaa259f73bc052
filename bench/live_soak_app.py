"""Simulator entry app for the evening on a W board (`make soak`, `make bench`'s
`live_soak`, tests/host/test_soak.py): soak_app.py's long session of mixed play,
measured the same way (the largest free block, the live heap after the runtime's
collections, the screens that crashed), with the live page's server up and
live_app.CLIENTS phones following it, each stream opened again whenever the server
ends it (live_app.Phones).

    python -m host_tools sim --board sim_w --app bench/live_soak_app.py --heap 320k --script SOAK.txt
    node host_tools/mp32/run.mjs --board sim_w --app bench/live_soak_app.py --flash DIR \\
        --firmware build/sim-mpy --script SOAK.txt

Its @bench line has soak_app.py's keys and "streams_reopened", "clients_bytes".
"""

import sys

import live_app
import soak_app


class LiveSoakTime(soak_app.SoakTime):
    phones = None

    def started(self):
        import board

        if getattr(board, "WIFI", False):
            self.phones = live_app.Phones(self.app)

    def sleep_ms(self, ms):
        if self.phones is not None:
            self.phones.serve()
        soak_app.SoakTime.sleep_ms(self, ms)

    def report_more(self, w):
        soak_app.SoakTime.report_more(self, w)
        phones = self.phones
        reopened = phones.reopened if phones else 0
        sent = sum(c.sent for c in phones.streams) if phones else 0
        w(', "streams_reopened": %d, "clients_bytes": %d' % (reopened, sent))


def main(board):
    soak_app.main(board, LiveSoakTime)


def start(board):
    return soak_app.start(board, LiveSoakTime)


if __name__ == "__main__":
    sys.exit("run it in the simulator: python -m host_tools sim --app bench/live_soak_app.py ...")
