"""No silent crash (#28): a firmware error in the simulator leaves its traceback on
the terminal after the screen closes, and a crash in a screen (the virtual deck's
game) shows the Error screen and writes data/errors.txt as on the device."""

import json
import os

import simulator
from simulator import DEMO

RESTORED = b"\x1b[?1049l"  # the terminal's own screen back (sim.Terminal.close)

# The real firmware with a bug put into the virtual deck's game: the first card turned raises.
DECK_BUG_APP = """
from table.screens import ui_deck


def broken_play(self, t_us):
    raise RuntimeError("deck bug on the first card")


ui_deck.DeckGame.play = broken_play


def main(board):
    from table import app

    app.main(board)
"""
# Home > Corsica deck > its setup's last line (Deal), then player 1 turns a card.
DECK_SCRIPT = (
    "500 down press\n700 down press\n900 down press\n1100 ok press\n"  # Corsica deck
    "1400 up press\n1600 ok press\n"  # Deal
    "3000 p1 press\n"
)
# The same once a deck game is kept in Continue (home's first line): one more down.
DECK_SCRIPT_AGAIN = "300 down press\n" + DECK_SCRIPT


def test_interactive_crash_leaves_the_traceback_on_the_terminal(tmp_path):
    term = simulator.Terminal(["--app", DEMO, "--flash", tmp_path / "flash"], 140, 40)
    term.read_until(lambda: "\u2588" in term.screen())
    term.type(b"O")  # a long ok: the stand-in app raises
    assert term.end() != 0
    after = term.out[term.out.rfind(RESTORED) + len(RESTORED) :].decode("utf-8", "replace")
    assert "Traceback (most recent call last):" in after, after
    assert "RuntimeError: demo crash on long ok" in after, after
    assert after.index("Traceback") < after.index("sim: firmware stopped with exit status 1")


def test_a_crash_in_the_deck_game_is_shown_and_logged_with_its_traceback(tmp_path):
    app = tmp_path / "deck_bug.py"
    app.write_text(DECK_BUG_APP)
    flash = tmp_path / "flash"
    script = simulator.script_file(tmp_path, DECK_SCRIPT + "4000 ok press\n4500 down press\n")
    r = simulator.run_ok("--script", script, "--app", app, "--flash", flash, "--screens", tmp_path / "shots")
    log = (flash / "data" / "errors.txt").read_text()
    assert log.startswith("Traceback (most recent call last):"), log
    assert "ui_deck" in log and log.rstrip().endswith("RuntimeError: deck bug on the first card"), log
    assert "Traceback" not in r.stderr  # the device survived it: nothing escaped
    # what it logged, said once the run is over: the last line and where the rest is
    path = (flash / "data" / "errors.txt").resolve()
    said = "sim: the firmware logged RuntimeError: deck bug on the first card (the whole of it: %s)" % path
    assert said in r.stderr.splitlines(), r.stderr
    # The game dealt before the crash is kept in Continue (a deck game is a saved match).
    index = json.loads((flash / "data" / "matches" / "index.json").read_text())
    assert [m["rules"] for m in index["matches"]] == ["corsica"]
    again = simulator.script_file(tmp_path, DECK_SCRIPT_AGAIN)
    r = simulator.run_ok("--script", again, "--app", app, "--flash", flash)  # logged again: said again
    assert said in r.stderr.splitlines(), r.stderr
    r = simulator.run_ok("--script", simulator.script_file(tmp_path, "500 down press\n"), "--flash", flash)
    assert "logged" not in r.stderr  # nothing logged in this run: nothing said


def test_an_interactive_session_says_what_the_firmware_logged_after_the_screen_closes(tmp_path):
    app = tmp_path / "deck_bug.py"
    app.write_text(DECK_BUG_APP)
    flash = tmp_path / "flash"
    term = simulator.Terminal(["--app", app, "--flash", flash], 140, 40)
    term.read_until(lambda: "\u2588" in term.screen())
    for keys in (b"s", b"s", b"s", b"o", b"w", b"o"):  # Corsica deck, Deal
        term.type(keys)
    log = flash / "data" / "errors.txt"
    for _ in range(10):  # player 1 turns a card (once the deal is done): the Error screen
        os.write(term.fd, b"1")
        term.read_until(log.exists, timeout=3)
    os.write(term.fd, b"q")
    assert term.end() == 0  # the device survived it
    after = term.out[term.out.rfind(RESTORED) + len(RESTORED) :].decode("utf-8", "replace")
    said = "sim: the firmware logged RuntimeError: deck bug on the first card (the whole of it: %s)" % log.resolve()
    assert said in after, after
