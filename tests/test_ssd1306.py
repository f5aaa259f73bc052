"""The display driver's dirty-run refresh, checked against the simulator's panel model."""

import simdevice_module
from raising import value_error

from table.device.ssd1306 import SSD1306
from table.rules.rng import Rng


def _simoled():
    return simdevice_module.load("simoled")


class RecordingI2C:
    """Counts the transfers and feeds them to a panel model."""

    def __init__(self, sh1106=False, fail=False):
        self.panel = _simoled().Panel(sh1106)
        self.transfers = []
        self.fail = fail

    def writeto(self, addr, buf):
        if self.fail:
            raise OSError(5)
        assert addr == 0x3C
        self.transfers.append(bytes(buf))
        self.panel.write(bytes(buf))

    def writevto(self, addr, vector):
        data = b"".join(bytes(b) for b in vector)
        self.writeto(addr, data)

    def sent(self):
        return sum(len(t) for t in self.transfers)


def _on(i2c):
    # The panel shows nothing until configured: turn it on for a driver without init().
    i2c.panel.write(bytes((0x00, 0xAF, 0x8D, 0x14, 0xA1, 0xC8)))
    i2c.transfers = []


def test_first_show_sends_whole_frame_unchanged_sends_nothing():
    i2c = RecordingI2C()
    _on(i2c)
    d = SSD1306(i2c)
    frame = bytearray(1024)
    for i in range(0, 1024, 7):
        frame[i] = i & 0xFF
    n = d.show(frame)
    assert n == 8 * (5 + 128) == d.last_update_bytes == d.bytes_sent == i2c.sent()
    assert bytes(i2c.panel.visible()) == bytes(frame)
    i2c.transfers = []
    assert d.show(frame) == 0 and i2c.transfers == [] and d.updates == 2


def test_one_character_change_sends_a_few_dozen_bytes():
    i2c = RecordingI2C()
    d = SSD1306(i2c)
    d.init()
    frame = bytearray(1024)
    assert d.show(frame) == 0  # init cleared the panel
    for x in range(8):  # one 8x8 character cell in page 3, column 40
        frame[3 * 128 + 40 + x] = 0x3C
    n = d.show(frame)
    assert 8 < n <= 48, n
    assert bytes(i2c.panel.visible()) == bytes(frame)


def test_init_turns_the_panel_on_and_clears_it():
    i2c = RecordingI2C()
    i2c.panel.ram[5] = 0xFF  # power-on garbage
    d = SSD1306(i2c)
    d.init()
    assert i2c.panel.on and i2c.panel.pump
    assert bytes(i2c.panel.visible()) == bytes(1024)
    d.power(False)
    assert not i2c.panel.on
    d.contrast(300)
    assert i2c.panel.contrast == 255


def test_init_sequences_are_the_controllers_own():
    """The bytes each controller is configured with (its datasheet's values)."""
    from table.device.ssd1306 import init_sequence

    ssd = "ae 2002 40 a1 a8%s c8 d300 da%s d580 d9f1 db30 81cf a4 a6 8d14"
    assert bytes(init_sequence(64, False)) == bytes.fromhex(ssd % ("3f", "12"))
    assert bytes(init_sequence(32, False)) == bytes.fromhex(ssd % ("1f", "02"))
    sh = "ae 40 a1 a8%s c8 d300 da12 d580 d922 db35 81cf ad8b 32 a4 a6"
    assert bytes(init_sequence(64, True)) == bytes.fromhex(sh % "3f")
    assert bytes(init_sequence(32, True)) == bytes.fromhex(sh % "1f")


def test_far_apart_changes_are_separate_runs():
    i2c = RecordingI2C()
    d = SSD1306(i2c)
    d.init()
    frame = bytearray(1024)
    frame[0] = 1
    frame[127] = 1
    assert d.show(frame) == 2 * (5 + 1)
    frame[10] = 1
    frame[13] = 1  # gap of 2: one run
    assert d.show(frame) == 5 + 4


def test_sh1106_uses_column_offset_2():
    i2c = RecordingI2C(sh1106=True)
    d = SSD1306(i2c, sh1106=True)
    d.init()
    frame = bytearray(1024)
    frame[0] = 0xAA  # page 0, column 0
    frame[7 * 128 + 127] = 0x55  # page 7, column 127
    d.show(frame)
    ram = i2c.panel.ram
    assert ram[2] == 0xAA and ram[7 * 132 + 129] == 0x55
    assert bytes(i2c.panel.visible()) == bytes(frame)


def test_random_edits_keep_panel_equal_to_frame():
    for sh1106 in (False, True):
        r = Rng(5)
        i2c = RecordingI2C(sh1106)
        d = SSD1306(i2c, sh1106=sh1106)
        d.init()
        frame = bytearray(1024)
        for _ in range(40):
            for _ in range(r.below(12)):
                frame[r.below(1024)] = r.below(256)
            d.show(frame)
            assert bytes(i2c.panel.visible()) == bytes(frame)
            assert bytes(d.shadow) == bytes(frame)


def test_i2c_error_is_counted_and_next_show_resends_everything():
    i2c = RecordingI2C()
    d = SSD1306(i2c)
    d.init()
    frame = bytearray(1024)
    frame[100] = 1
    i2c.fail = True
    assert d.show(frame) == 0 and d.errors == 1
    i2c.fail = False
    assert d.show(frame) == 8 * (5 + 128)
    assert bytes(i2c.panel.visible()) == bytes(frame)


def test_bad_frame_size_is_value_error():
    d = SSD1306(RecordingI2C())
    value_error(d.show, bytearray(100))
