"""The hardware test screen in the simulator: the real firmware on the unix port, its
figures from the simulated clock, its findings on the console (the simulator's log)."""

import os

import simulator

from table.version import VERSION

OPEN = """\
500 up press
700 ok press
900 up press
1100 ok press
"""  # home: up to Settings; Settings: up to its last line, Hardware test
OUTPUTS = OPEN + "1300 down press\n1500 down press\n1700 ok press\n"  # its page "LEDs, buzzer"


def run(tmp_path, script, board="sim"):
    flash = tmp_path / "flash"
    script = simulator.script_file(tmp_path, script)
    r = simulator.run_ok("--script", script, "--flash", flash, "--board", board, "--events")
    log = [line[len("hwtest: ") :] for line in r.stderr.splitlines() if line.startswith("hwtest: ")]
    return r, log, flash


def test_buttons_page_names_each_pressed_button_and_its_gpio(tmp_path):
    script = (
        OPEN
        + """\
1300 ok press
1600 p3 down
1800 p3 up
2000 down down
2200 down up
2400 p1 down
2500 ok down
2700 ok up
2800 p1 up
3000 back down
3800 back up
"""
    )
    r, log, _ = run(tmp_path, script)
    assert log == [
        "firmware %s" % VERSION,  # the hardware test says which firmware it runs
        "p3 GP18 down",
        "p3 GP18 up",
        "down GP11 down",
        "down GP11 up",
        "p1 GP16 down",
        "ok GP12 down",
        "ok GP12 up",
        "p1 GP16 up",
        "back GP13 down",
    ], log


def test_outputs_flash_and_timing_from_the_simulated_clock(tmp_path):
    script = (
        OUTPUTS
        + """\
6000 back press
6200 down press
6400 ok press
6700 back press
6900 down press
7100 ok press
"""
    )
    r, log, flash = run(tmp_path, script)
    events = [line.split(None, 1)[1] for line in r.stdout.splitlines()]
    for i in range(6):
        assert "led %d on" % i in events and "led %d off" % i in events
    assert [e for e in events if e.startswith("tone") and e != "tone off"] == ["tone 440", "tone 880", "tone 1760"]
    assert "LED1 GP6 on" in log and "buzzer GP27 1760 Hz" in log
    assert "flash write 1024 B ok" in log and "flash read back ok" in log
    free = [line for line in log if line.startswith("flash free ")]
    assert free and int(free[0].split()[2]) <= 1408  # the simulated flash's capacity
    assert not os.path.exists(flash / "hwtest.tmp")
    timing = [line.split() for line in log if line.startswith("timing ")]
    assert len(timing) == 1, log
    f = timing[0]
    assert f[1] == "GP28" and f[3] == "32"
    irq = [int(x) for x in f[5:8]]
    drain = [int(x) for x in f[9:12]]
    # On the simulated clock the handler runs right after the write (each ticks read
    # costs 1 us) and the ring is drained in the next loop pass, after its 5 ms sleep.
    assert 0 < irq[0] <= irq[1] <= irq[2] < 50, irq
    assert 5000 <= drain[0] <= drain[1] <= drain[2], drain


def test_a_board_without_leds_or_buzzer(tmp_path):
    # ok: the notice that PIO capture is off (a Pico board in the simulator); then the
    # LEDs and buzzer page and the flash page
    script = "300 ok press\n" + OUTPUTS + "2500 back press\n2700 down press\n2900 ok press\n"
    r, log, _ = run(tmp_path, script, board="pico_duo")
    assert not [line for line in r.stdout.splitlines() if " led " in line or " tone " in line]
    assert "flash write 1024 B ok" in log  # the hardware test ran on this board
    assert not [line for line in log if not line.startswith(("flash ", "firmware "))]  # nothing to light or play
