"""`python -m host_tools wiring [--out docs/wiring]`: a wiring diagram per board.

Draws the Pico's 40 header pins (USB at the top, pin 1 top left, pin 40 top right)
and labels each GPIO that a board file in boards/ uses — OLED SDA/SCL, navigation
buttons, player buttons, LEDs, buzzer, the hardware test's spare pin — and the OLED's
power pins, one PNG per board
(`<name>.png`; the simulator's board has no wiring). The pictures come from the board
files alone, so `tests/host/test_wiring.py` can check that the committed ones are
current: after changing a board file, run `make wiring`.
"""

import argparse
import ast
import os

from host_tools import BOARDS, ROOT, ArgumentParser, UserError, folder
from host_tools.ship import boards

# The Pico's (and Pico 2's) header: physical pin -> name.
HEADER = {
    1: "GP0",
    2: "GP1",
    3: "GND",
    4: "GP2",
    5: "GP3",
    6: "GP4",
    7: "GP5",
    8: "GND",
    9: "GP6",
    10: "GP7",
    11: "GP8",
    12: "GP9",
    13: "GND",
    14: "GP10",
    15: "GP11",
    16: "GP12",
    17: "GP13",
    18: "GND",
    19: "GP14",
    20: "GP15",
    21: "GP16",
    22: "GP17",
    23: "GND",
    24: "GP18",
    25: "GP19",
    26: "GP20",
    27: "GP21",
    28: "GND",
    29: "GP22",
    30: "RUN",
    31: "GP26",
    32: "GP27",
    33: "GND",
    34: "GP28",
    35: "ADC_VREF",
    36: "3V3(OUT)",
    37: "3V3_EN",
    38: "GND",
    39: "VSYS",
    40: "VBUS",
}
GPIO_PIN = {int(name[2:]): pin for pin, name in HEADER.items() if name.startswith("GP")}
OLED_VCC_PIN, OLED_GND_PIN = 36, 38

# Colours per kind of part: (line and label fill, label text).
KINDS = {
    "oled": ("#1f5fbf", "white"),
    "nav": ("#2e8b57", "white"),
    "player": ("#d2691e", "white"),
    "led": ("#c0392b", "white"),
    "buzzer": ("#7d3c98", "white"),
    "power": ("#444444", "white"),
    "probe": ("#888888", "white"),
}
BOARD_GREEN = "#1d6b3a"
PITCH = 30  # pixels between header pins
WIDTH = 980
BOARD_W = 210
TOP = 130  # y of pin 1


def pin_labels(board):
    """{physical pin: (label, kind)} for the parts a board definition wires."""
    uses = []
    i2c = "I2C%s" % board["I2C_ID"] if "I2C_ID" in board else "I2C"
    display = board.get("DISPLAY", "display").upper()
    uses.append((board["I2C_SDA"], "%s SDA (%s)" % (display, i2c), "oled"))
    uses.append((board["I2C_SCL"], "%s SCL (%s)" % (display, i2c), "oled"))
    for name, gpio in sorted(board.get("BUTTONS", {}).items(), key=lambda kv: kv[1]):
        uses.append((gpio, "button %s -> GND" % name, "nav"))
    for i, gpio in enumerate(board.get("PLAYER_PINS", ())):
        uses.append((gpio, "player %d button -> GND" % (i + 1), "player"))
    for i, gpio in enumerate(board.get("LED_PINS", ())):
        uses.append((gpio, "player %d LED (330 ohm)" % (i + 1), "led"))
    if board.get("BUZZER_PIN") is not None:
        uses.append((board["BUZZER_PIN"], "piezo buzzer -> GND", "buzzer"))
    if board.get("TEST_PIN") is not None:
        uses.append((board["TEST_PIN"], "leave open (hardware test)", "probe"))
    labels = {OLED_VCC_PIN: ("%s VCC" % display, "power"), OLED_GND_PIN: ("%s GND" % display, "power")}
    for gpio, label, kind in uses:
        pin = GPIO_PIN.get(gpio)
        if pin is None:
            raise UserError("%s: GP%s is not on the Pico's header" % (board["NAME"], gpio))
        if pin in labels:
            raise UserError("%s: GP%d is wired twice (%s, %s)" % (board["NAME"], gpio, labels[pin][0], label))
        labels[pin] = (label, kind)
    return labels


def summary(name):
    """The first paragraph of boards/NAME.py's docstring, on one line."""
    with open(os.path.join(BOARDS, name + ".py"), encoding="utf-8") as f:
        doc = ast.get_docstring(ast.parse(f.read())) or ""
    return " ".join(doc.split("\n\n")[0].split())


def pin_xy(pin, left):
    """Centre of a header pin's pad."""
    row = pin - 1 if pin <= 20 else 40 - pin
    x = left + 16 if pin <= 20 else left + BOARD_W - 16
    return x, TOP + row * PITCH


def notes(board):
    """The lines under the picture: how each kind of part is connected."""
    display = board.get("DISPLAY", "display").upper()
    lines = [
        "%s %dx%d at I2C address 0x%02X, %d kHz: VCC to 3V3(OUT) (pin 36), GND to "
        "GND (pin 38)."
        % (
            display,
            board.get("DISPLAY_WIDTH", 128),
            board.get("DISPLAY_HEIGHT", 64),
            board.get("DISPLAY_ADDR", 0x3C),
            board.get("I2C_FREQ", 400000) // 1000,
        ),
        "Buttons: GPIO -> button -> any GND pin (internal pull-ups, no resistors).",
    ]
    if board.get("LED_PINS"):
        lines.append("LEDs: GPIO -> 330 ohm -> LED long leg; short leg -> GND.")
    if board.get("BUZZER_PIN") is not None:
        lines.append("Piezo buzzer: GPIO -> buzzer -> GND (driven by PWM).")
    if board.get("TEST_PIN") is not None:
        lines.append("TEST_PIN: wired to nothing; the hardware test pulses it to time the interrupts.")
    return lines


def render(board, name):
    """The diagram of one board definition as a Pillow image."""
    from PIL import Image, ImageDraw, ImageFont

    title_font = ImageFont.load_default(size=22)
    font = ImageFont.load_default(size=14)
    small = ImageFont.load_default(size=12)
    labels = pin_labels(board)
    note_lines = notes(board)
    height = TOP + 20 * PITCH + 24 + 22 * len(note_lines)
    img = Image.new("RGB", (WIDTH, height), "white")
    d = ImageDraw.Draw(img)
    left = (WIDTH - BOARD_W) // 2
    d.text((20, 16), "boards/%s.py" % name, fill="black", font=title_font)
    d.text((20, 48), summary(name)[:120], fill="#333333", font=font)
    # The board, its USB socket, the chip.
    d.rounded_rectangle([left, TOP - 36, left + BOARD_W, TOP + 19 * PITCH + 22], 8, fill=BOARD_GREEN)
    d.rectangle(
        [left + BOARD_W // 2 - 28, TOP - 50, left + BOARD_W // 2 + 28, TOP - 22], fill="#b0b0b0", outline="#707070"
    )
    d.text((left + BOARD_W // 2, TOP - 36), "USB", fill="black", font=small, anchor="mm")
    d.rectangle([left + 70, TOP + 8 * PITCH, left + BOARD_W - 70, TOP + 11 * PITCH], fill="#222222")
    d.text((left + BOARD_W // 2, TOP + 9.5 * PITCH), "Pico", fill="white", font=font, anchor="mm")
    for pin, pin_name in sorted(HEADER.items()):
        x, y = pin_xy(pin, left)
        on_left = pin <= 20
        used = labels.get(pin)
        ground = pin_name == "GND"
        pad = "black" if ground else ("#e8c060" if used else "#c8b070")
        if ground:
            d.rectangle([x - 6, y - 6, x + 6, y + 6], fill=pad, outline="white")
        else:
            d.ellipse([x - 6, y - 6, x + 6, y + 6], fill=pad, outline="white")
        name_fill = "white" if used or ground else "#a8c8b0"
        if on_left:
            d.text((x + 12, y), pin_name, fill=name_fill, font=small, anchor="lm")
            d.text((left - 6, y), str(pin), fill="#666666", font=small, anchor="rm")
        else:
            d.text((x - 12, y), pin_name, fill=name_fill, font=small, anchor="rm")
            d.text((left + BOARD_W + 6, y), str(pin), fill="#666666", font=small, anchor="lm")
        if used:
            text, kind = used
            colour, text_colour = KINDS[kind]
            width = d.textlength(text, font=font) + 16
            if on_left:
                edge = left - 30
                d.line([x, y, edge, y], fill=colour, width=3)
                number_badge(d, left - 14, y, pin, colour, small)
                d.rounded_rectangle([edge - width, y - 11, edge, y + 11], 5, fill=colour)
                d.text((edge - width / 2, y), text, fill=text_colour, font=font, anchor="mm")
            else:
                edge = left + BOARD_W + 30
                d.line([x, y, edge, y], fill=colour, width=3)
                number_badge(d, left + BOARD_W + 14, y, pin, colour, small)
                d.rounded_rectangle([edge, y - 11, edge + width, y + 11], 5, fill=colour)
                d.text((edge + width / 2, y), text, fill=text_colour, font=font, anchor="mm")
    y = TOP + 20 * PITCH + 16
    for line in note_lines:
        d.text((20, y), line, fill="black", font=font)
        y += 22
    return img


def number_badge(d, x, y, pin, colour, font):
    """A used pin's physical number, on the line leading to its label."""
    d.rounded_rectangle([x - 11, y - 8, x + 11, y + 8], 4, fill="white", outline=colour, width=2)
    d.text((x, y), str(pin), fill="black", font=font, anchor="mm")


def wired_boards():
    """[(name, board settings)] for every board file that is real hardware, sorted."""
    wired = []
    for name in boards.names(BOARDS):
        board = boards.load(BOARDS, name)
        if not board.get("SIMULATED") and "I2C_SDA" in board:
            wired.append((name, board))
    return wired


def write_all(out):
    """Render every board into out/<name>.png (64 colours); return the paths written."""
    from PIL import Image

    folder(out, "--out")
    paths = []
    for name, board in wired_boards():
        path = os.path.join(out, name + ".png")
        render(board, name).convert("P", palette=Image.Palette.ADAPTIVE, colors=64).save(path, optimize=True)
        paths.append(path)
    return paths


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools wiring",
        example=("python -m host_tools wiring\npython -m host_tools wiring --out build/wiring"),
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--out",
        default=os.path.join(ROOT, "docs", "wiring"),
        metavar="DIR",
        help="folder for the PNGs (default docs/wiring)",
    )
    args = parser.parse_args(argv)
    try:
        for path in write_all(args.out):
            print(os.path.relpath(path))
    except OSError as exc:
        raise UserError(str(exc))
    return 0
