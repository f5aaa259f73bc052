"""Every screen fits: the app is driven through every screen with the most players
each game allows and 8-character names, and after every button press (and every
player tap) the screen is drawn on a recording canvas of each display size a board
declares. A text that leaves the screen or lies over another text fails the test,
naming the screen and what it showed.
"""

import gc
import os
import sys

gc.collect()
from table import app  # noqa: E402,F401

gc.collect()
from table.screens import ui_igo  # noqa: E402,F401  (the unix port compiles it: on a clean heap)

gc.collect()
from canvas_record import RecordingCanvas, nav_keys  # noqa: E402
from corsica_rig import FakeHw, Table  # noqa: E402

SMALL_HEAP = sys.implementation.name == "micropython"  # (CPython's collection is slow)

# Eight characters each (roster.NAME_LEN), two sharing their first letters.
NAMES = ["Annabell", "Annelise", "Benedikt", "Clemence", "Domenico", "Eleonora", "Fredrika"]
# Names the display spells with more letters than they have (names.to_ascii: ß -> ss,
# Æ -> AE, Þ -> Th, Œ -> OE): eight characters each, up to sixteen on the screen.
WIDE_NAMES = ["Weißhaar", "Weißkopf", "Ææææææææ", "Þórhildr", "Œdipußæ", "Strauß", "Bjørnæs"]

# Every screen class the walks below must reach.
SCREENS = (
    "Home",
    "Notice",
    "Unsaved",
    "Confirm",
    "Settings",
    "Setup",
    "AgeOrder",
    "MatchScreen",
    "MatchMenu",
    "RoundEnder",
    "PenaltyEntry",
    "RoundReview",
    "VoidEntry",
    "RoundView",
    "ChangeMenu",
    "EditReview",
    "HandCalc",
    "SheetView",
    "GameOver",
    "GameOverMenu",
    "RefereeSetup",
    "Referee",
    "DeckSetup",
    "DeckGame",
    "HwTest",
    "Buttons",
    "Display",
    "Outputs",
    "Flash",
    "Timing",
    "SeatPicker",
    "NameEditor",
    "Continue",
    "MatchActions",
    "WiFi",
    "NetEditor",
)


def _boards_dir():
    here = __file__
    i = here.rfind("/")
    tests = here[:i] if i > 0 else "."
    return tests + "/../boards"


def display_sizes():
    """The (width, height) of every display a board in boards/ declares."""
    sizes = []
    folder = _boards_dir()
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py"):
            continue
        width, height = 128, 64  # hw.py's defaults
        with open(folder + "/" + name) as f:
            for line in f:
                words = line.split("#")[0].split("=")
                if len(words) == 2 and words[0].strip() == "DISPLAY_WIDTH":
                    width = int(words[1])
                elif len(words) == 2 and words[0].strip() == "DISPLAY_HEIGHT":
                    height = int(words[1])
        if (width, height) not in sizes:
            sizes.append((width, height))
    return sizes


class Walk(Table):
    """A Table (App, fake board, clock) with 8-character names that draws the top
    screen after every event and keeps what did not fit."""

    def __init__(self, size, players=6, config=None, names=NAMES):
        from canvas_record import Rig

        self.names = names
        rig = Rig(files={"config.json": config}) if config is not None else Rig(names=names)
        # The walks press buttons through app.on_nav, which does not wake the display
        # (the device loop does): it stays on.
        hw = FakeHw(players)
        hw.now_us = self  # the screens' clock is the table's
        Table.__init__(self, players, {"display_dim_min": 0, "display_off_min": 0}, hw, rig)
        self.size = size
        self.seen = {}  # screen class name -> times drawn
        self.misfits = []
        self.look()

    def look(self):
        canvas = RecordingCanvas(self.size[0], self.size[1])
        self.app.draw(canvas)
        name = type(self.app.top()).__name__
        self.seen[name] = self.seen.get(name, 0) + 1
        assert canvas.title() != "Error", "a screen crashed: %r" % canvas.lines()
        self.no_crash_logged()
        bad = canvas.misfits()
        if not bad and self.hides_lines() and not self.arrow_drawn(canvas):
            bad = "lines hidden and no arrow says so"
        if not bad and name == "Confirm":
            from table.screens import ui

            question = ui.wrap(self.app.top().question, canvas.width // 8 - 1)
            if len(question) > ui.ROWS - 2:
                bad = "question cut: %r" % question
        if bad and len(self.misfits) < 10:
            self.misfits.append("%dx%d %s: %s\n  shown: %r" % (self.size[0], self.size[1], name, bad, canvas.lines()))
        return canvas

    def no_crash_logged(self):
        """A crash with no room left for its Error screen goes home (App.crash):
        data/errors.txt still says it."""
        try:
            with open(self.rig.root + "/data/errors.txt") as f:
                logged = f.read()
        except OSError:
            return
        raise AssertionError("a screen crashed (data/errors.txt): " + logged)

    def hides_lines(self):
        """True if the top screen is a list with more lines than the screen shows."""
        from table.screens import ui

        screen = self.app.top()
        if hasattr(screen, "items"):  # menus, settings lists
            return len(screen.items) > ui.ROWS
        if type(screen).__name__ == "RoundReview":
            return len(screen.lines) > ui.ROWS
        if type(screen).__name__ in ("RoundView", "EditReview"):
            return len(screen.lines(self.size[0] // 8 - 1)) > ui.ROWS
        return False

    def arrow_drawn(self, canvas):
        """A scroll arrow (ui.draw_more) in the 4 pixels at the right edge."""
        return any(
            kind == "fill_rect" and x >= canvas.width - 4 and w <= 4 for kind, x, y, w, h, color in canvas.shapes
        )

    def tick(self):
        Table.tick(self)
        for sounds in (getattr(self.hw, "beeps", None), getattr(self.hw, "duties", None)):
            if sounds:  # the fake board's record of tones: not needed, kept small
                del sounds[:]
        self.look()

    def keys(self, keys):
        """Buttons as in canvas_record.nav_keys: "up down ok back", "ok:long", "ok*3"."""
        for name, kind in nav_keys(keys):
            if SMALL_HEAP:  # a key may open a screen whose module the port compiles
                gc.collect()
            self.app.on_nav(name, kind)
            self.tick()
        return self

    def screen_name(self):
        return type(self.app.top()).__name__

    def choose(self, label):
        """Walk a menu down to the item containing label (every line drawn), ok."""
        menu = self.app.top()
        text = getattr(menu, "label", str)  # a settings list shows labels of keys
        labels = [text(item) for item in menu.items]
        exact = label in labels
        for _ in range(len(menu.items)):
            here = labels[menu.index]
            if here == label or (not exact and label in here):
                return self.keys("ok")
            self.keys("down")
        raise AssertionError("no %r in %r" % (label, menu.items))

    def edit_all(self):
        """On a settings list: edit every line with a value (up, down), then back to
        the top."""
        form = self.app.top()
        for i in range(len(form.items)):
            if form.value(form.items[form.index]) is not None:
                self.keys("ok up up:long down:long ok")
            if i + 1 < len(form.items):
                self.keys("down")
        self.keys("down")  # wraps to the top

    def penalty(self, value):
        """On the penalty entry: raise the shown penalty (from 0) to value, ok."""
        keys = ["up:long"] * (value // 10) + ["up"] * (value % 10) + ["ok"]
        self.keys(" ".join(keys))

    def round(self, ender, penalties):
        """From the match screen: enter a round (ender, penalties by player)."""
        assert self.screen_name() == "MatchScreen", self.screen_name()
        self.keys("ok")
        self.choose("Enter round")
        self.keys("down " * ender + "ok")
        n = len(penalties)
        for k in range(n):
            self.penalty(penalties[(ender + k) % n])
        assert self.screen_name() == "RoundReview", self.screen_name()
        self.keys("down*8 up*8 ok")

    def hand(self, display=True):
        """In the hand calculator: the display colour (if asked), 12 cards, then the
        options and the scrolled result."""
        if display:
            self.keys("up ok")
        self.keys("up ok up ok " * 12)
        assert self.app.top().field == "result"
        self.keys("up down down down:long down:long up:long")

    def close(self):
        """The walk's end, as a power cut: the modules its screens loaded go too."""
        from table.app import unload

        for name in self.app._mode_modules:
            unload(name)
        self.rig.close()


def walk_igo(w):
    w.keys("up down")
    w.choose("I Go")
    w.edit_all()
    w.keys("ok up*5 ok")  # 6 players (the most I Go allows)
    assert w.app.top().players == 6
    w.choose("Start")
    w.keys("down*6 up*6")
    w.round(0, [5, 12, 30, 7, 3, 20])  # a player at or below the ender scores
    # The hand calculator from the menu, then in a round for the ender.
    w.keys("ok")
    w.choose("Hand calc")
    w.hand()
    w.keys("ok back")  # done; the match menu; the match
    w.keys("ok")
    w.choose("Enter round")
    w.keys("down ok")  # ender: player 2
    w.keys("ok:long")
    w.hand()
    w.keys("ok")  # use the hand: the ender's penalty from it, on to the next player
    for p in (3, 100, 45, 9, 0):
        w.penalty(p)
    w.keys("down*8 up*8 back")  # back from the review to the last penalty
    w.keys("ok")
    w.keys("ok")  # save
    if w.screen_name() == "GameOver":
        w.keys("ok")
        w.choose("Undo")
        w.keys("ok")
    w.keys("ok")
    w.choose("Void round")
    w.choose(w.names[5])
    w.keys("ok")
    w.choose("Score sheet")
    w.keys("ok:long ok:long ok:long down*3 up*3 down:long up:long back")  # to the match menu
    w.choose("Undo")
    w.keys("ok")
    w.keys("ok")
    w.choose("Redo")
    w.keys("ok")
    w.keys("ok")
    w.choose("Delete match")
    w.keys("back back")
    # To the target: the ender has the lowest penalty each time (1 point).
    while w.screen_name() == "MatchScreen":
        w.round(3, [20, 30, 40, 1, 50, 60])
    assert w.screen_name() == "GameOver"
    w.keys("down up ok")
    w.choose("Score sheet")
    w.keys("ok:long ok:long ok:long up*9 back")
    w.choose("Undo")
    w.keys("ok")
    # A perfect I Go (the ender's penalty 0) ends the game at once.
    w.round(4, [9, 9, 9, 9, 0, 9])
    assert w.screen_name() == "GameOver"
    w.keys("ok")
    w.choose("Undo")
    w.keys("ok")
    # A shared win: several players reach the target in one round.
    w.round(3, [5, 5, 9, 5, 9, 9])
    w.round(3, [5, 5, 9, 5, 9, 9])
    w.round(3, [5, 5, 9, 5, 9, 9])
    w.round(3, [5, 5, 9, 5, 9, 9])
    assert w.screen_name() == "GameOver", w.screen_name()
    w.keys("ok")
    w.choose("New game")
    w.keys("back")


def walk_corsari(w):
    w.choose("Corsari")
    w.edit_all()
    w.keys("ok up*5 ok")  # 7 players (the most Corsari allows)
    assert w.app.top().players == 7
    w.choose("Start")
    assert w.screen_name() == "AgeOrder"
    w.keys("down*7 ok ok back ok ok ok ok ok")  # back takes one back; the last left
    assert w.screen_name() == "MatchScreen", w.screen_name()
    w.keys("down*7 up*7")
    w.round(0, [30, 40, 20, 150, 60, 70, 80])
    w.keys("ok")
    w.choose("Void round")
    w.choose("(nobody)")
    # Two players announce zero: the youngest of them wins at once.
    w.round(1, [0, 50, 0, 60, 70, 80, 90])
    assert w.screen_name() == "GameOver"
    w.keys("ok")
    w.choose("Undo")
    w.keys("ok")
    # The ender announces zero.
    w.round(6, [10, 50, 20, 60, 70, 80, 0])
    assert w.screen_name() == "GameOver"
    w.keys("ok")
    w.choose("Undo")
    w.keys("ok")
    # Over the target: the lowest total wins.
    while w.screen_name() == "MatchScreen":
        w.round(2, [190, 199, 1, 150, 160, 170, 180])
    assert w.screen_name() == "GameOver"
    w.keys("ok")
    w.choose("Score sheet")
    w.keys("ok:long ok:long ok:long down*9 back")
    w.choose("Home")


def walk_igo_fixes(w):
    """I Go, 6 players: rounds, then on the score sheet a past round's view scrolled
    and every change of a round: penalties (one from the hand calculator), who ended,
    void, who took, scored, one unchanged; then to the target, and the last round
    fixed so that the game is no longer over, and back."""
    w.choose("I Go")
    w.keys("ok up*5 ok")  # 6 players
    w.choose("Start")
    names = w.app.match.names  # as the roster cut them
    w.round(0, [5, 12, 30, 7, 3, 20])
    w.round(1, [9, 2, 30, 7, 3, 20])
    w.round(2, [9, 12, 0 + 1, 7, 3, 20])
    w.keys("ok")
    w.choose("Score sheet")
    w.keys("up ok down*12 up*12 ok")  # the round before the last: its view, the changes
    w.choose("Penalties")
    w.keys("ok up ok:long")  # the second player's hand
    w.hand()
    w.keys("ok ok*4 down*12 up*12 ok")  # use it (on to the third player); the others; the review; save
    assert w.screen_name() == "SheetView", w.screen_name()
    w.keys("ok ok")
    w.choose("Who ended")
    w.choose(names[4])
    w.keys("down*12 up*12 ok")
    w.keys("ok ok")
    w.choose("Make it void")
    w.choose(names[5])
    w.keys("down*12 up*12 ok ok down*12 up*12 ok")  # saved; its view scrolled; the changes
    w.choose("Who took")
    w.choose(names[1])
    w.keys("ok ok ok")
    w.choose("Make it scored")
    w.choose(names[3])
    for p in (1, 20, 30, 40, 50, 60):
        w.penalty(p)
    w.keys("ok")
    w.keys("ok ok")
    w.choose("Who ended")
    w.choose(names[3])  # unchanged: said so, nothing saved, back to the round
    w.keys("ok back back")
    assert w.screen_name() == "MatchScreen", w.screen_name()
    while w.screen_name() == "MatchScreen":
        w.round(3, [20, 30, 40, 1, 50, 60])
    assert w.screen_name() == "GameOver"
    w.keys("ok")
    w.choose("Score sheet")
    # The last round: its ender no longer reaches the target, the game goes on.
    w.keys("ok ok")
    w.choose("Penalties")
    w.keys("up:long up:long up:long ok*6 down*12 up*12 ok")
    assert not w.app.match.over and w.screen_name() == "SheetView"
    w.keys("ok ok")
    w.choose("Penalties")
    w.keys("down:long down:long down:long ok*6 down*12 up*12 ok back")
    assert w.screen_name() == "GameOver"


def walk_corsari_fixes(w):
    """Corsari, 7 players, to the target; on the score sheet round 1 fixed so that the
    game ends there: said so, the later rounds taken back."""
    w.choose("Corsari")
    w.keys("ok up*5 ok")  # 7 players
    w.choose("Start")
    w.keys("ok*6")  # the age order: seat order
    while w.screen_name() == "MatchScreen":
        w.round(2, [190, 199, 1, 150, 160, 170, 180])
    assert w.screen_name() == "GameOver"
    w.keys("ok")
    w.choose("Score sheet")
    w.keys("up:long ok ok")
    w.choose("Penalties")
    w.keys("up:long*20 ok*7 down*20 up*20 ok")  # the ender 199: skunked by all
    assert w.screen_name() == "SheetView" and len(w.app.match.rounds) == 1, w.app.match.rounds
    w.keys("back ok")
    w.choose("Home")


def walk_referee(w):
    w.keys("up down")
    w.choose("Corsica ref")
    w.edit_all()
    w.keys("ok up up ok")  # 6 players (from the last count, 4 at first)
    w.app.settings["out_at_3"] = True
    w.choose("Start")
    assert w.screen_name() == "Referee"
    w.keys("down*6 up*2")
    w.keys("ok:long down ok:long")  # two players without cards
    w.down(0)  # before arming: early
    w.up(0, 50000)
    w.keys("ok")
    for p in range(6):  # a six-way tie
        w.down(p, after=100)
    w.settle()
    for p in range(6):
        w.up(p, after=1000)
    w.keys("down down down up")  # marked false, the win passes on; one taken back
    w.keys("ok")
    w.down(5, after=20000)
    w.down(2, after=3000)
    w.down(0, after=15000)
    w.settle()
    for p in (5, 2, 0):
        w.up(p, after=1000)
    w.keys("back")
    for _ in range(3):  # three false taps without cards: out
        w.keys("ok")
        w.down(4, after=20000)
        w.settle()
        w.up(4, after=1000)
        w.keys("down")
        w.down(1, after=20000)  # late, while the result is shown
        w.up(1, after=1000)
    w.keys("back")
    screen = w.app.top()
    assert screen.out(4) and screen.no_cards == 0x30, (screen.mistakes, screen.no_cards)
    w.keys("back back")
    w.keys("back ok")  # leaving asks first; the tallies stay on the flash
    w.choose("Corsica ref")
    assert "Go on last game" in w.rig.shown()
    w.choose("Start")  # a new game asks before every tally goes back to 0
    w.keys("ok")
    assert w.screen_name() == "Referee"


def walk_deck(w):
    w.choose("Corsica deck")
    w.edit_all()
    w.app.settings["variants"] = ["sandwich", "sequence", "sum10"]
    w.app.settings["slap_window_ms"] = 300
    w.keys("ok up up ok")  # 6 players (from the last count, 4 at first)
    w.choose("Deal")
    assert w.screen_name() == "DeckGame"
    game = w.app.top().game
    w.keys("back back")  # asks first; back: stay
    for i in range(300):  # turns, good slaps, ties, false slaps
        w.press(game.turn)
        w.t += 400000  # after the slap window
        if game.slappable():
            w.press((game.turn + 1 + i) % 6)
            w.press((game.turn + 2 + i) % 6)
            w.settle()
        elif i % 7 == 3:
            w.press((game.turn + 3) % 6)
            w.settle()
    # A short game to its end: P3 to P6 have no cards; P3 taps falsely until out.
    from table.rules.corsica import Game
    from table.rules.corsica_cards import parse_card
    from table.screens.ui_deck import DeckGame

    hands = [[parse_card(c) for c in h.split()] for h in ("5S 2D", "KH 3C", "", "", "", "")]
    game = Game(6, (), hands=hands)
    w.app.replace(DeckGame(w.app, game, 5, w))
    w.look()
    w.press(0)
    for _ in range(3):
        w.t += 400000
        w.press(2)
        w.settle()
    assert game.eliminated(2)
    for player in (1, 0, 0, 1):  # a king: P1 answers, draws from P2's deck; P2 takes
        w.t += 400000  # after the slap window
        w.press(player)
    assert game.over, [len(h) for h in game.hands]
    w.keys("ok")  # deals again
    assert w.screen_name() == "DeckGame" and not w.app.top().game.over
    w.keys("back ok")


def walk_players(w):
    """A seat's picker and the name editor, two saved matches in Continue, a saved
    match's actions: resume, delete."""
    for _ in range(2):
        w.choose("I Go")
        w.keys("ok up*5 ok")  # 6 players
        w.choose("1 ")
        assert w.screen_name() == "SeatPicker", w.screen_name()
        w.keys("down*9 up*9")
        picker = w.app.top()
        picker.index = len(picker.items) - 1  # the roster's last name: forget it? no
        w.keys("ok:long")
        if w.screen_name() == "Confirm":
            w.keys("back")
        w.choose("New name")
        assert w.screen_name() == "NameEditor", w.screen_name()
        w.keys("up:long up up ok down:long ok " + "up ok " * 6)  # 8 characters: done
        assert w.screen_name() == "Setup", w.screen_name()
        w.choose("Start")
        assert w.screen_name() == "MatchScreen", w.screen_name()
        w.keys("back")
        assert w.screen_name() == "Home", w.screen_name()
    w.choose("Continue")
    assert w.screen_name() == "Continue", w.screen_name()
    w.keys("down up down ok")
    assert w.screen_name() == "MatchActions", w.screen_name()
    w.choose("Resume")
    assert w.screen_name() == "MatchScreen", w.screen_name()
    w.keys("back")
    w.choose("Continue")
    w.keys("ok")
    w.choose("Delete")
    assert w.screen_name() == "Confirm", w.screen_name()
    w.keys("ok back")


def walk_hwtest(w):
    """Settings > Hardware test on a fake board with six player buttons: every page."""
    hw = w.hw
    w.choose("Settings")
    w.choose("Hardware test")
    assert w.screen_name() == "HwTest"
    w.keys("ok")  # Buttons
    hw.down = 1 << 11 | 1 << 17  # down and p2 held
    w.keys("up down ok")
    hw.down = 0
    w.keys("back:long down")
    w.keys("ok ok ok ok back down")  # Display: the patterns
    w.keys("ok")  # LEDs, buzzer: each LED in turn, then the tones
    for _ in range(12):
        w.t += 400000
        w.tick()
    w.keys("back down ok back down ok")  # Flash; Timing
    for _ in range(40):
        hw.t_us += 1000
        hw.ring.drain(w.app.on_snapshot)
        w.t += 10000
        w.tick()
    w.keys("back back back")


class StubLive:
    """A W board's app.live as the Wi-Fi screen reads it (live_server.Live): its own
    network up at the radio's address."""

    def __init__(self):
        self.settings = {"mode": "own", "ssid": "Table-3F2A", "password": "k7m2p9x4ra"}

    def network(self):
        return (self.settings["ssid"], self.settings["password"]) if self.settings["mode"] == "own" else (None, None)

    def address(self):
        return "192.168.4.1" if self.settings["mode"] == "own" else None

    def state(self):
        return "on" if self.settings["mode"] == "own" else "off"

    def set_mode(self, mode):
        self.settings["mode"] = mode

    def set_join(self, ssid, password):
        self.settings["join"] = {"ssid": ssid, "password": password}
        self.settings["mode"] = "join"


def walk_wifi(w):
    """Settings > Wi-Fi on a W board: the info page in each mode, the QR codes; a
    network typed (its name, its password)."""
    w.app.live = StubLive()
    w.choose("Settings")
    w.choose("Wi-Fi")
    assert w.screen_name() == "WiFi"
    w.keys("down back ok ok ok down back")
    w.keys("ok:long up:long*3 up*3 ok down ok ok")  # the network's name: #z
    assert w.screen_name() == "NetEditor"
    w.keys("up*2 ok ok")  # a password too short: refused
    w.keys("up ok " * 7 + "ok")  # 8 letters: done
    assert w.screen_name() == "WiFi" and w.app.live.settings["mode"] == "join", w.screen_name()
    w.keys("back back")


def walk_boot_notices(w):
    """Started on a bad config.json (a notice), then a save that fails."""
    assert w.screen_name() == "Notice"
    w.keys("down*3 up*3 ok")
    os.mkdir(w.rig.root + "/data/state.json.tmp")  # the next save cannot write
    w.choose("Settings")
    w.keys("ok up ok")
    assert w.screen_name() == "Unsaved", w.screen_name()
    w.keys("down*3 up ok back")
    os.rmdir(w.rig.root + "/data/state.json.tmp")


# Every walk: (walk, players, config.json or None). CPython walks them all in one
# test and checks that they reach every screen class. On MicroPython a test file has
# one 192 KB heap, too small for all of them: each file named in PARTS walks its share
# (every file starts on a fresh heap).
WALKS = (
    (walk_igo, 6, None),
    (walk_corsari, 6, None),
    (walk_referee, 6, None),
    (walk_deck, 6, None),
    (walk_players, 6, None),
    (walk_hwtest, 6, None),
    (walk_boot_notices, 6, '{"names": "Annabell"}'),
    (walk_igo_fixes, 6, None),
    (walk_corsari_fixes, 6, None),
    (walk_wifi, 6, None),
)
PARTS = {
    "test_screen_fit": WALKS[:3],
    "test_screen_fit_deck": WALKS[3:4],  # the deck game keeps itself in Continue: a heap of its own
    "test_screen_fit_more": WALKS[4:7],
    "test_screen_fit_rounds": WALKS[7:9],
    "test_screen_fit_wifi": WALKS[9:],
}


def run_walks(size, names=NAMES, walks=WALKS):
    """These walks at one display size: (screens seen, misfits)."""
    seen = {}
    misfits = []
    for walk, players, config in walks:
        gc.collect()
        w = Walk(size, players, config, names)
        try:
            walk(w)
        finally:
            w.close()
        for name in w.seen:
            seen[name] = seen.get(name, 0) + w.seen[name]
        misfits += w.misfits
        w = None
    return seen, misfits


def test_every_screen_fits_every_display_with_the_most_players_and_long_names():
    sizes = display_sizes()
    assert (128, 64) in sizes
    for size in sizes:
        seen, misfits = run_walks(size, NAMES, PARTS["test_screen_fit"] if SMALL_HEAP else WALKS)
        assert not misfits, "\n".join(misfits)
        if not SMALL_HEAP:  # every walk: every screen
            missing = [name for name in SCREENS if name not in seen]
            assert not missing, "not reached: %r" % (missing,)


def test_the_fit_check_finds_text_off_screen_over_other_text_or_unreadable():
    canvas = RecordingCanvas(128, 64)
    canvas.text("fits", 0, 0)
    canvas.text("  fourteen ink   ", 16, 9)  # 17 characters, 14 of them ink
    assert canvas.misfits() == ""
    canvas.text("x" * 17, 0, 20)
    canvas.text("low", 0, 57)
    assert canvas.off_screen() == ["x" * 17, "low"]
    canvas.clear()
    canvas.text("Rd Ann Bob", 0, 10)
    canvas.text("Cy", 72, 17)  # one row of pixels into "Bob"
    canvas.text("big", 0, 20, 2)
    canvas.text("under", 40, 35)  # "big" at scale 2 reaches y = 36
    canvas.text("apart", 100, 40)
    assert canvas.overlaps() == [("Rd Ann Bob", "Cy"), ("big", "under")]
    canvas.clear()
    canvas.fill_rect(0, 0, 128, 9, 1)  # a title bar: its text in the other colour
    canvas.text("title", 1, 1, 1, 0)
    canvas.text("dark on dark", 0, 20, 1, 0)
    canvas.fill_rect(0, 30, 128, 9, 1)
    canvas.text("light on light", 4, 31)
    canvas.text("arrow over me", 0, 50)
    canvas.fill_rect(100, 52, 4, 2, 1)  # drawn afterwards, over the text
    canvas.fill_rect(120, 52, 4, 2, 1)  # beside it: fine
    assert canvas.unreadable() == ["dark on dark", "light on light", "arrow over me"]


def test_the_fit_check_finds_text_at_a_scroll_arrow_and_headers_off_their_columns():
    canvas = RecordingCanvas(128, 64)
    canvas.text("Dom   3  +0   1", 4, 55)  # 15 characters from x = 4 end at the arrow
    canvas.fill_rect(124, 58, 4, 2, 1)
    canvas.fill_rect(125, 60, 2, 2, 1)
    assert canvas.crowded() == ["Dom   3  +0   1"]
    canvas.clear()
    canvas.text("Dom   3  +0   1", 1, 55)  # from x = 1: 3 pixels clear
    canvas.fill_rect(124, 58, 4, 2, 1)
    canvas.text("Ann", 1, 46)  # a line above the arrow's rows
    canvas.text("12", 112, 46)
    assert canvas.crowded() == [] and canvas.misfits() == ""
    canvas.clear()
    canvas.text("pen rnd tot", 1, 10)  # the header's leading spaces lost (ui.wrap)
    canvas.text("Ana   9  +0   0", 1, 19)
    assert canvas.misaligned() == ["'pen rnd tot' over 'Ana   9  +0   0'"]
    canvas.clear()
    canvas.text("    pen rnd tot", 1, 10)
    canvas.text("Ana   9  +0   0", 1, 19)
    canvas.text("Ane*199 +10 380", 1, 28)
    canvas.text("Cle 150+150 150", 1, 37)  # two values run together: no column
    canvas.text("ok: change it", 1, 46)
    canvas.text("Dan 150+150 150", 1, 55)  # below the table: not a row of it
    assert canvas.misaligned() == ["'    pen rnd tot' over 'Cle 150+150 150'"]
    canvas.clear()
    canvas.text("      won false", 0, 10)  # the referee's tallies
    canvas.text("Ann     3     0", 0, 19)
    assert canvas.misaligned() == []


def test_a_rounds_table_keeps_its_header_over_whole_values():
    from table.screens import ui_table

    lines = ui_table.round_table(NAMES[:3], 1, [9, 2, 30], [0, 1, 0], [0, 1, 0])
    assert lines == ["    pen rnd tot", "Ana   9  +0   0", "Ane*  2  +1   1", "Ben  30  +0   0"]
    # Values wider than a label widen its column; the names give the room.
    lines = ui_table.round_table(NAMES[:3], 0, [199, 150, 0], [-10, 410, 100], [1025, -30, 100])
    assert lines == ["  pen  rnd  tot", "a*199  -10 1025", "e 150 +410  -30", "B   0 +100  100"]


def test_every_screen_class_is_walked():
    """The list above names every screen the firmware has (CPython can list them)."""
    from table.screens import ui

    if not hasattr(ui.Screen, "__subclasses__"):
        import skipping

        skipping.skip("no __subclasses__ on this runtime")
    from table.screens import (
        ui_corsica,  # noqa: F401
        ui_deck,  # noqa: F401
        ui_hand,  # noqa: F401
        ui_hwtest,  # noqa: F401
        ui_igo,  # noqa: F401
        ui_igo_over,  # noqa: F401
        ui_igo_setup,  # noqa: F401
        ui_match,  # noqa: F401
        ui_matches,  # noqa: F401
        ui_names,  # noqa: F401
        ui_notice,  # noqa: F401
        ui_penalty,  # noqa: F401
        ui_referee,  # noqa: F401
        ui_round,  # noqa: F401
        ui_settings,  # noqa: F401
        ui_sheet,  # noqa: F401
        ui_text,  # noqa: F401
        ui_wifi,  # noqa: F401
    )

    found = set()
    todo = [ui.Screen]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if not sub.__name__.startswith("_") and sub.__module__ != "test_app":
                found.add(sub.__name__)
    found -= {"Menu", "Form", "SetupForm", "TapScreen", "Page", "TextEditor"}  # bases: drawn through their subclasses
    assert sorted(found) == sorted(SCREENS), (sorted(found - set(SCREENS)), sorted(set(SCREENS) - found))


def test_short_names_are_told_apart():
    from table.screens import ui

    assert ui.short_names(NAMES[:4], 3) == ["Ana", "Ane", "Ben", "Cle"]
    assert ui.short_names(["Ann", "Annabell", "Bob"], 3) == ["Ann", "Ana", "Bob"]
    assert ui.short_names(["Annabel1", "Annabel2"], 2) == ["A1", "A2"]
    assert ui.short_names(["Ann", "Ann2"], 3) == ["Ann", "An2"]
    assert ui.short_names(["Xy", "Xyz"], 2) == ["Xy", "Xz"]
    assert ui.short_names(["Abcd", "Abce", "Abd"], 3) == ["Abc", "Abe", "Abd"]
    assert ui.short_names(["Abc", "Abcc", "Bo"], 3) == ["P1", "P2", "Bo"]  # still alike


def test_a_long_setting_value_shortens_its_label_not_itself():
    from canvas_record import Rig

    rig = Rig(names=NAMES)
    try:
        gc.collect()  # the setup's modules are compiled from source on the unix port
        rig.choose("I Go")
        assert rig.screen() == "Setup", rig.text()
        rig.nav("down down")
        assert "Starts Annabell" in rig.shown()
        rig.nav("ok down")
        assert "Starts <draw>" in rig.shown()  # below the first player: a draw
        rig.nav("down")
        # 17 characters: the label keeps whole words or goes ("Star" read as a word);
        # the line under the list says what the keys do
        text = rig.shown()
        assert "\n<Clemence>\n" in text and text.endswith("up/down, ok: set"), text
        rig.nav("ok back")
        rig.choose("Settings")
        settings = rig.app.top()
        settings.index = settings.items.index("tie_window_us")
        rig.nav("ok")  # "Tie gap <1000us>": 16 characters
        text = rig.shown()
        assert "Tie <1000us>" in text and "Tie ga <" not in text, text  # issue #45: "Tie ga <1000us>"
        assert text.endswith("Tie gap:\nup/down, ok: set"), text  # the whole label, and the keys
        rig.nav("ok")
        text = rig.shown()
        assert "Tie gap 1000us" in text and text.endswith("Taps this close\ntie; 1000us=1ms"), text
    finally:
        rig.close()
