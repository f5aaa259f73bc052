"""vdevice: the real mpremote against the virtual Pico, and the raw REPL byte by byte;
the host tools' own link to a device (mpremote_port.Device) against it."""

import os
import select
import signal
import subprocess
import sys
import time
import tty

import pytest

from host_tools import ROOT, UserError
from host_tools.device.mpremote_port import Device, DeviceError
from host_tools.sim.vdevice import running


def mpremote(port, *args, timeout=30):
    return subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", port] + list(args),
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def test_mpremote_filesystem_exec_and_run(tmp_path):
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    (flash / "data" / "history.jsonl").write_text('{"seq": 1}\n')
    blob = os.urandom(3000)
    (tmp_path / "blob.bin").write_bytes(blob)
    script = tmp_path / "script.py"
    script.write_text("import os\nprint('run:', sorted(os.listdir('/')))\n")
    with running(flash) as port:
        out = mpremote(port, "fs", "ls", ":/")
        assert out.returncode == 0 and "data/" in out.stdout
        out = mpremote(
            port,
            "fs",
            "mkdir",
            ":lib",
            "+",
            "fs",
            "cp",
            str(tmp_path / "blob.bin"),
            ":lib/blob.bin",
            "+",
            "fs",
            "ls",
            ":lib",
        )
        assert out.returncode == 0, out.stderr
        assert "3000 blob.bin" in out.stdout  # sizes listed like a board's LittleFS
        assert (flash / "lib" / "blob.bin").read_bytes() == blob
        back = tmp_path / "back.bin"
        assert mpremote(port, "fs", "cp", ":lib/blob.bin", str(back)).returncode == 0
        assert back.read_bytes() == blob
        out = mpremote(port, "cat", ":/data/history.jsonl")
        assert out.stdout.replace("\r\n", "\n") == '{"seq": 1}\n'
        out = mpremote(port, "run", str(script))
        assert "run: ['data', 'lib']" in out.stdout
        out = mpremote(port, "fs", "rm", ":lib/blob.bin", "+", "fs", "rmdir", ":lib")
        assert out.returncode == 0 and not (flash / "lib").exists()
        out = mpremote(port, "exec", "1/0")
        assert out.returncode != 0 and "ZeroDivisionError" in out.stdout + out.stderr
        # State persists between connections (no soft reset with `resume`).
        assert mpremote(port, "resume", "exec", "kept = 41").returncode == 0
        assert mpremote(port, "resume", "exec", "print(kept + 1)").stdout.strip() == "42"
        # A default connection soft-resets: the state is gone, like on a board.
        out = mpremote(port, "exec", "print('kept' in globals())")
        assert out.stdout.strip() == "False"


def test_ctrl_c_interrupts_running_code(tmp_path):
    with running(tmp_path) as port:
        out = mpremote(port, "exec", "--no-follow", "while True: pass")
        assert out.returncode == 0
        out = mpremote(port, "resume", "exec", "print('after')")  # sends Ctrl-C first
        assert out.stdout.strip() == "after"


def read_for(fd, seconds, until=None):
    data, end = b"", time.monotonic() + seconds
    while time.monotonic() < end and not (until and data.endswith(until)):
        if select.select([fd], [], [], 0.05)[0]:
            data += os.read(fd, 4096)
    return data


def test_repl_protocol_bytes(tmp_path):
    (tmp_path / "boot.py").write_text("print('booting')\n")
    with running(tmp_path) as port:
        fd = os.open(port, os.O_RDWR | os.O_NOCTTY)
        try:
            tty.setraw(fd)
            os.write(fd, b"\x02")
            assert read_for(fd, 5, b">>> ").endswith(b'Type "help()" for more information.\r\n>>> ')
            os.write(fd, b"6*7\r")
            # (A banner printed when the port opened may still be arriving: skip it.)
            assert read_for(fd, 5, b"42\r\n>>> ").endswith(b"6*7\r\n42\r\n>>> ")
            os.write(fd, b"\x01")
            assert read_for(fd, 5, b">") == b"\r\nraw REPL; CTRL-B to exit\r\n>"
            os.write(fd, b"print('a')\nprint('b')\x04")
            assert read_for(fd, 5, b"\x04>") == b"OKa\r\nb\r\n\x04\x04>"
            os.write(fd, b"x = 1/0\x04")
            assert read_for(fd, 5, b"\x04>") == (
                b'OK\x04Traceback (most recent call last):\r\n  File "<stdin>", line 1, '
                b'in <module>\r\nZeroDivisionError: divide by zero\r\n\x04>'
            )
            os.write(fd, b"\x05A\x01")  # raw paste: accepted, window size 128
            assert read_for(fd, 5, b"\x80\x00") == b"R\x01\x80\x00"
            os.write(fd, b"print(3)\x04")
            assert read_for(fd, 5, b"\x04>") == b"\x043\r\n\x04\x04>"
            os.write(fd, b"\x04")  # soft reset in the raw REPL: boot.py, not main.py
            assert read_for(fd, 5, b"\r\n>") == (b"OK\r\nMPY: soft reboot\r\nbooting\r\nraw REPL; CTRL-B to exit\r\n>")
        finally:
            os.close(fd)


def test_clean_exit_on_sigterm_and_sigint(tmp_path):
    for sig in (signal.SIGTERM, signal.SIGINT):
        proc = subprocess.Popen(
            [sys.executable, "-m", "host_tools", "vdevice", "--flash", str(tmp_path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        port = proc.stdout.readline().decode().strip()
        assert port.startswith("/dev/pts/")
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=10)
        assert proc.returncode == 0 and err == b""


def test_one_device_session_runs_asks_and_reports_in_one_line(tmp_path):
    with running(tmp_path / "flash") as port, Device(port) as device:
        device.exec("kept = 41")
        assert device.ask("print(kept + 1)") == 42  # one session: what the last call left stays
        assert device.ask("import json\nprint('noise')\nprint(json.dumps({'a': [1]}))") == {"a": [1]}
        with pytest.raises(UserError, match="gave an unreadable answer: 'not json"):
            device.ask("print('not json')")
        with pytest.raises(UserError, match="gave an unreadable answer"):
            device.ask("print(1)", lambda v: v["key"])  # the shape it must have
        with pytest.raises(DeviceError, match="ZeroDivisionError") as raised:
            device.exec("1/0")
        assert str(raised.value).startswith(port + ": ") and "Traceback" in raised.value.text
