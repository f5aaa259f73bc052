"""Issue #46: a screen's heap regression caught without timing. The firmware modules
loaded at the points the emulated chip measured the heap (home after boot, the hand
calculator's open from the ender's penalty, the screens it goes back to, home after
the match is left), compared with the lists below: a module a screen leaves behind,
or one loaded too early, fails here on both runtimes (make bench's heap_by_screen
says what it costs on the chip)."""

import sys

from canvas_record import Rig

# Firmware modules (whole names, packages left out) at each point of the I Go path.
MATCH = ("table.rules.igo_scoring", "table.rules.scoresheet", "table.screens.ui_match")
# The calculator's own: its screen and the engine (loaded after its first frame).
CALCULATOR = ("table.rules.igo_arrange", "table.rules.igo_cards", "table.rules.igo_choice", "table.screens.ui_hand")


def firmware_modules():
    """The firmware's modules loaded now (table.*, its packages left out)."""
    return set(m for m in sys.modules if m.startswith("table.") and m.count(".") >= 2)


def check(what, now, before, expected, allowed=()):
    """`now` holds every expected module, and nothing `before` did not hold beyond
    expected and allowed."""
    missing = sorted(set(expected) - now)
    extra = sorted(now - before - set(expected) - set(allowed))
    assert not extra, "%s: loaded beyond the list: %s" % (what, extra)
    assert not missing, "%s: not loaded: %s" % (what, missing)


def settle(app):
    """What a pass left for the next (App.next_pass), done as app.step does it."""
    while app.due:
        due = app.due
        app.due = ()
        for then, args in due:
            then(*args)


def test_the_hand_calculator_loads_its_own_modules_and_leaves_none_behind():
    names = ["Ann", "Bob", "Cy", "Di"]
    rig = Rig(names=names)
    try:
        before = firmware_modules()  # what the test's own rig and a boot hold
        rig.start_match("igo", names, 4)
        rig.app.push(rig.app.screen("match"))
        at_match = firmware_modules()
        check("the match screen", at_match, before, MATCH, ("table.storage.store", "table.storage.jsonfmt"))
        rig.nav("ok ok ok")  # enter the round, Ann ended: her penalty
        entry = firmware_modules()
        rig.nav("ok:long")  # the calculator's open, where the chip's I Go peak was
        assert rig.screen() == "HandCalc"
        check("the calculator's open", firmware_modules(), entry, CALCULATOR)
        rig.nav("back")  # back to the penalty entry, which keeps the hand and its calculator
        settle(rig.app)
        assert rig.screen() == "PenaltyEntry"
        check("the penalty entry after the calculator", firmware_modules(), entry, CALCULATOR)
        rig.nav("back")  # the round's ender: the calculator's modules go
        assert rig.screen() == "RoundEnder"
        gone = sorted(set(CALCULATOR) & firmware_modules())
        assert not gone, "the round's ender holds the calculator's: %s" % gone
        rig.nav("back back")  # the match, then home: the round's and the match's modules go
        assert rig.screen() == "Home"
        screens = {"table.screens.ui_igo", "table.screens.ui_match"}  # (the app keeps the match's sheet)
        left = sorted((screens | set(CALCULATOR)) & firmware_modules())
        assert not left, "home holds the match's modules: %s" % left
    finally:
        rig.close()


def test_home_after_boot_holds_the_boot_modules_only():
    rig = Rig(names=["Ann", "Bob"])
    try:
        assert rig.screen() == "Home"
        now = firmware_modules()
        screens = sorted(m for m in now if m.startswith("table.screens.") and m != "table.screens.ui")
        assert not screens, "home holds screen modules: %s" % screens
    finally:
        rig.close()
