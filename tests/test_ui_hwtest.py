"""The hardware test screen (ui_hwtest) on a fake board: what hw.Hardware gives it
(button pins and levels, the latency probe, LEDs, beeper). The real firmware runs it
in the simulator in tests/host/test_hwtest_sim.py."""

import corsica_rig
from canvas_record import Rig

from table.screens import ui_hwtest


def fake_hw(players=2, leds=(6, 7), buzzer=22, test_pin=True):
    """The fake board (corsica_rig.FakeHw) with two players, two LEDs, a buzzer."""
    return corsica_rig.FakeHw(players, leds, buzzer, test_pin)


def rig_with(hw):
    """A Rig whose app runs on hw (corsica_rig.Table's)."""
    rig = corsica_rig.Table(hw=hw).rig
    rig.app.out.configure({"volume": 0, "led_level": 0})  # the test plays at full power
    return rig


def open_page(rig, index):
    rig.app.push(rig.app.screen("hwtest"))
    rig.app.top().index = index
    rig.nav("ok")
    return rig.app.top()


def drain(rig):
    rig.app.hw.ring.drain(rig.app.on_snapshot)


def test_spread_is_min_lower_median_max():
    assert ui_hwtest.spread([5]) == (5, 5, 5)
    assert ui_hwtest.spread([9, 1, 4, 7]) == (1, 4, 9)
    assert ui_hwtest.spread([3, 8, 1, 2, 9]) == (1, 3, 9)
    assert ui_hwtest.ms_text(5123) == "5.1"
    assert ui_hwtest.ms_text(999) == "0.9"


def test_settings_open_the_hardware_test():
    from table.version import VERSION

    rig = Rig()
    try:
        rig.app.push(rig.app.screen("settings"))
        settings = rig.app.top()
        settings.index = settings.items.index("hwtest")
        assert "Hardware test" in rig.shown()
        assert rig.canvas.title() == "Settings v" + VERSION  # the firmware's version, whole
        rig.nav("ok")
        assert type(rig.app.top()).__name__ == "HwTest"
        assert "Buttons" in rig.shown() and "Timing" in rig.shown()
        assert rig.canvas.title() == "HW test v" + VERSION
    finally:
        rig.close()


def cells(rig):
    """The Buttons page's cells as "name GPIO count", and those drawn inverted."""
    rig.shown()
    out = {}
    for text, x, y, scale, colour in rig.canvas.texts:
        if 9 < y < 55:
            key = (y, x // 64)
            words, inverted = out.get(key, ([], False))
            out[key] = (words + [text.strip()], colour == 0)
    shown = [" ".join(out[k][0]) for k in sorted(out)]
    inverted = [" ".join(out[k][0]) for k in sorted(out) if out[k][1]]
    return shown, inverted


def test_buttons_show_gpio_state_and_counts_and_only_a_held_back_leaves():
    hw = fake_hw()
    rig = rig_with(hw)
    try:
        page = open_page(rig, 0)
        assert type(page).__name__ == "Buttons"
        shown, inverted = cells(rig)
        assert shown == ["up 10 0", "dn 11 0", "ok 12 0", "bk 13 0", "P1 16 0", "P2 17 0"]
        assert inverted == [] and "hold back" in rig.shown()
        hw.down = 1 << 5  # p2 (index 5 of button_pins) down
        rig.app.tick(rig.t + 5)
        assert cells(rig)[1] == ["P2 17 0"]
        for t in range(120):  # p2's interrupts, down and up: the count goes to 3 digits
            hw.ring.record(t, 0, 17)
            drain(rig)
        rig.nav("back up up:long")  # shown, counted, not acted on
        assert rig.app.top() is page
        shown, _ = cells(rig)
        assert "P2 17 120" in shown and "bk 13 1" in shown and "up 10 2" in shown
        bad = rig.canvas.off_screen()
        assert not bad, bad
        for text, x, y, scale, colour in rig.canvas.texts:  # each cell's text stays in it
            if 9 < y < 55:
                assert x // 64 == (x + len(text) * 8 - 1) // 64, (text, x)
        p1 = 1 << 16
        hw.ring.record(1, 0x3FFFFFFF, 255)  # PIO capture or keypad: no pin, the levels
        hw.ring.record(2, 0x3FFFFFFF & ~p1, 255)  # p1 down
        hw.ring.record(3, 0x3FFFFFFF, 255)  # and up
        drain(rig)
        assert "P1 16 2" in cells(rig)[0]
        rig.nav("back:long")
        assert type(rig.app.top()).__name__ == "HwTest"
    finally:
        rig.close()


def test_pio_capture_counts_a_clean_press_and_release_as_two_like_pin_irqs():
    # PIO capture and keypad report the levels, not the pin: the page counts the
    # changes from the levels it opened with, so the first change counts too.
    hw = fake_hw()
    rig = rig_with(hw)
    try:
        open_page(rig, 0)
        p1, p2 = 1 << 16, 1 << 17
        hw.ring.record(1, 0x3FFFFFFF & ~p1, 255)  # p1 down: the first snapshot
        hw.ring.record(2, 0x3FFFFFFF, 255)  # and up
        drain(rig)
        shown = cells(rig)[0]
        assert "P1 16 2" in shown and "P2 17 0" in shown, shown
        for t in range(3, 5):  # p1 with pin interrupts: one per edge, the same count
            hw.ring.record(t, 0x3FFFFFFF, 16)
        drain(rig)
        assert "P1 16 4" in cells(rig)[0]
        rig.nav("back:long")
        hw.levels = 0x3FFFFFFF & ~p2  # p2 held when the page opens: its release counts
        open_page(rig, 0)
        hw.ring.record(5, 0x3FFFFFFF, 255)
        drain(rig)
        assert "P2 17 1" in cells(rig)[0] and "P1 16 0" in cells(rig)[0]
    finally:
        rig.close()


def test_timing_measures_probe_pulses_drained_by_the_loop():
    hw = fake_hw()
    rig = rig_with(hw)
    try:
        page = open_page(rig, 4)
        assert "measuring" in rig.shown()
        for i in range(ui_hwtest.PULSES):
            rig.app.tick(rig.t)  # the page pulses the probe
            hw.t_us += 5000 + 10 * i  # the rest of the loop pass
            drain(rig)
        assert page.irq_us == [7 + i for i in range(ui_hwtest.PULSES)]
        assert page.drain_us[0] == 5000 - 7 and page.drain_us[-1] == 5310 - 38
        text = rig.shown()
        assert "7/22/38" in text, text
        assert "4.9/5.1/5.2" in text, text
        assert "Timing GP28" in text
        rig.nav("back")
        assert hw.probes[0].closed
    finally:
        rig.close()


def test_a_board_without_test_pin_leds_or_buzzer_says_so():
    hw = fake_hw(leds=(), buzzer=None, test_pin=False)
    rig = rig_with(hw)
    try:
        open_page(rig, 4)
        assert "no TEST_PIN" in rig.shown()
        rig.nav("back")
        open_page(rig, 2)
        rig.app.tick(rig.t)
        text = rig.shown()
        assert "no LEDs" in text and "no buzzer" in text
        assert not hw.leds and not hw.beeps
    finally:
        rig.close()


def test_leds_light_in_turn_then_the_buzzer_plays():
    hw = fake_hw()
    rig = rig_with(hw)
    try:
        open_page(rig, 2)
        t = rig.t
        seen = []
        for step in range(60):
            rig.app.tick(t + 50 * step)
            lit = [i for i in sorted(hw.leds) if hw.leds[i]]
            if lit and (not seen or seen[-1] != lit):
                seen.append(lit)
        assert seen == [[0], [1]]
        assert [hz for hz, _ in hw.beeps] == [hz for hz, _ in ui_hwtest.TONES]
        assert set(hw.led_duties) == {65535, None}  # on at full brightness; off
        assert set(hw.duties) == {32768}  # at full volume
        assert "buzz GP22" in rig.shown()
    finally:
        rig.close()


def test_flash_test_writes_reads_back_and_removes_its_file():
    import os

    rig = Rig()
    try:
        lines = ui_hwtest.run_flash_test(rig.app.path(ui_hwtest.TEST_FILE))
        assert lines[:2] == ["write 1024 B ok", "read back ok"], lines
        assert ui_hwtest.TEST_FILE not in os.listdir(rig.root)
        lines = ui_hwtest.run_flash_test(rig.root + "/no_such_dir/x")
        assert lines[0].startswith("FAILED"), lines
    finally:
        rig.close()
