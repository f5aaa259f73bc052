"""No navigation press lost while a screen loads (issue #27).

The simulator charges a firmware module's import the time the rp2 port takes to load
its .mpy (host_tools/sim/simdevice/simload.py), so opening a screen takes a few hundred
simulated milliseconds during which the main loop polls nothing. A navigation button
pressed and released entirely within that time must still reach the new screen, and
several such presses in the order they were made: hw.py latches every edge with a pin
IRQ and feeds them to navbuttons.NavButtons with their own times.
"""

import os
import subprocess

import simulator
import skipping

from host_tools import MICROPYTHON, ROOT
from host_tools.bench.session import mp32_node
from host_tools.sim import screen
from host_tools.sim.sim import compiled_firmware
from host_tools.sim.simdevice import simscript

OPEN_MS = 500  # ok on the home menu's first line (I Go): its setup screen opens and loads
# The load model slowed 4 times (the chip's rate is 25 ms a KB): the screens' own loads
# are short now (at most 250 ms), and the presses need a window that outlasts them.
SLOW = ("--load-us-per-kb", "100000")
LOADED_MS = 2000  # the setup screen is long open by then
GAP_MS = 90  # between two presses made while it loads (each is held simscript.PRESS_MS)
TOP, LINE_H = 10, 9  # ui.py: the first text line's y, pixel rows per line


def script(presses, start_ms):
    """ok on the home menu at OPEN_MS, then each button pressed from start_ms on."""
    lines = ["%d ok press" % OPEN_MS]
    lines += ["%d %s press" % (start_ms + k * GAP_MS, b) for k, b in enumerate(presses)]
    return "\n".join(lines) + "\n"


def last_release_ms(presses, start_ms):
    return start_ms + (len(presses) - 1) * GAP_MS + simscript.PRESS_MS


def run(tmp_path, name, text):
    """The simulator on this script and a fresh flash: [(ms, frame)] of every screen
    change, and the last screen."""
    folder = tmp_path / name
    folder.mkdir()
    shots = folder / "shots"
    simulator.run_ok(
        "--script",
        simulator.script_file(folder, text),
        "--flash",
        folder / "flash",
        "--screens",
        shots,
        "--screenshot",
        folder / "last.png",
        *SLOW,
    )
    index = [line.split() for line in (shots / "screens.txt").read_text().splitlines()]
    return [(int(t), screen.from_png(shots / n)) for n, t in index], screen.from_png(folder / "last.png")


def highlighted(frame):
    """The list line drawn in inverse video (ui.draw_rows lights its bar from x = 0;
    a line's text starts at x = 1)."""
    rows = [r for r in range(6) if screen.pixel(frame, 0, TOP + r * LINE_H + 3)]
    assert len(rows) == 1, rows
    return rows[0]


def opened_ms(screens):
    """When the screen ok opened appeared."""
    return [t for t, _ in screens if t > OPEN_MS][0]


def test_a_press_made_while_a_screen_loads_reaches_it(tmp_path):
    start = OPEN_MS + 120  # the setup loads for about 200 ms after ok's release (OPEN_MS + 80)
    screens, latched = run(tmp_path, "latched", script(["down"], start))
    # The screen appeared only after the down button was released: it was loading.
    assert opened_ms(screens) > last_release_ms(["down"], start), screens
    _, unpressed = run(tmp_path, "unpressed", script([], start))
    _, later = run(tmp_path, "later", script(["down"], LOADED_MS))
    assert highlighted(unpressed) == 0
    assert highlighted(latched) == 1  # the next line, as when pressed once it is open
    assert latched == later


def test_presses_made_while_a_screen_loads_come_in_their_order(tmp_path):
    start = OPEN_MS + 90  # both within the setup's load (about 200 ms from ok's release)
    presses = ["down", "ok"]  # the target line, then ok on it (ok sorts after down)
    screens, latched = run(tmp_path, "latched", script(presses, start))
    assert opened_ms(screens) > last_release_ms(presses, start), screens
    _, later = run(tmp_path, "later", script(presses, LOADED_MS))
    _, swapped = run(tmp_path, "swapped", script(presses[::-1], LOADED_MS))
    assert later != swapped  # the order shows on the screen
    assert latched == later


def test_the_32_bit_runner_charges_the_load_time_too(tmp_path):
    node = mp32_node()
    if node is None:
        skipping.skip("the 32-bit runner is not installed (make mp32)")
    start = OPEN_MS + 200
    path = simulator.script_file(tmp_path, script(["down"], start))
    run_mjs = os.path.join(ROOT, "host_tools", "mp32", "run.mjs")
    app = os.path.join(ROOT, "bench", "session_app.py")
    cmd = [node, run_mjs, "--flash", str(tmp_path / "flash"), "--app", app, "--script", str(path)]
    r = subprocess.run(cmd + ["--firmware", compiled_firmware()], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    frames = [ln.split()[1:3] for ln in r.stdout.splitlines() if ln.startswith("@sim:frame ")]
    opened = [int(ms) for ms, _ in frames if int(ms) > OPEN_MS][0]
    assert opened > last_release_ms(["down"], start), frames
    assert highlighted(screen.from_hex(frames[-1][1])) == 1


# On the MicroPython unix port, against the simulator's fake machine (switch bounce,
# hard IRQs with the heap locked): hw.py's latch itself, the main loop not polling.
DEVICE_CHECKS = """
import sys
sys.path.insert(0, "tests/host")
import micropython
import sim_hw_checks as c

def irqs(handler, n):
    micropython.heap_lock()  # as on the chip: a hard handler must not allocate
    try:
        for _ in range(n):
            handler(None)
    finally:
        micropython.heap_unlock()

w, hw, time = c._setup()
irqs(hw.nav_handler, 4)
assert len(hw.nav_ring) == 4
assert hw.poll_nav(time.ticks_ms()) == ()  # the levels did not change: nothing

# Pressed and released between two polls, bounces and all: one press.
w.button("down", "press", w.now + 1000)
time.sleep_ms(300)
print("one", hw.poll_nav(time.ticks_ms()))
# ok released before down (ok sorts after down): ok's press first.
w.button("ok", "press", w.now + 1000)
w.button("down", "press", w.now + 30000)
time.sleep_ms(300)
print("order", hw.poll_nav(time.ticks_ms()))
# Held through the load: long once, then repeats; no press on release.
w.button("up", "down", w.now + 1000)
time.sleep_ms(700)
print("held", hw.poll_nav(time.ticks_ms()))
w.button("up", "up", w.now + 1000)
time.sleep_ms(100)
print("released", hw.poll_nav(time.ticks_ms()))
# More edges than the ring holds: what overflowed is dropped, the levels still count.
irqs(hw.nav_handler, hw.NAV_RING_SIZE)
w.button("back", "down", w.now + 1000)
time.sleep_ms(100)
assert hw.nav_ring.overflows > 0
assert hw.poll_nav(time.ticks_ms()) == ()  # back's level read: down from now
w.button("back", "up", w.now + 100000)
time.sleep_ms(200)
print("overflow", hw.poll_nav(time.ticks_ms()))
"""


def test_hw_latches_nav_edges_on_the_fake_machine():
    r = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=192k", "-c", DEVICE_CHECKS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    out = dict(line.split(" ", 1) for line in r.stdout.splitlines())
    assert out["one"] == "[('down', 'press')]"
    assert out["order"] == "[('ok', 'press'), ('down', 'press')]"
    assert out["held"] == "[('up', 'long')]"
    assert out["released"] == "()"
    assert out["overflow"] == "[('back', 'press')]"
