"""The PIO tap-capture program (firmware/pio_capture.py) in rp2040-pio-emulator, with
simulated pin waveforms, and its words against adafruit_pioasm's assembly."""

import os
import sys

import adafruit_pioasm
import pio_capture
import pytest
from judge import Judge

from host_tools import ROOT, pio_sim

ALL = 0x3F << 16  # player pins 16-21 released (pull-ups)
TICK = pio_capture.TICK_CYCLES


def pressed(*pins):
    lv = ALL
    for p in pins:
        lv &= ~(1 << p)
    return lv


def test_words_are_the_text_assembled():
    prog = adafruit_pioasm.Program(pio_capture.PROGRAM)
    assert list(prog.assembled) == list(pio_capture.WORDS)
    assert prog.pio_kwargs["wrap_target"] == pio_capture.WRAP_TARGET
    assert prog.pio_kwargs["wrap"] == pio_capture.WRAP
    assert list(adafruit_pioasm.assemble("mov osr, pins\nout x, 6")) == list(
        pio_capture.WORDS[pio_capture.SAMPLE : pio_capture.SAMPLE + 2]
    )
    for n in range(1, pio_capture.MAX_PINS + 1):
        assert pio_capture.program_words(n) == pio_sim.assemble(n)[0], n


def on_device(device, fn):
    """fn() with rp2, machine and time of `device` in sys.modules (then the real ones)."""
    saved = {name: sys.modules.get(name) for name in ("rp2", "machine", "time")}
    sys.modules.update(device.modules())
    try:
        return fn()
    finally:
        for name, mod in saved.items():
            if mod is None:
                del sys.modules[name]
            else:
                sys.modules[name] = mod


def test_micropython_program_loads_the_same_words():
    # pio_sim.asm_pio runs the body as MicroPython's rp2.asm_pio does (its own globals)
    device = pio_sim.Device(lambda c: ALL)
    for n in (2, 6):
        prog = on_device(device, lambda: pio_capture._asm_program(pio_capture.program_words(n)))
        assert list(prog["words"]) == pio_sim.assemble(n)[0]
        assert (prog["wrap_target"], prog["wrap"]) == pio_sim.assemble(n)[1:]
        assert prog["config"] == {"in_shiftdir": 0, "out_shiftdir": 1, "fifo_join": 2}


def test_start_on_the_device_anchors_the_clock_and_captures():
    t0 = (1 << 30) - 100  # ticks_us wraps 100 us after the start

    def wave(c):
        return pressed(19) if c >= 5000 else pressed(21)  # p4 presses at 40 us

    device = pio_sim.Device(wave, t0_us=t0)
    cap = on_device(device, lambda: pio_capture.start((16, 17, 18, 19, 20, 21)))
    sm = device.sm
    assert sm.on and sm.handler == cap.on_irq and sm.base == 16
    assert len(cap) == 0 and cap.anchor_us == t0  # the first word (p6 held) anchors
    assert device.clock < 5000  # (start() waited for it)
    assert [lv for lv, _ in pio_sim.counts({"words": sm.words})] == [pressed(21) >> 16 & 0x3F]
    device.run_to(8000)
    got = []
    cap.drain(lambda t, levels, pin: got.append((t, levels, pin)))
    assert got == [((t0 + 40) & 0x3FFFFFFF, pressed(19) & ALL, pio_capture.NO_PIN)]


def test_start_gives_up_without_a_first_word():
    device = pio_sim.Device(lambda c: ALL)
    mods = device.modules()
    make = mods["rp2"].StateMachine

    def deaf(*args, **kw):  # its interrupt never reaches the handler
        sm = make(*args, **kw)
        sm.irq = lambda handler=None, trigger=1, hard=False: None
        return sm

    mods["rp2"].StateMachine = deaf
    device.modules = lambda: mods
    try:
        on_device(device, lambda: pio_capture.start((16, 17), wait_ms=1))
    except OSError as e:
        assert "no first word" in str(e)
    else:
        raise AssertionError("started without a first word")
    assert not device.sm.on


def test_start_word_is_the_levels_and_the_count():
    r = pio_sim.run(lambda c: pressed(18), 200, count0=0x123456)
    assert pio_sim.counts(r)[0] == (pressed(18) >> 16 & 0x3F, 0x123456)
    assert r["capture"].anchor_count == 0x123456
    assert r["fifo"] == [] and r["capture"].overflows == 0


def test_simultaneous_presses_get_identical_counts():
    for phase in range(2 * TICK):
        at = 300 + phase
        r = pio_sim.run(lambda c: pressed(16, 19, 21) if c >= at else ALL, 600)
        (_, first), (levels, ticks) = pio_sim.sample_ticks(r)
        assert levels == pressed(16, 19, 21) >> 16
        # the first sample at or after the edge (samples every TICK cycles)
        assert 0 <= TICK * ticks - 3 - at < TICK, phase


def test_staggered_presses_differ_by_the_stagger_within_the_resolution():
    seen = set()
    # every phase against the 6-cycle grid, staggers around one and two ticks
    # (bench/bench_pio.py sweeps them all)
    for stagger in (0, 1, 5, 6, 7, 11, 12, 13, 17, 23, 97, 250):
        for phase in (0, 1, 2, 3, 4, 5):
            a = 200 + phase
            b = a + stagger

            def wave(c):
                return pressed(*([17] if c >= a else []) + ([20] if c >= b else []))

            r = pio_sim.run(wave, b + 100)
            taps = {}
            for levels, ticks in pio_sim.sample_ticks(r)[1:]:
                for pin in (17, 20):
                    if not levels >> (pin - 16) & 1:
                        taps.setdefault(pin, ticks)
            diff = TICK * (taps[20] - taps[17])
            assert abs(diff - stagger) < 2 * TICK, (stagger, phase, diff)
            assert diff >= 0
            if stagger >= 2 * TICK:
                assert diff > 0
            seen.add(diff - stagger)
    assert max(seen) - min(seen) < 3 * TICK


def test_bounce_is_reported_edge_by_edge():
    changes = [300, 330, 390, 402, 480, 530, 700]  # pin 17 toggles at each, from released

    def wave(c):
        n = sum(1 for t in changes if c >= t)
        return pressed(17) if n % 2 else ALL

    r = pio_sim.run(wave, 900)
    got = pio_sim.sample_ticks(r)[1:]
    assert [lv >> 1 & 1 for lv, _ in got] == [0, 1, 0, 1, 0, 1, 0]
    for (_, ticks), t in zip(got, changes):
        assert 0 <= TICK * ticks - 3 - t < 2 * TICK
    # through the same judge as the pin IRQ path: one tap, at the first edge
    judge = Judge(2, [16, 17], tie_window_us=10)
    judge.arm(0)
    r["capture"].drain(judge.snapshot)
    order = judge.decide()["order"]
    assert [o["player"] for o in order] == [1]
    assert order[0]["t_us"] == 300 * 8 // 1000  # 2.4 us: floored to 2


def test_full_fifo_burst_is_counted_not_lost():
    burst = [200 + 30 * k for k in range(10)]

    def wave(c):
        n = sum(1 for t in burst if c >= t)
        return pressed(21) if n % 2 else ALL

    # The handler comes late (a flash write in the way): 4 words fit the FIFO.
    r = pio_sim.run(wave, 2400, handler_latency=1500)
    cap = r["capture"]
    assert len(r["pushes"]) == 11  # the start word and one per change
    assert len(r["words"]) == pio_sim.FIFO_DEPTH  # taken when the handler came
    assert cap.overflows == 1  # RXSTALL: changes were dropped, and that is shown
    # The next change after the handler is captured again.
    burst.append(2000)
    r = pio_sim.run(wave, 2400, handler_latency=1500)
    assert pio_sim.counts(r)[-1][0] == pressed(21) >> 16  # the 11th change: pressed
    assert r["capture"].overflows == 1


def test_counts_across_the_counter_wrap_and_the_ticks_wrap():
    at = [300, 2300, 4300]

    def wave(c):
        return pressed(*[16 + i for i, t in enumerate(at) if c >= t])

    r = pio_sim.run(wave, 5000, count0=100, t0_us=(1 << 30) - 20)
    out = []
    r["capture"].drain(lambda t, lv, pin: out.append(t))
    want = [((1 << 30) - 20 + (t + 6) * 8 // 1000) & 0x3FFFFFFF for t in at]
    for got, w in zip(out, want):
        assert abs(((got - w + (1 << 29)) & 0x3FFFFFFF) - (1 << 29)) <= 1, (out, want)
    assert pio_sim.counts(r)[-1][1] > 0xFF0000  # the 24-bit count wrapped (from 100)


@pytest.mark.bench
def test_bench_pio_quick_writes_its_key_and_keeps_the_others(tmp_path):
    import json
    import subprocess

    out = tmp_path / "results.json"
    out.write_text(json.dumps({"mutation": {"kept": True}}))
    r = subprocess.run(
        [sys.executable, os.path.join(ROOT, "bench", "bench_pio.py"), "--quick", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    res = json.loads(out.read_text())
    assert res["mutation"] == {"kept": True}
    fig = res["pio_capture"]
    assert fig["pass"] and fig["emulator"]["resolution_after_a_change_ns_125mhz"] <= 100
    assert fig["fairness_10us"]["pio"]["reversed"] == 0
