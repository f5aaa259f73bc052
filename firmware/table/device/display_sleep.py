"""When the display dims and turns off (OLED burn-in, battery boxes).

The idle time counts from the last activity: a button going down, a player's tap.
After `dim_s` seconds the display dims, after `off_s` it turns off (0 = never; the
settings "display_dim_min" and "display_off_min", in minutes). The app, not this module, decides what
wakes it: any navigation button (the press only wakes it, it is not acted on) and
any player's tap (judged as usual). Nothing is drawn while the display is off.
"""

from ..rules.ticks import ticks_diff

ON = 0
DIM = 1
OFF = 2


class DisplaySleep:
    """The display's state: ON, DIM or OFF."""

    def __init__(self):
        self.state = ON
        self.last_ms = None  # the last activity (None: the first update's time)

    def wake(self, now_ms):
        """Activity at now_ms: the display is ON again. True if it was DIM or OFF."""
        self.last_ms = now_ms
        was = self.state
        self.state = ON
        return was != ON

    def update(self, now_ms, dim_s, off_s):
        """The state the idle time asks for; True when it changed. Only ever deeper
        (ON -> DIM -> OFF) until the next wake."""
        if self.last_ms is None:
            self.last_ms = now_ms
        idle = ticks_diff(now_ms, self.last_ms)
        want = ON
        if off_s and idle >= off_s * 1000:
            want = OFF
        elif dim_s and idle >= dim_s * 1000:
            want = DIM
        if want > self.state:
            self.state = want
            return True
        return False
