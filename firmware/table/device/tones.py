"""The buzzer's tones (signals.py plays them).

Each event has its own short pattern, different in pitch and rhythm, so the table
hears what happened without looking:
- "won": a slap won — two quick rising high notes.
- "false": a false tap — one low buzz.
- "tie": a tie drawn at random — three quick notes, high-low-high.
- "saved": a round saved — one short soft blip.
- "reslap": a tie to slap again — two low notes.
- "error": a press refused (a card already in the hand) — two falling notes.
A pattern is ((Hz, ms), ...); 0 Hz is a rest. `app.out.play(name)` plays one without
blocking (signals.py: each loop pass starts the note that is due).

Volume 0-3 (0 = mute) and LED brightness 0-3 (0 = off) map to PWM duty (duty_u16,
signals.VOLUME_DUTY, signals.LED_DUTY): a piezo is loudest at 50 % duty, its
loudness falls steeply below a few percent; an LED's light follows its duty, and the
eye sees steps of about 4-8x as even.
"""

TONES = {
    "won": ((2093, 60), (0, 20), (2637, 90)),
    "false": ((196, 300),),
    "tie": ((1319, 60), (0, 30), (988, 60), (0, 30), (1319, 60)),
    "saved": ((1568, 40),),
    "reslap": ((523, 120), (0, 60), (523, 120)),
    "error": ((330, 70), (0, 30), (247, 140)),
}
