"""The Corsica screens' test rig: an App with a fake board (player buttons as
synthetic GPIO snapshots with microsecond times, LEDs, beeper); the fake board also
serves the hardware test's screens."""

from canvas_record import Rig

from table.screens.ui_referee import Referee
from table.screens.ui_tap import COLLECT_MS

PINS = (16, 17, 18, 19, 20, 21)  # GPIO of players 1..6, as boards/pico.py


NAV = (("back", 13), ("down", 11), ("ok", 12), ("up", 10))  # hw.py: nav names sorted


class FakeBoard:
    """A board definition: the reference build's LEDs and buzzer."""

    LED_PINS = (6, 7, 8, 9, 14, 15)
    BUZZER_PIN = 27


class FakeProbe:
    """hw.Probe on the fake board's clock (t_us): the handler runs `irq_us` after the
    pulse's start."""

    gpio = 28

    def __init__(self, hw):
        self.hw = hw
        self.irq_us = 7
        self.closed = False

    def pulse(self):
        t = self.hw.t_us
        self.hw.ring.record(t + self.irq_us, 0, self.gpio)
        self.irq_us += 1
        return t

    def now_us(self):
        return self.hw.t_us

    def diff_us(self, end, start):
        return end - start

    def close(self):
        self.closed = True


class FakeHw:
    """What the screens use of hw.Hardware: player count and pins, LEDs (with their
    brightness), beeper (with its volume), and the hardware test's tester (button pins
    and levels, the latency probe on TEST_PIN unless test_pin is False)."""

    def __init__(self, players=6, leds=FakeBoard.LED_PINS, buzzer=FakeBoard.BUZZER_PIN, test_pin=True):
        from table.device.tapring import TapRing

        self.board = FakeBoard()
        self.board.LED_PINS = leds
        self.board.BUZZER_PIN = buzzer
        self.duties = []  # the duty of every tone started
        self.players = players
        self.player_bits = tuple(1 << pin for pin in PINS[:players])
        self.ring = TapRing(8)  # the app reads its overflow count
        self.levels = 0xFFFFFFFF >> 2  # GPIO_IN: 30 bits, all high
        self.leds = {}
        self.led_duties = []  # the duty of every LED switched (None: the setting's)
        self.beeps = []  # tones started: (Hz, ms)
        self.stopped = 0  # tones stopped (ms 0)
        self.down = 0  # the tester's buttons held (bit i: button_pins()[i])
        self.t_us = 1000  # the probe's clock
        self.no_probe = None if test_pin else "no TEST_PIN"
        self.probes = []
        self.display_state = 0  # display_sleep's ON, DIM or OFF, as the app set it

    def display_mode(self, state):
        self.display_state = state

    def player_levels(self):
        return self.levels

    def led(self, i, on, duty=None):
        self.leds[i] = on
        self.led_duties.append(duty)

    def beep(self, freq_hz, ms, duty=None):
        if ms <= 0 or duty == 0:
            self.stopped += 1
        else:
            self.beeps.append((freq_hz, ms))
            self.duties.append(duty)

    def tester(self):
        return self  # button pins and levels, the probe, the board

    def button_pins(self):
        return list(NAV) + [("p%d" % (i + 1), PINS[i]) for i in range(self.players)]

    def buttons_down(self):
        return self.down

    def probe(self):
        if self.no_probe:
            return None
        self.probes.append(FakeProbe(self))
        return self.probes[-1]


class Table:
    """An App with a fake board; the players' buttons and one clock for us and ms.
    The table is also the screens' clock (it is callable)."""

    def __init__(self, players=6, settings=None, hw=None, rig=None):
        """The app of rig (default: a new Rig) on hw (default: FakeHw(players))."""
        self.rig = rig or Rig()
        self.app = self.rig.app
        from table.device.signals import Signals

        self.hw = self.app.hw = hw or FakeHw(players)
        self.app.out = Signals(self.hw)
        if settings:
            for key in settings:
                self.app.settings[key] = settings[key]
        self.t = (1 << 30) - 3000000  # 3 s before the ticks wrap

    def __call__(self):
        return self.t & 0x3FFFFFFF

    def screen(self):
        return self.app.top()

    def shown(self):
        return self.rig.shown()

    def canvas(self):
        self.rig.shown()
        return self.rig.canvas

    def tick(self):
        self.app.tick((self.t // 1000) & 0x3FFFFFFF)

    def nav(self, name):
        self.app.on_nav(name, "press")
        self.tick()

    def after(self, us):
        self.t += us
        return self

    def down(self, player, after=0):
        self.t += after
        self.hw.levels &= ~(1 << PINS[player])
        self.app.on_snapshot(self(), self.hw.levels)
        self.tick()

    def up(self, player, after=0):
        self.t += after
        self.hw.levels |= 1 << PINS[player]
        self.app.on_snapshot(self(), self.hw.levels)
        self.tick()

    def press(self, player):
        """A whole press: down, up 50 ms later, then 50 ms more."""
        self.down(player)
        self.up(player, 50000)
        self.t += 50000

    def settle(self):
        """Let the collection time after the first tap run out."""
        self.tick()
        self.t += (COLLECT_MS + 1) * 1000
        self.tick()

    def history(self, event="slap"):
        return [h for h in self.rig.history() if h["event"] == event]

    def close(self):
        self.rig.close()


def referee(players=3, settings=None, seed=7):
    table = Table(6, settings)
    table.app.push(Referee(table.app, players, seed, table))
    return table


def orders(result_or_line):
    return [(o["player"], o["margin_us"]) for o in result_or_line["order"]]


class DeckFuzz:
    """A random virtual-deck game on a Table, for the fuzz tests (tests/test_corsica_fuzz.py,
    and the bench's long run): 2-6 players, random settings, and presses as a table
    makes them: alone, several within a few ms (in one snapshot or in a burst), right
    at the slap window's edges, while a won pile waits to be taken, held down over
    several actions, contacts shorter than the IRQ latency, the leave question
    answered no, and the game dealt again once it is over.

    Checked after every action: the deck game is still on the screen (a crash raises
    the screen's exception from here), it draws within the display, every card is
    still in a hand or on the pile, an eliminated player's button judges nothing, and
    nothing is logged for a player who is out; every history line but those of
    the pile in play is on the flash."""

    def __init__(self, seed, players=None):
        from table.rules.corsica import VARIANTS, Game
        from table.rules.rng import Rng
        from table.screens.ui_deck import DeckGame

        self.rng = r = Rng(seed)
        self.players = 2 + r.below(5)
        if players:
            self.players = players
        variants = [v for v in VARIANTS if r.below(2)]
        settings = {
            "slap_window_ms": (0, 100, 1000, 3000)[r.below(4)],
            "tie_break": ("random", "reslap")[r.below(2)],
            "tie_window_us": (10, 1000, 50000)[r.below(3)],
            "variants": variants,
        }
        self.table = t = Table(6, settings)
        self.app = app = t.app
        app.crash = self._raise  # a crash fails the run with the screen's traceback
        app.out.now_us = t  # the next deal's seed and clock: the table's
        self.logged = []  # (event, fields) of the history lines since the last check
        log = app.log

        def logging(event, game, rules, fields=None):
            self.logged.append((event, fields))
            return log(event, game, rules, fields)

        app.log = logging
        self.held = {}  # player: actions left until the release
        self.kinds = {}  # what was done and checked: how often
        self.actions = 0
        self.deals = 1
        self.results = 0  # slap results judged
        self.game = Game(self.players, variants, r.below(60000))
        app.push(DeckGame(app, self.game, r.below(10000), t))
        self.deck = self._cards()

    def count(self, kind):
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def _raise(self, e):
        raise e

    def _cards(self):
        cards = list(self.game.pile)
        for hand in self.game.hands:
            cards += hand
        cards.sort()
        return cards

    def screen(self):
        return self.app.top()

    def snapshot(self, pin=-1):
        t = self.table
        self.app.on_snapshot(t(), t.hw.levels, pin)

    def down(self, p, hold=0, pin=True):
        """Player p's button goes down now (held for `hold` more actions)."""
        if p in self.held:
            return
        self.table.hw.levels &= ~(1 << PINS[p])
        self.held[p] = hold
        self.snapshot(PINS[p] if pin else -1)

    def up(self, p):
        self.table.hw.levels |= 1 << PINS[p]
        del self.held[p]
        self.snapshot(PINS[p])

    def wait(self, us):
        """us later, with the loop's ticks every 5 ms on the way (at most 40 of them)."""
        step = max(5000, us // 40)
        while us > 0:
            d = min(step, us)
            self.table.t += d
            us -= d
            self.table.tick()

    def release_due(self):
        for p in sorted(self.held):
            if self.held[p] <= 0:
                self.wait(self.rng.below(20) * 1000)
                self.up(p)
            else:
                self.held[p] -= 1

    def press(self, p, hold_ms=60):
        self.down(p)
        self.wait(hold_ms * 1000)
        if p in self.held and self.held[p] == 0:
            self.up(p)

    def press_to_move(self):
        """The player to move presses: after the slap window, with no slap started,
        that turns a card or takes the won pile; inside it, it is a tap."""
        from table.rules.ticks import ticks_diff

        s = self.screen()
        game = self.game
        p = game.turn
        judge = s.judge
        since = ticks_diff(self.table(), judge.armed_at)
        state = judge._state[p]  # released, or high long enough to be a release
        free = state == -2 or (state >= 0 and ticks_diff(self.table(), state) >= judge.RELEASE_US)
        plays = free and not s.tapped and p not in self.held and not game.eliminated(p)
        taking = game.trick_winner is not None
        window = s.window_us
        pile = len(game.pile)  # a card turned adds to it, a won pile taken empties it
        self.press(p)
        if plays:
            self.count("played after the window" if since >= window else "tapped inside the window")
        if plays and since >= window:
            assert len(game.pile) != pile or game.over, ("no card turned", since)
            if taking:
                assert game.trick_winner is None and (not game.pile or game.over), "the won pile not taken"
        elif plays:
            assert len(game.pile) == pile and s.tapped, ("a card turned inside the window", since)

    def at_window_edge(self):
        """Right at the slap window's end after the last card: 1 us before, on it, after."""
        s = self.screen()
        if type(s).__name__ != "DeckGame" or not s.window_us:
            return False
        from table.rules.ticks import ticks_diff

        left = s.window_us + self.rng.below(3) - 1 - ticks_diff(self.table(), s.judge.armed_at)
        if left < 0:
            return False
        self.table.t += left
        return True

    def step(self):
        """One random action, then the checks."""
        r = self.rng
        game = self.game
        n = self.players
        k = r.below(100)
        before = [game.eliminated(p) for p in range(n)]
        if k < 30:  # the player to move plays (after the window, mostly)
            self.count("play")
            self.wait(r.below(2) * (self.app.settings["slap_window_ms"] * 1000 + r.below(300) * 1000))
            self.press(game.turn, 20 + r.below(150))
        elif k < 45:  # a press by anybody, any time
            self.count("press")
            self.wait(r.below(1500) * 1000)
            self.press(r.below(n), 20 + r.below(150))
        elif k < 57:  # several players within a few ms
            who = [p for p in range(n) if r.below(2)] or [r.below(n)]
            same = r.below(3) == 0  # one snapshot, as PIO capture may record it
            self.count("one snapshot" if same else "within ms")
            for p in who:
                if same:
                    if p not in self.held:
                        self.table.hw.levels &= ~(1 << PINS[p])
                        self.held[p] = 0
                else:
                    self.table.t += r.below(3000)
                    self.down(p)
            if same:
                self.snapshot()
            self.wait(30000 + r.below(1000) * 100)
            for p in who:
                if p in self.held and self.held[p] == 0:
                    self.up(p)
        elif k < 67:  # right at the window's edge
            if self.at_window_edge():
                self.count("window edge")
                self.press_to_move() if r.below(2) else self.press(r.below(n))
        elif k < 75:  # a won pile waits to be taken: the others press first, or the winner
            if game.trick_winner is not None:
                self.count("pile waiting")
                if r.below(3):
                    others = [p for p in range(n) if p != game.trick_winner]
                    self.press(others[r.below(len(others))])
                else:
                    self.wait(r.below(2) * self.app.settings["slap_window_ms"] * 1000)
                    self.press_to_move()
            self.wait(r.below(500) * 1000)
        elif k < 81:  # a long hold, released some actions later
            p = r.below(n)
            if p not in self.held:
                self.count("long hold")
            self.down(p, 1 + r.below(6))
        elif k < 86:  # a contact shorter than the IRQ's latency: the IRQ, no level change
            self.count("short contact")
            self.wait(r.below(200) * 1000)
            self.snapshot(PINS[r.below(n)])
        elif k < 91:  # a long wait
            self.count("long wait")
            self.wait((1 + r.below(20)) * 1000000)
        elif k < 94 and not game.over:  # back, and no to the leave question
            self.count("leave: no")
            self.table.nav("back")
            if type(self.screen()).__name__ == "Confirm":
                if r.below(2):
                    self.press(r.below(n))  # the buttons while the question is shown
                self.table.nav("back")
        else:
            self.wait(r.below(2000) * 1000)
        self.release_due()
        self.actions += 1
        self.check(before)
        if self.game.over and r.below(3) == 0:
            self.deal_again()

    def deal_again(self):
        for p in sorted(self.held):
            self.up(p)
        self.count("dealt again")
        self.table.nav("ok")
        self.game = self.screen().game
        self.deck = self._cards()
        self.deals += 1

    def check(self, out_before):
        s = self.screen()
        name = type(s).__name__
        assert name == "DeckGame", name
        assert s.game is self.game
        self.table.shown()  # drawn within the display
        assert self._cards() == self.deck, "cards lost or made"
        game = self.game
        bits = 0
        for p in range(self.players):
            if game.eliminated(p):
                bits |= s.bits[p]
        assert s.out_bits == bits, (s.out_bits, bits)
        for event, fields in self.logged:
            if event == "slap":
                self.results += 1
                tapped = [o["player"] for o in fields["order"]]
                assert not [p for p in tapped if out_before[p]], ("a player who is out tapped", fields)
        self.logged = []
        if game.over:
            assert not s.slap_window  # the history can be written
        # What a power cut now would lose: at most the last pile's lines (its result,
        # the game over it made; until the loop's next pass, or while a tap on the
        # next pile is collected; a tie slapped again), not a pile before it.
        queued = [t for _, t in self.app.history.texts() if '"reslap":true' not in t and '"game_over"' not in t]
        assert len(queued) <= 1, ("not written", queued)
        hw = self.table.hw  # what the fake board records: not needed, and the heap is small
        del hw.beeps[:], hw.duties[:], hw.led_duties[:]

    def run(self, actions):
        for _ in range(actions):
            self.step()
        return self

    def close(self):
        self.table.close()
