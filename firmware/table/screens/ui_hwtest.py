"""The hardware test (Settings > Hardware test): for wiring a new board.

A menu of pages (up/down, ok opens one, back leaves), titled with the firmware's
version ("HW test v2.1.0", table/version.py through App.version; on the console too when it opens):
- Buttons: every button's name, GPIO and a counter, inverted while it is down (read
  live every loop pass). Navigation counters count presses, player counters the pin's
  interrupts, or with PIO capture and on CircuitPython (keypad) the level changes
  reported from the levels the page opened with: 2 for a clean press and release
  either way. Every press is only shown here: hold back to leave.
- Display: test patterns, ok for the next (frame and centre lines, checkerboard,
  all lit), back leaves.
- LEDs, buzzer: each LED lights in turn (its GPIO shown), then the buzzer plays;
  at full brightness and volume, whatever the settings.
- Flash: writes a test file, reads it back, removes it; the free space.
- Timing: the latency probe on the board's TEST_PIN (hw_test.Probe): PULSES falling edges,
  one a loop pass; edge to interrupt handler and the loop's drain delay (handler to
  the main loop reading the ring), min/median/max in microseconds.
What a page finds is also printed on the console (USB serial; the simulator's log).
Loaded while it is open (its MODULES).
"""

from ..device import signals
from ..device.tapring import NO_PIN
from ..rules.ticks import ticks_add, ticks_diff
from . import ui

TEST_FILE = "hwtest.tmp"
TEST_BYTES = 1024
PULSES = 32
LED_MS = 300  # each LED this long
TONES = ((440, 150), (880, 150), (1760, 150))  # the buzzer test: (Hz, ms)
SHORT = {"up": "up", "down": "dn", "ok": "ok", "back": "bk"}

PAGES = ("Buttons", "Display", "LEDs, buzzer", "Flash", "Timing")


def spread(values):
    """(min, median, max) of a non-empty list of ints (the lower middle when even)."""
    s = sorted(values)
    return s[0], s[(len(s) - 1) // 2], s[-1]


def ms_text(us):
    """Microseconds as milliseconds with one decimal: 5123 -> '5.1'."""
    return "%d.%d" % (us // 1000, us % 1000 // 100)


HWTEST_MODULES = (
    "ui_hwtest",
    "hw_test",
    "version",
)  # hw_test: MicroPython's tester (hw.py)


class HwTest(ui.Menu):
    """The pages' menu."""

    MODULES = HWTEST_MODULES

    def __init__(self, app):
        ui.Menu.__init__(self, app, "HW test v" + app.version(), list(PAGES))
        print("hwtest: firmware %s" % app.version())

    def choose(self, index):
        self.app.push((Buttons, Display, Outputs, Flash, Timing)[index](self.app))


class Page(ui.Screen):
    MODULES = HWTEST_MODULES

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.tester = app.out.tester()  # None without hardware

    def draw_lines(self, canvas, lines):
        ui.Screen.draw(self, canvas)
        ui.draw_rows(canvas, lines)


ORDER = ("up", "down", "ok", "back")  # shown first, in this order; then p1..pN


def _rank(name):
    return ORDER.index(name) if name in ORDER else len(ORDER) + int(name[1:])


class Buttons(Page):
    title = "Buttons"

    def __init__(self, app):
        Page.__init__(self, app)
        self.pins = self.tester.button_pins() if self.tester else []
        # cell -> index in pins (and bit of hw.buttons_down())
        self.cells = sorted(range(len(self.pins)), key=lambda i: _rank(self.pins[i][0]))
        self.counts = [0] * len(self.pins)
        self.down = 0
        # The levels the page opened with, then the last snapshot's when its pin is
        # unknown: the first change after the page opens counts too.
        self.levels = app.out.levels()

    def tick(self, now_ms):
        if not self.tester:
            return
        down = self.tester.buttons_down()
        if down != self.down:
            changed = down ^ self.down
            for i in range(len(self.pins)):
                if changed >> i & 1:
                    print("hwtest: %s GP%d %s" % (self.pins[i][0], self.pins[i][1], "down" if down >> i & 1 else "up"))
            self.down = down
            self.app.invalidate()

    def on_nav(self, name, kind):
        if name == "back" and kind == "long":
            self.app.pop()
            return
        if kind in ("press", "long"):
            for i in range(len(self.pins)):
                if self.pins[i][0] == name:
                    self.counts[i] += 1
            self.app.invalidate()

    def on_snapshot(self, t_us, levels, pin):
        """A player pin's interrupt (its pin known), or, from PIO capture or keypad
        (pin unknown), the players whose level changed since the last snapshot."""
        changed = 0
        if pin == NO_PIN:
            if self.levels is not None:
                changed = levels ^ self.levels
            self.levels = levels
        for i in range(len(self.pins)):
            gpio = self.pins[i][1]
            if self.pins[i][0][0] == "p" and (gpio == pin or changed >> gpio & 1):
                self.counts[i] += 1
                self.app.invalidate()

    def draw(self, canvas):
        ui.Screen.draw(self, canvas)
        if not self.pins:
            ui.draw_rows(canvas, ["no hardware"])
            return
        half = canvas.width // 2
        for cell in range(len(self.cells)):
            i = self.cells[cell]
            name, gpio = self.pins[i]
            count = "%d" % min(self.counts[i], 999)
            x = (cell % 2) * half
            y = ui.row_y(cell // 2)
            colour = 1
            if self.down >> i & 1:
                canvas.fill_rect(x, y - 1, half - 1, ui.LINE_H, 1)
                colour = 0
            # name, GPIO, and the count flush right: "P3 18    12"
            canvas.text(SHORT.get(name, name.upper()), x + 1, y, 1, colour)
            canvas.text("%2d" % gpio, x + 20, y, 1, colour)
            canvas.text(count, x + half - 2 - canvas.text_width(count), y, 1, colour)
        canvas.text("hold back: exit", 4, ui.row_y(ui.ROWS - 1))


class Display(Page):
    """Full-screen patterns: misplaced or missing rows and columns show at once."""

    PATTERNS = ("frame", "checker", "all lit")

    def __init__(self, app):
        Page.__init__(self, app)
        self.pattern = 0

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            self.pattern = (self.pattern + 1) % len(self.PATTERNS)
            self.app.invalidate()
        else:
            Page.on_nav(self, name, kind)

    def draw(self, canvas):
        w, h = canvas.width, canvas.height
        canvas.clear()
        name = self.PATTERNS[self.pattern]
        if name == "frame":
            canvas.rect(0, 0, w, h, 1)
            canvas.rect(2, 2, w - 4, h - 4, 1)
            canvas.hline(0, h // 2, w, 1)
            canvas.fill_rect(w // 2, 0, 1, h, 1)
            canvas.fill_rect(4, 4, 8, 8, 1)  # top left: a mirrored panel shows it elsewhere
            label = "%dx%d" % (w, h)
            canvas.fill_rect(w // 2 - 28, h // 2 - 14, 56, 10, 0)
            canvas.center(label, h // 2 - 13)
            canvas.fill_rect(w // 2 - 36, h // 2 + 4, 72, 10, 0)
            canvas.center("ok: next", h // 2 + 5)
        elif name == "checker":
            for y in range(0, h, 8):
                for x in range(0, w, 8):
                    if (x + y) & 8:
                        canvas.fill_rect(x, y, 8, 8, 1)
        else:
            canvas.fill_rect(0, 0, w, h, 1)


class Outputs(Page):
    """Each LED in turn, then the buzzer's tones; ok runs it again."""

    title = "LEDs, buzzer"

    def __init__(self, app):
        Page.__init__(self, app)
        board = self.tester.board if self.tester else None
        self.led_pins = tuple(board.LED_PINS) if board else ()
        self.buzzer = board.BUZZER_PIN if board else None
        self.step = -1  # LEDs 0..n-1, then the tones; -1: not started
        self.until = 0

    def enter(self):
        self.step = -1

    def steps(self):
        return len(self.led_pins) + (len(TONES) if self.buzzer is not None else 0)

    def lines(self):
        lines = ["LED%d GP%d" % (i + 1, p) for i, p in enumerate(self.led_pins)]
        if not lines:
            lines.append("no LEDs")
        if self.buzzer is None:
            lines.append("no buzzer")
        else:
            lines += ["buzz GP%d %dHz" % (self.buzzer, hz) for hz, _ in TONES]
        return lines

    def tick(self, now_ms):
        if self.step >= self.steps():
            return
        if self.step >= 0 and ticks_diff(now_ms, self.until) < 0:
            return
        self._off()
        self.step += 1
        n = len(self.led_pins)
        if self.step < n:
            self.app.out.led(self.step, True, signals.LED_DUTY[-1])  # whatever the setting
            print("hwtest: LED%d GP%d on" % (self.step + 1, self.led_pins[self.step]))
            self.until = ticks_add(now_ms, LED_MS)
        elif self.step < self.steps():
            hz, ms = TONES[self.step - n]
            self.app.out.beep(hz, ms, signals.VOLUME_DUTY[-1])
            print("hwtest: buzzer GP%d %d Hz" % (self.buzzer, hz))
            self.until = ticks_add(now_ms, ms + 50)
        self.app.invalidate()

    def _off(self):
        for i in range(len(self.led_pins)):
            self.app.out.led(i, False)

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            self.step = -1
            self.app.invalidate()
        elif name == "back" and kind == "press":
            self._off()
            self.app.out.beep(0, 0)
            self.app.pop()

    def draw(self, canvas):
        lines = self.lines()
        selected = self.step if 0 <= self.step < len(lines) else -1
        if not self.led_pins and selected >= 0:
            selected += 1  # the "no LEDs" line
        ui.Screen.draw(self, canvas)
        ui.draw_rows(canvas, lines, ui.scroll_top(max(selected, 0), len(lines)), selected)


class Flash(Page):
    """Write, read back and remove a test file; the free space."""

    title = "Flash"

    def __init__(self, app):
        Page.__init__(self, app)
        self.result = []

    def enter(self):
        self.result = run_flash_test(self.app.path(TEST_FILE))
        for line in self.result:
            print("hwtest: flash " + line)
        self.app.invalidate()

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            self.enter()
        else:
            Page.on_nav(self, name, kind)

    def draw(self, canvas):
        self.draw_lines(canvas, self.result + ["ok: again"])


def run_flash_test(path):
    """Write TEST_BYTES to `path`, read them back, remove the file: result lines."""
    import os

    data = bytearray(TEST_BYTES)
    for i in range(TEST_BYTES):
        data[i] = (i * 7 + 3) & 255
    lines = []
    try:
        with open(path, "wb") as f:
            f.write(data)
        lines.append("write %d B ok" % TEST_BYTES)
        with open(path, "rb") as f:
            back = f.read()
        lines.append("read back " + ("ok" if back == data else "WRONG"))
    except OSError as e:
        lines.append("FAILED: %s" % e)
    try:
        os.remove(path)
    except OSError:
        pass
    try:
        st = os.statvfs(path[: path.rfind("/") + 1] or ".")
        lines.append("free %d KiB" % (st[0] * st[3] // 1024))
    except (AttributeError, OSError):
        pass
    return lines


class Timing(Page):
    """Edge to interrupt handler and the loop's drain delay, from the probe pin."""

    title = "Timing"

    def __init__(self, app):
        Page.__init__(self, app)
        self.probe = None
        self.irq_us = []
        self.drain_us = []
        self.t_pulse = None  # ticks_us before the pulse waiting to be drained

    def enter(self):
        if self.probe is None and self.tester:
            self.probe = self.tester.probe()
            if self.probe is not None:
                self.title = "Timing GP%d" % self.probe.gpio
        self.irq_us = []
        self.drain_us = []
        self.t_pulse = None

    def close(self):
        if self.probe is not None:
            self.probe.close()
            self.probe = None

    def tick(self, now_ms):
        if self.probe is None or self.t_pulse is not None or len(self.irq_us) >= PULSES:
            return
        self.t_pulse = self.probe.pulse()

    def on_snapshot(self, t_us, levels, pin):
        probe = self.probe
        if probe is None or pin != probe.gpio or self.t_pulse is None:
            return
        now = probe.now_us()
        self.irq_us.append(probe.diff_us(t_us, self.t_pulse))
        self.drain_us.append(probe.diff_us(now, t_us))
        self.t_pulse = None
        if len(self.irq_us) == PULSES:
            a, b = spread(self.irq_us), spread(self.drain_us)
            print("hwtest: timing GP%d pulses %d irq_us %d %d %d drain_us %d %d %d" % ((probe.gpio, PULSES) + a + b))
            self.app.invalidate()

    def on_nav(self, name, kind):
        if name == "ok" and kind == "press":
            self.enter()
            self.app.invalidate()
        elif name == "back" and kind == "press":
            self.close()
            self.app.pop()

    def draw(self, canvas):
        if self.probe is None:
            lines = [self.tester.no_probe if self.tester else "no hardware"]
        elif len(self.irq_us) < PULSES:
            lines = ["measuring..."]
        else:
            a, b = spread(self.irq_us), spread(self.drain_us)
            lines = [
                "edge>IRQ us",
                "  %d/%d/%d" % a,
                "loop drain ms",
                "  %s/%s/%s" % (ms_text(b[0]), ms_text(b[1]), ms_text(b[2])),
                "min/median/max",
                "x%d  ok: again" % PULSES,
            ]
        self.draw_lines(canvas, lines)
