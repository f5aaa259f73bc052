"""Issue #46: a screen's heap regression caught without timing. The firmware modules
loaded at the points the emulated chip measured the heap (home after boot, the hand
calculator's open from the ender's penalty, the screens it goes back to, home after
the match is left) and where the I Go session's other peaks were (the match's start,
its saves), compared with the lists below: a module a screen leaves behind, one
loaded too early, or a covered screen's that stays, fails here on both runtimes
(make bench's heap_by_screen says what it costs on the chip)."""

import sys

from canvas_record import Rig

# The match's own, loaded with its sheet (app.match) while a match is played.
SHEET = ("table.rules.igo_scoring", "table.rules.scoresheet")
# The calculator's: its screen and the engine (loaded after its first frame).
CALCULATOR = ("table.rules.igo_arrange", "table.rules.igo_choice", "table.rules.igo_masks", "table.screens.ui_hand")
# What the writes and a match's start load for the moment (app.WRITING).
WRITING = "events history_write jsonfmt matches matches_app roster sheet_file store store_load".split()
HAND = "R1 R2 R3 O4 O5 Y6 Y7 G8 G9 C10 B11 K1".split()  # red is the display colour


def firmware_modules():
    """The firmware's modules loaded now (table.*, its packages left out)."""
    return set(m for m in sys.modules if m.startswith("table.") and m.count(".") >= 2)


def screens():
    """The screen modules loaded now, by their own names (ui, the base, left out)."""
    return sorted(m.rpartition(".")[2] for m in firmware_modules() if m.startswith("table.screens.ui_"))


def fresh():
    """Forget the screens', the calculator's and the writes' modules that tests before
    left loaded (CPython runs every file in one process): as a boot starts."""
    from table import app

    for name in screens() + [m.rpartition(".")[2] for m in CALCULATOR] + WRITING + ["rng"]:
        app.unload(name)


def settle(app):
    """What a pass left for the next (App.next_pass), done as app.step does it."""
    while app.due:
        due = app.due
        app.due = ()
        for then, args in due:
            then(*args)


def enter_hand(rig):
    """The calculator's keys for HAND (red is the first colour: ok takes it)."""
    from table.rules.igo_cards import COLOURS

    rig.nav("ok")  # the display colour: red
    colour = 0
    for card in HAND:
        c = COLOURS.index(card[0])
        rig.nav(("up*%d " % (c - colour) if c > colour else "") + "ok")
        colour = c
        calc = rig.app.top()
        steps = (int(card[1:]) - calc.value) % 11
        rig.nav(("up*%d " % steps if steps else "") + "ok")


def test_under_the_hand_calculator_only_the_penalty_entry_stays_and_the_calculator_leaves_nothing():
    names = ["Ann", "Bob", "Cy", "Di"]
    fresh()
    rig = Rig(names=names)
    try:
        before = firmware_modules()  # what the test's own rig and a boot hold
        rig.start_match("igo", names, 4)
        rig.app.push(rig.app.screen("match"))
        rig.nav("ok ok ok")  # the round menu, enter round, Ann ended: her penalty
        assert rig.screen() == "PenaltyEntry"
        # The match screen is two under: closed (app.Covered), its module gone.
        assert screens() == ["ui_igo", "ui_penalty"], screens()
        rig.nav("ok:long")  # the calculator's open, where the chip's I Go peak was
        assert rig.screen() == "HandCalc"
        # The round menu's and who ended's code left as the calculator came.
        assert screens() == ["ui_hand", "ui_penalty"], screens()
        extra = sorted(firmware_modules() - before - set(SHEET) - set(CALCULATOR) - {"table.screens.ui_penalty"})
        assert not extra, "the calculator's open holds beyond its own: %s" % extra
        missing = sorted(set(CALCULATOR) - firmware_modules())
        assert not missing, "not loaded at the calculator: %s" % missing
        enter_hand(rig)
        assert rig.app.top().field == "result"
        rig.nav("ok")  # used: on to Bob's penalty; the calculator's code goes, the hand stays
        settle(rig.app)
        entry = rig.app.top()
        assert rig.screen() == "PenaltyEntry" and entry.pos == 1 and entry.hands.cards[0]
        left = sorted(set(CALCULATOR) & firmware_modules())
        assert not left, "the penalty entry holds the calculator's: %s" % left
        assert screens() == ["ui_penalty"], screens()  # who ended stays closed until it is on top
        rig.nav("back ok:long")  # Ann's again: the calculator opens on her hand kept
        assert rig.screen() == "HandCalc" and rig.app.top().field == "result"
        rig.nav("back back")  # the result's back takes the last card back; its value's back...
        while rig.screen() == "HandCalc":
            rig.nav("back")
        assert rig.screen() == "PenaltyEntry"
        rig.nav("back")  # who ended, opened again as it was: Ann chosen
        assert rig.screen() == "RoundEnder" and rig.app.top().index == 0
        assert screens() == ["ui_igo"], screens()
        rig.nav("back")  # the match, opened again
        assert rig.screen() == "MatchScreen" and screens() == ["ui_match"], screens()
        rig.nav("back")  # home: the round's and the match's modules gone
        assert rig.screen() == "Home" and screens() == [], screens()
        left = sorted(set(CALCULATOR) & firmware_modules())
        assert not left, "home holds the calculator's: %s" % left
    finally:
        rig.close()


def test_the_match_start_and_its_saves_leave_no_writing_code_loaded():
    fresh()
    rig = Rig(names=["Ann", "Bob", "Cy", "Di"])
    try:
        rig.setup("I Go")  # four players
        rig.start()
        for _ in range(4):  # the start's passes: the match opens, begins, writes
            settle(rig.app)
            rig.nav("")
        assert rig.screen() == "MatchScreen", rig.screen()
        loaded = set(m.rpartition(".")[2] for m in firmware_modules())
        assert not loaded & set(WRITING), sorted(loaded & set(WRITING))
        assert screens() == ["ui_match"], screens()
        assert "rng" not in loaded  # (the setup's draw loaded it for the whole match)
        assert not rig.app.writes_due() and rig.app.saved_count == 1  # written and saved
        rig.nav("ok ok ok")  # a round: Ann ended, all 0 but hers
        rig.nav("up*5 ok ok ok ok ok")  # the review's ok saves it
        settle(rig.app)
        rig.nav("")
        assert rig.screen() == "MatchScreen" and len(rig.app.match.rounds) == 1
        loaded = set(m.rpartition(".")[2] for m in firmware_modules())
        assert not loaded & set(WRITING), sorted(loaded & set(WRITING))
        assert screens() == ["ui_match"], screens()
    finally:
        rig.close()


def test_home_after_boot_holds_the_boot_modules_only():
    fresh()
    rig = Rig(names=["Ann", "Bob"])
    try:
        assert rig.screen() == "Home"
        assert screens() == [], screens()
    finally:
        rig.close()


class Live:
    """app.live as the Wi-Fi screen uses it (live_server.Live, a W board): its own
    network up, the page's address known (the QR codes can be made)."""

    settings = {"v": 1, "mode": "own", "ssid": "Table-3F2A", "password": "k7m2p9x4ra"}

    def network(self):
        return self.settings["ssid"], self.settings["password"]

    def address(self):
        return "192.168.4.1"

    def state(self):
        return "on"


def test_the_wifi_screen_holds_its_own_and_its_codes_leave_no_encoder():
    from table import app

    fresh()
    for name in ("qr", "qr_draw", "wifi_config", "ui_settings", "ui_form", "settings"):
        app.unload(name)
    rig = Rig(names=["Ann", "Bob"])
    try:
        rig.app.live = Live()
        rig.app.home()
        rig.choose("Settings")
        assert rig.screen() == "Settings" and screens() == ["ui_form", "ui_settings"], screens()
        rig.choose("wifi")
        assert rig.screen() == "WiFi"
        # Settings under it is closed (app.Covered): its modules gone; no QR encoder yet.
        assert screens() == ["ui_text", "ui_wifi"], screens()
        loaded = set(m.rpartition(".")[2] for m in firmware_modules())
        assert "qr" not in loaded and {"qr_draw", "wifi_config"} <= loaded, sorted(loaded)
        rig.nav("down")  # the two QR codes: made, then the encoder leaves
        shown = rig.shown()
        codes = rig.app.top().codes
        assert codes and len(codes) == 2 and type(codes[0]).__name__ == "Matrix", shown
        assert "qr" not in set(m.rpartition(".")[2] for m in firmware_modules())
        rig.nav("back")  # the information again: the codes dropped
        assert rig.app.top().codes is None and "ok:mode" in rig.text()
        rig.nav("back")  # Settings, opened again on its Wi-Fi line
        assert rig.screen() == "Settings" and rig.app.top().items[rig.app.top().index] == "wifi"
        assert screens() == ["ui_form", "ui_settings"], screens()
        rig.nav("back")
        assert rig.screen() == "Home" and screens() == [], screens()
        left = set(m.rpartition(".")[2] for m in firmware_modules()) & {"qr", "qr_draw", "wifi_config", "settings"}
        assert not left, sorted(left)
    finally:
        rig.close()
