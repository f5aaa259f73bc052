"""names: the device's roster from the PC, over USB (the virtual Pico) and in a flash
folder, by the firmware's own rules (roster.py)."""

import json
import os

from host_cli import run

from host_tools.sim.vdevice import running

ROSTER = os.path.join("data", "players.json")


def names(*args):
    out = run("names", *args)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def roster_file(flash):
    with open(os.path.join(flash, ROSTER), encoding="utf-8") as f:
        return json.load(f)


def test_names_over_usb_add_list_remove_as_written(tmp_path):
    flash = tmp_path / "flash"
    with running(flash) as port:
        assert names("--port", port, "list") == ["no names on the device yet"]
        said = names("--port", port, "add", "Zoë", "Łukasz", "Øyvind", "Weißhaar")
        assert said[:4] == [
            "added Zoë",
            "added Łukasz",
            "added Øyvind",
            "added Weißhaa (cut to the screen's 8 characters from Weißhaar)",
        ]
        assert roster_file(flash) == {"v": 1, "names": ["Zoë", "Łukasz", "Øyvind", "Weißhaa"]}
        assert names("--port", port, "list") == ["Zoë", "Łukasz", "Øyvind", "Weißhaa"]
        assert names("--port", port, "remove", "Łukasz")[0] == "removed Łukasz"
        assert names("--port", port, "add", "Ann")[0] == "added Ann"  # the most recent first
        assert names("--port", port, "list") == ["Ann", "Zoë", "Øyvind", "Weißhaa"]
        out = run("names", "--port", port, "remove", "Nobody")
        assert out.returncode == 2 and out.stderr.strip() == "names: Nobody is not on the device's roster"
        out = run("names", "--port", port, "add", " ")
        assert out.returncode == 2 and out.stderr.strip() == "names: empty name"
    assert sorted(os.listdir(flash / "data")) == ["players.json"]  # no .tmp left


def test_names_in_a_flash_folder_keep_the_16_most_recent_and_show_config_names(tmp_path):
    from table.storage import roster

    flash = tmp_path / "sim_flash"
    flash.mkdir()
    (flash / "config.json").write_text('{"names": ["Cy", "Dee"]}', encoding="utf-8")
    assert names("--flash", flash, "list") == ["Cy (from config.json)", "Dee (from config.json)"]
    added = ["P%02d" % i for i in range(17)]
    said = names("--flash", flash, "add", *added)
    assert "dropped the oldest (at most 16 names): P16" in said
    assert roster_file(flash)["names"] == added[:16]
    said = names("--flash", flash, "add", "Cy")
    assert roster_file(flash)["names"] == ["Cy"] + added[:15]
    said = names("--flash", flash, "remove", "Cy")
    assert said[1] == "Cy is also in config.json: it comes back at the next start (edit that file)"
    # What the firmware itself reads back at boot.
    got, last, starts, problem = roster.load(str(flash / "data" / "players.json"), ["Cy", "Dee"])
    assert problem is None and got == added[:15] + ["Cy"] and last is None and starts is None


def test_names_help_and_bad_input(tmp_path):
    out = run("names", "--help")
    assert out.returncode == 0 and "python -m host_tools names add" in out.stdout
    out = run("names", "--flash", tmp_path / "none", "list")
    assert out.returncode == 2 and out.stderr.strip() == (
        "names: no flash folder %s (make sim makes sim_flash at its first run)" % (tmp_path / "none")
    )
    out = run("names", "--flash", tmp_path, "add")
    assert out.returncode == 2 and out.stderr.strip() == "names: add needs a NAME"


def test_names_added_on_the_pc_leave_the_last_group_in_its_seats():
    """Issue #38: a table of Ann, Bob, Cy, Dan plays; `names add` on the PC puts three
    names at the front of the roster; the next I Go setup and the deck's still seat
    the last group, with its starter, the new names wait in the pickers (issue #45:
    not in the seats beyond, P5 and P6)."""
    from canvas_record import Rig

    rig = Rig(names=["Ann", "Bob", "Cy", "Dan"])
    try:
        setup = rig.setup()
        rig.to_line("1 ")
        rig.nav("ok")
        rig.choose("Bob")  # Bob and Ann change seats (after a yes, where asked)
        if rig.screen() == "Confirm":
            rig.nav("ok")
        assert setup.names() == ["Bob", "Ann", "Cy", "Dan"]
        rig.start()
        assert rig.app.match.names == ["Bob", "Ann", "Cy", "Dan"]
        rig.app.save()
        said = names("--flash", rig.root, "add", "Zoë", "Łukasz", "Annabelle-Marie")
        assert said[2] == "added Annabell (cut to the screen's 8 characters from Annabelle-Marie)"
        rig.boot()
        rig.nav("back")  # the Continue list's match aside: home
        setup = rig.setup()
        assert setup.names() == ["Bob", "Ann", "Cy", "Dan"]
        assert setup.seated[4:6] == ["P5", "P6"] and setup.value("first") == "Ann"  # Ann started, in seat 2
        assert roster_file(rig.root)["starts"] == "Ann"
        rig.nav("back")
        rig.choose("Corsica deck")
        assert rig.app.top().names()[:4] == ["Bob", "Ann", "Cy", "Dan"]
        assert roster_file(rig.root)["last"] == ["Bob", "Ann", "Cy", "Dan"]
        names("--flash", rig.root, "remove", "Cy")  # leaves the group too
        assert roster_file(rig.root)["last"] == ["Bob", "Ann", "Dan"]
    finally:
        rig.close()


def test_without_a_pico_the_message_names_the_simulators_flash(tmp_path):
    """No Pico plugged in: names and pull (which take a flash folder) say how to reach
    the simulator's, as options or, run by make, as make's variables; deploy, which
    takes none, names only the port."""
    import subprocess

    from host_tools import ROOT, UserError
    from host_tools.device import mpremote_port, picoports

    def said(**kw):
        try:
            mpremote_port.find_port([], **kw)
        except UserError as exc:
            return str(exc)
        raise AssertionError("found a Pico")

    head = "no Pico found (USB id 2e8a:0005, MicroPython): plug one in or give "
    assert said(flash=True) == head + "--port, or --flash sim_flash for the simulator's flash folder"
    assert said() == head + "--port"
    os.environ[mpremote_port.VIA_MAKE] = "1"
    try:
        assert said(flash=True) == head + "PORT=/dev/ttyACM0, or FLASH=sim_flash for the simulator's flash folder"
    finally:
        del os.environ[mpremote_port.VIA_MAKE]
    if picoports.micropython_ports():
        return  # a Pico on this machine: the commands would find it
    out = run("names", "add", "Zoë")
    assert out.returncode == 2
    assert out.stderr.strip() == "names: " + head + "--port, or --flash sim_flash for the simulator's flash folder"
    # make names: the same through make, naming make's variables; FLASH= reaches the folder.
    make = ["make", "--no-print-directory", "-o", ".venv/.installed"]
    out = subprocess.run(make + ["names", "ADD=Zoë"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode != 0
    assert "names: " + head + "PORT=/dev/ttyACM0, or FLASH=sim_flash for the simulator's flash folder" in out.stderr
    flash = tmp_path / "flash"  # not there yet: add makes it, the simulator starts from it
    out = subprocess.run(
        make + ["names", "ADD=Zoë Ann", "FLASH=%s" % flash], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "made the flash folder %s: the simulator starts from it (--flash %s)" % (flash, flash) in out.stdout
    assert roster_file(flash)["names"] == ["Zoë", "Ann"]
    out = subprocess.run(make + ["names", "FLASH=%s" % flash], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.stdout.splitlines()[-2:] == ["Zoë", "Ann"]
