"""What screens may use of the hardware (`app.out`): the LEDs, the buzzer, the player
buttons' count, bits, levels and clock. The app owns it and switches every LED and
tone off whenever the top screen changes (App._entered), so a screen that is left
(back, home, replaced, or crashed) never leaves a light on or a tone sounding.
Without hardware (tests) it keeps the same state and does nothing else.
"""
import ticks


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

    def levels(self):
        """All player-button levels in one read, or None (no hardware: unknown)."""
        return self._hw.player_levels() if self._hw else None

    def pressed(self, i):
        """True while player i's button is down."""
        return bool(self._hw) and self._hw.player_pressed(i)

    def led(self, i, on):
        if on:
            self.lit |= 1 << i
        else:
            self.lit &= ~(1 << i)
        if self._hw:
            self._hw.led(i, on)

    def beep(self, freq_hz, ms):
        """A tone for ms (not blocking); ms <= 0 stops it."""
        self.sounding = freq_hz > 0 and ms > 0
        if self._hw:
            self._hw.beep(freq_hz, ms)

    def all_off(self):
        """Every LED off and the tone stopped."""
        i = 0
        while self.lit:
            if self.lit & (1 << i):
                self.led(i, False)
            i += 1
        if self.sounding:
            self.beep(0, 0)
