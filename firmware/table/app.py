"""The app: screen stack, settings, the current match and its storage; the main loop.

`App` is hardware-free: tests build it on a flash root directory and drive it with
`on_nav`, `on_snapshot`, `tick` and `draw`. `main(board)` runs it on the device.

Flash files (paths.py; relative to the root = the device's cwd, all in `data/`, where no
folder can shadow a module; a flash from before is moved there at boot):
- `data/state.json` (store.py, atomic): {"v": 1, "settings": {...}}; saved when the
  settings change, loaded at boot. The settings are checked against settings.TABLE:
  a missing or bad value is its default. An older one holding a "match" is migrated
  to `data/matches/` at boot.
- `data/matches/<id>.json`, `data/matches/index.json` (matches.py): the saved matches; the one
  being played is saved after every confirmed change.
- `data/players.json` (roster.py): the recent player names.
- `data/referee.json` (ui_referee.py, through `keep_file`): the referee's tallies.
- `data/history.jsonl`, `data/boot.json` (history.py): appended between rounds.
- `data/errors.txt`: the traceback of the last crash caught in a screen.
- `config.json` at the root (config.py): player names preloading the roster, written by
  the user.

Every file read at boot is size- and type-checked; an unusable one is set aside as
`NAME.bad` (never deleted), the screen says which file and why, and the app starts
with defaults. A save that fails keeps the match in RAM and shows "Not saved" until
acknowledged, again after every screen change; the next save tries again.
"""

import gc
import sys

from .device import display_sleep
from .device.signals import Signals
from .screens import ui
from .storage import paths


def load(name):
    """Import the module `name` ("table.screens.ui_igo") and return it (not its top
    package, as __import__ does)."""
    __import__(name)
    return sys.modules[name]


def unload(name):
    """Forget the module `name` ("ui_igo": its own name, unique in the firmware,
    tests/host/test_routes.py; or a whole name) if it is loaded. A package's module
    is held twice, in sys.modules and as an attribute of its package: both are
    forgotten, so its code leaves the heap at the next collection and the next
    import loads it afresh. Screens name the modules they load for a while by their
    own names, which their code already holds: naming them costs no memory."""
    whole = name if name in sys.modules else None
    if whole is None:
        tail = "." + name
        for loaded in sys.modules:
            if loaded.endswith(tail):
                whole = loaded
                break
        else:
            return
    del sys.modules[whole]
    i = whole.rfind(".")
    package = sys.modules.get(whole[:i]) if i > 0 else None
    if package is not None:
        try:
            delattr(package, whole[i + 1 :])
        except AttributeError:
            pass


class App:
    STATE_VERSION = 1  # of state.json's layout
    live = None  # live_server.Live on a W board (the Wi-Fi and the live page)
    writes_held = False  # True in a loop pass: its writes wait for the next pass's start (step)
    due = ()  # [(function, args), ...] the next loop pass runs first (next_pass)
    frameless = False  # this loop pass draws no frame (leave: the screens closed, the next opens)
    postponed = ()  # navigation events a pass left to the next (after `due`)
    _last_error = None  # the last error written to errors.txt ("Type: text"): a class
    #   default, so the instance's attributes do not grow for it at boot (the heap is tight)
    restorable = False  # a deleted match can be restored from Continue (matches.py)
    pressed_at = None  # ticks_ms of the last loop pass with a button down, a press or a tap
    #   (step): a question from outside the table waits for the buttons to be still
    unload = staticmethod(unload)  # for the live page's server, which is given the app

    def __init__(self, root="", hw=None, player_buttons=6):
        """root: flash root directory ("" = cwd); hw: hw.Hardware or None (tests).
        Screens use the hardware through `out` only (signals.Signals)."""
        self.root = root
        self.hw = hw  # the device loop's: display, navigation buttons, tap ring
        self.out = Signals(hw, player_buttons)
        self.dirty = True
        self.now_ms = 0
        self.stack = []
        self.settings = {}  # key: value of every line of settings.TABLE (_load_state)
        self.match = None  # scoresheet.Sheet of the match being played (the only one in RAM)
        self._saved_settings = None  # a copy of the settings as state.json holds them
        self.roster_due = None  # players.json's new content, until it is written
        self.files_due = {}  # other files (paths.py name -> object) until written: keep_file
        self.saved_count = 0  # matches in matches/index.json (the Continue list)
        self.seated = []  # the names seated at the last setup, seat order
        self.starts = None  # who that setup chose to start / deal (a name of seated; None: a draw)
        self._save_due = False
        self._overflows_shown = 0
        self._mode_modules = set()  # modules loaded for the screens on the stack
        self._flush_due = False
        self.unsaved = None  # what the last failed save said, until it is acknowledged
        self.display_sleep = display_sleep.DisplaySleep()
        self.history = None  # history.History, opened by app_boot
        self.config = {}  # config.json (config.py)
        from . import app_boot

        problems = app_boot.start(self, hw)
        # Dropped now: needed at boot only (the screens that need them import them).
        self.transient(
            "app_boot",
            "config",
            "history_boot",
            "settings",
            "store_load",
            "roster",
        )
        self.transient(*self.history.MODULES)
        self.out.configure(self.settings)
        if getattr(hw, "capture_problem", None):  # PIO tap capture fell back to pin IRQs
            problems.append(hw.capture_problem)
        self.stack.append(Home(self))
        self._entered()
        for problem in problems:
            self.notice("Notice", problem)

    # --- screens ---------------------------------------------------------------------

    def top(self):
        return self.stack[-1]

    def push(self, screen):
        stack = self.stack
        if len(stack) > 1 and getattr(stack[-2], "ROUTE", None):  # now two under the top
            stack[-2] = Covered(stack[-2])
        if getattr(stack[-1], "COVERED_AT_ONCE", False):  # closed as soon as it is covered
            stack[-1] = Covered(stack[-1])
        stack.append(screen)
        self._entered()

    def pop(self):
        """Close the top screen (the home screen stays)."""
        if len(self.stack) > 1:
            self.stack.pop()
            self._entered()

    def replace(self, screen):
        self.stack[-1] = screen
        self._entered()

    def home(self):
        """Back to the home screen."""
        del self.stack[1:]
        self._entered()

    def reset(self, screen):
        """The home screen with this one on it, in one step (the modules both need
        stay loaded in between)."""
        del self.stack[1:]
        self.push(screen)

    def _entered(self):
        """The top screen changed: what the one left lit or sounded stops."""
        self.dirty = True
        self.out.all_off()
        if type(self.stack[-1]) is Covered:  # back on top: opened again as it was
            self.stack[-1] = self.stack[-1].reopen(self)
        self._unload_unused()
        self.stack[-1].enter()
        if self.unsaved and not getattr(self.stack[-1], "UNSAVED", False):
            self.push(self.screen("unsaved"))

    def _unload_unused(self):
        """Forget the modules that only screens no longer on the stack needed (each
        screen names them in MODULES): their code leaves the heap at the next
        collection, and the next mode has the room."""
        needed = set()
        for screen in self.stack:
            needed.update(screen.MODULES)
        if self._flush_due or self._save_due:  # the flush about to happen imports them again
            needed.update(self.history.MODULES)
        for name in self._mode_modules - needed:
            unload(name)
        self._mode_modules = needed

    def invalidate(self):
        self.dirty = True

    def screen(self, name, *args):
        """A new screen by its ROUTES name, its module imported now."""
        module, cls = ROUTES[name]
        return getattr(load("table.screens." + module), cls)(self, *args)

    def notice(self, title, text, then=None):
        """Show a message (ui_notice.Notice); ok or back dismisses it, then `then()`."""
        self.push(self.screen("notice", title, text, then))

    def confirm(self, title, question, yes, no_first=False):
        """Ask a yes/no question (ui_notice.Confirm); ok calls `yes()`. no_first: "No"
        is chosen until up/down chooses "Yes" (a delete)."""
        self.push(self.screen("confirm", title, question, yes, no_first))

    # --- events (every screen call is guarded: a crash shows, never kills) -------------

    def on_nav(self, name, kind):
        try:
            self.top().on_nav(name, kind)
        except Exception as e:
            self.crash(e)

    def on_snapshot(self, t_us, levels, pin=-1):
        """A player-button snapshot from the IRQ ring (`pin`: the GPIO whose IRQ took
        it, -1 unknown): to the top screen if it wants it."""
        screen = self.top()
        if hasattr(screen, "on_snapshot"):
            try:
                screen.on_snapshot(t_us, levels, pin)
            except Exception as e:
                self.crash(e)

    def tick(self, now_ms):
        self.now_ms = now_ms
        self.out.tick(now_ms)
        try:
            self.top().tick(now_ms)
        except Exception as e:
            self.crash(e)
        if self.overflows() != self._overflows_shown:
            self.invalidate()
        s = self.settings
        if self.display_sleep.update(now_ms, 60 * s["display_dim_min"], 60 * s["display_off_min"]):
            self._display_mode()
        self.flush()

    def wake(self, now_ms):
        """Activity (a button down, a player's tap): the display comes back on.
        True if it was dim or off (a navigation press then only wakes it)."""
        if not self.display_sleep.wake(now_ms):
            return False
        self._display_mode()
        return True

    def display_on(self):
        """False while the display is off: nothing is drawn to it."""
        return self.display_sleep.state != display_sleep.OFF

    def _display_mode(self):
        if self.hw:
            try:
                self.hw.display_mode(self.display_sleep.state)
            except OSError:  # an I2C glitch: the next state change tries again
                pass

    def overflows(self):
        """Player-button snapshots lost because the IRQ ring was full."""
        return self.hw.ring.overflows if self.hw else 0

    def draw(self, canvas):
        self.dirty = False
        try:
            self.top().draw(canvas)
        except Exception as e:
            self.crash(e)
        lost = self._overflows_shown = self.overflows()
        if lost:  # shown on every screen, top right: taps may have been missed
            label = "!%d" % lost
            x = canvas.width - canvas.text_width(label)
            canvas.fill_rect(x - 1, 0, canvas.width - x + 1, 9, 0)
            canvas.text(label, x, 1, 1, 1)

    def crash(self, e):
        """Log a screen's exception, go home and show it. Never raises (a MemoryError
        included): an error here would stop the device, the game lost with it."""
        del self.stack[1:]  # first: the failed screen's memory is free for the rest
        self._log_error(e)
        try:
            self.notice("Error", "%s: %s" % (type(e).__name__, e))
        except Exception:  # no room for the notice: home, the error is in errors.txt
            try:
                self._entered()
            except Exception:
                self.dirty = True

    def _log_error(self, e):
        """data/errors.txt: the traceback (MicroPython) or the one line (CPython tests);
        the same error again right after it is not written again (no flash wear)."""
        try:
            text = "%s: %s" % (type(e).__name__, e)
            if text == self._last_error:
                return
            with open(self.path(paths.ERRORS), "w") as f:
                if hasattr(sys, "print_exception"):  # MicroPython: with the traceback
                    sys.print_exception(e, f)
                else:  # CPython (tests)
                    f.write(text + "\n")
            self._last_error = text
        except Exception:  # no flash or no memory left: the Error screen says it
            pass

    # --- storage ------------------------------------------------------------------------

    def path(self, name):
        return self.root + "/" + name if self.root else name

    def flash_ok(self):
        """False while the top screen has a slap window open."""
        return not self.top().slap_window

    def save(self):
        """Save what changed (the match being played, state.json's settings, the
        roster), flush the history: now, or as soon as no slap can happen, at the
        start of the next loop pass (`step`)."""
        self._save_due = True
        self._flush_due = True
        self.flush()

    def log(self, event, game, rules, fields=None):
        """Queue a history line (flushed between rounds); return its seq."""
        self._flush_due = True  # the flush marks what log imported as transient
        seq = self.history.log(event, game, rules, fields)
        if self.live is not None:  # a W board: the live page's evening follows the games
            self.live.logged(event, game, rules, fields, seq)
        return seq

    def flush(self, one=False):
        """Write what is due unless a slap window is open or a loop pass holds the
        writes for the next pass's start (`step`: a screen opened in the pass shows
        before what it saves is written, and the modules the pass dropped are
        collected before the writes load theirs). `one` (step): the history's lines
        or the files, not both: the files wait for the next pass (a few ms), on a heap
        collected of the history's writing (at a match's end its save would
        otherwise be the I Go session's largest pass)."""
        if not self.writes_due() or self.writes_held or not self.flash_ok():
            return
        self.transient(*self.history.MODULES)  # what log and the flushes import
        # History first: the saved sheet refers to history seqs, so they must be on
        # flash before it (else a power cut in between would hand them out again).
        if self._flush_due:
            self._flush_due = False
            if not self.history.flush():
                self.storage_failed(self.history.error)
            if one:
                self.drop(*WRITING)
                return
        if self._save_due:
            from .storage import store

            self._save_due = False
            problem = None
            if self.match and self.match.changed:  # not when only the settings changed
                from .storage import matches

                problem = matches.save_match(self, self.match)
            if not problem and self.settings != self._saved_settings:
                problem = store.save(self.path(paths.STATE), self.state())
                if not problem:
                    self._saved_settings = dict(self.settings)
            if not problem and self.roster_due:
                problem = store.save(self.path(paths.ROSTER), self.roster_due)
                if not problem:
                    self.roster_due = None
            for name in sorted(self.files_due):
                if not problem:
                    problem = store.save(self.path(name), self.files_due[name])
                    if not problem:
                        del self.files_due[name]
            if problem:
                self.storage_failed(problem)
        self.drop(*WRITING)

    def writes_due(self):
        """Whether a save or a history flush waits (flush)."""
        return self._save_due or self._flush_due

    def keep_file(self, name, obj):
        """Save obj as the JSON file name (paths.py) at the next flush (the next loop
        pass's start), outside a slap window (e.g. the referee's tallies:
        a pile may be armed right after)."""
        self.files_due[name] = obj
        self._save_due = True

    def storage_failed(self, problem):
        """Show "Not saved" (and again after every screen change until it is
        acknowledged): the match stays in RAM, the next save tries again."""
        self.unsaved = problem
        if not getattr(self.top(), "UNSAVED", False):
            self.push(self.screen("unsaved"))

    def state(self):
        return {"v": self.STATE_VERSION, "settings": self.settings}

    def _sheet_from(self, obj):
        from .rules import scoresheet

        self.transient("sheet_file")  # what from_obj loads
        return scoresheet.Sheet.from_obj(obj, self.log)

    def new_game_id(self):
        """A game id unique on this device: boot counter and next history seq."""
        return "%d-%d" % (self.history.boot, self.history.next_seq)

    def new_match(self, rules, names, target, youngest_first=None, first=0):
        """A new I Go / Corsari match as `match` (not logged or saved yet: begin_match).
        Return None, or why no match can start (the saved matches are full)."""
        if self.saved_count >= paths.MAX_MATCHES:
            return "%d matches saved: delete one in Continue first." % paths.MAX_MATCHES
        from .rules import scoresheet

        self.match = scoresheet.Sheet(rules, names, target, youngest_first, first, self.new_game_id(), self.log)
        return None

    def begin_match(self, drawn=False):
        """The new match begins (matches_app.start: its start line, the roster, saved)."""
        from .storage import matches_app

        self.transient("matches_app")
        matches_app.start(self, drawn)
        self.drop(*WRITING)  # the start's writes load what they need in the next passes

    def open_match(self, rules, names, target, youngest_first=None, first=0, drawn=False, note=None):
        """The setup's Start, a pass at a time (`leave`, `next_pass`): the setup closes
        and its modules go; then the match is made and its screen drawn (`note`: a
        notice over it, (title, text)); then it begins (logged, saved, its modules
        loaded after that frame). Return None, or why no match can start (at once)."""
        if self.saved_count >= paths.MAX_MATCHES:
            return "%d matches saved: delete one in Continue first." % paths.MAX_MATCHES
        self.leave(self._open_match, (rules, names, target, youngest_first, first, drawn, note))
        return None

    def _open_match(self, rules, names, target, youngest_first, first, drawn, note):
        problem = self.new_match(rules, names, target, youngest_first, first)
        if problem:
            self.notice("Not started", problem)
            return
        self.reset(self.screen("match"))
        if note:
            self.notice(note[0], note[1])
        self.next_pass(self.begin_match, (drawn,))

    def leave(self, then, args=()):
        """Close every screen over home without a frame (the last stays on the glass)
        and drop their modules; then(*args) at the next loop pass (next_pass) opens
        what follows, on a heap that no longer holds them."""
        del self.stack[1:]
        self._unload_unused()
        self.frameless = self.writes_held  # in a loop pass: this one draws nothing
        self.next_pass(then, args)

    def next_pass(self, then, args=()):
        """then(*args) in the next loop pass (step), after its writes and a
        collection. At once outside the loop (tests drive the app without step)."""
        if self.writes_held:
            if not self.due:
                self.due = []
            self.due.append((then, args))
        else:
            then(*args)

    def preload(self, module):
        """Import module in the next loop pass, after this one's frame (next_pass): a
        screen's code that its first frame does not need (it names the module in its
        MODULES)."""
        self.next_pass(load, (module,))

    def version(self):
        """The firmware's version (table/version.py): a screen that shows it names
        "version" in its MODULES."""
        from .version import VERSION

        return VERSION

    def transient(self, *modules):
        """Modules imported for a moment (not in a screen's MODULES): dropped at the
        next screen change."""
        self._mode_modules.update(modules)

    def drop(self, *modules):
        """Forget these modules now (what a write or a step loaded for the moment: a
        screen does not hold them until the next screen change), unless a screen on
        the stack names one of them in MODULES; then all stay (they import each
        other: one forgotten while another holds it would be loaded twice)."""
        for screen in self.stack:
            for name in screen.MODULES:
                if name in modules:
                    return
        for name in modules:
            unload(name)


# What the writes (App.flush) and a match's start load: dropped right after them
# (App.drop), not at the next screen change. Before (#46) the I Go match's start held
# them all at once under its first frame (about 12 KB).
WRITING = (
    "events",
    "history_write",
    "jsonfmt",
    "matches",
    "matches_app",
    "roster",
    "sheet_file",
    "store",
    "store_load",
)

# Screens opened by name (App.screen): the module is imported when the screen opens
# (and dropped when no screen on the stack names it in MODULES), so screens never
# import each other. A route names a module of table/screens/ and a screen class or a
# function of it that makes one.
ROUTES = {
    "match": ("ui_match", "MatchScreen"),
    "match_menu": ("ui_igo", "MatchMenu"),
    "round_ender": ("ui_igo", "RoundEnder"),
    "game_over": ("ui_igo_over", "GameOver"),
    "igo_setup": ("ui_igo_setup", "Setup"),
    "sheet": ("ui_sheet", "SheetView"),
    "round": ("ui_round", "open_round"),  # a round of the sheet, or a change's review
    "penalties": ("ui_penalty", "PenaltyEntry"),
    "review": ("ui_igo", "RoundReview"),
    "hand": ("ui_hand", "HandCalc"),
    "settings": ("ui_settings", "Settings"),
    "hwtest": ("ui_hwtest", "HwTest"),
    "wifi": ("ui_wifi", "WiFi"),
    "referee_setup": ("ui_corsica", "RefereeSetup"),
    "deck_setup": ("ui_corsica", "DeckSetup"),
    "referee": ("ui_referee", "Referee"),
    "deck": ("ui_deck", "deal"),
    "continue": ("ui_matches", "Continue"),
    "seat": ("ui_names", "SeatPicker"),
    "name_editor": ("ui_names", "NameEditor"),
    "notice": ("ui_notice", "Notice"),
    "confirm": ("ui_notice", "Confirm"),
    "unsaved": ("ui_notice", "Unsaved"),
}


class Covered:
    """A screen two or more under the top, closed so that its module's code leaves
    the heap while others cover it (the I Go match and its round menu under the
    penalties' hand calculator): a screen says it may be (its ROUTE, and in KEEP the
    attributes it gets back, e.g. a menu's index) when nothing else refers to it;
    with COVERED_AT_ONCE as soon as a screen covers it (Settings under the Wi-Fi
    screen on a W board). Reopened by its route when it is on top again
    (App._entered)."""

    MODULES = ()

    def __init__(self, screen):
        self.route = screen.ROUTE
        self.kept = [(name, getattr(screen, name)) for name in screen.KEEP]

    def reopen(self, app):
        screen = app.screen(self.route)
        for name, value in self.kept:
            setattr(screen, name, value)
        return screen


GAMES = (
    ("I Go", "igo"),
    ("Corsari", "corsari"),
    ("Corsica ref", "referee"),
    ("Corsica deck", "deck"),
)


class Home(ui.Menu):
    """Choose a game; continue a saved match; settings."""

    CALM = True

    def __init__(self, app):
        ui.Menu.__init__(self, app, "Table referee", [])

    def enter(self):
        items = []
        if self.continues():
            items.append("Continue (%d)" % self.app.saved_count)
        for label, _ in GAMES:
            items.append(label)
        items.append("Settings")
        if len(items) != len(self.items):
            self.index = 0
        self.items = items

    def on_nav(self, name, kind):
        if name == "back":
            return  # the home screen stays
        ui.Menu.on_nav(self, name, kind)

    def continues(self):
        """Whether the menu offers Continue: matches are saved, or one deleted can be
        restored."""
        return self.app.saved_count or self.app.restorable

    def choose(self, index):
        if self.continues():
            if index == 0:
                self.app.push(self.app.screen("continue"))
                return
            index -= 1
        if index == len(GAMES):
            self.app.push(self.app.screen("settings"))
            return
        mode = GAMES[index][1]
        if mode in ("igo", "corsari"):
            self.app.push(self.app.screen("igo_setup", mode))
        else:
            self.app.push(self.app.screen(mode + "_setup"))


def step(app, hw, now):
    """One pass of the device loop at `now` (ticks_ms): the flash writes the last pass
    left, then buttons, player snapshots, tick, display. A pass's writes wait for the
    next pass: a screen opened by a press shows before what it saves is written,
    and they start on a collected heap, without the modules the pass dropped (the
    round saved from the hand calculator's review: its code is gone before the save
    loads the writing code). A navigation button going down
    while the display is dim or off only wakes it (that press gives no events); a
    player's tap is judged as always, then wakes it. Nothing is drawn while the display is off. What the screens'
    guards do not catch (the app's own saving, the display) shows as App.crash: the
    loop never stops. A pass that left work to the next (App.next_pass) has it done
    after those writes; one that closed its screens for the next (App.leave) draws
    nothing."""
    app.frameless = False
    try:
        if app.due or app.writes_due() and app.flash_ok():
            gc.collect()  # what the last pass dropped is free for what loads now
            app.flush(True)  # one kind of write a pass
        app.writes_held = True  # until the next pass
        if app.due:  # what the last pass left (App.next_pass)
            due = app.due
            app.due = ()
            for then, args in due:
                then(*args)
        events = hw.poll_nav(now)
        if app.postponed:
            events = app.postponed + list(events)
            app.postponed = ()
        held = hw.nav_held()
        if events or held:
            app.pressed_at = now
        if held and app.wake(now):
            hw.ignore_held_nav()
            events = ()
        for i in range(len(events)):
            if app.frameless:  # the screens left for the next pass: the rest go to what it opens
                app.postponed = list(events[i:])
                break
            app.on_nav(events[i][0], events[i][1])
        if len(hw.ring):  # only then: passing app.on_snapshot allocates a bound method
            hw.ring.drain(app.on_snapshot)
            app.wake(now)
            app.pressed_at = now
        app.tick(now)
        if app.dirty and app.display_on() and not app.frameless:
            app.draw(hw.canvas)
            try:
                hw.show()
            except OSError:  # an I2C glitch: draw again next time
                app.invalidate()
        app.writes_held = False
    except Exception as e:
        app.writes_held = False
        app.crash(e)


def run(app, hw, time):
    """The device loop. Never returns."""
    while True:
        step(app, hw, time.ticks_ms())
        time.sleep_ms(5)


GC_SHARE = 8  # collect_early: a collection after every 1/GC_SHARE of the free heap allocated


def collect_early():
    """Collect the heap each time 1/GC_SHARE of what is free at boot has been
    allocated, not only when an allocation finds no room (#27). Between collections
    allocations fill the heap upwards from its lowest hole, and what stays alive (the
    history, the match, a screen and its modules) stays where it was put: collected
    only when full, the heap ended up with such objects spread over all of it, and
    after an hour of mixed play the 100 KB free lay in holes too small for a screen's
    code (MemoryError allocating 1280 bytes; the largest free block 2 KB). Collected
    early, everything stays in the heap's lower part and its top is free in one
    piece. Called first at boot; the simulator's measuring apps call it too."""
    threshold = getattr(gc, "threshold", None)  # MicroPython only
    if threshold is not None:
        gc.collect()
        threshold(gc.mem_free() // GC_SHARE)


def main(board=None):
    """Boot: build the hardware from the board definition, load the state, run."""
    import time

    collect_early()
    if board is None:
        import board
    from .device import hw as hwmod

    hw = hwmod.Hardware(board)
    app = App(hw=hw)
    if getattr(board, "WIFI", False):  # a W board: the live page's server beside the loop
        from .live import live_server

        live_server.run(app, hw, time, step)
    run(app, hw, time)
