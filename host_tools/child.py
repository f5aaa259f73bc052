"""Child processes that never outlive the host tool that started them.

The MicroPython interpreter runs in a child process in a session of its own (so a
Ctrl-C in the terminal reaches the host tool first, which then ends it in order).
`start` asks the kernel to kill the child when its parent dies, however it dies
(Linux's PR_SET_PDEATHSIG); `exit_on_signals` turns SIGTERM and SIGHUP (a terminal
closing) into SystemExit, so the tool's own clean-up (ending the child, restoring the
terminal) runs as it does for Ctrl-C.
"""

import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys

PR_SET_PDEATHSIG = 1


def _die_with_parent():
    """In the child, before exec: SIGKILL when the parent ends (Linux only)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() == 1:  # the parent was already gone
            os._exit(1)


def start(cmd, **kw):
    """subprocess.Popen in a new session, ending with this process."""
    return subprocess.Popen(cmd, start_new_session=True, preexec_fn=_die_with_parent, **kw)


def _exit(signum, frame):
    raise SystemExit(128 + signum)


def exit_on_signals():
    """SIGTERM and SIGHUP end this process through SystemExit (clean-up runs)."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _exit)
