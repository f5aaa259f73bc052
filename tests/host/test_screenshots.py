"""make screenshots: the screen showing at a simulated time, the pictures composed."""

import pytest
from PIL import Image

from host_tools import UserError
from host_tools.sim import screen, screenshots


def shots_folder(tmp_path, times):
    shots = tmp_path / "shots"
    shots.mkdir()
    index = []
    for i, t in enumerate(times):
        frame = bytearray(128 * 64 // 8)
        frame[i] = 0xFF  # column i lit in the top page
        name = "screen-%03d.png" % (i + 1)
        screen.to_png(bytes(frame), str(shots / name), scale=2)
        index.append("%s %d\n" % (name, t))
    (shots / "screens.txt").write_text("".join(index))
    return shots


def test_screen_at_picks_the_one_showing(tmp_path):
    shots = shots_folder(tmp_path, [40, 900, 2500])
    assert screenshots.screen_at(str(shots), 40).endswith("screen-001.png")
    assert screenshots.screen_at(str(shots), 899).endswith("screen-001.png")
    assert screenshots.screen_at(str(shots), 900).endswith("screen-002.png")
    assert screenshots.screen_at(str(shots), 10**6).endswith("screen-003.png")
    with pytest.raises(UserError, match="no screen yet at 10 ms"):
        screenshots.screen_at(str(shots), 10)
    (shots / "screens.txt").unlink()
    with pytest.raises(UserError, match="no usable screens.txt"):
        screenshots.screen_at(str(shots), 100)


def test_compose_tiles_row_by_row(tmp_path):
    shots = shots_folder(tmp_path, [0, 1, 2, 3, 4])
    paths = [str(shots / ("screen-%03d.png" % i)) for i in range(1, 6)]
    out = tmp_path / "sheet.png"
    screenshots.compose(paths, str(out), columns=4)
    tile = Image.open(paths[0]).size
    sheet = Image.open(out)
    assert sheet.size == (4 * tile[0] + 3 * screenshots.GAP, 2 * tile[1] + screenshots.GAP)
    for i, path in enumerate(paths):
        x, y = (i % 4) * (tile[0] + screenshots.GAP), (i // 4) * (tile[1] + screenshots.GAP)
        assert sheet.crop((x, y, x + tile[0], y + tile[1])).tobytes() == Image.open(path).convert("RGB").tobytes()


def test_every_picture_comes_from_an_existing_session():
    names = screenshots.sessions()
    assert {"igo", "corsari", "referee"} <= set(names)
    for picture, wanted in screenshots.PICTURES.items():
        assert {name for name, _ in wanted} <= set(names), picture
        assert len(wanted) % screenshots.COLUMNS == 0, picture
