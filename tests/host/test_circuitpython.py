"""The CircuitPython profile on the host (CPython only).

- Screens: the same App states drawn on MicroPython (the unix port, canvas.py over
  framebuf) and on CircuitPython's drawing path (canvas_displayio over Blinka's
  displayio, through the real adafruit_displayio_ssd1306 driver on a fake I2C bus
  whose bytes are played into a model of the SSD1306's RAM). Both give the 1024-byte
  page buffer; they must show the same texts at the same cell positions, the same
  pixels outside the text cells, ink in every non-blank cell and none in blank ones.
  The renderings are written as PNGs (side by side) into the test's tmp_path.
- hw_circuitpython with fake `board`, `digitalio`, `keypad`, `supervisor`, `busio`
  and `pwmio` modules: keypad events become tap snapshots for the judge, the nav
  events match hw.py's, a whole referee slap goes through cp_main.run's pass (app.step).
- deploy_to_drive into a directory standing in for the CIRCUITPY drive.
"""

import json
import os
import subprocess
import sys
import types

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

import adafruit_display_text  # noqa: F401
import adafruit_displayio_ssd1306  # noqa: F401
import displayio  # adafruit-blinka-displayio (requirements.txt)
import i2cdisplaybus  # noqa: E402
from adafruit_displayio_ssd1306 import SSD1306  # noqa: E402

from table.app import unload  # noqa: E402
from table.device import canvas_displayio  # noqa: E402

W, H = 128, 64

# --- the same App states on both runtimes -------------------------------------------

# Runs on MicroPython (subprocess) and CPython: drive an App to each screen and call
# emit(name, canvas) after drawing it on `canvas`.
SCENARIO = r'''
def scenario(root, canvas, emit):
    from table import app as appmod
    from table.screens import ui_corsica, ui_referee

    app = appmod.App(root)
    t = [0]

    def tick(n=1):
        for _ in range(n):
            t[0] += 100
            app.tick(t[0])

    def nav(keys):
        from canvas_record import nav_keys

        for name, kind in nav_keys(keys):
            app.on_nav(name, kind)
            tick()

    def shot(name):
        app.draw(canvas)
        emit(name, canvas)

    shot("home")
    nav("up ok")  # Settings is the last line
    shot("settings")
    nav("down*3 ok")
    shot("settings_editing")
    nav("ok back")
    nav("down ok")  # I Go (the menu wraps from Settings)
    shot("igo_setup")
    setup = app.top()
    nav("down*%d ok" % (len(setup.items) - 1 - setup.index))
    shot("start_drawn")  # a new table: the device drew who starts
    nav("ok")
    shot("score_sheet")
    nav("ok")
    shot("round_menu")
    nav("ok")
    shot("round_ender")
    nav("ok up:long up*3")
    shot("round_penalty")
    nav("ok up*7 ok up:long up:repeat ok up*2 ok")
    shot("round_review")
    nav("ok")
    shot("score_sheet_after_round")
    app.home()
    app.push(ui_corsica.RefereeSetup(app))
    shot("referee_setup")
    now = [5000000]
    referee = ui_referee.Referee(app, 3, 7, lambda: now[0])
    app.push(referee)
    shot("referee_idle")
    nav("ok")
    shot("referee_armed")
    up = 7  # players 1..3 released (bit p)
    for dt, player in ((0, 1), (2400, 0), (31000, 2)):
        up &= ~(1 << player)
        app.on_snapshot(now[0] + dt, up)
    tick(6)
    shot("referee_result")
    app.on_snapshot(now[0] + 200000, 7)  # all released
    now[0] += 1000000
    nav("ok")
    app.on_snapshot(now[0] + 100, 7 & ~1 & ~4)  # players 1 and 3 in one snapshot
    tick(6)
    shot("referee_tie")
    nav("down")
    shot("referee_false")
'''

MP_DRIVER = r'''
import json
import sys
sys.path.insert(0, %(firmware)r)
sys.path.insert(0, %(tests)r)
from table.device import canvas

class Recording(canvas.Canvas):
    def clear(self):
        canvas.Canvas.clear(self)
        self.texts = []

    def text(self, s, x, y, scale=1, color=1):
        if s:
            self.texts.append([s, x, y, scale, color])
        canvas.Canvas.text(self, s, x, y, scale, color)

def emit(name, c):
    print("SHOT " + name + " " + "".join("%%02x" %% b for b in c.buffer) + " "
          + json.dumps(c.texts))

%(scenario)s

c = Recording(128, 64)
c.texts = []
scenario(%(root)r, c, emit)
'''


def micropython_shots(root):
    """{name: (buffer bytes, [(s, x, y, scale, color)])} from the unix port."""
    script = MP_DRIVER % {
        "firmware": FIRMWARE,
        "tests": os.path.join(ROOT, "tests"),
        "scenario": SCENARIO,
        "root": root,
    }
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=4m", "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    shots = {}
    for line in proc.stdout.splitlines():
        if line.startswith("SHOT "):
            _, name, hexbuf, texts = line.split(" ", 3)
            texts = json.loads(texts)
            shots[name] = (bytes.fromhex(hexbuf), [tuple(t) for t in texts])
    return shots


class FakeI2C:
    """busio.I2C with the simulator's SSD1306 model behind it (host_tools/sim/simdevice/
    simoled.py, the panel the sim board uses): every command the displayio driver
    sends counts, so a dark, mirrored or wrongly initialised panel shows."""

    def __init__(self, *args, **kwargs):
        from host_tools.sim.simdevice.simoled import Panel

        self.panel = Panel(False, W, H)
        self.locked = False
        self.writes = 0

    @property
    def ram(self):
        """What the glass shows (SSD1306 page layout)."""
        return self.panel.visible()

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def deinit(self):
        pass

    def writeto(self, address, buffer, *, start=0, end=None):
        self.writes += 1
        self.panel.write(bytes(buffer[start:end]))


def ssd1306(i2c):
    displayio.release_displays()
    bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=0x3C)
    return SSD1306(bus, width=W, height=H, auto_refresh=False)


def circuitpython_shots(root):
    """The same scenario through canvas_displayio and the displayio SSD1306 driver."""
    i2c = FakeI2C()
    display = ssd1306(i2c)
    canvas = canvas_displayio.Canvas(W, H)
    display.root_group = canvas.group
    shots = {}

    def emit(name, c):
        display.refresh()
        shots[name] = (bytes(i2c.ram), list(c.texts))

    env = {}
    exec(SCENARIO, env)
    env["scenario"](root, canvas, emit)
    displayio.release_displays()
    return shots


def pixel(buf, x, y):
    return buf[(y // 8) * W + x] >> (y % 8) & 1


def save_png(path, mp, cp):
    from PIL import Image

    img = Image.new("L", (2 * W + 4, H), 128)
    for x in range(W):
        for y in range(H):
            img.putpixel((x, y), 255 * pixel(mp, x, y))
            img.putpixel((W + 4 + x, y), 255 * pixel(cp, x, y))
    img.resize((img.width * 3, img.height * 3), Image.NEAREST).save(path)


def layout_problems(mp, cp, texts):
    """Where the CircuitPython buffer breaks the MicroPython layout."""
    problems = []
    text_area = set()  # pixels where a glyph of either font may be: not compared
    for s, x, y, scale, color in texts:
        for i, ch in enumerate(s):
            x0 = x + 8 * scale * i
            core = [
                (xx, yy)
                for xx in range(x0, x0 + 8 * scale)
                for yy in range(y, y + 8 * scale)
                if 0 <= xx < W and 0 <= yy < H
            ]
            # terminalio's descenders: 2 rows (x scale) below the cell; the dots of
            # i and j and the quotes: 1 row above it
            outside = [
                (xx, yy)
                for xx in range(x0, x0 + 8 * scale)
                for yy in list(range(y - scale, y)) + list(range(y + 8 * scale, y + 10 * scale))
                if 0 <= xx < W and 0 <= yy < H
            ]
            if ch == " ":  # compared below, like everything outside the glyphs
                continue
            text_area.update(core)
            text_area.update(outside)
            if not any(pixel(cp, *p) == color for p in core):
                problems.append("no ink for %r (cell %d of %r)" % (ch, i, s))
            if not any(pixel(mp, *p) == color for p in core):
                problems.append("MicroPython: no ink for %r (cell %d of %r)" % (ch, i, s))
    for y in range(H):
        for x in range(W):
            if (x, y) not in text_area and pixel(mp, x, y) != pixel(cp, x, y):
                problems.append("pixel (%d, %d) differs outside the text" % (x, y))
                if len(problems) > 10:
                    return problems
    return problems


NAMES = [
    "home",
    "settings",
    "settings_editing",
    "igo_setup",
    "start_drawn",
    "score_sheet",
    "round_menu",
    "round_ender",
    "round_penalty",
    "round_review",
    "score_sheet_after_round",
    "referee_setup",
    "referee_idle",
    "referee_armed",
    "referee_result",
    "referee_tie",
    "referee_false",
]


def test_screens_look_the_same_on_circuitpython_and_micropython(tmp_path):
    if not os.path.exists(MICROPYTHON):
        pytest.skip("no .venv/bin/micropython")
    (tmp_path / "mp").mkdir()
    (tmp_path / "cp").mkdir()
    mp = micropython_shots(str(tmp_path / "mp"))
    cp = circuitpython_shots(str(tmp_path / "cp"))
    assert sorted(mp) == sorted(NAMES)
    assert sorted(cp) == sorted(NAMES)
    for name in NAMES:
        mp_buf, mp_texts = mp[name]
        cp_buf, cp_texts = cp[name]
        save_png(str(tmp_path / ("%s.png" % name)), mp_buf, cp_buf)
        assert cp_texts == mp_texts, name  # same texts, same cells, scale, colour
        assert any(cp_buf), name
        problems = layout_problems(mp_buf, cp_buf, mp_texts)
        assert not problems, "%s: %s (see %s)" % (name, problems, tmp_path)
    # The states are the ones meant (a few spot checks on what was drawn).
    shown = {n: " | ".join(t[0] for t in cp[n][1]) for n in NAMES}
    assert shown["home"].startswith("Table referee | I Go")
    assert shown["start_drawn"].startswith("Drawn | P") and "(drawn by the" in shown["start_drawn"]
    assert shown["score_sheet"].startswith("Round 1, to 4") and "starts next" in shown["score_sheet"]
    assert "Penalty 1 of 4" in shown["round_penalty"]
    assert "FIRST TAP" in shown["referee_result"] and " P1      +2.4 ms" in shown["referee_result"]
    assert "RANDOM" in shown["referee_tie"] and "=P" in shown["referee_tie"]
    assert "FALSE: P1" in shown["referee_false"] and "xP1        first" in shown["referee_false"]


def test_cell_font_puts_terminalio_glyphs_into_8x8_cells():
    font = canvas_displayio.cell_font()
    g = font.get_glyph(ord("A"))
    assert g.shift_x == 8 and g.dx == 1  # 6-wide glyph, 1 px into its 8 px cell
    assert (font.ascent, font.descent) == (10, 2)
    assert font.get_glyph(0x2603).shift_x == 8  # not in the font: "?" in its cell
    c = canvas_displayio.Canvas(W, H)
    assert c.text_width("abc", 2) == 48
    c.center("ab", 20, 2)
    assert c.texts == [("ab", 48, 20, 2, 1)]
    c.text("", 0, 0)  # nothing drawn, as framebuf
    c.clear()
    assert c.texts == [] and not any(lab.hidden is False for lab in c._labels)


class BuiltinMetrics:
    """terminalio.FONT as CircuitPython's built-in font reports it: every glyph the
    whole 12-row box, dx = dy = 0 (Blinka's BDF copy says dy = -2)."""

    def __init__(self, font):
        self.font = font

    def get_bounding_box(self):
        return self.font.get_bounding_box()

    def get_glyph(self, codepoint):
        g = self.font.get_glyph(codepoint)
        if g is None:
            return None
        return types.SimpleNamespace(
            bitmap=g.bitmap,
            tile_index=g.tile_index,
            width=g.width,
            height=g.height,
            dx=0,
            dy=g.dy + 2,
            shift_x=g.shift_x,
            shift_y=g.shift_y,
        )


def test_text_sits_in_its_cell_with_either_font_metrics(monkeypatch):
    import terminalio

    rows = {}
    for name, font in (("blinka", terminalio.FONT), ("circuitpython", BuiltinMetrics(terminalio.FONT))):
        monkeypatch.setattr(canvas_displayio, "_font", canvas_displayio.CellFont(font))
        i2c = FakeI2C()
        display = ssd1306(i2c)
        canvas = canvas_displayio.Canvas(W, H)
        display.root_group = canvas.group
        canvas.text("MEH", 0, 20)
        canvas.text("M", 64, 40, 2)
        display.refresh()
        buf = bytes(i2c.ram)
        displayio.release_displays()
        rows[name] = (
            [y for y in range(H) if any(pixel(buf, x, y) for x in range(0, 24))],
            [y for y in range(H) if any(pixel(buf, x, y) for x in range(64, 80))],
        )
    assert rows["blinka"] == rows["circuitpython"]
    small, big = rows["blinka"]
    assert (small[0], small[-1]) == (20, 27)  # capitals fill the cell's rows 0..7
    assert (big[0], big[-1]) == (40, 55)


def test_canvas_clips_shapes_like_framebuf():
    c = canvas_displayio.Canvas(W, H)
    c.fill_rect(-5, -5, 10, 10, 1)
    c.rect(120, 60, 20, 20, 1)
    c.hline(0, 63, 500, 1)
    c.fill_rect(10, 10, 0, 5, 1)  # empty
    bm = c.bitmap
    assert bm[0, 0] == 1 and bm[4, 4] == 1 and bm[5, 5] == 0
    assert bm[120, 60] == 1 and bm[121, 61] == 0 and bm[127, 60] == 1
    assert all(bm[x, 63] == 1 for x in range(W))
    assert bm[10, 10] == 0


# --- hw_circuitpython with fake CircuitPython modules ---------------------------------


class World:
    """Pins that are down, the clock, what keypad and the outputs saw."""

    def __init__(self):
        self.down = set()  # GPIO numbers held
        self.ms = 1000  # supervisor.ticks_ms()
        self.keys = []  # every keypad.Keys made
        self.pwm = []
        self.i2c = None


def fake_modules(world):
    board = types.ModuleType("board")
    for n in range(29):
        setattr(board, "GP%d" % n, ("GP", n))

    digitalio = types.ModuleType("digitalio")

    class Pull:
        UP = "up"

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin
            self.value = False

        def switch_to_input(self, pull=None):
            self.value = self.pin[1] not in world.down  # pulled up: high unless held

        def switch_to_output(self, value=False):
            self.value = value

        def deinit(self):
            pass

    digitalio.Pull = Pull
    digitalio.DigitalInOut = DigitalInOut

    keypad = types.ModuleType("keypad")
    import keypad as blinka_keypad  # Blinka's: the real EventQueue (read-only overflowed)

    class Event:
        """CircuitPython's Event: read-only fields, with the scan's timestamp (Blinka's
        Event has none)."""

        def __init__(self, key_number=0, pressed=True, timestamp=None):
            self._key_number, self._pressed, self._timestamp = key_number, pressed, timestamp

        key_number = property(lambda self: self._key_number)
        pressed = property(lambda self: self._pressed)
        released = property(lambda self: not self._pressed)
        timestamp = property(lambda self: self._timestamp)

    class EventQueue(blinka_keypad.EventQueue):
        """Blinka's queue (its overflow, clear, len, read-only `overflowed`), with the
        timestamp CircuitPython's events carry."""

        def record(self, key_number, pressed, ts):
            if len(self._events) == self._events.maxlen:
                self._overflowed = True
            else:
                self._events.append(Event(key_number, pressed, ts))

        def get_into(self, ev):
            if not self._events:
                return False
            e = self._events.popleft()
            ev._key_number, ev._pressed, ev._timestamp = e.key_number, e.pressed, e.timestamp
            return True

    class Keys:
        def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64):
            self.pins = [p[1] for p in pins]
            self.value_when_pressed = value_when_pressed
            self.pull = pull
            self.interval = interval
            self.max_events = max_events
            self.events = EventQueue(max_events)
            world.keys.append(self)

        def key(self, gpio, pressed, ms=None):
            """The background scan saw GPIO gpio change (at ms, default now)."""
            ts = world.ms if ms is None else ms
            self.events.record(self.pins.index(gpio), pressed, ts)

    keypad.Event = Event
    keypad.Keys = Keys

    supervisor = types.ModuleType("supervisor")
    supervisor.ticks_ms = lambda: world.ms

    busio = types.ModuleType("busio")

    def make_i2c(scl, sda, frequency=100000):
        world.i2c = FakeI2C()
        world.i2c_pins = (scl, sda, frequency)
        return world.i2c

    busio.I2C = make_i2c

    pwmio = types.ModuleType("pwmio")

    class PWMOut:
        def __init__(self, pin, frequency=500, duty_cycle=0, variable_frequency=False):
            self.pin = pin
            self.frequency = frequency
            self.duty_cycle = duty_cycle
            world.pwm.append(self)

    pwmio.PWMOut = PWMOut
    return {
        "board": board,
        "digitalio": digitalio,
        "keypad": keypad,
        "supervisor": supervisor,
        "busio": busio,
        "pwmio": pwmio,
    }


@pytest.fixture
def cp(monkeypatch):
    """(world, hw_circuitpython module, boardcfg) with the fakes installed."""
    world = World()
    for name, mod in fake_modules(world).items():
        monkeypatch.setitem(sys.modules, name, mod)
    for name in ("hw_circuitpython", "cp_main", "boardcfg"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    from host_tools import BOARDS
    from host_tools.ship import boards

    cfg = boards.module(BOARDS, "circuitpython_pico")  # resolved, as deployed (boardcfg.py)
    from table.device import hw_circuitpython

    yield world, hw_circuitpython, cfg
    displayio.release_displays()
    unload("table.device.hw_circuitpython")
    sys.modules.pop("cp_main", None)


def keys_for(world, gpio):
    return [k for k in world.keys if gpio in k.pins][0]


def test_board_profile_is_the_pico_wiring_on_circuitpython(cp):
    world, hwmod, cfg = cp
    sys.path.insert(0, os.path.join(ROOT, "boards"))
    try:
        import pico
    finally:
        sys.path.remove(os.path.join(ROOT, "boards"))
    assert cfg.RUNTIME == "circuitpython" and pico.RUNTIME == "micropython"
    for key in (
        "DISPLAY",
        "DISPLAY_ADDR",
        "DISPLAY_WIDTH",
        "DISPLAY_HEIGHT",
        "I2C_SDA",
        "I2C_SCL",
        "I2C_FREQ",
        "BUTTONS",
        "PLAYER_PINS",
        "LED_PINS",
        "BUZZER_PIN",
    ):
        assert getattr(cfg, key) == getattr(pico, key), key
    assert cfg.USB_WRITE_BUTTON in cfg.BUTTONS


def test_hardware_builds_keypad_display_and_outputs(cp):
    world, hwmod, cfg = cp
    hw = hwmod.Hardware(cfg)
    assert world.i2c_pins == (("GP", 5), ("GP", 4), 400000)
    players = keys_for(world, 16)
    nav = keys_for(world, 10)
    assert players.pins == [16, 17, 18, 19, 20, 21]
    assert (players.value_when_pressed, players.pull, players.interval) == (False, True, 0.001)
    assert (nav.value_when_pressed, nav.pull, nav.interval) == (False, True, 0.02)
    assert nav.pins == [13, 11, 12, 10]  # sorted names: back down ok up
    assert hw.players == 6 and hw.player_bits == tuple(1 << p for p in cfg.PLAYER_PINS)
    assert hw.tap_resolution_us == 1000
    # The canvas is the display's root group; show() sends it through the driver.
    assert hw.display.root_group is hw.canvas.group
    hw.canvas.clear()
    hw.canvas.fill_rect(0, 0, 128, 9, 1)
    hw.show()
    assert world.i2c.ram[:128] == bytes([0xFF] * 128) and world.i2c.ram[128] == 0x01
    leds = world.pwm[1:]
    assert [p.pin for p in leds] == [("GP", n) for n in cfg.LED_PINS]
    assert world.pwm[0].pin == ("GP", cfg.BUZZER_PIN)
    from table.device.signals import Signals

    out = Signals(hw)  # the LEDs' brightness setting lives there
    out.led(2, True)
    assert leds[2].duty_cycle == 65535 and leds[1].duty_cycle == 0
    out.configure({"volume": 3, "led_level": 1})  # dimmer: the lit LED at once
    assert leds[2].duty_cycle == 1024 and leds[1].duty_cycle == 0
    hw.led(9, True)  # no such LED: nothing
    hw.beep(2000, 120)
    assert world.pwm[0].frequency == 2000 and world.pwm[0].duty_cycle == 32768
    world.ms += 100
    hw.poll_nav(0)
    assert world.pwm[0].duty_cycle == 32768
    world.ms += 20
    hw.poll_nav(0)
    assert world.pwm[0].duty_cycle == 0
    hw.beep(2000, 120, 1000)  # quieter
    assert world.pwm[0].duty_cycle == 1000
    hw.beep(2000, 120, 0)  # muted
    assert world.pwm[0].duty_cycle == 0


def test_a_display_refresh_error_is_an_oserror_as_on_micropython(cp):
    """displayio reports a failed I2C write as RuntimeError; the app's loop catches
    OSError (hw.show on both runtimes) and draws the frame again."""
    world, hwmod, cfg = cp
    hw = hwmod.Hardware(cfg)

    def refresh():
        raise RuntimeError("I2C write failed")

    hw.display.refresh = refresh
    with pytest.raises(OSError, match="I2C write failed"):
        hw.show()


def test_player_events_become_snapshots_with_millisecond_times(cp):
    world, hwmod, cfg = cp
    hw = hwmod.Hardware(cfg)
    keys = keys_for(world, 16)
    released = sum(hw.player_bits)
    assert hw.player_levels() & released == released
    keys.key(17, True, 5000)
    keys.key(16, True, 5000)  # the same scan: the same time
    keys.key(17, False, 5030)
    keys.key(18, True, 5002)
    assert hw.poll_players() == 4
    entries = []
    while len(hw.ring):
        t, levels, pin = hw.ring.pop()
        assert pin == 255  # tapring.NO_PIN  # keypad scans levels: no short contact to tell apart
        entries.append((t, levels))
    p1, p2, p3 = hw.player_bits[:3]
    assert entries == [
        (5000000, released & ~p2),
        (5000000, released & ~p2 & ~p1),
        (5030000, released & ~p1),
        (5002000, released & ~p1 & ~p3),
    ]
    assert hw.player_pressed(0) and not hw.player_pressed(1) and hw.player_pressed(2)
    # The judge: same-scan taps tie whatever the tie window (they cannot be ordered).
    from table.rules.judge import Judge, pin_of

    judge = Judge(3, [pin_of(b) for b in hw.player_bits[:3]], tie_window_us=100)
    judge.arm(4999000)
    for t, levels in entries:
        judge.snapshot(t, levels)
    result = judge.decide(seed=3)
    assert [(o["player"], o["margin_us"]) for o in result["order"]] == [(0, 0), (1, 0), (2, 2000)]
    assert result["tie"] == [0, 1]
    # A full keypad queue is counted like a full tap ring (and cleared, as the API
    # allows: `overflowed` is read-only).
    try:
        keys.events.overflowed = False
        assert False, "overflowed is writable"
    except AttributeError:
        pass
    hw.ring.drain(lambda *entry: None)
    lost_in_ring = hw.ring.overflows
    keys.events.__init__(hw.RING_SIZE)  # a queue the ring can take whole
    for k in range(hw.RING_SIZE):
        keys.key(16 + k % 3, k % 2 == 0, 6000 + k)
    assert keys.events.overflowed is False
    keys.key(16, True, 7000)  # the queue is full: this one is lost
    assert keys.events.overflowed
    hw.poll_players()
    assert hw.ring.overflows == lost_in_ring + 1 and keys.events.overflowed is False


def test_tap_times_stay_continuous_across_the_ticks_ms_wrap(cp):
    world, hwmod, cfg = cp
    from table.rules.ticks import ticks_diff

    last = hwmod.tap_us((1 << 29) - 1)
    first = hwmod.tap_us(0)
    assert ticks_diff(first, last) == 1000
    assert hwmod.ms_diff(3, (1 << 29) - 2) == 5
    world.ms = 1234
    assert hwmod.Hardware(cfg).now_us() == 1234000


def test_nav_events_match_hw_py(cp):
    world, hwmod, cfg = cp
    hw = hwmod.Hardware(cfg)
    nav = keys_for(world, 10)
    nav.key(12, True)  # ok down
    assert hw.poll_nav(0) == []  # "press" comes on release
    nav.key(12, False)
    assert hw.poll_nav(100) == [("ok", "press")]
    nav.key(10, True)  # up held: long after 600 ms, then repeats every 150 ms
    assert hw.poll_nav(1000) == []
    assert hw.poll_nav(1599) == []
    assert hw.poll_nav(1600) == [("up", "long")]
    assert hw.poll_nav(1700) == []
    assert hw.poll_nav(1750) == [("up", "repeat")]
    nav.key(10, False)
    assert hw.poll_nav(1800) == []  # no "press" after a long press


def test_display_dims_sleeps_and_a_waking_press_gives_no_event(cp):
    world, hwmod, cfg = cp
    from table.device import display_sleep

    hw = hwmod.Hardware(cfg)
    panel = world.i2c.panel
    assert panel.on and panel.contrast != 0
    hw.display_mode(display_sleep.DIM)
    assert panel.on and panel.contrast == 0
    hw.display_mode(display_sleep.OFF)
    assert not panel.on
    hw.display_mode(display_sleep.ON)
    assert panel.on and panel.contrast == 0xCF  # as hw.py's
    nav = keys_for(world, 10)
    assert not hw.nav_held()
    nav.key(11, True)  # down
    assert hw.poll_nav(0) == [] and hw.nav_held()
    hw.ignore_held_nav()  # the press woke the display
    nav.key(11, False)
    assert hw.poll_nav(50) == [] and not hw.nav_held()
    nav.key(11, True)
    nav.key(11, False)
    assert hw.poll_nav(100) == [("down", "press")]


def test_the_hardware_test_sees_keypad_buttons_and_has_no_probe(cp):
    world, hwmod, cfg = cp
    hw = hwmod.Hardware(cfg)
    t = hw.tester()
    pins = t.button_pins()
    assert pins[:4] == [("back", 13), ("down", 11), ("ok", 12), ("up", 10)]
    assert pins[4:] == [("p%d" % (i + 1), p) for i, p in enumerate(cfg.PLAYER_PINS)]
    assert t.buttons_down() == 0
    keys_for(world, 10).key(11, True)  # down
    keys_for(world, 16).key(17, True, 5)  # p2
    hw.poll_nav(0)
    hw.poll_players()
    assert t.buttons_down() == 1 << 1 | 1 << 5
    assert t.probe() is None and t.no_probe == "no interrupts"  # the Timing page says so


def test_buttons_held_at_boot(cp):
    world, hwmod, cfg = cp
    world.down = {13, 19}  # back and player 4
    hw = hwmod.Hardware(cfg)
    assert hw.player_pressed(3) and not hw.player_pressed(0)
    nav = keys_for(world, 10)
    nav.key(13, True)  # keypad's first scan reports the held button
    assert hw.poll_nav(0) == []
    nav.key(13, False)
    assert hw.poll_nav(10) == []  # ignored until released
    nav.key(13, True)
    nav.key(13, False)
    assert hw.poll_nav(20) == [("back", "press")]


def test_referee_slap_through_the_circuitpython_loop(cp, tmp_path, monkeypatch):
    world, hwmod, cfg = cp
    from table import app as appmod
    from table.screens import ui_referee

    hw = hwmod.Hardware(cfg)
    app = appmod.App(str(tmp_path), hw=hw)
    assert app.out.now_us() == world.ms * 1000  # the taps' keypad clock
    app.push(ui_referee.Referee(app, 3, 7))
    nav = keys_for(world, 10)
    players = keys_for(world, 16)
    now = [0]

    def step(ms=10):
        now[0] += ms
        world.ms += ms
        appmod.step(app, hw, now[0])  # cp_main.run's pass

    step()
    assert hw.canvas.texts[0][0] == "ok: pile changed"  # the referee, idle
    nav.key(12, True)
    step()
    nav.key(12, False)
    step()  # ok: the pile changed, armed at world.ms
    assert app.top().state == ui_referee.ARMED
    armed_ms = world.ms
    assert "ARMED: SLAP!" == hw.canvas.texts[0][0]
    players.key(18, True, armed_ms + 3)  # P3 first
    players.key(16, True, armed_ms + 5)
    players.key(16, False, armed_ms + 9)  # bounce
    players.key(16, True, armed_ms + 10)
    players.key(17, True, armed_ms - 1)  # before the pile changed: no tap
    step()
    for _ in range(50):
        step()
    screen = app.top()
    assert screen.state == ui_referee.SHOWN
    result = screen.result
    assert result["winner"] == 2
    assert [(o["player"], o["margin_us"]) for o in result["order"]] == [(2, 0), (0, 2000)]
    shown = [t[0] for t in hw.canvas.texts]
    assert "FIRST TAP" in shown and " P1      +2.0 ms" in shown
    assert hw._leds[2].duty_cycle == app.out.led_duty  # the winner's LED


def test_cp_main_refuses_a_bad_board_in_one_line_before_the_app_loads(cp, monkeypatch):
    world, hwmod, cfg = cp
    import cp_main

    monkeypatch.delitem(sys.modules, "table.app", raising=False)
    monkeypatch.setattr(cp_main, "run", lambda app, hw: None)  # (never reached)
    bad = types.ModuleType("boardcfg")  # a hand-edited boardcfg.py
    for key in dir(cfg):
        if key[:1].isupper():
            setattr(bad, key, getattr(cfg, key))
    bad.LED_PINS = (12,)
    with pytest.raises(ValueError) as err:
        cp_main.main(bad)
    assert type(err.value).__name__ == "BoardError"
    assert str(err.value) == "board circuitpython_pico: GPIO 12 used twice (ok and LED 1)"
    assert "table.app" not in sys.modules and world.keys == []  # nothing loaded or built


def test_cp_main_clock_is_a_30_bit_millisecond_ring(monkeypatch):
    import cp_main

    monkeypatch.setattr(cp_main.time, "monotonic_ns", lambda: (1 << 30) * 1000000 + 5000000)
    assert cp_main.ticks_ms() == 5


# --- deploy to the CIRCUITPY drive ---------------------------------------------------


def test_deploy_to_drive_copies_sources_then_nothing(tmp_path):
    from host_tools import UserError
    from host_tools.device.deploy import deploy_to_drive, missing_libraries
    from host_tools.device.deploy_transport import MANIFEST

    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "data").mkdir()
    (drive / "data" / "history.jsonl").write_text("{}\n")
    (drive / "state.json").write_text("{}")
    (drive / "settings.toml").write_text("")
    (drive / "code.py").write_text("print('Hello World!')\n")  # CircuitPython's own
    copied, removed, unchanged = deploy_to_drive(str(drive))
    names = sorted(p.name for p in drive.iterdir())
    assert "code.py" in names and "boardcfg.py" in names and "boot.py" in names
    assert "board.py" not in names and not any(n.endswith(".mpy") for n in names)
    assert "main.py" not in names and "cp_main.py" not in names
    package = {
        os.path.relpath(os.path.join(d, f), drive).replace(os.sep, "/")
        for d, _, fs in os.walk(drive / "table")
        for f in fs
    }
    for mp_only in ("device/hw.py", "device/canvas.py", "device/ssd1306.py", "device/pio_capture.py"):
        assert "table/" + mp_only not in package
    for shared in (
        "app.py",
        "rules/judge.py",
        "screens/ui.py",
        "device/hw_circuitpython.py",
        "device/canvas_displayio.py",
    ):
        assert "table/" + shared in package
    assert (drive / "code.py").read_bytes() == open(os.path.join(FIRMWARE, "cp_main.py"), "rb").read()
    from host_tools import BOARDS
    from host_tools.ship import boards, manifest

    assert (drive / "boardcfg.py").read_text() == boards.flat_source(BOARDS, "circuitpython_pico")
    shipped = manifest.for_runtime("circuitpython").names()
    assert "main.py" not in shipped and "table/rules/corsica_sim.py" not in shipped
    expected = len(shipped) + 2  # + board, boot
    assert (copied, removed, unchanged) == (expected, 0, 0)
    manifest = json.loads((drive / MANIFEST).read_text())
    assert manifest["runtime"] == "circuitpython" and manifest["board"] == "circuitpython_pico"
    assert all(manifest["files"].values()) and len(manifest["files"]) == expected

    assert deploy_to_drive(str(drive)) == (0, 0, expected)

    # A file changed on the drive is copied again; one the project no longer has is
    # removed; data and settings stay.
    (drive / "table" / "rules" / "judge.py").write_text("broken")
    files = dict(manifest["files"], **{"old_module.py": "0" * 64})
    (drive / MANIFEST).write_text(json.dumps({"board": "x", "files": files}))
    (drive / "old_module.py").write_text("")
    (drive / "mine.py").write_text("")  # not deploy's: stays
    assert deploy_to_drive(str(drive)) == (1, 1, expected - 1)
    assert not (drive / "old_module.py").exists() and (drive / "mine.py").exists()
    assert (drive / "data" / "history.jsonl").read_text() == "{}\n"
    assert (drive / "state.json").read_text() == "{}" and (drive / "settings.toml").exists()
    assert not [p for p in drive.iterdir() if p.name.endswith(".tmp")]

    assert [n for n, _ in missing_libraries(str(drive))] == [
        "adafruit_displayio_ssd1306",
        "adafruit_display_text",
        "adafruit_ticks",
    ]
    (drive / "lib" / "adafruit_display_text").mkdir(parents=True)
    (drive / "lib" / "adafruit_ticks.py").write_text("")
    (drive / "lib" / "adafruit_displayio_ssd1306.mpy").write_bytes(b"")
    assert missing_libraries(str(drive)) == []

    with pytest.raises(UserError):
        deploy_to_drive(str(drive), board="nosuch")
    with pytest.raises(UserError):
        deploy_to_drive(str(tmp_path / "not_mounted"))


def test_deploy_to_a_read_only_drive_says_what_to_do(tmp_path, monkeypatch):
    import builtins
    import errno

    from host_tools import UserError
    from host_tools.device.deploy import deploy_to_drive

    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    if os.geteuid() == 0:
        # Root may write to a directory without write permission: the drive's own
        # refusal (boot.py remounted it for the board: EROFS) is made at open().
        real_open = builtins.open

        def read_only_open(path, mode="r", *args, **kw):
            if str(path).startswith(str(drive)) and set(mode) & set("wax+"):
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
            return real_open(path, mode, *args, **kw)

        monkeypatch.setattr(builtins, "open", read_only_open)
    drive.chmod(0o555)
    try:
        with pytest.raises(UserError, match="read-only"):
            deploy_to_drive(str(drive))
    finally:
        drive.chmod(0o755)


def test_deployed_files_compile_for_the_device(tmp_path):
    """boot.py (generated) and the rest are valid MicroPython-dialect Python."""
    from host_tools.device.deploy import BOOT_PY
    from host_tools.ship import mpycross

    if not os.path.exists(mpycross.MPY_CROSS):
        pytest.skip("no mpy-cross")
    boot = tmp_path / "boot.py"
    boot.write_text(BOOT_PY)
    assert mpycross.check_file(str(boot)) is None


def test_deploy_cli_runtime_circuitpython_copies_then_nothing(tmp_path):
    import host_cli

    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    cmd = ["deploy", "--runtime", "circuitpython", "--drive", drive]
    first = host_cli.run(*cmd)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("copied ") and not first.stdout.startswith("copied 0")
    assert "lib/adafruit_displayio_ssd1306 missing" in first.stderr
    assert (drive / "code.py").is_file() and (drive / "boardcfg.py").is_file()
    second = host_cli.run(*cmd)
    assert second.stdout.startswith("copied 0, removed 0"), second.stdout
    no_drive = host_cli.run(*cmd[:-2])
    assert no_drive.returncode == 2 and len(no_drive.stderr.strip().splitlines()) == 1
