"""Run the real mpremote (as a subprocess) against a Pico, and find the Pico's port."""

import subprocess
import sys

from host_tools import UserError, picoports

# A device must answer a first small request within this many seconds (mpremote itself
# waits forever on a silent pseudo-terminal). Long transfers get their own timeouts.
ANSWER_TIMEOUT = 12


def find_port(ports=None):
    """The port of the one Pico running MicroPython plugged in (by USB id, see
    picoports.py); UserError when there are none or several."""
    found = picoports.scan(ports)
    picos = [f.port for f in found if f.micropython]
    if not picos:
        others = "".join("; %s is %s" % (f.port, f.what()) for f in found)
        raise UserError(
            "no Pico found (USB id %04x:%04x, MicroPython)%s: plug one in or give --port"
            % (picoports.RPI_VID, picoports.MICROPYTHON_PIDS[0], others)
        )
    if len(picos) > 1:
        raise UserError("several Picos found (%s): choose one with --port" % ", ".join(picos))
    return picos[0]


def error_line(stderr, stdout=""):
    """The most telling line of mpremote's complaint (it may print a whole traceback)."""
    lines = [line.strip() for line in (stderr + "\n" + stdout).splitlines() if line.strip()]
    for line in reversed(lines):
        if line.startswith("mpremote:") or "Error" in line:
            return line.replace("mpremote: ", "")
    return lines[-1] if lines else "mpremote failed"


def mpremote(port, args, timeout=120):
    """Run `mpremote connect PORT ARGS...`; return its standard output.

    Any failure (no such port, no REPL answering, an error on the device) raises
    UserError with one line that says what went wrong.
    """
    cmd = [sys.executable, "-m", "mpremote", "connect", port] + list(args)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise UserError("the device on %s does not answer (gave up after %d s)" % (port, timeout))
    if proc.returncode != 0:
        line = error_line(proc.stderr, proc.stdout)
        if "failed to access" in line:
            raise UserError("cannot open port %s (no such device, or in use)" % port)
        if "could not enter raw repl" in line or "could not exec command" in line:
            raise UserError("the device on %s does not answer (no MicroPython REPL)" % port)
        raise UserError("%s: %s" % (port, line))
    return proc.stdout


def run_code(port, code, timeout=ANSWER_TIMEOUT):
    """Execute MicroPython code on the device; return what it printed."""
    return mpremote(port, ["exec", code], timeout)
