"""What screens may use of the hardware (`app.out`): the LEDs, the buzzer (its tones by
name, tones.TONES), the player buttons' count, bits, levels and clock. The volume and
the LED brightness come from the settings (`configure`); a board without a buzzer or
LEDs says so (`has_buzzer`, `leds`) and the settings screen leaves those out. The app
owns it and switches every LED and tone off whenever the top screen changes (App._entered), so a screen that is left
(back, home, replaced, or crashed) never leaves a light on or a tone sounding.
Without hardware (tests) it keeps the same state and does nothing else.
"""

from ..rules import ticks
from . import tones

VOLUME_DUTY = (0, 1000, 5000, 32768)  # the buzzer's duty_u16: mute, quiet, medium, loud
LED_DUTY = (0, 1024, 8192, 65535)  # the LEDs' duty_u16: off, low, medium, full


class Signals:
    def __init__(self, hw=None, players=6):
        """hw: hw.Hardware (or hw_circuitpython's) or None; players: the player
        buttons without hardware."""
        self._hw = hw
        self.players = hw.players if hw else players
        # levels & player_bits[i] == 0: player i pressed.
        self.player_bits = hw.player_bits if hw else tuple(1 << p for p in range(players))
        # The clock of the player-button timestamps (CircuitPython's keypad has its own).
        self.now_us = getattr(hw, "now_us", None) or ticks.now_us
        self.lit = 0  # bit i: LED i is on
        self.sounding = False  # a tone was started and not stopped
        board = hw.board if hw else None
        self.has_buzzer = board is None or board.BUZZER_PIN is not None
        self.leds = len(board.LED_PINS) if board else self.players
        self.volume_duty = VOLUME_DUTY[2]
        self.led_duty = LED_DUTY[3]  # a lit LED's duty_u16
        self.notes = ()  # the tone playing: its notes, the next one's index and time
        self.note = 0
        self.note_ms = 0
        self.now_ms = 0  # the last tick's

    def configure(self, settings):
        """Take the volume and the LED brightness from the settings (the lit LEDs
        take the new brightness at once)."""
        self.volume_duty = VOLUME_DUTY[settings["volume"]]
        self.led_duty = LED_DUTY[settings["led_level"]]
        i = 0
        while self.lit >> i:
            if self.lit >> i & 1:
                self.led(i, True)
            i += 1

    def levels(self):
        """All player-button levels in one read, or None (no hardware: unknown)."""
        return self._hw.player_levels() if self._hw else None

    def led(self, i, on, duty=None):
        """LED i on or off; at the set brightness unless `duty` (duty_u16) says."""
        if on:
            self.lit |= 1 << i
            if duty is None:
                duty = self.led_duty
        else:
            self.lit &= ~(1 << i)
        if self._hw:
            self._hw.led(i, on, duty)

    def beep(self, freq_hz, ms, duty=None):
        """A tone for ms (not blocking); ms <= 0 stops it. At the set volume unless
        `duty` (duty_u16) says."""
        self.sounding = freq_hz > 0 and ms > 0
        if self._hw:
            self._hw.beep(freq_hz, ms, self.volume_duty if duty is None else duty)

    def play(self, name):
        """Play tones.TONES[name] (not blocking: `tick` starts each note); it
        replaces the one playing."""
        self.notes = tones.TONES[name]
        self.note = 0
        self.note_ms = self.now_ms
        self.tick(self.now_ms)

    def tick(self, now_ms):
        """Every loop pass: start the tone's next note when it is due (0 Hz: a rest)."""
        self.now_ms = now_ms
        if self.note >= len(self.notes):
            return
        if ticks.ticks_diff(now_ms, self.note_ms) < 0:
            return
        hz, ms = self.notes[self.note]
        self.note += 1
        self.note_ms = ticks.ticks_add(self.note_ms, ms)
        if hz:
            self.beep(hz, ms)

    def all_off(self):
        """Every LED off and the tone stopped."""
        i = 0
        while self.lit:
            if self.lit & (1 << i):
                self.led(i, False)
            i += 1
        self.notes = ()
        if self.sounding:
            self.beep(0, 0)

    def tester(self):
        """The hardware test's view of the board (its button pins and levels, the
        latency probe: hw_test.Tester), or None without hardware."""
        return self._hw.tester() if self._hw else None
