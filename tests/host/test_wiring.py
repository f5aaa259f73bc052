"""Wiring diagrams: drawn from the board files, and the committed ones are current."""

import os

import pytest
from PIL import Image, ImageChops

from host_tools import ROOT, UserError
from host_tools.ship import wiring
from host_tools.sim.sim import load_board

DOCS = os.path.join(ROOT, "docs", "wiring")


def test_committed_diagrams_equal_a_fresh_rendering(tmp_path):
    written = wiring.write_all(str(tmp_path))
    names = sorted(os.path.basename(p) for p in written)
    assert names == sorted(n for n in os.listdir(DOCS) if n.endswith(".png")), (
        "docs/wiring/ differs from boards/: run make wiring"
    )
    for name in names:
        fresh = Image.open(tmp_path / name).convert("RGB")
        committed = Image.open(os.path.join(DOCS, name)).convert("RGB")
        assert fresh.size == committed.size and ImageChops.difference(fresh, committed).getbbox() is None, (
            "docs/wiring/%s is out of date: run make wiring" % name
        )


def test_labels_follow_the_board_file():
    board = load_board("pico_duo")
    labels = wiring.pin_labels(board)
    assert labels[6] == ("SSD1306 SDA (I2C0)", "oled")
    assert labels[7] == ("SSD1306 SCL (I2C0)", "oled")
    assert labels[14] == ("button up -> GND", "nav")
    assert labels[17] == ("button back -> GND", "nav")
    assert labels[21] == ("player 1 button -> GND", "player")
    assert labels[22] == ("player 2 button -> GND", "player")
    assert labels[36] == ("SSD1306 VCC", "power") and labels[38] == ("SSD1306 GND", "power")
    assert labels[34] == ("leave open (hardware test)", "probe")  # TEST_PIN, GP28
    assert len(labels) == 11  # no LEDs, no buzzer on this board
    full = wiring.pin_labels(load_board("pico"))
    assert full[32] == ("piezo buzzer -> GND", "buzzer")  # GP27
    assert [full[p][0] for p in (9, 10, 11, 12, 19, 20)] == ["player %d LED (330 ohm)" % i for i in range(1, 7)]
    moved = dict(board, PLAYER_PINS=(26, 22))
    labels = wiring.pin_labels(moved)
    assert labels[31][0] == "player 1 button -> GND" and labels[29][0] == "player 2 button -> GND"


def test_header_pin_numbers():
    assert [wiring.GPIO_PIN[g] for g in (0, 1, 2, 15, 16, 22, 26, 28)] == [1, 2, 4, 20, 21, 29, 31, 34]
    assert sorted(wiring.HEADER) == list(range(1, 41))
    assert [p for p, n in wiring.HEADER.items() if n == "GND"] == [3, 8, 13, 18, 23, 28, 33, 38]


def test_impossible_wiring_is_refused():
    board = load_board("pico_duo")
    with pytest.raises(UserError, match="GP25 is not on the Pico's header"):
        wiring.pin_labels(dict(board, BUZZER_PIN=25))
    with pytest.raises(UserError, match="GP4 is wired twice"):
        wiring.pin_labels(dict(board, PLAYER_PINS=(16, 4)))


def test_hardware_guide_wiring_table_matches_the_reference_board():
    with open(os.path.join(ROOT, "docs", "hardware.md"), encoding="utf-8") as f:
        text = f.read()
    section = text.split("## Wiring (reference build, `boards/pico.py`)")[1].split("\n## ")[0]
    listed = {}
    for row in section.splitlines():
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) == 3 and cells[1].startswith("GP"):
            gpios = [int(g.strip()[2:]) for g in cells[1].split(",")]
            pins = [int(p) for p in cells[2].split(",")]
            assert [wiring.GPIO_PIN[g] for g in gpios] == pins, row
            listed.update(zip(pins, [cells[0]] * len(pins)))
    used = {pin for pin, (_, kind) in wiring.pin_labels(load_board("pico")).items() if kind != "power"}
    assert set(listed) == used


def test_hardware_guide_links_every_diagram():
    with open(os.path.join(ROOT, "docs", "hardware.md"), encoding="utf-8") as f:
        text = f.read()
    for name, _ in wiring.wired_boards():
        assert "(wiring/%s.png)" % name in text, name
