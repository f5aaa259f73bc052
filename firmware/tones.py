"""The buzzer's tones and the volume and LED brightness steps.

Each event has its own short pattern, different in pitch and rhythm, so the table
hears what happened without looking:
- "won": a slap won — two quick rising high notes.
- "false": a false tap — one low buzz.
- "tie": a tie drawn at random — three quick notes, high-low-high.
- "saved": a round saved — one short soft blip.
- "reslap": a tie to slap again — two low notes.
A pattern is ((Hz, ms), ...); 0 Hz is a rest. `Melody` plays one without blocking:
the app calls `due(now_ms)` every loop pass and starts each note it returns.

Volume 0-3 (0 = mute) and LED brightness 0-3 (0 = off) map to PWM duty (duty_u16).
A piezo is loudest at 50 % duty; its loudness falls steeply below a few percent.
An LED's light follows its duty; the eye sees steps of about 4x as even.
"""
TONES = {
    "won": ((2093, 60), (0, 20), (2637, 90)),
    "false": ((196, 300),),
    "tie": ((1319, 60), (0, 30), (988, 60), (0, 30), (1319, 60)),
    "saved": ((1568, 40),),
    "reslap": ((523, 120), (0, 60), (523, 120)),
}

VOLUME_DUTY = (0, 1000, 5000, 32768)  # mute, quiet, medium, loud (50 %)
LED_DUTY = (0, 1024, 8192, 65535)  # off, low, medium, full


def volume_duty(volume):
    return VOLUME_DUTY[max(0, min(len(VOLUME_DUTY) - 1, volume))]


def led_duty(level):
    return LED_DUTY[max(0, min(len(LED_DUTY) - 1, level))]


class Melody:
    """One pattern at a time; a new one replaces the one playing."""

    def __init__(self):
        self.notes = ()
        self.next = 0  # index of the next note
        self.at_ms = 0  # when it is due

    def start(self, notes, now_ms):
        self.notes = notes
        self.next = 0
        self.at_ms = now_ms

    def stop(self):
        self.notes = ()
        self.next = 0

    def playing(self):
        return self.next < len(self.notes)

    def due(self, now_ms):
        """The note to start now, (Hz, ms) (Hz 0: a rest), or None."""
        if self.next >= len(self.notes):
            return None
        if ((now_ms - self.at_ms + (1 << 29)) & ((1 << 30) - 1)) - (1 << 29) < 0:
            return None
        note = self.notes[self.next]
        self.next += 1
        self.at_ms = (self.at_ms + note[1]) & ((1 << 30) - 1)
        return note
