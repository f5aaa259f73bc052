"""Run the real mpremote (as a subprocess) against a Pico, and find the Pico's port."""
import subprocess
import sys

from host_tools import UserError

PICO_VID = "2e8a"  # Raspberry Pi's USB vendor id (RP2040 and RP2350 boards)
# A device must answer a first small request within this many seconds (mpremote itself
# waits forever on a silent pseudo-terminal). Long transfers get their own timeouts.
ANSWER_TIMEOUT = 12


def picos_in(devs_output):
    """The ports of Raspberry Pi boards in `mpremote devs` output."""
    ports = []
    for line in devs_output.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[2].lower().startswith(PICO_VID + ":"):
            ports.append(fields[0])
    return ports


def find_port():
    """The port of the one Pico plugged in; UserError when there are none or several."""
    try:
        proc = subprocess.run([sys.executable, "-m", "mpremote", "devs"], capture_output=True,
                              text=True, timeout=30)
    except subprocess.TimeoutExpired:
        raise UserError("mpremote devs did not answer within 30 s")
    ports = picos_in(proc.stdout)
    if not ports:
        raise UserError("no Pico found (USB vendor id %s): plug one in or give --port" % PICO_VID)
    if len(ports) > 1:
        raise UserError("several Picos found (%s): choose one with --port" % ", ".join(ports))
    return ports[0]


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
