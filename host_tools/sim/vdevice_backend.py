# MicroPython side of `vdevice` (runs on the unix port, not on CPython):
#
#     micropython vdevice_backend.py FLASH_DIR FLASH_BYTES RTC_OFFSET [FROZEN_DIR]
#
# Mounts FLASH_DIR as the root filesystem (with a LittleFS-like size limit: writes
# past FLASH_BYTES fail with ENOSPC), gives `os` a Pico's uname(), then runs the code chunks the host sends, all in
# one persistent globals dict, like a board's REPL.
# The Pico's RTC: `machine.RTC().datetime()` and `time.time()`/`localtime()` read this
# machine's clock + RTC_OFFSET seconds (no time zone, as on rp2); datetime(t) sets it
# and tells the host the new offset, so it outlives a soft reset (a new backend).
#
# Host -> backend (stdin):  b"<job> <kind> <nbytes>\n" + nbytes of payload, where kind is
#   x  exec the payload as a file of code (raw REPL),
#   s  compile the payload in 'single' mode (friendly REPL: expressions print),
#   f  run the file whose path is the payload (boot.py, main.py).
# Backend -> host (stdout): MARK + b"S<job>\n" when the code starts, the code's own
#   output, then MARK + b"D<job> <n>\n" + n bytes of error text (a traceback, or empty);
#   MARK + b"C<offset>\n" when the code set the RTC.
import io
import os
import sys

import vfs

MARK = b"\x00\x04vdevice\x04\x00"
BLOCK = 4096
ENOSPC = 28


class LimitedFile(io.IOBase):
    """A file open for writing that may grow by at most `room` bytes."""

    def __init__(self, f, room):
        self.f = f
        self.room = room

    def write(self, data):
        if len(data) > self.room:
            raise OSError(ENOSPC)
        self.room -= len(data)
        return self.f.write(data)

    def readinto(self, buf):
        return self.f.readinto(buf)

    def read(self, *n):
        return self.f.read(*n)

    def readline(self):
        return self.f.readline()

    def seek(self, *args):
        return self.f.seek(*args)

    def tell(self):
        return self.f.tell()

    def flush(self):
        return self.f.flush()

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Flash:
    """A VfsPosix directory with a total size, like the Pico's LittleFS partition."""

    def __init__(self, root, size):
        self.root = root.rstrip("/")
        self.disk = vfs.VfsPosix(root)
        self.plain = vfs.VfsPosix()  # VfsPosix(root).rename mixes up its two paths
        self.blocks = size // BLOCK

    def __getattr__(self, name):
        return getattr(self.disk, name)

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def used_blocks(self, path="/"):
        """Blocks in use under `path`: each file and directory rounded up to 4 KiB."""
        n = 1
        for entry in self.disk.ilistdir(path):
            sub = path.rstrip("/") + "/" + entry[0]
            if entry[1] == 0x4000:
                n += self.used_blocks(sub)
            else:
                n += (self.disk.stat(sub)[6] + BLOCK - 1) // BLOCK
        return n

    def ilistdir(self, path):
        for entry in self.disk.ilistdir(path):
            size = 0
            if entry[1] != 0x4000:
                size = self.disk.stat(path.rstrip("/") + "/" + entry[0])[6]
            yield (entry[0], entry[1], 0, size)

    def rename(self, old, new):
        self.plain.rename(self.root + old, self.root + new)

    def statvfs(self, path):
        free = max(0, self.blocks - self.used_blocks())
        return (BLOCK, BLOCK, self.blocks, free, free, 0, 0, 0, 0, 255)

    def open(self, path, mode):
        if "w" not in mode and "a" not in mode and "+" not in mode:
            return self.disk.open(path, mode)
        old = 0
        if "w" in mode:
            try:
                old = (self.disk.stat(path)[6] + BLOCK - 1) // BLOCK
            except OSError:
                pass
        room = (self.blocks - self.used_blocks() + old) * BLOCK
        return LimitedFile(self.disk.open(path, mode), max(0, room))


def send(data):
    sys.stdout.buffer.write(data)


def error_text(exc):
    """The traceback as a board prints it, without this script's own frames."""
    buf = io.StringIO()
    sys.print_exception(exc, buf)
    me = '  File "%s"' % sys.argv[0]
    lines = [line for line in buf.getvalue().split("\n") if not line.startswith(me)]
    return "\n".join(lines).encode()


def run(kind, payload, env):
    """Run one chunk of code; return the error text (b"" when it succeeded)."""
    try:
        if kind == "f":
            name = payload.decode()
            with open(name) as f:
                code = compile(f.read(), name, "exec")
        else:
            code = compile(payload, "<stdin>", "single" if kind == "s" else "exec")
        exec(code, env)
    except SystemExit:
        pass
    except BaseException as exc:
        return error_text(exc)
    return b""


def read_exact(stream, n):
    data = b""
    while len(data) < n:
        chunk = stream.read(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


class Uname:
    """os.uname() as MicroPython for rp2 answers it (the version of this interpreter)."""

    def __init__(self):
        version = "%d.%d.%d" % sys.implementation.version[:3]
        self.sysname = self.nodename = "rp2"
        self.release = version
        self.version = "v%s on 2025-12-01" % version
        self.machine = "Raspberry Pi Pico (vdevice) with RP2040"

    def __repr__(self):
        return "(sysname=%r, nodename=%r, release=%r, version=%r, machine=%r)" % (
            self.sysname,
            self.nodename,
            self.release,
            self.version,
            self.machine,
        )


class PicoOs:
    """The unix port's `os` (which has no uname) with a Pico's os.uname()."""

    def __getattr__(self, name):
        return getattr(os, name)

    def uname(self):
        return Uname()


class PicoTime:
    """The unix port's `time` whose wall clock is the Pico's RTC (time.time() + offset)."""

    def __init__(self, real, offset):
        self.real = real
        self.offset = offset

    def __getattr__(self, name):
        return getattr(self.real, name)

    def time(self):
        return int(self.real.time()) + self.offset

    def localtime(self, secs=None):
        return self.real.gmtime(self.time() if secs is None else secs)

    gmtime = localtime


class RTC:
    """machine.RTC on rp2: datetime() -> (year, month, day, weekday, hour, minute,
    second, 0); datetime(t) sets it."""

    def __init__(self, *args):
        self.clock = sys.modules["time"]

    def datetime(self, t=None):
        if t is None:
            y, m, d, h, mi, s, wd = self.clock.localtime()[:7]
            return (y, m, d, wd, h, mi, s, 0)
        when = self.clock.real.mktime((t[0], t[1], t[2], t[4], t[5], t[6], 0, 0))  # as it is: no time zone
        self.clock.offset = when - int(self.clock.real.time())
        send(MARK + b"C%d\n" % self.clock.offset)


class PicoMachine:
    """The unix port's `machine` with a Pico's RTC."""

    def __init__(self, real):
        self.real = real
        self.RTC = RTC

    def __getattr__(self, name):
        return getattr(self.real, name)


def main():
    root, size, offset = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    frozen = sys.argv[4] if len(sys.argv) > 4 else None
    if frozen:  # (imported while the host's files are still mounted)
        sys.path.append(sys.path[0] + "/simdevice")
        import simfrozen

        sys.path.pop()  # (its time.py is the simulator's, not this device's)
    import time

    import machine

    sys.modules["os"] = PicoOs()
    sys.modules["time"] = PicoTime(time, offset)
    sys.modules["machine"] = PicoMachine(machine)
    vfs.umount("/")
    vfs.mount(Flash(root, size), "/")
    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]
    if frozen:  # a build with these modules frozen in: after the root, as .frozen
        vfs.mount(vfs.VfsPosix(frozen), "/.frozen")
        sys.path[1] = "/.frozen"
        simfrozen.install("/.frozen")  # each named as the port names it: paths.py
    env = {"__name__": "__main__"}
    stdin = sys.stdin.buffer
    unsent = None  # the end-of-job message, until it is written
    while True:
        try:  # a Ctrl-C landing outside the user's code must not lose a message
            if unsent:
                send(unsent)
                unsent = None
            header = stdin.readline()
            if not header:
                return
            job, kind, n = header.decode().split()
            payload = read_exact(stdin, int(n))
            end = MARK + b"D" + job.encode()
            unsent = end + b" 18\nKeyboardInterrupt:"
            send(MARK + b"S" + job.encode() + b"\n")
            err = run(kind, payload, env)
            unsent = end + b" %d\n" % len(err) + err
        except KeyboardInterrupt:
            pass


main()
