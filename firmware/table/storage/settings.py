"""The settings table: every setting the device keeps (in data/state.json), its label,
range or choices, default and help text. The settings and setup screens show and
change settings through it, and the app checks loaded values against it.

One line per setting: (key, label, default, spec, help); the help is what the
settings screen shows under the list for the highlighted line: at most two lines of
16 characters (a test checks it), the rest in docs/user-guide.md.
- spec (lo, hi, step), (lo, hi, step, text of lo) or (lo, hi, step, text of lo or
  None, format of the others, "%dms"): an int; up/down change it by step (by 10
  steps on a long press), kept within lo..hi.
- spec ((value, text), ...): one of these values; up/down move to the next.
- spec ("flags", (value, text), ...): a list of some of the values, in this order;
  each is a line of its own in a form, on or off.
Adding a setting is one line here (and its use). Loaded at boot and with the screens
that show settings (ui_form.py shows and steps values), then dropped: the app keeps
only the values.
"""

OFF_ON = ((False, "off"), (True, "on"))

TABLE = (  # type: tuple
    ("igo_target", "I Go to", 4, (1, 99, 1), "Points that win an I Go game"),
    (
        "corsari_target",
        "Corsari to",
        0,
        (0, 990, 10, "auto"),
        "auto: 30/player, at least 100",
    ),
    (
        "declared_colours",
        "Colours",
        False,
        ((False, "as laid"), (True, "named")),
        "Series colours: as laid or named",
    ),
    ("players", "Players", 4, (2, 6, 1), "Players at the last setup"),
    ("tie_window_us", "Tie gap", 1000, (10, 50000, 100, None, "%dus"), "Taps this close tie; 1000us=1ms"),
    (
        "tie_break",
        "Ties",
        "random",
        (("random", "random"), ("reslap", "re-slap")),
        "Tie: random, or slapped again",
    ),
    (
        "slap_window_ms",
        "Slap for",
        1000,
        (0, 3000, 100, None, "%dms"),
        "Presses slap this long (ms)",
    ),
    ("out_at_3", "Out at 3", False, OFF_ON, "3rd mistake puts a player out"),
    (
        "variants",
        "Variants",
        [],
        ("flags", ("sandwich", "Sandwich"), ("sequence", "Sequence"), ("sum10", "Sum 10")),
        "Slap rules besides doubles",
    ),
    ("display_dim_min", "Dim", 2, (0, 60, 1, "never", "after %dmin"), "Idle minutes before it dims"),
    ("display_off_min", "Off", 10, (0, 60, 1, "never", "after %dmin"), "Idle minutes before it is off"),
    ("volume", "Volume", 2, (0, 3, 1, "mute"), "The buzzer: mute, 1 to 3"),
    ("led_level", "LEDs", 3, (0, 3, 1, "off"), "Player LEDs: off, 1 to 3"),
)


def find(key):
    """The table line of a setting, or None."""
    for line in TABLE:
        if line[0] == key:
            return line
    return None


def defaults():
    """A new settings dict with every default."""
    out = {}
    for line in TABLE:
        default = line[2]
        out[line[0]] = list(default) if type(default) is list else default
    return out


def valid(key, value):
    """True when value is one the setting can take."""
    spec = find(key)[3]
    if type(spec[0]) is int:
        return type(value) is int and spec[0] <= value <= spec[1]
    if spec[0] == "flags":  # known flags, each once, in table order
        return type(value) is list and value == [v for v, _ in spec[1:] if v in value]
    for choice, _ in spec:
        if type(value) is type(choice) and value == choice:
            return True
    return False


def loaded(obj):
    """Settings from a loaded dict: each valid value kept, a missing or bad one (or an
    unknown key) replaced by its default."""
    out = defaults()
    for key in out:
        if key in obj and valid(key, obj[key]):
            out[key] = obj[key]
    return out
