"""The simulator (`python -m host_tools sim`) as the host tests start it: a scripted
run to its end, or a run on a pseudo-terminal that a test reads and types into."""

import os
import pty
import select
import sys
import time

import host_cli

from host_tools import ROOT
from host_tools.sim import sim
from host_tools.sim.sim import command  # the simulator's command line: python -m host_tools sim OPTIONS...

DEMO = os.path.join(ROOT, "tests", "host", "sim_demo_app.py")  # the stand-in app


def script_file(folder, text):
    """A simulator script (docs/formats.md) with this text, in folder; its path."""
    path = folder / "script.txt"
    path.write_text(text)
    return path


def install(flash, board="sim"):
    """The firmware deployed onto the flash folder as the simulator does before it starts."""
    sim.install_firmware(str(flash), board)


def run(*options, timeout=300):
    """A run to its end (with --script it ends by itself): the finished process, its
    standard output and error as text."""
    return host_cli.run("sim", *options, timeout=timeout)


def run_ok(*options, timeout=300):
    """A run that must end well (exit status 0): the finished process."""
    r = run(*options, timeout=timeout)
    assert r.returncode == 0, r.stderr[-2000:]
    return r


class Terminal:
    """The simulator on a pseudo-terminal of cols x rows: what it wrote (`out`) and
    the keys typed into it."""

    def __init__(self, options, cols, rows):
        self.out = b""
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the simulator, or gone (never back into pytest)
            try:
                os.chdir(ROOT)
                os.environ["COLUMNS"], os.environ["LINES"] = str(cols), str(rows)
                os.execv(sys.executable, command(*options))
            finally:
                os._exit(127)

    def read_until(self, done, timeout=60):
        """Read what the simulator writes until done() is true, it ends, or timeout."""
        end = time.monotonic() + timeout
        while not done() and time.monotonic() < end:
            if select.select([self.fd], [], [], 0.05)[0]:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # the simulator has ended and closed the terminal
                    chunk = b""
                if not chunk:
                    return
                self.out += chunk

    def screen(self):
        """The last screen drawn whole (from the cursor home, ESC [H, to ESC [J)."""
        end = self.out.rfind(b"\x1b[J")
        start = self.out.rfind(b"\x1b[H", 0, max(end, 0))
        return self.out[start:end].decode("utf-8", "replace") if start >= 0 else ""

    def type(self, keys):
        """Type keys; return once the screen has changed."""
        before = self.screen()
        os.write(self.fd, keys)
        self.read_until(lambda: self.screen() != before)

    def end(self, timeout=60):
        """Read to the simulator's end; its exit code."""
        self.read_until(lambda: False, timeout)
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)
