"""A long run watched for silence: the soaks print a progress line ("soak: N min, ...")
every simulated minute (bench/soak_app.py), and a run that printed none for
`stall_s` seconds of wall time is stuck (the firmware hangs). However long the run
takes in all, slowness is not judged: a machine's load makes it slower, not silent.
"""

import os
import re
import select
import signal
import subprocess
import time

PROGRESS = re.compile(rb"soak: (\d+) min\b")


class Watchdog:
    """Reads a run's output as it comes (`heard`) and says when it has been silent too
    long (`stuck`): `now` is passed in (seconds, monotonic), so the rule is tested
    without waiting."""

    def __init__(self, stall_s, now, progress=None):
        self.stall_s = stall_s
        self.last = now  # when the last progress line came (the start until one does)
        self.where = "the start"  # the last progress line's simulated minutes
        self.progress = progress  # progress(line): each progress line, as text
        self.partial = {}  # stream -> the bytes after its last newline

    def heard(self, stream, chunk, now):
        """`chunk`, the next bytes of `stream` (a line may come in pieces)."""
        lines = (self.partial.pop(stream, b"") + chunk).split(b"\n")
        self.partial[stream] = lines.pop()
        for line in lines:
            m = PROGRESS.search(line)
            if m:
                self.last, self.where = now, "%s simulated minutes" % m.group(1).decode()
                if self.progress is not None:
                    self.progress(line.decode("utf-8", "replace").rstrip())

    def stuck(self, now):
        return now - self.last > self.stall_s


def run_watched(cmd, stall_s, progress=None, cwd=None):
    """Run cmd to its end: (exit status, stdout, stderr, None); or, when it printed no
    progress line for stall_s seconds, kill it and its children: (-9, stdout, stderr,
    where it got to)."""
    # A session of its own: a kill reaches the simulator's device process too.
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    out, err = bytearray(), bytearray()
    streams = {proc.stdout.fileno(): out, proc.stderr.fileno(): err}
    reading = set(streams)
    dog = Watchdog(stall_s, time.monotonic(), progress)
    stalled = None
    while reading:
        ready, _, _ = select.select(sorted(reading), [], [], min(5, stall_s))
        for fd in ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                reading.discard(fd)
                continue
            streams[fd].extend(chunk)
            dog.heard(fd, chunk, time.monotonic())
        if reading and dog.stuck(time.monotonic()):
            os.killpg(proc.pid, signal.SIGKILL)
            stalled = dog.where
            break
    returncode = proc.wait()
    proc.stdout.close()
    proc.stderr.close()
    return returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), stalled
