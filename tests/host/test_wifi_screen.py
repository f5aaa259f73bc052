"""Settings > Wi-Fi in the simulator (--board pico_w, scripted, simulated time): the
info page's text read back from the screen with the device's own font, both QR codes
decoded by zxing-cpp and compared with the flash's data/wifi.json and the simulator's
address, and ok cycling the mode (own -> join -> off), kept on the flash."""

import json
import os
import subprocess

import pytest
import simulator
import zxingcpp
from PIL import Image, ImageFilter

from host_tools import FIRMWARE, MICROPYTHON
from host_tools.sim import screen

pytestmark = pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="no .venv/bin/micropython")

SETTINGS_DOWNS = 9  # ui_settings.KEYS on a board with a buzzer and LEDs (pico_w): Wi-Fi is next
STEP = 200
BOOT_OK, TO_SETTINGS, OPEN_WIFI, CODES, BACK, TO_JOIN, TO_OFF = 1000, 1500, 5000, 6000, 7000, 8000, 9000


def script():
    lines = ["%d ok press  # the boot notice" % BOOT_OK]
    lines += ["%d down press" % (TO_SETTINGS + i * STEP) for i in range(4)]  # Home: to Settings
    lines.append("%d ok press" % (TO_SETTINGS + 4 * STEP))
    lines += ["%d down press" % (TO_SETTINGS + (6 + i) * STEP) for i in range(SETTINGS_DOWNS)]
    lines += [
        "%d ok press  # Wi-Fi" % OPEN_WIFI,
        "%d down press  # the QR codes" % CODES,
        "%d back press  # the info page" % BACK,
        "%d ok press  # own -> join" % TO_JOIN,
        "%d ok press  # join -> off" % TO_OFF,
    ]
    return "\n".join(lines) + "\n"


GLYPHS = (
    """
import sys
sys.path.insert(0, %r)
from table.device.canvas import Canvas
c = Canvas(8, 8)
for ch in range(32, 127):
    c.clear()
    c.text(chr(ch), 0, 0)
    print(ch, bytes(c.buffer).hex())
"""
    % FIRMWARE
)


def font():
    """The device's 8x8 font (framebuf's, through canvas.py on the unix port): each
    glyph's 64 pixels, row by row, to its character."""
    r = subprocess.run([MICROPYTHON, "-c", GLYPHS], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    glyphs = {}
    for line in r.stdout.splitlines():
        ch, hexed = line.split()
        columns = bytes.fromhex(hexed)  # MONO_VLSB: a byte a column, bit y
        glyphs[tuple((columns[x] >> y) & 1 for y in range(8) for x in range(8))] = chr(int(ch))
    return glyphs


def read_row(frame, glyphs, y, x0=0, inverse=False):
    """The text drawn at y from x0, a character each 8 pixels ('?' for what is no glyph)."""
    out = ""
    for x in range(x0, screen.WIDTH - 7, 8):
        cell = tuple(screen.pixel(frame, x + dx, y + dy) ^ inverse for dy in range(8) for dx in range(8))
        out += glyphs.get(cell, "?")
    return out.rstrip()


def page(frame, glyphs):
    """The title and the text lines of a screen (ui.draw_title, ui.row_y)."""
    title = read_row(frame, glyphs, 1, 1, inverse=True)
    return [title] + [read_row(frame, glyphs, 10 + 9 * row) for row in range(6)]


def decode_pair(path):
    """Both QR codes in the screen's PNG, as a phone's camera sees the panel (the
    dots' gaps blurred away, as tests/host/test_qr_decode.py): (left's, right's) text."""
    img = Image.open(path).convert("L").filter(ImageFilter.GaussianBlur(2))
    found = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)
    found.sort(key=lambda b: b.position.top_left.x)
    return [b.text for b in found]


def run_session(tmp_path, text=None, *extra):
    flash = tmp_path / "flash"
    flash.mkdir()
    shots = tmp_path / "shots"
    path = simulator.script_file(tmp_path, text or script())
    simulator.run_ok("--board", "pico_w", "--script", path, "--flash", flash, "--screens", shots, *extra)
    index = [line.split() for line in (shots / "screens.txt").read_text().splitlines()]
    return flash, [(int(t), shots / name) for name, t in index]


def at(shots, t_ms):
    """The screen shown at t_ms (the last that appeared before it)."""
    return [path for t, path in shots if t <= t_ms][-1]


def test_wifi_screen_shows_the_network_and_two_codes_that_decode(tmp_path):
    flash, shots = run_session(tmp_path)
    wifi = json.loads((flash / "data" / "wifi.json").read_text())
    ssid, password = wifi["ssid"], wifi["password"]
    assert ssid.startswith("Table-") and len(ssid) == 10 and len(password) == 10
    glyphs = font()

    info = page(screen.from_png(str(at(shots, CODES - 10))), glyphs)
    assert info[0] == "Wi-Fi: own net"
    assert info[1:6] == ["State: on", "Net: " + ssid, "Pass: " + password, "Page 127.0.0.1", "ok:mode hold:net"]
    assert info[6] == "down: QR codes"

    left, right = decode_pair(at(shots, BACK - 10))
    assert left == "WIFI:S:%s;T:WPA;P:%s;;" % (ssid, password)
    assert right == "http://127.0.0.1/"
    assert page(screen.from_png(str(at(shots, TO_JOIN - 10))), glyphs) == info  # back: the info page

    join = page(screen.from_png(str(at(shots, TO_OFF - 10))), glyphs)
    assert join[0] == "Wi-Fi: join"
    assert join[1].startswith("State: config.j")  # no "wifi" in config.json: said why
    assert "down: QR codes" not in join

    off = page(screen.from_png(str(at(shots, TO_OFF + 900))), glyphs)
    assert off[0] == "Wi-Fi: off"
    assert off[1] == "State: off"
    assert not any(line.startswith(("Net:", "Page", "down:")) for line in off)

    assert wifi["mode"] == "off"  # the last mode kept on the flash (the network shown was its own)


def test_a_radio_that_did_not_start_is_said_with_what_to_do(tmp_path):
    # The emulated Pico W: "[CYW43] Failed to start CYW43", then active() True and the
    # address 0.0.0.0; the screen said "State: on" and "Page 0.0.0.0"
    text = script().split("%d down press" % CODES)[0] + "16000 back press\n"
    flash, shots = run_session(tmp_path, text, "--radio", "dead")
    glyphs = font()
    early = page(screen.from_png(str(at(shots, OPEN_WIFI + 500))), glyphs)
    assert early[0] == "Wi-Fi: own net" and early[1] == "State: starting"
    late = page(screen.from_png(str(at(shots, 15900))), glyphs)  # START_MS after the boot's start
    assert late[1:3] == ["State: no radio", "Power off and on"]
    assert not any(line.startswith(("Page", "down:")) for line in late)  # no address, no codes
