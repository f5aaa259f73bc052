"""Board definitions: a base plus what differs, resolved and checked at load."""

import os
import subprocess

import host_cli
import pytest

from host_tools import BOARDS, ROOT, UserError
from host_tools.ship import boards


def test_every_board_loads_and_states_only_its_differences():
    for name in boards.names():
        values = boards.load(BOARDS, name)
        assert values["NAME"] == name
        if name != "pico":
            with open(os.path.join(BOARDS, name + ".py")) as f:
                text = f.read()
            assert "from pico import *" in text and "BUTTONS" not in text
    duo = boards.load(BOARDS, "pico_duo")
    assert duo["PLAYER_PINS"] == (16, 17) and duo["LED_PINS"] == () and duo["BUZZER_PIN"] is None
    assert duo["BUTTONS"] == boards.load(BOARDS, "pico")["BUTTONS"]


def test_flat_source_is_one_module_that_imports_nothing(tmp_path):
    text = boards.flat_source(BOARDS, "pico_sh1106")
    assert not [ln for ln in text.splitlines() if ln.startswith(("import", "from"))]
    env = {}
    exec(text, env)
    assert env["DISPLAY"] == "sh1106" and env["I2C_SDA"] == 4 and env["NAME"] == "pico_sh1106"


@pytest.mark.parametrize(
    "body, says",
    [
        ("BUTTONS = {'up': 10, 'down': 11, 'ok': 12}\n", "BUTTONS has no 'back' button"),
        ("PLAYER_PINS = (16, 10)\n", "GPIO 10 used twice (up and p2)"),
        ("LED_PINS = (4,)\n", "GPIO 4 used twice (I2C_SDA and LED 1)"),
        ("DISPLAY_ADRR = 0x3D\n", "unknown setting DISPLAY_ADRR"),
        ("DISPLAY = 'ssd1309'\n", "DISPLAY must be one of ssd1306 sh1106"),
        ("BUZZER_PIN = '22'\n", "BUZZER_PIN must be a number or None"),
        ("PLAYER_PINS = ()\n", "PLAYER_PINS: 1 to 6 player buttons"),
        ("import os\n", "imports os"),
        ("NAME = \n", "mine.py:"),
        ("TEST_PIN = 16\n", "GPIO 16 used twice (p1 and TEST_PIN)"),
        ("BUZZER_PIN = 22\n", "BUZZER_PIN (GPIO 22) and LED 1 (GPIO 6) share a PWM slice"),
        ("LED_PINS = (6, 22)\nBUZZER_PIN = None\n", "LED 1 (GPIO 6) and LED 2 (GPIO 22) share a PWM channel"),
    ],
)
def test_bad_board_is_one_clear_line(tmp_path, body, says):
    (tmp_path / "pico.py").write_text(open(os.path.join(BOARDS, "pico.py")).read())
    (tmp_path / "mine.py").write_text("from pico import *\nNAME = 'mine'\n" + body)
    with pytest.raises(UserError) as err:
        boards.load(str(tmp_path), "mine")
    assert says in str(err.value) and "\n" not in str(err.value)


def test_unknown_board():
    with pytest.raises(UserError, match="unknown board 'nope'"):
        boards.load(BOARDS, "nope")


def test_device_says_one_line_for_a_bad_board(tmp_path):
    """On MicroPython: main.py refuses a hand-edited board in one line (boardspec),
    before the app is imported."""
    micropython = os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(micropython):
        pytest.skip("no micropython")
    (tmp_path / "board.py").write_text(boards.flat_source(BOARDS, "pico") + "LED_PINS = (12,)\n")
    code = (
        "import sys\nsys.path[:0] = [%r, %r]\n"
        "exec(open(%r).read())\nprint('table.app' in sys.modules, 'table.device.boardspec' in sys.modules)\n"
        % (str(tmp_path), os.path.join(ROOT, "firmware"), os.path.join(ROOT, "firmware", "main.py"))
    )
    out = subprocess.run([micropython, "-c", code], capture_output=True, text=True, timeout=60, cwd=str(tmp_path))
    # the app never imported (the check's module stays: nothing else runs)
    assert out.stdout.splitlines() == ["board pico: GPIO 12 used twice (ok and LED 1)", "False True"], (
        out.stdout,
        out.stderr,
    )
    (tmp_path / "board.py").write_text(boards.flat_source(BOARDS, "pico"))  # a good one
    out = subprocess.run([micropython, "-c", code], capture_output=True, text=True, timeout=60, cwd=str(tmp_path))
    assert out.stdout.splitlines()[-1] == "True False", (out.stdout, out.stderr)  # app started, the check unloaded


def test_sim_refuses_a_bad_board_in_one_line():
    out = host_cli.run("sim", "--board", "nope", "--script", os.devnull, timeout=60)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1


def test_the_reference_boards_have_independent_pwm_and_a_probe_pin():
    """The LEDs' brightness and the buzzer's tones do not disturb each other on the
    RP2040 (boardspec), and every MicroPython board has the hardware test's probe."""
    for name in boards.names():
        values = boards.load(BOARDS, name)
        leds = values["LED_PINS"]
        buzzer = values["BUZZER_PIN"]
        assert len({p % 16 for p in leds}) == len(leds), name
        assert buzzer is None or buzzer // 2 % 8 not in {p // 2 % 8 for p in leds}, name
        if values["RUNTIME"] == "micropython":
            assert values.get("TEST_PIN") is not None, name
