"""The simulator sees the name editor's list of first names however it runs the
firmware (issue #45): compiled and deployed (as deploy ships it, beside its module),
deployed as source (--source), and frozen in (--frozen: at the flash root, as deploy
--frozen ships it). Without it the editor would quietly type letter by letter."""

import os

from host_tools import FIRMWARE
from host_tools.sim import sim

LIST = os.path.join(FIRMWARE, "table", "screens", "firstnames.txt")


def _same(path):
    with open(path, "rb") as a, open(LIST, "rb") as b:
        return a.read() == b.read()


def test_the_list_is_beside_its_module_deployed_as_mpy_or_as_source(tmp_path):
    for source in (False, True):
        flash = str(tmp_path / ("source" if source else "mpy"))
        os.makedirs(flash)
        sim.install_firmware(flash, "sim", source)
        assert _same(os.path.join(flash, "table", "screens", "firstnames.txt")), source


def test_the_list_is_at_the_flash_root_with_the_firmware_frozen_in(tmp_path):
    flash = str(tmp_path / "frozen")
    sim.frozen_data(flash)
    assert _same(os.path.join(flash, "firstnames.txt"))
    with open(os.path.join(flash, "firstnames.txt"), "wb") as f:
        f.write(b"old")  # an older list is replaced
    sim.frozen_data(flash)
    assert _same(os.path.join(flash, "firstnames.txt"))
    assert not os.path.exists(os.path.join(flash, "table"))  # no module on the flash
