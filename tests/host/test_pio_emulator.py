"""The PIO tap-capture program (firmware/table/device/pio_capture.py) in rp2040-pio-emulator, with
simulated pin waveforms, and its words against adafruit_pioasm's assembly."""

import os
import sys
from bisect import bisect_right

import adafruit_pioasm
import pytest

from host_tools import ROOT
from host_tools.sim import pio_sim
from table.device import pio_capture
from table.rules.judge import Judge
from table.rules.rng import Rng

ALL = 0x3F << 16  # player pins 16-21 released (pull-ups)
TICK = pio_capture.TICK_CYCLES
PUSH = pio_capture.PUSH_TICKS
US = pio_sim.US  # cycles per microsecond
# The handler as the real rp2 port runs it (MicroPython v1.28.0 in an RP2040 emulator,
# issue #27): its first word about 30 us after the change, then one every 51 us.
FIRST_WORD = 30 * US
EACH_WORD = 51 * US


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
    # `mov y, ~status` reads "the RX FIFO is full" (CircuitPython's rp2pio would take
    # the setting from the text; on MicroPython start() puts it into EXECCTRL)
    assert (prog.pio_kwargs["mov_status_type"], prog.pio_kwargs["mov_status_n"]) == ("rxfifo", pio_sim.FIFO_DEPTH)
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
    # pio_sim.asm_pio runs the body as each supported MicroPython release's rp2.asm_pio
    # does (its own globals) and returns the program list as that release's does
    for version in pio_sim.PORT_VERSIONS:
        device = pio_sim.Device(lambda c: ALL, version=version)
        execctrl, shiftctrl, fields = pio_sim.prog_layout(version)
        for n in (2, 6):
            prog = on_device(device, lambda: pio_capture._asm_program(pio_capture.program_words(n)))
            words, wrap_target, wrap = pio_sim.assemble(n)
            assert len(prog) == fields and list(prog[0]) == words
            assert prog[execctrl] == wrap_target << 7 | wrap << 12  # the wrap only: no STATUS
            assert prog[shiftctrl] == 2 << 30 | 1 << 19  # the FIFOs joined for RX; OSR shifts right, ISR left


def test_the_program_list_moved_at_1_26():
    # what the emulated chip found (v1.28.0: SM0 EXECCTRL read 0x0001fd00 with the
    # setting put at index 3 of the list): the fakes follow each release's layout
    assert pio_sim.prog_layout((1, 25, 0)) == (3, 4, 8)
    assert pio_sim.prog_layout((1, 26, 0)) == pio_sim.prog_layout((1, 28, 0)) == (4, 5, 9)
    assert pio_sim.PORT_VERSIONS[0] == (1, 23, 0)  # both layouts (the README's oldest: 1.26)


@pytest.mark.parametrize("version", pio_sim.PORT_VERSIONS, ids=lambda v: "v%d.%d.%d" % v)
def test_start_captures_on_every_supported_micropython(version):
    def wave(c):
        return pressed(18) if c >= 5000 else ALL  # p3 presses at 40 us

    device = pio_sim.Device(wave, version=version)
    cap = on_device(device, lambda: pio_capture.start((16, 17, 18, 19, 20, 21)))
    execctrl = device.mem[pio_sim.execctrl_register(cap.sm_id)]
    assert execctrl & 0x1F == pio_capture.status_bits("Raspberry Pi Pico with RP2040")  # RX level < 8
    assert execctrl >> 7 & 0x1F == pio_capture.WRAP_TARGET and execctrl >> 12 & 0x1F == pio_capture.WRAP
    device.run_to(8000)
    got = []
    cap.drain(lambda t, levels, pin: got.append(levels))
    assert got == [pressed(18) & ALL]


def test_start_says_what_is_wrong_when_execctrl_does_not_read_back():
    # a register that does not take the FIFO-level setting: one line naming it, the
    # state machine stopped, and the pin IRQs take over (hw.py)
    device = pio_sim.Device(lambda c: ALL)
    device.mem.frozen = True
    try:
        on_device(device, lambda: pio_capture.start((16, 17), wait_ms=1))
    except OSError as e:
        assert str(e) == "PIO capture: SM0 EXECCTRL reads 0x00012680, FIFO-level bits 0x00 not 0x18", str(e)
    else:
        raise AssertionError("started with the FIFO level setting not in EXECCTRL")
    assert not device.sm.on and device.sm.chip.pushes == []


def test_the_setting_goes_into_each_state_machines_execctrl_by_the_datasheet():
    # RP2040 and RP2350 datasheets: PIOn at 0x50200000 + n * 0x100000, SMm_EXECCTRL at
    # 0x0cc + m * 0x18; STATUS_SEL/STATUS_N bits 4, 3-0 (RP2040), 6-5, 4-0 (RP2350)
    for sm_id in pio_capture.SM_IDS:
        assert pio_capture.execctrl_address(sm_id) == pio_sim.execctrl_register(sm_id)
    assert [hex(pio_sim.execctrl_register(i)) for i in (0, 1, 3, 4, 7)] == [
        "0x502000cc", "0x502000e4", "0x50200114", "0x503000cc", "0x50300114"]  # fmt: skip
    for chip, before, after in (
        ("Raspberry Pi Pico with RP2040", 0x8001FD1F, 0x8001FD18),
        ("Raspberry Pi Pico2 with RP2350", 0x8001FD7F, 0x8001FD28),
    ):
        mem = {pio_capture.execctrl_address(5): before}
        pio_capture.set_status(mem, 5, chip)
        assert mem[pio_capture.execctrl_address(5)] == after, chip  # the wrap and the rest kept


def test_the_fifo_level_setting_for_each_chip():
    assert pio_capture.status_bits("Raspberry Pi Pico with RP2040") == 1 << 4 | 8  # bit 4, bits 3-0
    assert pio_capture.status_bits("Raspberry Pi Pico2 with RP2350") == 1 << 5 | 8  # bits 6-5, bits 4-0
    room = pio_sim.execctrl_status(pio_capture.status_bits(""))
    assert room(7) and not room(8)


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


def test_on_the_device_a_full_ring_leaves_the_words_in_the_fifo_for_drain():
    def wave(c):  # pin 17 changes 6 times from 40 us on, 2.4 us apart
        n = sum(1 for k in range(6) if c >= 5000 + 300 * k)
        return pressed(17) if n % 2 else ALL

    device = pio_sim.Device(wave)
    cap = on_device(device, lambda: pio_capture.start((16, 17, 18, 19, 20, 21), size=2))
    device.run_to(9000)
    assert len(cap) == 2 and device.sm.rx_fifo() == 4  # the handler waits for room
    got = []
    cap.drain(lambda t, levels, pin: got.append(levels))  # (interrupts off meanwhile)
    # two takes from the FIFO (the ring holds two), each with interrupts off
    assert got == [pressed(17) & ALL, ALL] * 3 and device.irq_offs == 2 and not device.irq_off
    assert device.sm.rx_fifo() == 0 and cap.overflows == 0


def test_a_w_board_capture_takes_a_state_machine_the_radio_left_free():
    # The radio's driver holds a state machine of PIO1 (MicroPython raises ValueError
    # for it): the capture takes PIO0's first; with PIO0 full, the next free one.
    for claimed, took in (((), 0), ((4,), 0), ((0, 1, 2, 3, 4), 5)):
        device = pio_sim.Device(lambda c: ALL, claimed=claimed)
        cap = on_device(device, lambda: pio_capture.start((16, 17)))
        assert cap.sm_id == device.sm.id == took and device.sm.on, claimed
        assert device.mem.addr == pio_capture.FDEBUG[took // 4]
    device = pio_sim.Device(lambda c: ALL, claimed=pio_capture.SM_IDS)
    try:
        on_device(device, lambda: pio_capture.start((16, 17)))
    except OSError as e:
        assert str(e) == "PIO capture: no free state machine"
    else:
        raise AssertionError("started with every state machine claimed")


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


def test_start_gives_up_when_the_fifo_level_setting_did_not_take():
    # STATUS left at its reset value (TX level < 0: never): the program takes the FIFO
    # for full and waits for room for ever; start() says so and the pin IRQs take over
    device = pio_sim.Device(lambda c: ALL)
    bits = pio_capture.status_bits
    pio_capture.status_bits = lambda chip: 0
    try:
        on_device(device, lambda: pio_capture.start((16, 17), wait_ms=1))
    except OSError as e:
        assert "no first word" in str(e)
    else:
        raise AssertionError("started without the FIFO level setting")
    finally:
        pio_capture.status_bits = bits
    assert device.sm.chip.pushes == []


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
    for stagger in (0, 1, 5, 6, 7, 11, 12, 13, 17, 18, 19, 23, 97, 250):
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
            # late by up to the push path (PUSH_TICKS) when right behind the first
            assert abs(diff - stagger) < PUSH * TICK, (stagger, phase, diff)
            assert diff >= 0
            if stagger >= PUSH * TICK:
                assert diff > 0
            seen.add(diff - stagger)
    assert max(seen) - min(seen) < (PUSH + 1) * TICK


def test_bounce_is_reported_edge_by_edge():
    changes = [300, 330, 390, 402, 480, 530, 700]  # pin 17 toggles at each, from released

    def wave(c):
        n = sum(1 for t in changes if c >= t)
        return pressed(17) if n % 2 else ALL

    r = pio_sim.run(wave, 900)
    got = pio_sim.sample_ticks(r)[1:]
    assert [lv >> 1 & 1 for lv, _ in got] == [0, 1, 0, 1, 0, 1, 0]
    for (_, ticks), t in zip(got, changes):
        assert 0 <= TICK * ticks - 3 - t < PUSH * TICK
    # through the same judge as the pin IRQ path: one tap, at the first edge
    judge = Judge(2, [16, 17], tie_window_us=10)
    judge.arm(0)
    r["capture"].drain(judge.snapshot)
    order = judge.decide()["order"]
    assert [o["player"] for o in order] == [1]
    assert order[0]["t_us"] == 300 * 8 // 1000  # 2.4 us: floored to 2


def toggles(changes):
    """GPIO_IN at a cycle when each pin of `changes` ({GPIO: [cycle, ...] sorted})
    changes level at those cycles, starting released."""

    def wave(c):
        lv = ALL
        for pin, at in changes.items():
            if bisect_right(at, c) % 2:
                lv &= ~(1 << pin)
        return lv

    return wave


def drained(result):
    """[(t_us, levels)] of every word the CPU took after the start word."""
    out = []
    result["capture"].drain(lambda t, levels, pin: out.append((t, levels)))
    return out


def test_a_full_fifo_holds_the_newest_levels_back():
    burst = [200 + 30 * k for k in range(10)]  # pin 21 changes 10 times: released at the end
    # The handler comes late (a flash write in the way): the start word and the first
    # 7 changes fill the FIFO; nothing is pushed into it while it is full.
    r = pio_sim.run(toggles({21: burst}), 4000, handler_latency=1500)
    cap = r["capture"]
    assert r["dropped"] == 0 and cap.overflows == 0
    assert len(r["pushes"]) == pio_sim.FIFO_DEPTH + 1
    levels = [lv for lv, _ in pio_sim.counts(r)]
    assert levels[1:8] == [pressed(21) >> 16, ALL >> 16] * 3 + [pressed(21) >> 16]
    # Once the handler has read, the levels then go in: the last change's, released,
    # with the count of the sample that saw them (two ticks apart while it waited).
    assert levels[8] == ALL >> 16
    ticks = pio_sim.sample_ticks(r)
    assert TICK * ticks[8][1] > r["words"][7][0]  # sampled after the read
    assert r["fifo"] == [] and [lv for _, lv in drained(r)][-1] == ALL


def test_bounce_bursts_on_all_six_pins_lose_no_word():
    """50 level changes within 100 us on all six pins at once, the handler as slow as
    on the real rp2 port: no word lost, the levels the CPU ends with are the pins',
    and the burst's first change is timed exactly. The program before #27 loses words
    in the same bursts."""
    start = 100 * US  # (the start word has been taken by then)
    rng = Rng(27)
    cases = [
        {pin: sorted(start + rng.below(100 * US) for _ in range(50)) for pin in range(16, 22)},
        {pin: [start + 2 * US * k + pin for k in range(50)] for pin in range(16, 22)},  # nearly in step
    ]
    for changes in cases:
        wave = toggles(changes)
        end = 800 * US
        r = pio_sim.run(wave, end, handler_latency=FIRST_WORD, handler_each=EACH_WORD)
        assert r["dropped"] == 0 and r["capture"].overflows == 0, r["dropped"]
        assert r["fifo"] == []
        got = drained(r)
        assert got[-1][1] == wave(end) & ALL  # every pin's last level
        first, pin = min((at[0], pin) for pin, at in changes.items())
        assert not got[0][1] & 1 << pin  # the burst's first change, in the first word
        assert -US < got[0][0] * US - first <= 2 * TICK  # floored to whole microseconds
        # Words while the FIFO had room, then the levels each time the handler had read
        # one: a few dozen words for 300 changes.
        assert len(got) < 40
        before = pio_sim.run(wave, end, handler_latency=FIRST_WORD, handler_each=EACH_WORD, program=pio_sim.BEFORE_27)
        assert before["dropped"] > 0 and before["capture"].overflows >= 1


def test_a_clean_press_beside_a_bouncing_button_is_timed_exactly():
    # Player 0 (GPIO 16) presses a bouncing button (13 changes in 96 us, the last one
    # pressed); player 1 (GPIO 17) presses cleanly 20 us after player 0's first contact.
    a = 100 * US + 2
    b = a + 20 * US
    changes = {16: [a + 8 * US * k for k in range(13)], 17: [b]}
    r = pio_sim.run(toggles(changes), 900 * US, handler_latency=FIRST_WORD, handler_each=EACH_WORD)
    assert r["dropped"] == 0 and r["fifo"] == []
    judge = Judge(2, [16, 17], tie_window_us=10)
    judge.arm(0)
    r["capture"].drain(judge.snapshot)
    result = judge.decide()
    assert result["winner"] == 0 and result["tie"] == []
    t = [o["t_us"] for o in result["order"]]
    assert [o["player"] for o in result["order"]] == [0, 1]
    # each at the first sample after its contact, floored to whole microseconds
    assert -US < t[0] * US - a <= 2 * TICK and -US < t[1] * US - b <= 2 * TICK, (t, a, b)
    assert result["order"][1]["margin_us"] == 20


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
    assert fig["pass"] and fig["emulator"]["resolution_after_a_change_ns_125mhz"] <= 150
    assert fig["fairness_10us"]["pio"]["reversed"] == 0
    burst = fig["bounce_bursts"]
    assert burst["pio"]["lost_words"] == 0 and burst["pio"]["final_levels_wrong"] == 0
    assert burst["before_27"]["lost_words"] > 0
