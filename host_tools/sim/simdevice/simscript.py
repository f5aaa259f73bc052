"""The simulator script format (docs/formats.md, "Simulator script"); runs on both runtimes.

One event a line, `#` starts a comment: `<t_ms> <button> <down|up|press>`, times in
ms from boot, non-decreasing. `press` = down, then up PRESS_MS later.
"""

BUTTONS = ("up", "down", "ok", "back", "p1", "p2", "p3", "p4", "p5", "p6")
ACTIONS = ("down", "up", "press")
PRESS_MS = 80
MAX_MS = 24 * 3600 * 1000  # a script is a table's evening, not a year of simulated time


def parse_line(line, last_t=0):
    """`(t_ms, button, action)`, or None for a blank or comment line.

    ValueError (without the line number) names the problem."""
    i = line.find("#")
    if i >= 0:
        line = line[:i]
    parts = line.split()
    if not parts:
        return None
    if len(parts) != 3:
        raise ValueError("expected '<t_ms> <button> <down|up|press>', got %r" % line.strip())
    t, button, action = parts
    try:
        t_ms = int(t)
    except ValueError:
        raise ValueError("bad time %r (milliseconds from boot)" % t)
    if t_ms < 0:
        raise ValueError("negative time %d" % t_ms)
    if t_ms > MAX_MS:
        raise ValueError("time %d ms is more than 24 hours after boot" % t_ms)
    if t_ms < last_t:
        raise ValueError("time %d goes back (previous event at %d)" % (t_ms, last_t))
    button = button.lower()
    if button not in BUTTONS:
        raise ValueError("unknown button %r (up, down, ok, back, p1..p6)" % button)
    action = action.lower()
    if action not in ACTIONS:
        raise ValueError("unknown action %r (down, up, press)" % action)
    return t_ms, button, action


def parse(lines, buttons=BUTTONS):
    """All events of a script; ValueError "line N: ..." on the first bad line.

    `buttons`: the buttons the board has (others are an error)."""
    events = []
    last = 0
    n = 0
    for line in lines:
        n += 1
        try:
            ev = parse_line(line, last)
            if ev is not None and ev[1] not in buttons:
                raise ValueError("the board has no button %r" % ev[1])
        except ValueError as e:
            raise ValueError("line %d: %s" % (n, e))
        if ev is not None:
            events.append(ev)
            last = ev[0]
    return events


class Reader:
    """Events read from a script file one at a time (a long script needs no memory)."""

    def __init__(self, path):
        self._f = open(path)
        self._last = 0

    def next(self):
        """The next `(t_ms, button, action)`, or None at the end of the file."""
        while self._f is not None:
            line = self._f.readline()
            if not line:
                self._f.close()
                self._f = None
                return None
            ev = parse_line(line, self._last)
            if ev is not None:
                self._last = ev[0]
                return ev
        return None
