"""The PIO tap-capture program (firmware/pio_capture.py) in rp2040-pio-emulator, with
simulated pin waveforms, and its words against adafruit_pioasm's assembly."""
import os
import sys
import types
from array import array

import adafruit_pioasm
import pytest

from host_tools import ROOT, pio_sim
import pio_capture
from judge import Judge

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
        pio_capture.WORDS[pio_capture.SAMPLE:pio_capture.SAMPLE + 2])
    for n in range(1, pio_capture.MAX_PINS + 1):
        assert pio_capture.program_words(n) == pio_sim.assemble(n)[0], n


def fake_rp2():
    """rp2 with asm_pio as MicroPython's runs a program body: the body's globals are
    replaced by the assembler's functions, two passes; `word`, `wrap_target` and
    `wrap` as its emitter records them."""
    mod = types.ModuleType("rp2")
    mod.PIO = types.SimpleNamespace(SHIFT_LEFT=0, SHIFT_RIGHT=1, JOIN_RX=2)

    def asm_pio(**config):
        def dec(f):
            prog = {"words": array("H"), "wrap_target": 0, "wrap": None, "config": config}
            for pass_ in (0, 1):
                prog["words"] = array("H")
                funcs = {
                    "word": lambda instr, label=None: prog["words"].append(instr),
                    "wrap_target": lambda: prog.__setitem__("wrap_target", len(prog["words"])),
                    "wrap": lambda: prog.__setitem__("wrap", len(prog["words"]) - 1),
                }
                saved = dict(f.__globals__)
                f.__globals__.clear()
                f.__globals__.update(funcs)
                try:
                    f()
                finally:
                    f.__globals__.clear()
                    f.__globals__.update(saved)
            return prog
        return dec

    mod.asm_pio = asm_pio
    return mod


def test_micropython_program_loads_the_same_words():
    old = sys.modules.get("rp2")
    sys.modules["rp2"] = fake_rp2()
    try:
        for n in (2, 6):
            prog = pio_capture._asm_program(pio_capture.program_words(n))
            assert list(prog["words"]) == pio_sim.assemble(n)[0]
            assert (prog["wrap_target"], prog["wrap"]) == pio_sim.assemble(n)[1:]
            assert prog["config"] == {"in_shiftdir": 0, "out_shiftdir": 1, "fifo_join": 2}
    finally:
        if old is None:
            del sys.modules["rp2"]
        else:
            sys.modules["rp2"] = old


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
    r = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "bench_pio.py"), "--quick",
                        "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    res = json.loads(out.read_text())
    assert res["mutation"] == {"kept": True}
    fig = res["pio_capture"]
    assert fig["pass"] and fig["emulator"]["resolution_after_a_change_ns_125mhz"] <= 100
    assert fig["fairness_10us"]["pio"]["reversed"] == 0
