"""The app: screen stack, boot, storage, crash handling, the device loop."""

import gc
import json

from canvas_record import Rig, exists, loaded, read_file, write_file

from table.screens import ui


class Boom(ui.Screen):
    title = "Boom"

    def on_nav(self, name, kind):
        if name == "ok":
            raise ZeroDivisionError("boom in a screen")
        if name == "up":
            raise SystemExit(3)
        ui.Screen.on_nav(self, name, kind)


class Slapper(ui.Screen):
    """A Corsica-like screen: takes snapshots, keeps a slap window open."""

    title = "Slap"
    slap_window = True

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.snaps = []

    def on_snapshot(self, t_us, levels, pin):
        self.snaps.append((t_us, levels, pin))


class Lamp(ui.Screen):
    """Lights a player's LED and beeps on ok; up crashes."""

    title = "Lamp"

    def on_nav(self, name, kind):
        if name == "ok":
            self.app.out.led(2, True)
            self.app.out.beep(2000, 5000)
        elif name == "up":
            raise ValueError("lamp broke")
        else:
            ui.Screen.on_nav(self, name, kind)


def test_leaving_a_screen_switches_its_leds_and_tone_off():
    from corsica_rig import FakeHw

    from table.device.signals import Signals

    rig = Rig()
    try:
        app = rig.app
        hw = FakeHw(4)
        app.out = Signals(hw)
        for leave in ("back", "home", "replace", "crash", "cover"):
            app.home()
            app.push(Lamp(app))
            rig.nav("ok")
            assert hw.leds == {2: True} and hw.beeps[-1] == (2000, 5000)
            stopped = hw.stopped
            if leave == "back":
                rig.nav("back")
            elif leave == "home":
                app.home()
            elif leave == "replace":
                app.replace(app.screen("notice", "Next", "replaced"))
            elif leave == "crash":
                rig.nav("up")
                assert "lamp broke" in rig.text()
            else:
                app.push(app.screen("notice", "Over", "on top"))
            assert hw.leds == {2: False} and hw.stopped == stopped + 1, leave
            assert app.out.lit == 0 and not app.out.sounding
            hw.leds = {}
    finally:
        rig.close()


def test_home_lists_the_games():
    rig = Rig()
    try:
        assert rig.screen() == "Home"
        text = rig.shown()
        for label in ("I Go", "Corsari", "Corsica ref", "Corsica deck", "Settings"):
            assert label in text
        assert "Resume" not in text
        assert rig.canvas.title() == "Table referee"
        rig.nav("back back")  # the home screen stays
        assert rig.screen() == "Home"
    finally:
        rig.close()


def test_a_list_wraps_round_with_a_press_and_stops_at_its_ends_when_held():
    rig = Rig()
    try:
        home = rig.app.top()
        last = len(home.items) - 1
        rig.nav("up")  # a press wraps: the first line's up is the last line
        assert home.index == last
        rig.nav("down")
        assert home.index == 0
        rig.nav("down:long")  # holding moves a line at a time...
        assert home.index == 1
        rig.nav("down:repeat*%d" % (2 * last + 1))  # ...and stops at the last line
        assert home.index == last
        rig.nav("up:long up:repeat*%d" % (2 * last + 1))  # held up: the first line, not round
        assert home.index == 0
        assert [ui.move(0, 3, "up", k) for k in ("press", "long", "repeat")] == [2, 0, 0]
    finally:
        rig.close()


def test_boot_counter_once_per_boot():
    rig = Rig()
    try:
        assert rig.app.history.boot == 1
        rig.boot()
        rig.boot()
        assert rig.app.history.boot == 3
        saved = json.loads(read_file(rig.root + "/data/boot.json"))
        assert saved["boot"] == 3 and sorted(saved) == ["boot", "device", "history"]
    finally:
        rig.close()


def test_screen_stack_push_pop_replace():
    rig = Rig()
    try:
        app = rig.app
        app.dirty = False
        a = app.screen("notice", "A", "first")
        app.push(a)
        assert app.top() is a and app.dirty
        b = app.screen("notice", "B", "second")
        app.replace(b)
        assert app.top() is b and len(app.stack) == 2
        app.pop()
        app.pop()  # never below the home screen
        assert rig.screen() == "Home" and len(app.stack) == 1
        app.push(a)
        app.push(b)
        app.home()
        assert len(app.stack) == 1
    finally:
        rig.close()


def test_corrupt_state_is_reported_and_the_app_starts_clean():
    rig = Rig(files={"data/state.json": '{"v": 1, "settings": {'})
    try:
        assert rig.screen() == "Notice"
        assert "state.json corrupt" in rig.text()
        rig.nav("down*9")  # a long notice scrolls (to its end)
        assert "kept as state.json.bad" in rig.text()
        rig.nav("ok")
        assert rig.screen() == "Home"
        assert "Resume" not in rig.shown()
        assert exists(rig.root + "/data/state.json.bad")
        rig.boot()  # reported once
        assert rig.screen() == "Home"
    finally:
        rig.close()


def test_bad_match_in_state_is_reported_and_dropped():
    rig = Rig(files={"data/state.json": '{"v": 1, "settings": {"igo_target": 7}, "match": {"v": 1, "rules": "chess"}}'})
    try:
        text = rig.text()
        assert "state.json" in text and "corrupt" in text
        assert rig.app.match is None
        assert rig.app.settings["igo_target"] == 4  # a clean start
        rig.nav("ok")
        assert rig.screen() == "Home"
    finally:
        rig.close()


def test_bad_settings_in_state_take_their_defaults_and_keep_the_rest():
    rig = Rig(
        files={
            "state.json": '{"v": 1, "settings": {"igo_target": 7, "tie_window_us": 3,'
            ' "tie_break": "coin", "out_at_3": true, "old": 1}, "match": null}'
        }
    )
    try:
        assert rig.screen() == "Home"  # no notice: the good values are kept
        s = rig.app.settings
        assert s["igo_target"] == 7 and s["out_at_3"] is True
        assert s["tie_window_us"] == 1000 and s["tie_break"] == "random"
        assert "old" not in s
    finally:
        rig.close()


def test_a_state_of_another_version_or_without_settings_is_set_aside():
    for text, why in (
        ('{"v": 2, "settings": {}}', "state.json: unknown version 2"),
        ('{"v": 1}', "state.json: settings missing"),
        ('{"v": 1, "settings": [1]}', "state.json: settings missing"),
    ):
        rig = Rig(files={"data/state.json": text})
        try:
            assert rig.screen() == "Notice" and rig.app.top().text == why + " (kept as state.json.bad)"
            assert read_file(rig.root + "/data/state.json.bad") == text
            assert rig.app.settings["igo_target"] == 4
        finally:
            rig.close()


def test_config_names_that_are_not_all_strings_are_reported():
    rig = Rig(files={"config.json": '{"names": ["Ann", 3]}'})
    try:
        assert rig.app.top().text == "config.json: names must be a list of strings (kept as config.json.bad)"
        assert rig.app.config == {} and exists(rig.root + "/config.json.bad")
    finally:
        rig.close()


def test_corrupt_config_is_reported_and_default_names_used():
    rig = Rig(files={"config.json": "names: Ann"})
    try:
        assert "config.json corrupt" in rig.text()
        rig.nav("ok")
        assert rig.app.config == {}
        from table.storage import roster

        assert roster.seats(3, rig.app.seated) == ["P1", "P2", "P3"]
    finally:
        rig.close()


def test_config_names_cut_and_repeated_names_replaced():
    from table.storage import roster

    preload = roster.merge([], ["Alexandrina", "Bob", "Bob", " ", "Weißhaar"])
    assert preload == ["Alexandr", "Bob", "Weißhaa"]  # 8 characters as the display spells them
    assert roster.seats(5) == ["P1", "P2", "P3", "P4", "P5"]  # config.json's names take no seat
    assert roster.seats(5, preload) == ["Alexandr", "Bob", "Weißhaa", "P4", "P5"]  # seated: seat numbers after


def test_a_crash_in_a_screen_is_shown_logged_and_survived():
    rig = Rig()
    try:
        rig.app.push(Boom(rig.app))
        rig.nav("ok")
        assert rig.screen() == "Notice"
        text = rig.text()
        assert rig.canvas.title() == "Error"
        assert "ZeroDivisionErr" in text and "boom in a screen" in text
        assert "boom in a screen" in read_file(rig.root + "/data/errors.txt")
        rig.nav("ok")
        assert rig.screen() == "Home"
    finally:
        rig.close()


def test_a_crash_while_drawing_is_caught_too():
    class BadDraw(ui.Screen):
        def draw(self, canvas):
            raise KeyError("nope")

    rig = Rig()
    try:
        rig.app.push(BadDraw(rig.app))
        rig.shown()
        assert rig.screen() == "Notice"
        assert "KeyError" in rig.shown()
    finally:
        rig.close()


def test_system_exit_is_not_swallowed():
    rig = Rig()
    try:
        rig.app.push(Boom(rig.app))
        try:
            rig.app.on_nav("up", "press")
            assert False, "SystemExit swallowed"
        except SystemExit:
            pass
    finally:
        rig.close()


def test_snapshots_go_to_the_top_screen_that_wants_them():
    rig = Rig()
    try:
        rig.app.on_snapshot(5, 0xFF)  # Home has no on_snapshot: dropped
        s = Slapper(rig.app)
        rig.app.push(s)
        rig.app.on_snapshot(10, 0xFE, 16)
        rig.app.on_snapshot(12, 0xFF)  # the pin not known
        assert s.snaps == [(10, 0xFE, 16), (12, 0xFF, -1)]
    finally:
        rig.close()


def test_flash_writes_wait_for_the_slap_window_to_close():
    rig = Rig()
    try:
        app = rig.app
        s = Slapper(app)
        app.push(s)
        app.log("slap", "g1", "corsica", {"winner": 0})
        app.save()
        app.tick(100)
        assert not exists(rig.root + "/data/state.json")
        assert rig.history() == []
        s.slap_window = False
        app.tick(200)
        assert exists(rig.root + "/data/state.json")
        lines = rig.history()
        assert [(h["event"], h["winner"], h["boot"]) for h in lines] == [("slap", 0, 1)]
    finally:
        rig.close()


def test_settings_are_edited_saved_and_loaded_at_boot():
    rig = Rig()
    try:
        rig.choose("Settings")
        assert rig.screen() == "Settings"
        text = rig.shown()
        assert "I Go to 4" in text and "Corsari to auto" in text
        rig.nav("ok up")  # edit the I Go target: 5
        assert "<5>" in rig.shown()
        rig.nav("ok down ok up:long ok")  # Corsari target: auto -> 100 -> 110? no: 0+100
        text = rig.shown()
        assert "I Go to 5" in text and "Corsari to 100" in text
        state = json.loads(read_file(rig.root + "/data/state.json"))
        assert state["settings"]["igo_target"] == 5
        rig.nav("down down ok up ok")  # tie window 1000 -> 1100
        rig.nav("down ok up ok")  # tie break random -> reslap
        rig.boot()
        assert rig.app.settings["igo_target"] == 5
        assert rig.app.settings["corsari_target"] == 100
        assert rig.app.settings["tie_window_us"] == 1100
        assert rig.app.settings["tie_break"] == "reslap"
    finally:
        rig.close()


def test_corsica_modes_open():
    rig = Rig()
    try:
        for label, screen in (("Corsica ref", "RefereeSetup"), ("Corsica deck", "DeckSetup")):
            rig.app.home()
            rig.choose(label)
            assert rig.screen() == screen, rig.text()
    finally:
        rig.close()


def test_the_corsica_rules_are_not_kept_under_the_referee():
    """The setups show corsica_table's numbers: the referee (real cards) and its setup
    never load the game engine; the virtual deck's setup loads it for the game."""
    import sys

    from table.app import unload

    for name in ("table.rules.corsica", "table.rules.corsica_cards"):  # other test files import them (CPython)
        unload(name)
    rig = Rig()
    try:
        rig.choose("Corsica ref")
        assert "table.rules.corsica" not in sys.modules and "table.rules.corsica_table" in sys.modules
        rig.nav("back")
        rig.choose("Corsica ref")
        rig.nav("up ok")  # Start (the last line)
        assert rig.screen() == "Referee", rig.text()
        for name in (
            "table.rules.corsica",
            "table.rules.corsica_cards",
            "table.screens.ui_corsica",
        ):  # it gave its place
            assert name not in sys.modules, name
        rig.nav("back")
        assert rig.screen() == "Confirm", rig.text()  # leaving asks first
        rig.nav("ok")
        assert rig.screen() == "Home", rig.text()
        rig.choose("Corsica deck")
        rig.nav("up ok")  # Deal
        assert rig.screen() == "DeckGame", rig.text()  # its game has the rules again
    finally:
        rig.close()


class FakeTime:
    """time for app.run: the loop ends (SystemExit) after `loops` sleeps."""

    def __init__(self, loops):
        self.loops = loops
        self.ms = 0

    def ticks_ms(self):
        return self.ms

    def sleep_ms(self, ms):
        self.ms += ms
        self.loops -= 1
        if not self.loops:
            raise SystemExit(0)


class FakeDisplay:
    def __init__(self):
        self.shown = 0

    def show(self, buffer):
        self.shown += 1


class FakeHw:
    players = 4

    def __init__(self, navs, snaps):
        from canvas_record import RecordingCanvas

        self.navs = navs
        self.canvas = RecordingCanvas()
        self.canvas.buffer = bytearray(8)
        self.display = FakeDisplay()
        from table.device.tapring import TapRing

        self.ring = TapRing(8)  # the real ring, filled as the pin IRQs would
        for entry in snaps:
            self.ring.record(*entry)

    def show(self):
        self.display.show(self.canvas.buffer)

    def poll_nav(self, now_ms):
        return [self.navs.pop(0)] if self.navs else []

    def nav_held(self):
        return False


def test_the_device_loop_feeds_the_app_and_shows_only_when_dirty():
    from table import app as appmod

    rig = Rig()
    try:
        app = rig.app
        s = Slapper(app)
        app.push(s)
        hw = FakeHw([("down", "press")], [(7, 1, 16), (9, 0, 17)])
        try:
            appmod.run(app, hw, FakeTime(10))
            assert False, "the loop returned"
        except SystemExit:
            pass
        assert s.snaps == [(7, 1, 16), (9, 0, 17)]
        assert hw.display.shown == 1  # drawn once: nothing changed afterwards
        assert app.now_ms == 45
    finally:
        rig.close()


def test_ring_overflow_is_shown_on_every_screen():
    from canvas_record import RecordingCanvas

    rig = Rig()
    try:
        app = rig.app
        app.hw = FakeHw([], [])
        canvas = RecordingCanvas()
        app.tick(1)
        app.draw(canvas)
        assert "!" not in canvas.shown()
        app.hw.ring.overflows = 3  # the IRQ found the ring full three times
        app.tick(2)
        assert app.dirty
        app.draw(canvas)
        assert "!3" in canvas.shown()
        assert "Corsari" in canvas.shown()  # the screen itself is still drawn
    finally:
        app.hw = None
        rig.close()


def test_modules_a_left_mode_needed_are_dropped():
    import sys

    class Mode(ui.Screen):
        MODULES = ("mode_only_module",)

    rig = Rig()
    try:
        app = rig.app
        sys.modules["mode_only_module"] = ui  # stands for a module the mode imported
        app.push(Mode(app))
        app.push(app.screen("notice", "Note", "on top"))
        app.pop()  # still under the notice's mode: kept
        assert "mode_only_module" in sys.modules
        app.pop()
        assert "mode_only_module" not in sys.modules
        assert "table.screens.ui" in sys.modules  # what the app imports itself stays
    finally:
        sys.modules.pop("mode_only_module", None)
        rig.close()


def test_a_dropped_module_leaves_its_package_too_and_comes_back_fresh():
    """A package's module is held by sys.modules and by its package (an attribute):
    both forget it, or its code would stay and the next import return the old one."""
    import sys

    rig = Rig()
    try:
        rig.choose("Settings")
        first = sys.modules["table.screens.ui_settings"]
        rig.nav("back")
        assert not hasattr(sys.modules["table.screens"], "ui_settings")
        rig.choose("Settings")
        assert rig.screen() == "Settings" and sys.modules["table.screens.ui_settings"] is not first
    finally:
        rig.close()


def test_setup_and_settings_code_leaves_with_their_screens():
    import sys

    rig = Rig()
    try:
        for name in ("config", "events", "jsonfmt", "store"):  # boot and history writing
            assert not loaded(name), name
        rig.choose("Settings")
        assert "table.screens.ui_settings" in sys.modules and "table.screens.ui_form" in sys.modules
        rig.nav("back")
        assert rig.screen() == "Home"
        assert "table.screens.ui_settings" not in sys.modules and "table.screens.ui_form" not in sys.modules
        gc.collect()  # the setup's modules are compiled from source on the unix port
        rig.choose("Corsari")
        assert rig.screen() == "Setup" and "table.screens.ui_igo_setup" in sys.modules, (rig.screen(), rig.text())
        rig.nav("up ok")  # Start (the last line): the age order comes next, the setup stays under it
        assert rig.screen() == "AgeOrder" and "table.screens.ui_igo_setup" in sys.modules
        rig.nav("ok*3")  # the youngest three; the last one follows
        assert rig.screen() == "Notice"  # a fresh device's setup draws who deals: shown
        rig.nav("ok")
        assert rig.screen() == "MatchScreen" and "table.screens.ui_match" in sys.modules
        for name in ("ui_igo_setup", "ui_form", "config"):
            assert not loaded(name), name
        enter_round(rig, [3, 5, 7, 9])  # saved: the saving code came in for it
        assert rig.screen() == "MatchScreen"
        rig.nav("ok")  # the next round's menu: the saving code has left again
        for name in ("matches", "store_load", "events", "jsonfmt", "store"):
            assert not loaded(name), name
        rig.nav("back")
        rig.nav("back")  # home: the match's screens leave too
        assert (
            rig.screen() == "Home"
            and "table.screens.ui_igo" not in sys.modules
            and "table.screens.ui_match" not in sys.modules
        )
    finally:
        rig.close()


def enter_round(rig, penalties):
    """From the match screen: enter a round ended by player 1, then save it."""
    rig.nav("ok")
    rig.choose("Enter round")
    rig.choose(rig.app.match.names[0])
    for p in penalties:
        rig.nav("up*%d ok" % p if p else "ok")
    assert rig.screen() == "RoundReview"
    rig.nav("ok")


def test_a_failed_save_keeps_the_match_and_says_so_until_acknowledged():
    import os

    rig = Rig(names=["Ann", "Bob"])
    try:
        rig.start_match("igo", ["Ann", "Bob"], 4)
        rig.app.push(rig.app.screen("match"))
        saved = rig.root + "/data/matches/%s.json" % rig.app.match.game
        os.mkdir(saved + ".tmp")  # the next save cannot write
        enter_round(rig, [3, 5])
        assert rig.screen() == "Unsaved"
        assert "(%s.json)" % rig.app.match.game in rig.text()  # the errno differs per port
        assert rig.canvas.title() == "Not saved"
        assert "Kept in memory; saved again at" in rig.text() and "ok:close dn:more" in rig.text()
        rig.nav("down*5")  # to the end of the text: ok still says what it does
        assert "the next change" in rig.text() and rig.text().endswith("ok: close"), rig.text()
        assert len(rig.app.match.rounds) == 1  # the round is in RAM
        rig.app.home()  # leaving does not lose the notice
        assert rig.screen() == "Unsaved"
        rig.nav("down")  # scrolled, not acknowledged
        rig.app.home()
        assert rig.screen() == "Unsaved"
        rig.nav("ok")  # acknowledged
        assert rig.screen() == "Home"
        assert '"actions":[]' in read_file(saved)  # as it was
        os.rmdir(saved + ".tmp")
        rig.choose("Continue")
        rig.nav("ok")
        rig.choose("Resume")  # the match in RAM is saved before the file is read
        assert len(rig.app.match.rounds) == 1
        enter_round(rig, [9, 2])
        assert rig.screen() == "MatchScreen"
        rig.boot()
        from table.storage import matches, matches_app

        assert matches_app.resume(rig.app, matches.saved(rig.app).entries()[0]["id"]) is None
        assert len(rig.app.match.rounds) == 2
        assert [h["event"] for h in rig.history()] == ["start", "round", "round"]
    finally:
        rig.close()


def test_a_match_started_without_saving_says_so_once():
    import os

    rig = Rig(names=["Ann", "Bob"])
    try:
        os.mkdir(rig.root + "/data/matches")
        os.mkdir(rig.root + "/data/matches/index.json.tmp")  # the match's index cannot be written
        rig.setup()
        rig.start()
        assert [type(s).__name__ for s in rig.app.stack] == ["Home", "MatchScreen", "Unsaved"]
        rig.nav("ok")  # acknowledged: the match, then home
        assert rig.screen() == "MatchScreen"
        rig.nav("back")
        assert rig.screen() == "Home"
    finally:
        rig.close()


def test_plain_words_for_file_system_errors():
    from table.storage import store

    assert store.error_text(OSError(28)) == "flash full"
    assert store.error_text(OSError(21)) == "is a folder, not a file"
    assert store.error_text(OSError(99)) == "file system error 99"


TOO_BIG = "x" * 5000  # made while the heap is whole (a 5 KB block is hard to find later)


def test_unusable_files_are_set_aside_and_the_device_boots():
    import os

    rig = Rig()
    try:
        cases = [
            ("config.json", TOO_BIG, "config.json too big"),  # over MAX_SIZE
            ("config.json", None, "config.json is a folder"),
            ("data/state.json", None, "state.json is a folder"),
            ("data/state.json", '{"v": 1, "settings": {}, "match": {"rules": 5}}', "state.json"),
        ]
        for name, text, words in cases:
            path = rig.root + "/" + name
            if text is None:
                os.mkdir(path)
            else:
                write_file(path, text)
            rig.boot()
            shown = rig.text()
            assert words in shown and "kept as %s.bad" % name.split("/")[-1] in shown, shown
            while rig.screen() != "Home":
                rig.nav("ok")
            assert not exists(path)
            rig.boot()
            assert rig.screen() == "Home"  # said once: the next boot is clean
        assert sorted(n for n in os.listdir(rig.root) if ".bad" in n) == ["config.json.bad", "config.json.bad2"]
        assert sorted(n for n in os.listdir(rig.root + "/data") if ".bad" in n) == ["state.json.bad", "state.json.bad2"]
    finally:
        rig.close()


def test_notice_code_leaves_with_the_last_notice():
    import sys

    rig = Rig()
    try:
        rig.app.notice("One", "first")
        rig.app.confirm("Two", "second?", lambda: None)
        assert "table.screens.ui_notice" in sys.modules
        rig.nav("back")
        assert "table.screens.ui_notice" in sys.modules  # the first notice is still open
        rig.nav("ok")
        assert rig.screen() == "Home" and "table.screens.ui_notice" not in sys.modules
    finally:
        rig.close()
