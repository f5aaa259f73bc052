"""hw.py against the simulator's fake machine and time, on the MicroPython unix port.

    micropython -X heapsize=192k tests/host/sim_hw_checks.py

Run in its own process by tests/host/test_sim.py (the fakes replace the built-in
`machine` and `time`; a process of its own keeps them away from the other tests).
The fakes: pins with switch bounce, IRQs at the simulated instant of each edge, hard
handlers with the heap locked, a simulated clock.
"""

import sys

_here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path[:0] = [
    _here + "/../../host_tools/sim/simdevice",
    _here + "/../../firmware",
    _here + "/../../boards",
    _here + "/..",
]

import time  # noqa: E402

import micropython  # noqa: E402
import pico_duo as Duo  # noqa: E402  (the real board definitions: a minimal one,
import pico_sh1106  # noqa: E402  (the SH1106 one,
import sim as Board  # noqa: E402  (and the simulator's)
import simcore  # noqa: E402
import simoled  # noqa: E402

from table.device import hw as hwmod  # noqa: E402  (`hw` names the Hardware in the checks)
from table.device.signals import Signals  # noqa: E402


def _setup(board=Board, start_us=5000000, sh1106=False):
    w = simcore.reset(real=False, start_us=start_us, seed=7)
    w.write = lambda line, n: None  # no report lines on the test output
    w.panel = simoled.Panel(sh1106)
    w.panel_addr = board.DISPLAY_ADDR
    w.buttons = dict(board.BUTTONS)
    for i, p in enumerate(board.PLAYER_PINS):
        w.buttons["p%d" % (i + 1)] = p
    for i, p in enumerate(board.LED_PINS):
        w.leds[p] = i
    w.buzzer = -1 if board.BUZZER_PIN is None else board.BUZZER_PIN
    return w, hwmod.Hardware(board), time


def _run(hw, time, ms, step=10):
    """Poll the nav buttons every `step` ms for `ms`; all events."""
    events = []
    for _ in range(ms // step):
        events += hw.poll_nav(time.ticks_ms())
        time.sleep_ms(step)
    return events


def _entries(ring):
    out = []
    while True:
        e = ring.pop()
        if e is None:
            return out
        out.append(e)


def test_a_simulated_board_never_loads_pio_capture():
    # (named to run first: a later check builds an rp2 board, which tries PIO)
    w, hw, time = _setup()
    assert hw.capture == "irq" and hw.capture_problem is None
    assert "table.device.pio_capture" not in sys.modules


def test_pio_board_without_pio_falls_back_to_pin_irqs():
    w, hw, time = _setup(board=Duo)  # CAPTURE = "pio", but no rp2 module here
    assert hw.capture == "irq" and len(hw.irq_handlers) == 2
    assert hw.capture_problem.startswith("PIO capture off (")
    w.button("p2", "down", w.now + 1000)
    time.sleep_ms(5)
    assert any(pin == 17 for _, _, pin in _entries(hw.ring))


def test_poll_nav_without_events_allocates_nothing():
    """(every main-loop pass makes it; the simulator's own allocations, world.own_bytes,
    are left out)"""
    import gc

    w, hw, time = _setup()
    hw.poll_nav(time.ticks_ms())
    gc.collect()
    gc.disable()  # a collection inside the loop would lose the count
    try:
        before = gc.mem_alloc() - w.own_bytes
        for _ in range(10):
            events = hw.poll_nav(time.ticks_ms())
        grown = gc.mem_alloc() - w.own_bytes - before
    finally:
        gc.enable()
    assert events == () and grown == 0, grown


def test_poll_nav_keeps_the_pio_anchor_near_the_cpu_clock():
    from table.device import pio_capture

    w, hw, time = _setup()
    cap = pio_capture.PioCapture(None, 16, 125000000, None, 0, 1, time.ticks_us)
    hw.capture, hw.ring = "pio", cap  # as on a board whose PIO capture started
    time.sleep_ms(100)
    hw.poll_nav(time.ticks_ms())
    assert 0 <= time.ticks_diff(time.ticks_us(), cap.anchor_us) < cap.step_us


def test_the_latency_probe_only_where_pin_irqs_time_the_taps():
    w, hw, time = _setup()
    assert hw.tester().no_probe is None
    hw.capture = "pio"  # the taps do not go through pin IRQs: the probe would not tell
    tester = hw.tester()
    assert tester.no_probe == "PIO capture" and tester.probe() is None
    hw.capture = "irq"
    test_pin = Board.TEST_PIN
    Board.TEST_PIN = None
    try:
        tester = hw.tester()
        assert tester.no_probe == "no TEST_PIN" and tester.probe() is None
    finally:
        Board.TEST_PIN = test_pin


def test_press_fires_irq_into_ring_with_bounce():
    w, hw, time = _setup()
    bit = hw.player_bits[0]
    t0 = time.ticks_us()
    w.button("p1", "down", w.now + 1000)
    time.sleep_ms(5)
    down = _entries(hw.ring)
    assert len(down) >= 3, down  # the fall and at least one bounce pair
    assert down[0][1] & bit == 0 and down[-1][1] & bit == 0
    for t, levels, pin in down:
        assert 1000 <= time.ticks_diff(t, t0) <= 3100
        assert levels & hw.player_bits[1]  # player 2 untouched: released
        assert pin == Board.PLAYER_PINS[0]  # the IRQ of player 1's pin took it
    assert hw.player_pressed(0) and not hw.player_pressed(1)
    w.button("p1", "up", w.now)
    time.sleep_ms(5)
    up = _entries(hw.ring)
    assert len(up) >= 3 and up[-1][1] & bit
    assert not hw.player_pressed(0)


def test_simultaneous_players_both_recorded():
    w, hw, time = _setup()
    t = w.now + 500
    w.button("p2", "press", t)
    w.button("p3", "press", t)
    time.sleep_ms(3)
    levels = _entries(hw.ring)[-1][1]
    assert levels & hw.player_bits[1] == 0 and levels & hw.player_bits[2] == 0


def test_irq_handler_allocates_nothing_and_records_its_pin():
    w, hw, time = _setup()
    micropython.heap_lock()
    try:
        for _ in range(4):
            for handler in hw.irq_handlers:
                handler(None)
    finally:
        micropython.heap_unlock()
    entries = _entries(hw.ring)
    assert len(entries) == 4 * len(Board.PLAYER_PINS)
    assert [e[2] for e in entries[: len(Board.PLAYER_PINS)]] == list(Board.PLAYER_PINS)


def test_allocating_hard_handler_fails_like_on_the_chip():
    w, hw, time = _setup()
    w.irq_error = lambda e: None  # keep the test output clean
    seen = []
    Pin = hwmod.Pin
    Pin(Board.PLAYER_PINS[5]).irq(handler=lambda p: seen.append([p]), hard=True)
    w.button("p6", "down", w.now)
    time.sleep_ms(3)
    assert seen == [] and w.irq_errors == 1  # MemoryError: heap locked; then disabled
    assert len(_entries(hw.ring)) == 0  # the handler replaced hw's on that pin


def test_poll_nav_short_press():
    w, hw, time = _setup()
    w.button("ok", "press", w.now + 20000)
    assert _run(hw, time, 400) == [("ok", "press")]


def test_poll_nav_long_then_repeat_no_press():
    w, hw, time = _setup()
    w.button("down", "down", w.now + 10000)
    events = _run(hw, time, 1000)
    w.button("down", "up", w.now)
    events += _run(hw, time, 200)
    kinds = [k for n, k in events]
    assert events[0] == ("down", "long") and "press" not in kinds
    # held ~990 ms: long at ~600-630, then a repeat every 150 ms
    assert 2 <= kinds.count("repeat") <= 3, events


def test_button_held_at_boot_gives_no_event():
    w = simcore.reset(real=False, start_us=0, seed=1)
    w.emit = lambda msg: None
    w.panel = simoled.Panel()
    w.panel_addr = 0x3C
    w.buttons = dict(Board.BUTTONS)
    w.pin(12).ext = 0  # ok held while powering up
    hw = hwmod.Hardware(Board)
    assert _run(hw, time, 100) == []
    w.button("ok", "up", w.now)
    assert _run(hw, time, 100) == []
    w.button("ok", "press", w.now)
    assert _run(hw, time, 200) == [("ok", "press")]


def test_ticks_wrap_is_handled():
    # ticks_ms and ticks_us both wrap 300 ms after boot.
    start = (1 << 30) * 1000 - 300000
    w, hw, time = _setup(start_us=start)
    assert time.ticks_ms() > (1 << 30) - 400
    w.button("back", "down", w.now + 250000)
    w.button("back", "up", w.now + 330000)
    w.button("up", "down", w.now + 400000)
    events = _run(hw, time, 1200)
    assert events[0] == ("back", "press") and events[1] == ("up", "long"), events
    assert time.ticks_ms() < 1000
    _entries(hw.ring)
    w.button("p1", "down", w.now + 10)
    time.sleep_ms(3)
    e = _entries(hw.ring)
    assert e and 0 < time.ticks_diff(e[0][0], time.ticks_add(time.ticks_us(), -3000)) < 3000


def test_display_leds_and_beep():
    w, hw, time = _setup()
    hw.canvas.fill_rect(0, 0, 128, 64)
    t0 = w.now
    hw.show()
    assert 20000 <= w.now - t0 <= 30000  # a full frame at 400 kHz: the bus time passes
    assert bytes(w.panel.visible()) == bytes(hw.canvas.buffer)
    out = Signals(hw)  # the LEDs' brightness setting lives there
    out.led(1, True)
    led = Board.LED_PINS[1]
    assert w.pin(led).level == 1 and w.pwm_output(led) == (hw.LED_FREQ, 65535)
    out.configure({"volume": 3, "led_level": 2})  # dimmer: the lit LED at once
    assert w.pwm_output(led) == (hw.LED_FREQ, 8192)
    out.led(1, False)
    assert w.pin(led).level == 0 and w.pwm_output(led)[1] == 0
    out.led(2, True)
    assert w.pwm_output(Board.LED_PINS[2]) == (hw.LED_FREQ, 8192)
    hw.beep(880, 50)
    assert w.tone == (880, hw.BEEP_DUTY)
    _run(hw, time, 70)
    assert w.tone == (0, 0)
    hw.beep(880, 50, 1000)  # quieter
    assert w.tone == (880, 1000)
    hw.beep(880, 50, 0)  # muted: no tone at all
    assert w.tone == (0, 0)


def test_pwm_channels_and_slices_are_shared_as_on_the_rp2040():
    w, hw, time = _setup()
    PWM = hwmod.PWM
    Pin = hwmod.Pin
    a = PWM(Pin(6))
    b = PWM(Pin(22))  # GPIO 22 = 6 + 16: the same channel, 3A
    c = PWM(Pin(7))  # 3B: the same slice, its own duty
    a.freq(1000)
    a.duty_u16(100)
    c.duty_u16(300)
    assert w.pwm_output(22) == (1000, 100) and w.pwm_output(7) == (1000, 300)
    b.freq(2000)
    assert w.pwm_output(6)[0] == 2000 and w.pwm_output(7)[0] == 2000
    assert w.pwm_output(3) == (0, 0)  # not in the PWM function


def test_the_simulators_bookkeeping_allocates_nothing():
    """The I2C display model, the frame, LED and tone reports, the button edges and a
    sleep take nothing from the heap (the firmware's figures are the firmware's):
    they all run with the heap locked, once the first frame made the world's buffers."""
    w, hw, time = _setup()
    out = bytearray(8192)  # what the reports wrote (made before the heap is locked)
    end = [0]

    def keep(line, n):
        p = end[0]
        for i in range(n):
            out[p + i] = line[i]
        end[0] = p + n

    w.write = keep
    hw.canvas.fill_rect(0, 0, 40, 20, 1)
    hw.show()
    time.sleep_ms(5)  # the first report: the buffer of the last frame is made
    first = bytes(w.panel.visible())
    hw.canvas.fill_rect(40, 20, 10, 10, 1)
    w.button("ok", "press", w.now + 1000)
    lines = bytes(out[: end[0]]).splitlines()
    end[0] = 0
    hw.display.invalidate()
    hw.show()  # the driver's slices are the firmware's: shown before the heap is locked
    page = (bytearray(b"\x00\xb0\x00\x10"), (b"\x40", bytes(range(128))))
    micropython.heap_lock()
    try:
        hw.display.i2c.writeto(w.panel_addr, page[0])  # page 0, column 0
        hw.display.i2c.writevto(w.panel_addr, page[1])  # its data, the control byte apart
        hw.led(0, True)
        hw.beep(880, 100)
        time.sleep_ms(200)  # reports the frame, the LED and the tone; the press's edges
        hw.beep(0, 0)
        time.sleep_ms(5)
    finally:
        micropython.heap_unlock()
    reported = bytes(out[: end[0]]).split(b"\n")
    kinds = [r.split()[0] for r in reported[:-1]]
    # The LED and the tone as they change, the frame at the sleep, the tone's end.
    assert kinds == [b"@sim:led", b"@sim:tone", b"@sim:frame", b"@sim:tone"] and reported[-1] == b"", kinds
    import binascii

    kind, ms, image, level = lines[0].split()
    assert (kind, level) == (b"@sim:frame", b"207") and 0 < int(ms) < w.ms() - 200, lines[0][:20]
    assert binascii.unhexlify(image) == first
    assert w.panel.visible() == w.last_frame and w.last_frame[:128] == bytes(range(128))


def test_minimal_board_and_sh1106():
    w, hw, time = _setup(board=Duo)
    assert hw.players == 2 and len(hw.player_bits) == 2
    hw.led(0, True)
    hw.beep(440, 10)
    hw.led(5, False)
    w, hw, time = _setup(sh1106=True, board=pico_sh1106)
    hw.canvas.fill_rect(0, 0, 3, 3)
    hw.show()
    assert w.panel.ram[2] == 7 and bytes(w.panel.visible()) == bytes(hw.canvas.buffer)


def _app_loop(w, hw, time, a, until_us):
    """app.step every 5 ms (as app.run) until the simulated clock reaches until_us."""
    from table import app as appmod

    while w.now < until_us:
        appmod.step(a, hw, time.ticks_ms())
        time.sleep_ms(5)


def test_a_frame_lost_to_an_i2c_error_is_sent_on_the_next_pass():
    """The display driver swallows an I2C error (it counts it); hw.show makes it an
    OSError, so the app draws again and the panel does not keep a stale frame."""
    import tmpfs

    from table import app as appmod
    from table.screens import ui

    w, hw, time = _setup()
    root = tmpfs.make_tmp_dir("glitch")
    try:
        a = appmod.App(root, hw)
        menu = ui.Menu(a, "Glitch", ["one", "two", "three"])
        a.push(menu)
        _app_loop(w, hw, time, a, w.now + 100000)
        before = bytes(w.panel.visible())
        menu.index = 2
        a.invalidate()
        addr = w.panel_addr
        w.panel_addr = addr + 1  # no ACK: the panel misses this frame
        try:
            appmod.step(a, hw, time.ticks_ms())
        finally:
            w.panel_addr = addr
        assert hw.display.errors == 1 and bytes(w.panel.visible()) == before
        _app_loop(w, hw, time, a, w.now + 100000)
        assert bytes(w.panel.visible()) == bytes(hw.canvas.buffer) != before
    finally:
        tmpfs.remove_tree(root)


def test_display_dims_turns_off_and_only_wakes_on_a_nav_press():
    import tmpfs

    from table import app as appmod
    from table.screens import ui

    class Catcher(ui.Menu):
        """A menu that also takes the player snapshots."""

        def __init__(self, a):
            ui.Menu.__init__(self, a, "Catcher", ["one", "two", "three"])
            self.snaps = 0

        def on_snapshot(self, t_us, levels, pin):
            self.snaps += 1

    w, hw, time = _setup()
    with tmpfs.TmpDir("sleep") as root:
        a = appmod.App(root, hw)
        a.settings["display_dim_min"] = 1
        a.settings["display_off_min"] = 2
        screen = Catcher(a)
        a.push(screen)
        p = w.panel
        cleared = p.data_while_off  # init clears the RAM before it turns the display on
        t0 = w.now
        _app_loop(w, hw, time, a, t0 + 59000000)
        assert p.on and p.contrast == hw.CONTRAST and any(p.visible())
        _app_loop(w, hw, time, a, t0 + 60100000)
        assert p.on and p.contrast == hw.DIM_CONTRAST and any(p.visible())  # dim
        w.button("down", "press", w.now)  # wakes only
        _app_loop(w, hw, time, a, w.now + 300000)
        assert screen.index == 0 and p.contrast == hw.CONTRAST
        w.button("down", "press", w.now)  # acted on: the display is awake
        _app_loop(w, hw, time, a, w.now + 300000)
        assert screen.index == 1
        screen.index = 1
        t1 = w.now
        _app_loop(w, hw, time, a, t1 + 120100000)
        assert not p.on and not any(p.visible())  # off: the glass is dark
        sent = p.bytes
        screen.index = 2  # something new to draw: not while the display is off
        a.invalidate()
        _app_loop(w, hw, time, a, w.now + 500000)
        assert p.bytes == sent and p.data_while_off == cleared
        w.button("up", "down", w.now)  # held: still one wake-up, no long or repeat
        _app_loop(w, hw, time, a, w.now + 1500000)
        w.button("up", "up", w.now)
        _app_loop(w, hw, time, a, w.now + 300000)
        assert p.on and screen.index == 2 and any(p.visible())
        _app_loop(w, hw, time, a, w.now + 120100000)
        assert not p.on
        w.button("p2", "press", w.now)  # a player's tap counts and wakes the display
        _app_loop(w, hw, time, a, w.now + 300000)
        assert screen.snaps >= 2 and p.on and p.contrast == hw.CONTRAST
        assert p.data_while_off == cleared  # never a byte of display data to a dark panel
        a.settings["display_dim_min"] = 0
        a.settings["display_off_min"] = 0  # never
        _app_loop(w, hw, time, a, w.now + 130000000)
        assert p.on and p.contrast == hw.CONTRAST


def main():
    import gc

    passed = failed = 0
    for name in sorted(globals()):
        fn = globals()[name]
        if name.startswith("test_") and callable(fn):
            gc.collect()  # each check starts from a collected heap
            try:
                fn()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAIL", name)
                sys.print_exception(e)
    print("micropython: %d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
