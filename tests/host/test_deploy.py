"""deploy against vdevice: incremental copies, removals, data kept, a full flash."""

import json
import os
import subprocess
import sys

import pytest
from host_cli import run
from serial.tools.list_ports_common import ListPortInfo

from host_tools import BOARDS, UserError
from host_tools.device import picoports
from host_tools.device.mpremote_port import find_port
from host_tools.sim.vdevice import running


def deploy(*args):
    return run("deploy", *args)


def fake_project(root):
    (root / "firmware").mkdir(parents=True)
    (root / "boards").mkdir()
    (root / "firmware" / "main.py").write_text("import greet\ngreet.hello()\n")
    (root / "firmware" / "greet.py").write_text(
        "import board\ndef hello():\n    print('hi', board.NAME, board.I2C_SDA)\n"
    )
    (root / "firmware" / "extra.py").write_text("X = 1\n")
    (root / "firmware" / "manifest.py").write_text(
        'metadata(version="0.1")\nmodule("main.py")\nmodule("greet.py")\nmodule("extra.py")\n'
    )
    (root / "boards" / "pico.py").write_text(open(os.path.join(BOARDS, "pico.py")).read())
    return root


def test_deploy_twice_remove_and_keep_data(tmp_path):
    project = fake_project(tmp_path / "project")
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    (flash / "data" / "history.jsonl").write_text('{"seq": 1}\n')
    (flash / "config.json").write_text("{}")
    with running(flash) as port:
        out = deploy("--port", port, "--project", str(project))
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines()[0] == "copied 4, removed 0, unchanged 0"
        assert out.stdout.splitlines()[1].startswith("clock: set to 20")  # this PC's time
        assert sorted(p.name for p in flash.iterdir()) == [
            ".deploy.json",
            "board.mpy",
            "config.json",
            "data",
            "extra.mpy",
            "greet.mpy",
            "main.py",
        ]
        assert (flash / "main.py").read_text() == "import greet\ngreet.hello()\n"
        # The compiled modules import and run on the (virtual) device.
        run = subprocess.run(
            [sys.executable, "-m", "mpremote", "connect", port, "exec", "import greet; greet.hello()"],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert run.stdout.strip() == "hi pico 4"

        out = deploy("--port", port, "--project", str(project))
        assert out.stdout.splitlines()[0] == "copied 0, removed 0, unchanged 4"

        (project / "firmware" / "extra.py").unlink()
        manifest = project / "firmware" / "manifest.py"
        manifest.write_text(manifest.read_text().replace('module("extra.py")\n', ""))
        (project / "firmware" / "greet.py").write_text("def hello():\n    print('hello')\n")
        out = deploy("--port", port, "--project", str(project))
        assert out.stdout.splitlines()[0] == "copied 1, removed 1, unchanged 2"
        assert not (flash / "extra.mpy").exists()
        assert (flash / "data" / "history.jsonl").read_text() == '{"seq": 1}\n'
        assert (flash / "config.json").read_text() == "{}"
        manifest = json.loads((flash / ".deploy.json").read_text())
        assert sorted(manifest["files"]) == ["board.mpy", "greet.mpy", "main.py"]
        assert None not in manifest["files"].values()


def test_deploy_real_firmware(tmp_path):
    with running(tmp_path) as port:
        out = deploy("--port", port, "--board", "pico")
        assert out.returncode == 0, out.stderr
        copied = int(out.stdout.split()[1].rstrip(","))
        assert copied >= 2 and (tmp_path / "board.mpy").exists()
        out = deploy("--port", port, "--board", "pico")
        assert out.stdout.startswith("copied 0, removed 0")


def test_full_flash_keeps_manifest_consistent(tmp_path):
    project = fake_project(tmp_path / "project")
    (project / "firmware" / "big.py").write_text("DATA = %r\n" % ("x" * 30000))
    with open(project / "firmware" / "manifest.py", "a") as f:
        f.write('module("big.py")\n')
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    (flash / "data" / "history.jsonl").write_text('{"seq": 1}\n')
    with running(flash, "--flash-size", str(8 * 4096)) as port:
        out = deploy("--port", port, "--project", str(project))
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "flash is full" in out.stderr
    manifest = json.loads((flash / ".deploy.json").read_text())
    assert manifest["files"]["big.mpy"] is None  # marked: still to copy
    assert (flash / "data" / "history.jsonl").read_text() == '{"seq": 1}\n'
    with running(flash) as port:  # more room: the next deploy finishes the job
        out = deploy("--port", port, "--project", str(project))
        assert out.returncode == 0 and out.stdout.startswith("copied ")
        out = deploy("--port", port, "--project", str(project))
        assert out.stdout.splitlines()[0] == "copied 0, removed 0, unchanged 5"


def test_bad_port_and_board():
    out = deploy("--port", "/dev/does-not-exist")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == "deploy: cannot open port /dev/does-not-exist (no such device, or in use)"
    out = deploy("--port", "/dev/does-not-exist", "--board", "nope")
    assert out.returncode == 2 and out.stderr.startswith("deploy: unknown board 'nope'")
    assert len(out.stderr.splitlines()) == 1


def test_a_device_that_does_not_answer_prints_nothing_on_stdout():
    master, slave = os.openpty()  # a terminal with nothing behind it
    try:
        out = deploy("--port", os.ttyname(slave))
        assert out.returncode == 2 and out.stdout == ""  # mpremote's own print of what came stays out
        assert out.stderr.strip() == "deploy: the device on %s does not answer (gave up after 12 s)" % os.ttyname(slave)
    finally:
        os.close(master)
        os.close(slave)


def usb_port(device, vid=None, pid=None):
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid = vid, pid
    return info


def test_finds_picos_by_usb_id():
    ports = [
        usb_port("/dev/ttyS0"),
        usb_port("/dev/ttyACM1", 0x2E8A, 0x0005),
        usb_port("/dev/ttyACM0", 0x2E8A, 0x0005),
        usb_port("/dev/ttyACM2", 0x2E8A, 0x000A),
        usb_port("/dev/ttyUSB0", 0x10C4, 0xEA60),
    ]
    assert picoports.micropython_ports(ports) == ["/dev/ttyACM0", "/dev/ttyACM1"]
    assert find_port(ports[1:2]) == "/dev/ttyACM1"
    with pytest.raises(UserError, match="several Picos found"):
        find_port(ports)
    with pytest.raises(UserError, match="ttyACM2 is a Pico running a C program"):
        find_port(ports[3:])
    if not picoports.micropython_ports():  # no Pico on this machine: deploy says so in one line
        out = deploy()
        assert out.returncode == 2
        assert out.stderr.strip() == (
            "deploy: no Pico found (USB id 2e8a:0005, MicroPython): plug one in or give --port"
        )
