"""deploy against vdevice: incremental copies, removals, data kept, a full flash."""

import json
import os
import subprocess
import sys

import pytest
from host_cli import run
from serial.tools.list_ports_common import ListPortInfo

from host_tools import BOARDS, UserError, product_version
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


FLAT_1_1 = (  # the modules deploy put at the flash root up to firmware 1.1.0
    "app app_boot boardspec canvas canvas_displayio config corsica corsica_cards corsica_sim "
    "corsica_table display_sleep events firstnames history history_boot hw hw_circuitpython "
    "hw_test igo_arrange igo_cards igo_choice igo_hands igo_scoring jsonfmt judge judge_trace "
    "live live_name live_page live_server live_web matches matches_app matches_boot names "
    "navbuttons paths pio_capture qr rng roster scoresheet settings sheet_edit signals ssd1306 "
    "store store_load tapring ticks tones ui ui_corsica ui_deck ui_form ui_hand ui_hwtest ui_igo "
    "ui_igo_over ui_igo_setup ui_match ui_matches ui_names ui_notice ui_referee "
    "ui_referee_result ui_round ui_settings ui_sheet ui_tap ui_text ui_undo ui_wifi version wifi "
    "wifi_config "
).split()


def test_a_flash_of_the_flat_firmware_is_cleaned_and_its_data_kept(tmp_path):
    """Up to 1.1.0 the firmware's modules lay at the flash root; deploy's record lists
    them. The next deploy removes every one, installs the package folder, and keeps
    data/, config.json and what is not the firmware's."""
    flash = tmp_path / "flash"
    (flash / "data" / "matches").mkdir(parents=True)
    (flash / "data" / "history.jsonl").write_text('{"seq": 1}\n')
    (flash / "data" / "matches" / "g1.json").write_text('{"v": 1}')
    (flash / "config.json").write_text('{"names": ["Ann"]}')
    (flash / "notes.txt").write_text("mine")
    record = {"board.mpy": "0" * 64, "main.py": "0" * 64}
    for name in FLAT_1_1:
        (flash / (name + ".mpy")).write_bytes(b"M")
        record[name + ".mpy"] = "0" * 64
    (flash / ".deploy.json").write_text(json.dumps({"board": "pico", "runtime": "micropython", "files": record}))
    with running(flash) as port:
        out = deploy("--port", port, "--board", "pico")
        assert out.returncode == 0, out.stderr
        copied, removed = out.stdout.split()[1].rstrip(","), out.stdout.split()[3].rstrip(",")
        assert int(removed) == len(FLAT_1_1), out.stdout
        assert sorted(p.name for p in flash.iterdir()) == [
            ".deploy.json",
            "board.mpy",
            "config.json",
            "data",
            "main.py",
            "notes.txt",
            "table",
        ]
        assert (flash / "table" / "rules" / "judge.mpy").is_file() and int(copied) > 60
        assert (flash / "data" / "history.jsonl").read_text() == '{"seq": 1}\n'
        assert (flash / "data" / "matches" / "g1.json").read_text() == '{"v": 1}'
        assert (flash / "config.json").read_text() == '{"names": ["Ann"]}'
        ask = "from table import version; print(version.VERSION)"
        got = subprocess.run(
            [sys.executable, "-m", "mpremote", "connect", port, "exec", ask], capture_output=True, text=True, timeout=30
        )
        assert got.stdout.strip() == product_version(), got.stdout + got.stderr
        out = deploy("--port", port, "--board", "pico")
        assert out.stdout.startswith("copied 0, removed 0"), out.stdout
        # then a build with the firmware frozen in: the package's folder goes too (an
        # empty table/ on the flash would hide the frozen package)
        out = deploy("--frozen", "--port", port, "--board", "pico")
        assert out.returncode == 0, out.stderr
        assert not (flash / "table").exists() and (flash / "data" / "history.jsonl").is_file()


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
