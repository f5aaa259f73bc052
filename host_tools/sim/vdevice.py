"""`python -m host_tools vdevice --flash DIR`: a virtual Pico on a pseudo-terminal.

Prints the terminal's path (`/dev/pts/N`) on the first line of standard output, then
speaks MicroPython's REPL on it until SIGTERM/SIGINT: friendly REPL (`>>> `), raw REPL
(Ctrl-A / Ctrl-B), raw-paste mode, Ctrl-C, soft reset (Ctrl-D: boot.py, and main.py in
the friendly REPL), exec framed like a board ("OK", output, 0x04, error, 0x04, ">").
The code runs in one persistent MicroPython unix-port process (`vdevice_backend.py`)
whose root filesystem is DIR, limited to --flash-size bytes like the Pico's LittleFS.
Output is "cooked" like a board's (\\n sent as \\r\\n). mpremote works against it.
`--frozen DIR` stands for a MicroPython build with DIR's modules frozen in: they are
found after the flash root, as rp2's `.frozen` (mounted at /.frozen, so a frozen
module's __file__ starts with /.frozen where the chip's starts with .frozen).
Its RTC (`machine.RTC`, `time.localtime()`) starts at 2021-01-01 00:00:00 when the
vdevice starts, as a Pico's at power-up, and keeps what code sets it to across soft
resets.
"""

import argparse
import contextlib
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import tty

from host_tools import MICROPYTHON, ROOT, ArgumentParser, UserError, child, folder

BACKEND = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vdevice_backend.py")
BANNER = (
    b"MicroPython v1.29.0 on 2025-12-01; Raspberry Pi Pico (vdevice) with RP2040\r\n"
    b'Type "help()" for more information.\r\n'
)
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
MARK = b"\x00\x04vdevice\x04\x00"  # must match vdevice_backend.py
PASTE_WINDOW = 128  # raw-paste flow-control window, in bytes
PICO_FLASH = 1408 * 1024  # MicroPython's filesystem on a 2 MB Pico
MIN_FLASH = 16 * 1024  # four 4 KiB blocks (as sim --flash-size)
POWER_UP = 1609459200  # rp2's RTC at power-up: 2021-01-01 00:00:00
FRIENDLY, RAW = "friendly", "raw"


def cooked(data):
    """Board output: every \\n goes out as \\r\\n."""
    return data.replace(b"\n", b"\r\n")


class Backend:
    """The MicroPython process that runs the device's code, with DIR as its root."""

    def __init__(self, flash, flash_size, frozen=None):
        self.flash, self.flash_size, self.frozen = flash, flash_size, frozen
        self.rtc_offset = POWER_UP - int(time.time())  # the RTC: this clock + offset
        self.proc = None
        self.jobs = 0

    def start(self):
        args = [MICROPYTHON, BACKEND, self.flash, str(self.flash_size), str(self.rtc_offset)]
        args += [self.frozen] if self.frozen else []
        self.proc = child.start(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.out = self.proc.stdout.fileno()

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc.stdin.close()
            self.proc.stdout.close()
            self.proc = None

    def submit(self, kind, payload):
        """Send one chunk of code; return its job number."""
        self.jobs += 1
        header = b"%d %s %d\n" % (self.jobs, kind.encode(), len(payload))
        try:
            self.proc.stdin.write(header + payload)
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # the backend died: its end of output reports it
        return self.jobs

    def interrupt(self):
        self.proc.send_signal(signal.SIGINT)


class VirtualPico:
    """The REPL state machine between the pseudo-terminal and the backend."""

    def __init__(self, master, flash, flash_size, frozen=None):
        self.master = master
        self.flash = flash
        self.backend = Backend(flash, flash_size, frozen)
        self.mode = FRIENDLY
        self.line = bytearray()
        self.paste = None  # bytearray while in raw-paste mode
        self.paste_unacked = 0
        self.job = None  # running job number
        self.job_framed = False
        self.job_started = False
        self.job_then = None
        self.interrupt_pending = False
        self.typed_ahead = bytearray()  # input that arrived while code was running
        self.out = b""  # backend output not yet parsed

    # -- output --
    def write(self, data):
        """Send to the host; drop what nobody reads for a while (like USB CDC)."""
        while data:
            try:
                data = data[os.write(self.master, data) :]
            except BlockingIOError:
                if not select.select([], [self.master], [], 0.5)[1]:
                    return

    # -- running code --
    def run(self, kind, payload, framed, then):
        self.job = self.backend.submit(kind, payload)
        self.job_framed, self.job_started, self.job_then = framed, False, then
        self.interrupt_pending = False

    def run_file(self, name, then):
        if os.path.isfile(os.path.join(self.flash, name)):
            self.run("f", name.encode(), False, then)
        else:
            then()

    def job_done(self, err):
        err = cooked(err)
        self.write(b"\x04" + err + b"\x04" if self.job_framed else err)
        self.job = None
        self.job_then()
        if self.job is None and self.typed_ahead:
            data, self.typed_ahead = bytes(self.typed_ahead), bytearray()
            self.feed(data)

    def backend_output(self, chunk):
        """Forward the code's output; act on the backend's start/end messages."""
        self.out += chunk
        while True:
            at = self.out.find(MARK)
            if at < 0:
                keep = 0  # a message may have started at the end of the chunk
                for n in range(1, len(MARK)):
                    if self.out.endswith(MARK[:n]):
                        keep = n
                self.forward(self.out[: len(self.out) - keep])
                self.out = self.out[len(self.out) - keep :]
                return
            self.forward(self.out[:at])
            self.out = self.out[at:]
            end = self.out.find(b"\n")
            if end < 0:
                return
            fields = self.out[len(MARK) : end].decode().split()
            if fields[0][0] == "C":  # the code set the RTC
                self.out = self.out[end + 1 :]
                self.backend.rtc_offset = int(fields[0][1:])
                continue
            job = int(fields[0][1:])
            if fields[0][0] == "S":
                self.out = self.out[end + 1 :]
                if job == self.job:
                    self.job_started = True
                    if self.interrupt_pending:
                        self.backend.interrupt()
                continue
            size = int(fields[1])
            if len(self.out) < end + 1 + size:
                return
            err = self.out[end + 1 : end + 1 + size]
            self.out = self.out[end + 1 + size :]
            if job == self.job:
                self.job_done(err)

    def forward(self, data):
        if data and self.job is not None:
            self.write(cooked(data))

    def backend_died(self):
        self.backend.stop()
        self.out = b""
        self.backend.start()
        if self.job is not None:
            self.job_done(b"vdevice: the interpreter exited\n")

    def interrupt(self):
        if self.job_started:
            self.backend.interrupt()
        else:
            self.interrupt_pending = True

    # -- booting --
    def soft_reset(self):
        self.write(b"MPY: soft reboot\r\n")
        self.backend.stop()
        self.out = b""
        self.boot()

    def boot(self):
        self.backend.start()
        self.run_file("boot.py", self.after_boot)

    def after_boot(self):
        if self.mode == RAW:
            self.write(RAW_BANNER + b">")
        else:
            self.run_file("main.py", lambda: self.write(BANNER + b">>> "))

    # -- input --
    def feed(self, data):
        for b in data:
            if self.job is not None:
                if b == 3:
                    self.interrupt()
                else:
                    self.typed_ahead.append(b)
            elif self.paste is not None:
                self.paste_byte(b)
            elif self.mode == RAW:
                self.raw_byte(b)
            else:
                self.friendly_byte(b)

    def raw_byte(self, b):
        if b == 1:  # Ctrl-A: restart the raw REPL, or Ctrl-E 'A' Ctrl-A: raw paste
            if len(self.line) == 2 and self.line[0] == 5:
                if self.line[1] == ord("A"):
                    self.write(b"R\x01" + struct.pack("<H", PASTE_WINDOW))
                    self.paste, self.paste_unacked = bytearray(), 0
                else:
                    self.write(b"R\x00")
            else:
                self.write(RAW_BANNER + b">")
            self.line = bytearray()
        elif b == 2:  # Ctrl-B: friendly REPL
            self.line = bytearray()
            self.mode = FRIENDLY
            self.write(b"\r\n" + BANNER + b">>> ")
        elif b == 3:
            self.line = bytearray()
        elif b == 4:  # Ctrl-D: run the line, or soft reset when it is empty
            self.write(b"OK")
            source, self.line = bytes(self.line), bytearray()
            if source:
                self.run("x", source, True, lambda: self.write(b">"))
            else:
                self.write(b"\r\n")
                self.soft_reset()
        else:
            self.line.append(b)

    def paste_byte(self, b):
        if b == 4:  # end of data: acknowledge, then run
            source, self.paste = bytes(self.paste), None
            self.write(b"\x04")
            self.run("x", source, True, lambda: self.write(b">"))
        elif b == 3:  # abort the paste
            self.paste = None
            self.write(b"\x04>")
        else:
            self.paste.append(b)
            self.paste_unacked += 1
            if self.paste_unacked >= PASTE_WINDOW:
                self.paste_unacked -= PASTE_WINDOW
                self.write(b"\x01")

    def friendly_byte(self, b):
        if b == 1:  # Ctrl-A: raw REPL
            self.line = bytearray()
            self.mode = RAW
            self.write(b"\r\n" + RAW_BANNER + b">")
        elif b == 2:
            self.line = bytearray()
            self.write(b"\r\n" + BANNER + b">>> ")
        elif b == 3:
            self.line = bytearray()
            self.write(b"\r\n>>> ")
        elif b == 4:
            if not self.line:
                self.write(b"\r\n")
                self.soft_reset()
        elif b in (8, 127):
            if self.line:
                self.line.pop()
                self.write(b"\x08 \x08")
        elif b == 13:
            source, self.line = bytes(self.line), bytearray()
            self.write(b"\r\n")
            if source.strip():
                self.run("s", source, False, lambda: self.write(b">>> "))
            else:
                self.write(b">>> ")
        elif b >= 32 or b == 9:
            self.line.append(b)
            self.write(bytes([b]))

    # -- main loop --
    def serve(self):
        self.boot()
        while True:
            ready = select.select([self.master, self.backend.out], [], [])[0]
            if self.master in ready:
                try:
                    data = os.read(self.master, 4096)
                except OSError:
                    data = b""
                self.feed(data)
            if self.backend.out in ready:
                chunk = os.read(self.backend.out, 65536)
                if chunk:
                    self.backend_output(chunk)
                else:
                    self.backend_died()


def open_terminal():
    """A pseudo-terminal in raw mode: (master fd, slave fd, slave path).

    We keep the slave open ourselves so the master survives mpremote disconnecting.
    """
    master, slave = os.openpty()
    tty.setraw(slave, termios.TCSANOW)
    os.set_blocking(master, False)
    return master, slave, os.ttyname(slave)


@contextlib.contextmanager
def running(flash, *options, timeout=15):
    """Run a vdevice in a subprocess for tools and tests: yields its port path."""
    cmd = [sys.executable, "-m", "host_tools", "vdevice", "--flash", str(flash)] + list(options)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, cwd=ROOT)
    try:
        ready = select.select([proc.stdout], [], [], timeout)[0]
        port = proc.stdout.readline().decode().strip() if ready else ""
        if not port.startswith("/dev/"):
            raise UserError("vdevice did not start")
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()


def stop(signum, frame):
    raise SystemExit(0)


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools vdevice",
        example=("python -m host_tools vdevice --flash build/vpico\nmpremote connect /dev/pts/N fs ls"),
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--flash", required=True, metavar="DIR", help="directory that is the device's filesystem (created if missing)"
    )
    parser.add_argument(
        "--flash-size",
        type=int,
        default=PICO_FLASH,
        metavar="BYTES",
        help="filesystem size; writes beyond it fail with ENOSPC (default %d, a Pico's)" % PICO_FLASH,
    )
    parser.add_argument(
        "--frozen",
        metavar="DIR",
        help="modules frozen into the virtual Pico's MicroPython build (found after the flash root)",
    )
    args = parser.parse_args(argv)
    if args.frozen:
        folder(args.frozen, "--frozen")
    if args.flash_size < MIN_FLASH:
        raise UserError("--flash-size must be at least %d bytes, not %d" % (MIN_FLASH, args.flash_size))
    if not os.path.exists(MICROPYTHON):
        raise UserError("no MicroPython unix port at %s" % MICROPYTHON)
    flash = os.path.abspath(args.flash)
    folder(flash, "--flash")
    master, slave, path = open_terminal()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(path, flush=True)
    device = VirtualPico(master, flash, args.flash_size, args.frozen and os.path.abspath(args.frozen))
    try:
        device.serve()
    finally:
        device.backend.stop()
        os.close(master)
        os.close(slave)
    return 0
