"""The Pico on its serial port: found by USB id (`find_port`), and its MicroPython run
through mpremote used as a library (`Device`: one connection, one raw-REPL session for
every call a tool makes). Errors: UserError, one line."""

import contextlib
import io
import json
import os

from host_tools import UserError
from host_tools.device import picoports

# A device must answer a request within this many seconds (mpremote itself waits
# forever on a silent pseudo-terminal). Long requests pass their own timeout.
ANSWER_TIMEOUT = 12


# Set by the Makefile on the lines that run a device command: the messages then name
# make's variables (PORT=, FLASH=) instead of the options the user cannot give there.
VIA_MAKE = "TABLE_REFEREE_MAKE"
SIM_FLASH = "sim_flash"  # make sim's flash folder


def options(flash=False):
    """How the user names the port (and, for a command that takes --flash, the
    simulator's flash folder): --port/--flash, or make's PORT=/FLASH=."""
    make = os.environ.get(VIA_MAKE) == "1"
    port = "PORT=/dev/ttyACM0" if make else "--port"
    if not flash:
        return port, None
    return port, ("FLASH=%s" if make else "--flash %s") % SIM_FLASH


def find_port(ports=None, flash=False):
    """The port of the one Pico running MicroPython plugged in (by USB id, see
    picoports.py); UserError when there are none or several. flash: the command
    also takes the simulator's flash folder (--flash), which the message then names."""
    found = picoports.scan(ports)
    picos = [f.port for f in found if f.micropython]
    port, sim = options(flash)
    if not picos:
        others = "".join("; %s is %s" % (f.port, f.what()) for f in found)
        raise UserError(
            "no Pico found (USB id %04x:%04x, MicroPython)%s: plug one in or give %s%s"
            % (
                picoports.RPI_VID,
                picoports.MICROPYTHON_PIDS[0],
                others,
                port,
                ", or %s for the simulator's flash folder" % sim if sim else "",
            )
        )
    if len(picos) > 1:
        raise UserError("several Picos found (%s): choose one with %s" % (", ".join(picos), port))
    return picos[0]


class DeviceError(UserError):
    """Code run on the device raised: the port and the traceback's last line; `text`
    holds the whole traceback."""

    def __init__(self, port, text):
        lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()] or ["?"]
        super().__init__("%s: %s" % (port, lines[-1]))
        self.text = text


class Device:
    """A MicroPython device on a serial port (a Pico, or the virtual one), in its raw
    REPL (soft reset first) until close(); also a context manager."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        self.port = port
        self.errors = TransportError
        try:
            self.link = SerialTransport(port, baudrate=115200, timeout=ANSWER_TIMEOUT)
        except TransportError:
            raise UserError("cannot open port %s (no such device, or in use)" % port)
        heard = io.StringIO()  # mpremote prints what came instead of a REPL: not on our stdout
        try:
            with contextlib.redirect_stdout(heard):
                self.link.enter_raw_repl(soft_reset=True, timeout_overall=ANSWER_TIMEOUT)
        except (TransportError, OSError):
            self.link.close()
            if heard.getvalue().strip() in ("", "b''"):
                raise UserError("the device on %s does not answer (gave up after %d s)" % (port, ANSWER_TIMEOUT))
            raise UserError("the device on %s does not answer (no MicroPython REPL)" % port)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.link.exit_raw_repl()
        except OSError:
            pass
        self.link.close()

    def exec(self, code, timeout=ANSWER_TIMEOUT):
        """Run code on the device; return what it printed. DeviceError if it raised."""
        try:
            out, err = self.link.exec_raw(code, timeout=timeout)
        except (self.errors, OSError):
            raise UserError("the device on %s does not answer (gave up after %d s)" % (self.port, timeout))
        if err:
            raise DeviceError(self.port, err.decode(errors="replace"))
        return out.decode(errors="replace")

    def ask(self, code, shape=None):
        """Run code that prints a JSON value on its last line; return the value, passed
        through shape(value) if given (a ValueError, KeyError or TypeError there, as in
        the JSON, makes it an unreadable answer: one line)."""
        out = self.exec(code)
        try:
            value = json.loads(out.strip().splitlines()[-1])
            return shape(value) if shape else value
        except (ValueError, IndexError, KeyError, TypeError, AttributeError):
            raise UserError("the device on %s gave an unreadable answer: %r" % (self.port, out[-80:]))
