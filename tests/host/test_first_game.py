"""docs/first-game.md ("Your first game") stays true: its steps press exactly what
bench/session_first.txt plays, and that script, played in the simulator on a fresh
flash, saves the walkthrough's I Go round and judges its referee pile as the doc says."""

import json
import os
import re

import simulator

from host_tools import ROOT
from host_tools.sim.simdevice import simscript
from table.device.navbuttons import LONG_MS  # held this long, a press is a long press

DOC = os.path.join(ROOT, "docs", "first-game.md")
SCRIPT = os.path.join(ROOT, "bench", "session_first.txt")
STEP = re.compile(r"^# (\d+)\. ")  # the script's comment that starts step N
DOC_STEP = re.compile(r"^(\d+)\. \*\*")  # the doc's numbered step: "3. **Seat 1 is Ann.** ..."
PRESSES = re.compile(r"Press ((?:`[^`]+`(?:,\s+)?)+)")  # "Press `down ×3`, `ok`, `hold ok`"


def tokens(events):
    """Script events -> the doc's words: `ok`, `hold ok`, `down ×3` (repeats joined,
    but not ok's: each ok chooses something of its own)."""
    words = []
    held = {}
    for t, button, action in events:
        if action == "press":
            words.append(button)
        elif action == "down":
            held[button] = t
        else:
            assert t - held.pop(button) >= LONG_MS, "a down/up shorter than a long press: %s at %d" % (button, t)
            words.append("hold " + button)
    joined = []
    for word in words:
        if joined and joined[-1][0] == word and word != "ok":
            joined[-1][1] += 1
        else:
            joined.append([word, 1])
    return [w if n == 1 else "%s ×%d" % (w, n) for w, n in joined]


def script_steps(path=SCRIPT):
    """{step number: the presses of that step} from the script's "# N. ..." sections."""
    steps, step, last = {}, None, 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = STEP.match(line)
            if m:
                step = int(m.group(1))
                steps[step] = []
                continue
            event = simscript.parse_line(line, last)
            if event:
                assert step is not None, "an event before the first step: %r" % line
                steps[step].append(event)
                last = event[0]
    return {n: tokens(events) for n, events in steps.items()}


def doc_steps(path=DOC):
    """{step number: the presses the doc lists} from its numbered steps' "Press ..."."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    items = re.split(r"\n(?=\d+\. \*\*)|\n\n(?=[^\s\d])", text)  # a step ends at the next step or text
    steps = {}
    for item in items:
        m = DOC_STEP.match(item.strip())
        if not m:
            continue
        said = PRESSES.findall(item)
        assert len(said) == 1, "step %s: one 'Press `...`' expected, found %d" % (m.group(1), len(said))
        steps[int(m.group(1))] = re.findall(r"`([^`]+)`", said[0])
    return steps


def test_the_walkthrough_says_exactly_what_the_script_presses():
    doc, script = doc_steps(), script_steps()
    assert sorted(script) == list(range(1, len(script) + 1)), "the script's steps are 1..N"
    assert sorted(doc) == sorted(script)
    for n in sorted(script):
        assert doc[n] == script[n], "step %d: the doc says %s, the script presses %s" % (n, doc[n], script[n])


def test_the_step_reader_joins_repeats_and_long_presses():
    events = [(0, "down", "press"), (160, "down", "press"), (320, "ok", "press"), (480, "ok", "press")]
    events += [(640, "ok", "down"), (1340, "ok", "up"), (1500, "p2", "press")]
    assert tokens(events) == ["down ×2", "ok", "ok", "hold ok", "p2"]


def test_the_script_saves_the_round_and_judges_the_pile(tmp_path):
    flash = tmp_path / "flash"
    simulator.run_ok("--script", SCRIPT, "--flash", flash, "--start", "2025-06-01T18:00:00")
    data = flash / "data"
    assert not (data / "errors.txt").exists()
    index = json.loads((data / "matches" / "index.json").read_text())["matches"]
    assert [(m["rules"], m["names"], m["rounds"], m["totals"]) for m in index] == [
        ("igo", ["Ann", "Bob", "Cy"], 1, [0, 1, 0])
    ]
    match = json.loads((data / "matches" / (index[0]["id"] + ".json")).read_text())
    # Bob ended: Ann 12, Bob 3, Cy 7
    assert [(a["ender"], a["penalties"]) for a in match["actions"]] == [(1, [12, 3, 7])]
    with open(data / "history.jsonl") as f:
        slaps = [e for e in map(json.loads, f) if e["event"] == "slap"]
    assert len(slaps) == 1
    slap = slaps[0]
    assert slap["winner"] == 1 and slap["false"] == [] and slap["tie"] == []  # Bob's pile
    assert [(tap["player"], tap["margin_us"]) for tap in slap["order"]] == [(1, 0), (0, 126000)]  # Ann +126 ms
    referee = json.loads((data / "referee.json").read_text())
    assert referee["won"] == [0, 1, 0]
