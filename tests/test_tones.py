"""tones.py and app.out's sound and light: distinct tones, volume and brightness, the
non-blocking player; the settings screen leaves out what a board does not have."""

from canvas_record import Rig
from corsica_rig import FakeHw

from table.device import tones
from table.device.signals import Signals


def test_the_tones_are_distinct():
    names = ("won", "false", "tie", "saved", "reslap", "error")
    patterns = [tones.TONES[n] for n in names]
    assert len(set(patterns)) == len(names)
    firsts = [p[0] for p in patterns]
    assert len(set(firsts)) == len(names)  # told apart from the first note on
    for p in patterns:
        assert sum(ms for _, ms in p) <= 400  # short: never in the way of the next slap


def test_a_tone_plays_its_notes_and_rests_on_time_across_the_wrap():
    hw = FakeHw(3)
    out = Signals(hw)
    t = (1 << 30) - 30
    out.tick(t)
    out.notes = ((100, 20), (0, 10), (200, 30))  # as play() sets them
    out.note_ms = t
    out.tick(t)
    assert hw.beeps == [(100, 20)]
    out.tick(t + 19)
    out.tick(t + 20)  # the rest
    out.tick((t + 29) & ((1 << 30) - 1))
    assert hw.beeps == [(100, 20)]
    out.tick((t + 30) & ((1 << 30) - 1))
    assert hw.beeps == [(100, 20), (200, 30)]
    out.tick(t + 100)
    assert len(hw.beeps) == 2


class LedHw(FakeHw):
    """FakeHw that keeps the duty each LED was last lit at."""

    def __init__(self, players):
        FakeHw.__init__(self, players)
        self.led_duty = {}

    def led(self, i, on, duty=65535):
        FakeHw.led(self, i, on, duty)
        if on:
            self.led_duty[i] = duty


def test_volume_and_brightness_steps_map_to_duty():
    hw = LedHw(3)
    out = Signals(hw)
    out.led(0, True)
    for level in range(4):
        out.configure({"volume": level, "led_level": level})  # the lit LED at once
        assert out.volume_duty == (0, 1000, 5000, 32768)[level]
        assert hw.led_duty[0] == (0, 1024, 8192, 65535)[level]


def test_out_plays_at_the_set_volume_and_lights_at_the_set_brightness():
    hw = LedHw(3)
    out = Signals(hw)
    out.configure({"volume": 1, "led_level": 2})
    out.led(1, True)
    assert hw.led_duty[1] == 8192
    out.tick(1000)
    out.play("won")
    assert hw.beeps == [tones.TONES["won"][0]] and hw.duties == [1000]
    out.tick(1060)  # the rest: nothing new
    out.tick(1080)
    assert hw.beeps[-1] == tones.TONES["won"][2]
    out.configure({"volume": 0, "led_level": 3})  # mute
    out.play("false")
    assert hw.beeps[-1] == tones.TONES["won"][2] and hw.stopped == 1  # silent
    out.configure({"volume": 2, "led_level": 3})
    out.play("tie")
    out.all_off()  # leaving the screen ends the melody
    stopped = hw.stopped
    out.tick(5000)
    assert hw.stopped == stopped and len(hw.beeps) == 3


def test_settings_list_volume_and_leds_only_where_the_board_has_them():
    for leds, buzzer, shown in (((6, 7), 27, ("Volume", "LEDs")), ((), None, ())):
        rig = Rig()
        try:
            rig.app.out = Signals(FakeHw(2, leds, buzzer))
            rig.app.push(rig.app.screen("settings"))
            items = rig.app.top().items
            text = rig.text()
            assert ("volume" in items) == ("Volume" in shown)
            assert ("led_level" in items) == ("LEDs" in shown)
            assert items[-1] == "hwtest" and "Dim after 2min" in rig.app.top().rows(15)
            assert text.endswith("Points that win an I Go game")  # the highlighted line's help
        finally:
            rig.close()


def test_changing_the_volume_plays_a_sample_and_is_saved():
    rig = Rig()
    try:
        hw = FakeHw(2)
        rig.app.out = Signals(hw)
        rig.app.push(rig.app.screen("settings"))
        screen = rig.app.top()
        screen.index = screen.items.index("volume")
        rig.nav("ok up")
        assert hw.beeps and hw.duties[-1] == 32768  # volume 3
        rig.nav("ok")
        assert rig.app.settings["volume"] == 3
        rig.boot()
        assert rig.app.settings["volume"] == 3
    finally:
        rig.close()
