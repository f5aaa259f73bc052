"""Display sleep in scripted sessions: the real firmware in the simulator, whose
panel model shows the contrast and the display's on/off state in every screen."""

import json
import os

import simulator
from PIL import Image

from host_tools.sim import screen


def session(tmp_path, script, dim_min=1, off_min=2):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "state.json").write_text(
        json.dumps({"v": 1, "settings": {"display_dim_min": dim_min, "display_off_min": off_min}, "match": None})
    )
    shots = tmp_path / "shots"
    simulator.run_ok("--script", simulator.script_file(tmp_path, script), "--flash", flash, "--screens", shots)
    out = []
    for name in sorted(n for n in os.listdir(shots) if n.endswith(".png")):
        img = Image.open(shots / name).convert("RGB")
        glass = img.crop((8, 8, 8 + 4 * screen.WIDTH, 8 + 4 * screen.HEIGHT))  # scale 4
        brightest = sum(hi for _, hi in glass.getextrema())  # one colour of lit pixels
        out.append((screen.from_png(str(shots / name)), brightest))
    return out


FULL = sum(screen.lit())
DIM = sum(screen.lit(0))


def highlighted_row(frame):
    """The home menu's highlighted row (0 = the first under the title)."""
    for row in range(6):
        y = 10 + 9 * row
        if screen.pixel(frame, 1, y):
            return row
    return None


def test_dims_turns_off_a_nav_press_only_wakes_a_tap_wakes(tmp_path):
    shots = session(
        tmp_path,
        """\
125000 down press
125500 down press
190000 p1 press
""",
    )
    levels = [b for _, b in shots]
    frames = [f for f, _ in shots]
    home = frames[0]
    assert levels[:3] == [FULL, DIM, 0]  # dimmed after 1 min, dark after 2
    assert frames[1] == home  # dimmed: the same image
    # The first press only woke the display: the same home screen, bright.
    assert frames[3] == home and levels[3] == FULL and highlighted_row(home) == 0
    assert highlighted_row(frames[4]) == 1 and levels[4] == FULL  # the next press acts
    assert frames[5] == frames[4] and levels[5] == DIM  # idle again: dim
    assert frames[6] == frames[4] and levels[6] == FULL  # a player's tap woke it
    assert len(shots) == 7


def test_never_sleeps_with_zero_settings(tmp_path):
    shots = session(tmp_path, "130000 down press\n", dim_min=0, off_min=0)
    assert [b for _, b in shots] == [FULL, FULL]
    assert highlighted_row(shots[1][0]) == 1


def test_the_terminal_shows_a_dim_or_dark_display():
    from host_tools.sim import sim

    s = sim.Screens()
    s.handle(["frame", "100", "ff" * 1024, str(screen.NORMAL_LEVEL)])
    assert not [ln for ln in sim.render(s, {}, [], (80, 24)) if "display" in ln]
    s.handle(["frame", "200", "ff" * 1024, "0"])  # lowest contrast: dim, not dark
    lines = sim.render(s, {}, [], (80, 24))
    assert "display dim" in lines[18] and "\x1b[2m" in lines[1]
    s.handle(["frame", "300", "00" * 1024, "-1"])
    assert "display off" in sim.render(s, {}, [], (80, 24))[18]
