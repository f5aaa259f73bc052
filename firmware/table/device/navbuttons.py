"""The navigation buttons' events from their raw levels, for hw.py (each level change
latched by a pin IRQ with its time, fed at the next loop pass: `edge`) and
hw_circuitpython.py (keypad's already debounced key events: `level`).

A level counts once it has held DEBOUNCE_MS (0 for keypad's events). Events:
"press" on release, "long" once the button has been down LONG_MS (no "press" then),
"repeat" every REPEAT_MS after it while still down. A button down at boot is ignored
until released. Events come out in the order they fell due, whichever button: a
press and release that both happened between two loop passes (while a screen
loads) is still a "press", after the presses released before it.
"""

try:
    from micropython import const
except ImportError:  # CPython: the value itself

    def const(expr):  # type: ignore[misc]
        return expr


from ..rules.ticks import ticks_add, ticks_diff

LONG_MS = const(600)  # held this long: one "long" event (no "press" on release)
REPEAT_MS = const(150)  # then a "repeat" event this often while still held

# States of a button.
_IDLE = const(0)
_PRESSED = const(1)  # debounced down, not yet long
_REPEATING = const(2)  # "long" sent, "repeat" every REPEAT_MS
_IGNORED = const(3)  # down since boot: no events until released


class NavButtons:
    def __init__(self, names, down, now_ms, debounce_ms=20):
        """names: of the buttons; down: a bool per button, its level at boot."""
        self.names = names
        self.debounce_ms = debounce_ms
        count = len(names)
        self._down = list(down)  # last raw level seen
        self._since = [now_ms] * count  # when `_down` last changed
        self._state = [_IGNORED if d else _IDLE for d in down]
        self._next = [now_ms] * count  # when the next "repeat" is due

    def level(self, i, down, now_ms, events):
        """Button i is down (or up) at now_ms; append the events that makes due."""
        if down != self._down[i]:
            self._down[i] = down
            self._since[i] = now_ms
        self._step(i, now_ms, events)

    def edge(self, i, down, t_ms, events):
        """Button i is down (or up) at t_ms, a time already past (a level a pin IRQ
        latched; fed oldest first, every button's in one sequence). If that is a
        change: append the events due up to t_ms with the levels before it, then
        take the new level from t_ms on (an unchanged level: nothing to do)."""
        if down != self._down[i]:
            self.poll(t_ms, events)
            self.level(i, down, t_ms, events)

    def poll(self, now_ms, events):
        """Append the events due by now_ms with the levels unchanged (debounce ends,
        "long", "repeat"), in the order they fell due."""
        count = len(self.names)
        while True:
            first = -1  # the button whose next step fell due first
            late = -1  # how long before now_ms it fell due
            for i in range(count):
                due = self._due(i)
                if due >= 0:
                    d = ticks_diff(now_ms, due)
                    if d > late:
                        first = i
                        late = d
            if first < 0:
                return
            self._step(first, now_ms, events)

    def held(self):
        """True while a button is down (its last level)."""
        return True in self._down

    def down_bits(self):
        """Bit i set: button i is down (its last level)."""
        bits = 0
        for i in range(len(self._down)):
            if self._down[i]:
                bits |= 1 << i
        return bits

    def ignore_held(self):
        """The buttons now down give no events until released (the press that woke
        the display)."""
        for i in range(len(self._down)):
            if self._down[i]:
                self._state[i] = _IGNORED

    def _due(self, i):
        """When button i's state next changes if its level holds (the ticks_ms
        `_step` acts at), or -1: never."""
        state = self._state[i]
        if self._down[i]:
            if state == _IDLE:
                return ticks_add(self._since[i], self.debounce_ms)
            if state == _PRESSED:
                return ticks_add(self._since[i], LONG_MS)
            if state == _REPEATING:
                return self._next[i]
            return -1  # _IGNORED until released
        if state == _IDLE:
            return -1
        return ticks_add(self._since[i], self.debounce_ms)

    def _step(self, i, now_ms, events):
        state = self._state[i]
        down = self._down[i]
        if state == _IDLE and not down:
            return  # up and settled: the usual case, every loop pass
        held = ticks_diff(now_ms, self._since[i])  # how long the level has been stable
        if not down:
            if held >= self.debounce_ms:
                if state == _PRESSED:
                    events.append((self.names[i], "press"))
                self._state[i] = _IDLE
        elif state == _IDLE:
            if held >= self.debounce_ms:
                self._state[i] = _PRESSED
        elif state == _PRESSED:
            if held >= LONG_MS:
                self._state[i] = _REPEATING
                self._next[i] = ticks_add(now_ms, REPEAT_MS)
                events.append((self.names[i], "long"))
        elif state == _REPEATING and ticks_diff(now_ms, self._next[i]) >= 0:
            self._next[i] = ticks_add(now_ms, REPEAT_MS)
            events.append((self.names[i], "repeat"))
