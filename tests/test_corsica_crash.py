"""No silent crash (#28): an exception in the virtual deck's game shows the Error screen
and writes data/errors.txt instead of stopping the device, also when the log cannot
be written for want of memory, and when it comes from the app's own saving after a
result; the simulator's flash files take the traceback as the device's do
(host_tools/sim/simdevice/simflash.py)."""

import gc

gc.collect()  # the unix port compiles these from source: the app first, on a clean heap
from table import app  # noqa: E402

gc.collect()
import builtins  # noqa: E402
import sys  # noqa: E402

import simdevice_module  # noqa: E402
from canvas_record import read_file  # noqa: E402
from corsica_rig import PINS, FakeHw, Table  # noqa: E402

from table.rules.corsica import Game  # noqa: E402
from table.screens.ui_deck import DeckGame  # noqa: E402

ERRORS = "/data/errors.txt"


def deck_table(window_ms=0):
    table = Table(6, {"slap_window_ms": window_ms})
    return table, push_deck(table)


def push_deck(table):
    game = Game(3, (), 11)
    table.app.push(DeckGame(table.app, game, 5, table))
    return game


def broken(*args):
    raise RuntimeError("deck bug")


def errors_logged(table):
    try:
        return read_file(table.rig.root + ERRORS)
    except OSError:
        return ""


def assert_error_shown(table, text):
    assert [type(s).__name__ for s in table.app.stack] == ["Home", "Notice"]
    assert table.canvas().title() == "Error"
    assert text in table.shown().replace("\n", " ")
    assert not table.app.top().slap_window and True not in table.hw.leds.values()


def test_an_exception_anywhere_in_the_deck_game_shows_the_error_screen_and_is_logged():
    table, game = deck_table()
    try:
        for where in ("play", "judge", "draw", "nav"):
            if where == "play":  # the player to move turns a card
                game.play_card = broken
                table.press(game.turn)
            elif where == "judge":  # a slap is judged
                game.slappable = broken
                table.press((game.turn + 1) % 3)
                table.settle()
            elif where == "draw":
                table.screen().title_text = broken
                table.shown()
            else:
                table.screen().on_nav = broken
                table.nav("up")
            assert_error_shown(table, "RuntimeError: deck bug")
            assert "RuntimeError: deck bug" in errors_logged(table), where
            table.app._last_error = None  # (the same error again is not written again)
            table.nav("ok")
            assert type(table.screen()).__name__ == "Home"
            game = push_deck(table)
    finally:
        table.close()


def test_a_crash_with_no_memory_left_for_its_log_still_shows_the_error_screen():
    table, game = deck_table()
    opened = builtins.open

    def no_memory(*args, **kw):
        raise MemoryError("no memory for the log")

    def out_of_memory():
        raise MemoryError("out of memory in the deck")

    try:
        game.play_card = out_of_memory
        table.hw.levels &= ~(1 << PINS[game.turn])
        builtins.open = no_memory
        try:  # before: the log's MemoryError left App.crash and stopped the device
            table.app.on_snapshot(table(), table.hw.levels, PINS[game.turn])
        finally:
            builtins.open = opened
        table.tick()
        assert_error_shown(table, "MemoryError")
        assert errors_logged(table) == ""  # nothing could be written
        table.nav("ok")
        assert type(table.screen()).__name__ == "Home"
    finally:
        builtins.open = opened
        table.close()


class LoopHw(FakeHw):
    """What app.step uses of the hardware: no navigation, the tap ring, a canvas."""

    def __init__(self):
        from canvas_record import RecordingCanvas

        FakeHw.__init__(self)
        self.canvas = RecordingCanvas()
        self.shows = 0

    def poll_nav(self, now_ms):
        return ()

    def nav_held(self):
        return False

    def show(self):
        self.shows += 1


def test_a_crash_in_the_apps_saving_after_a_deck_result_is_shown_not_fatal():
    hw = LoopHw()
    table = Table(6, {"slap_window_ms": 0}, hw=hw)
    try:
        app_ = table.app
        game = push_deck(table)
        app_.history.flush = broken  # the history's write after the result fails
        other = (game.turn + 1) % 3
        hw.ring.record(table(), hw.levels & ~(1 << PINS[other]), PINS[other])  # a false tap
        for _ in range(100):  # 500 ms of the device loop: the tap is judged, then saved
            table.t += 5000
            app.step(app_, hw, (table.t // 1000) & 0x3FFFFFFF)
        assert [type(s).__name__ for s in app_.stack] == ["Home", "Notice"]
        assert "RuntimeError: deck bug" in errors_logged(table)
        assert "Error" in hw.canvas.shown() and hw.shows
    finally:
        table.close()


def simflash():
    return simdevice_module.load("simflash")


def test_the_simulated_flash_takes_the_crash_log_as_the_device_does():
    # The simulator's files are wrapped to model a full flash; MicroPython's
    # sys.print_exception writes only to a stream, so the log came out empty.
    flash = simflash()
    table, game = deck_table()
    opened = builtins.open

    def flash_open(path, mode="r"):  # as simflash.install's: a file to write, wrapped
        f = opened(path, mode)
        return flash.FlashFile(f, path, 1 << 12) if "w" in mode else f  # 16 MB

    try:
        builtins.open = flash_open
        try:
            game.play_card = broken
            table.press(game.turn)
        finally:
            builtins.open = opened
        assert_error_shown(table, "RuntimeError: deck bug")
        log = errors_logged(table)
        if hasattr(sys, "print_exception"):  # MicroPython: the traceback, as on a Pico
            assert log.startswith("Traceback (most recent call last):"), log
            assert "test_corsica_crash" in log, log
        assert log.rstrip().endswith("RuntimeError: deck bug"), log
    finally:
        builtins.open = opened
        table.close()
