"""The Corsica screens' test rig: an App with a fake board (player buttons as
synthetic GPIO snapshots with microsecond times, LEDs, beeper); the fake board also
serves the hardware test's screens."""

from canvas_record import Rig
from ui_referee import Referee
from ui_tap import COLLECT_MS

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
        from tapring import TapRing

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
        from signals import Signals

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
