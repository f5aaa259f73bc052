"""doctor against the virtual Pico: up to date, out of date, nothing deployed, no board."""

import io
import os
import subprocess
import sys

from host_cli import run
from serial.tools.list_ports_common import ListPortInfo

from host_tools import BOARDS
from host_tools.device import doctor, picoports
from host_tools.sim.vdevice import running


def fake_project(root):
    (root / "firmware").mkdir(parents=True)
    (root / "boards").mkdir()
    (root / "firmware" / "main.py").write_text("import greet\n")
    (root / "firmware" / "greet.py").write_text("def hello():\n    print('hi')\n")
    (root / "firmware" / "extra.py").write_text("X = 1\n")
    (root / "firmware" / "manifest.py").write_text('module("main.py")\nmodule("greet.py")\nmodule("extra.py")\n')
    (root / "boards" / "pico.py").write_text(open(os.path.join(BOARDS, "pico.py")).read())
    (root / "boards" / "pico_duo.py").write_text(open(os.path.join(BOARDS, "pico_duo.py")).read())
    return root


def test_doctor_up_to_date_then_out_of_date(tmp_path):
    project = fake_project(tmp_path / "project")
    flash = tmp_path / "flash"
    flash.mkdir()
    with running(flash) as port:
        out = run("doctor", "--port", port, "--project", str(project))
        assert out.returncode == 1, out.stderr
        assert "firmware: none deployed" in out.stdout
        assert "to do: install the firmware: make deploy BOARD=pico" in out.stdout

        assert run("deploy", "--port", port, "--project", str(project)).returncode == 0
        out = run("doctor", "--port", port, "--project", str(project))
        assert out.returncode == 0, out.stdout + out.stderr
        lines = out.stdout.splitlines()
        assert lines[0] == "port: %s" % port
        assert lines[1].startswith("MicroPython v1.29.0 on ") and "RP2040" in lines[1]
        assert lines[2].startswith("flash: ") and "free of 1,408 KiB" in lines[2]
        assert lines[3].startswith("heap: ") and "bytes free of" in lines[3]
        assert lines[4] == "board definition: pico (boards/pico.py)"
        assert lines[5] == "firmware: up to date with this checkout (4 files)"
        assert lines[6].startswith("clock: set to 20") and lines[6].endswith(" (this PC's time)")
        assert lines[7:] == ["all good"]

        (project / "firmware" / "greet.py").write_text("def hello():\n    print('hello')\n")
        (project / "firmware" / "extra.py").unlink()
        manifest = project / "firmware" / "manifest.py"
        manifest.write_text(manifest.read_text().replace('module("extra.py")\n', ""))
        out = run("doctor", "--port", port, "--project", str(project))
        assert out.returncode == 1
        assert ("firmware: out of date with this checkout (1 to copy: greet.mpy; 1 to remove: extra.mpy)") in out.stdout
        assert out.stdout.splitlines()[-1] == "to do: bring it up to date: make deploy BOARD=pico"

        out = run("doctor", "--port", port, "--project", str(project), "--board", "pico_duo")
        assert out.returncode == 1
        assert "deployed for board pico, this check is for pico_duo" in out.stdout


def test_doctor_flash_nearly_full_and_a_cut_deploy(tmp_path):
    project = fake_project(tmp_path / "project")
    with running(tmp_path / "flash", "--flash-size", str(16 * 4096)) as port:
        assert run("deploy", "--port", port, "--project", str(project)).returncode == 0
        manifest = tmp_path / "flash" / ".deploy.json"
        manifest.write_text(
            manifest.read_text().replace(manifest.read_text().split('"greet.mpy": ')[1].split(",")[0], "null")
        )
        out = run("doctor", "--port", port, "--project", str(project))
    assert out.returncode == 1
    assert "a deploy was cut short (1 files not copied: greet.mpy)" in out.stdout
    assert "to do: the flash is nearly full" in out.stdout
    assert "to do: finish it: make deploy BOARD=pico" in out.stdout


def test_doctor_bad_input_and_dead_port(tmp_path):
    out = run("doctor", "--port", str(tmp_path / "nothing"))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("doctor: cannot open port ") and len(out.stderr.splitlines()) == 1
    out = run("doctor", "--board", "nope")
    assert out.returncode == 2 and out.stderr.strip() == "doctor: unknown board 'nope' (boards/*.py)"


def usb_port(device, vid=None, pid=None):
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid = vid, pid
    return info


def test_doctor_finds_boards_by_usb_id():
    text = io.StringIO()
    assert doctor.find(text, [usb_port("/dev/ttyS0")]) == (
        None,
        [
            "no Pico running MicroPython found: plug it in with a data USB cable (a charging-only "
            "cable shows nothing); a new Pico needs MicroPython first (README, First time on a "
            "real Pico, step 1)"
        ],
    )
    assert text.getvalue() == ""
    pico = usb_port("/dev/ttyACM0", 0x2E8A, 0x0005)
    c_program = usb_port("/dev/ttyACM1", 0x2E8A, 0x000A)
    text = io.StringIO()
    assert doctor.find(text, [c_program, pico]) == ("/dev/ttyACM0", [])
    assert text.getvalue() == (
        "USB 2e8a:0005 on /dev/ttyACM0: MicroPython\n"
        "USB 2e8a:000a on /dev/ttyACM1: a Pico running a C program (Pico SDK USB serial), "
        "not MicroPython\n"
    )
    port, advice = doctor.find(io.StringIO(), [pico, usb_port("/dev/ttyACM3", 0x2E8A, 0x0005)])
    assert port is None and advice == ["several Picos found: choose one, e.g. make doctor PORT=/dev/ttyACM0"]
    if not picoports.micropython_ports():  # no Pico on this machine: the real scan says so
        out = run("doctor")
        assert out.returncode == 1 and "no Pico running MicroPython found" in out.stdout


def test_holders_names_who_has_the_port_open():
    master, slave = os.openpty()
    try:
        path = os.ttyname(slave)
        reader = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=slave)
        try:
            assert [h.split()[0] for h in doctor.holders(path)] == [str(reader.pid)]
        finally:
            reader.kill()
            reader.wait()
    finally:
        os.close(master)
        os.close(slave)


def test_doctor_knows_a_firmware_frozen_into_the_build(tmp_path):
    # A build whose manifest include()s firmware/manifest.py: the modules come from
    # .frozen (the virtual Pico's --frozen folder stands in for them).
    project = fake_project(tmp_path / "project")
    frozen = tmp_path / "frozen"
    (frozen / "table" / "storage").mkdir(parents=True)
    (frozen / "table" / "__init__.py").write_text("")
    (frozen / "table" / "storage" / "__init__.py").write_text("")
    (frozen / "table" / "storage" / "paths.py").write_text("DATA = 'data'\n")
    flash = tmp_path / "flash"
    flash.mkdir()
    with running(flash, "--frozen", str(frozen)) as port:
        out = run("doctor", "--port", port, "--project", str(project))
        assert out.returncode == 1, out.stdout + out.stderr
        assert "firmware: frozen into the MicroPython build; main.py and the board not deployed" in out.stdout
        assert "none deployed" not in out.stdout
        assert "to do: install them: python -m host_tools deploy --frozen --board pico" in out.stdout
        r = run("deploy", "--frozen", "--port", port, "--project", str(project))
        assert r.returncode == 0 and "copied 2, removed 0" in r.stdout, r.stdout + r.stderr
        assert sorted(n for n in os.listdir(flash) if not n.startswith(".")) == ["board.mpy", "main.py"]
        out = run("doctor", "--port", port, "--project", str(project))
        assert out.returncode == 0, out.stdout + out.stderr
        assert "firmware: frozen into the MicroPython build; main.py and the board up to date" in out.stdout
        assert "board definition: pico (boards/pico.py)" in out.stdout
        # the virtual Pico names a frozen module as rp2 does: its source's path in the package
        ask = "import sys; from table.storage import paths; print(paths.__file__, sys.path)"
        got = subprocess.run(
            [sys.executable, "-m", "mpremote", "connect", port, "exec", ask], capture_output=True, text=True, timeout=60
        )
        want = ["table/storage/paths.py", "['',", "'/.frozen',", "'/lib']"]
        assert got.stdout.split() == want, got.stdout + got.stderr


def test_doctor_knows_frozen_modules_by_a_file_not_on_the_flash():
    # What the real rp2 port answered (v1.28.0, frozen build): paths.__file__ is
    # 'paths.py', and no such file is on the flash; a deployed firmware's is its .mpy
    assert doctor.frozen({"paths_file": "paths.py", "paths_on_flash": False})
    assert not doctor.frozen({"paths_file": "paths.mpy", "paths_on_flash": True})
    assert not doctor.frozen({"paths_file": "/lib/paths.mpy", "paths_on_flash": True})
    assert not doctor.frozen({"paths_file": None})  # no firmware at all


def test_doctor_names_a_micropython_older_than_the_firmware_needs(tmp_path):
    # the oldest, as measured (make mp-versions): 1.25's json reads a torn file
    project = fake_project(tmp_path / "project")
    info = {
        "impl": "micropython",
        "version": [1, 25, 0],
        "build": "",
        "machine": "Raspberry Pi Pico with RP2040",
        "flash": [1441792, 1400000],
        "manifest": None,
        "names": [],
        "paths_file": None,
        "board": None,
        "heap_free": 200000,
        "heap_total": 245888,
    }
    lines, advice = doctor.diagnose(info, str(project), None)
    assert any("MicroPython 1.25.0 is older than this firmware needs: flash 1.26 or newer" in a for a in advice)
    info["version"] = [1, 26, 0]
    lines, advice = doctor.diagnose(info, str(project), None)
    assert not any("older than" in a for a in advice)


def test_doctor_says_the_firmware_version_on_the_device_and_in_the_checkout(tmp_path):
    project = fake_project(tmp_path / "project")
    version = project / "firmware" / "table" / "version.py"
    version.parent.mkdir()
    (version.parent / "__init__.py").write_text("")
    version.write_text('VERSION = "1.1.0"\n')
    manifest = project / "firmware" / "manifest.py"
    manifest.write_text(manifest.read_text() + 'package("table", files=("__init__.py", "version.py"))\n')
    flash = tmp_path / "flash"
    flash.mkdir()
    with running(flash) as port:
        out = run("doctor", "--port", port, "--project", str(project))
        assert "firmware version: none on the device, 1.1.0 in this checkout" in out.stdout.splitlines()
        assert run("deploy", "--port", port, "--project", str(project)).returncode == 0
        out = run("doctor", "--port", port, "--project", str(project))
        assert out.returncode == 0, out.stdout + out.stderr
        assert "firmware version: 1.1.0 on the device, 1.1.0 in this checkout" in out.stdout.splitlines()
        version.write_text('VERSION = "1.2.0"\n')  # the checkout moved on
        out = run("doctor", "--port", port, "--project", str(project))
        assert out.returncode == 1
        assert "firmware version: 1.1.0 on the device, 1.2.0 in this checkout" in out.stdout.splitlines()
        assert "firmware: out of date with this checkout (1 to copy: table/version.mpy)" in out.stdout


def test_doctor_names_the_version_of_a_flat_firmware_of_1_1(tmp_path):
    # up to 1.1.0 the firmware's modules lay at the flash root: version.mpy there
    project = fake_project(tmp_path / "project")
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "version.py").write_text('VERSION = "1.1.0"\n')
    with running(flash) as port:
        out = run("doctor", "--port", port, "--project", str(project))
    assert "firmware version: 1.1.0 on the device, none in this checkout" in out.stdout.splitlines(), out.stdout


def test_doctor_reads_this_checkouts_version():
    from host_tools import ROOT, product_version
    from table import version

    assert product_version(ROOT) == version.VERSION
    assert product_version(os.path.join(ROOT, "no such checkout")) is None
