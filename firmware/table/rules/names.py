"""How a name (any text) is shown on the display. What a name may hold is roster.py's
(`clean`), the name editor's characters are in ui_names.py.

A name is kept as it was entered (the history, the saved matches, the roster). The
display's 8x8 font is ASCII only, so every
text drawn goes through `to_ascii` (canvas.py): Latin letters lose their marks
(é -> e, ñ -> n, ü -> u), ligatures and sharp s are spelled out (æ -> ae, ß -> ss),
anything else becomes "?". One function, so a name looks the same on every screen.
A name is measured by what the display draws (`width`): roster.NAME_LEN columns at
most, so "Weißhaar" is kept as "Weißhaa" ("Weisshaa" on the screen).
"""

# U+00C0..U+017F (Latin-1 letters and Latin Extended-A), one ASCII letter each;
# "?" where WIDE spells it with two.
_TABLE = (
    "AAAAAA?CEEEEIIIIDNOOOOOxOUUUUY??aaaaaa?ceeeeiiiidnooooo/ouuuuy?yAaAaAaCcCcCcCc"
    "DdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIi??JjKkkLlLlLlLlLlNnNnNnnNnOoOoOo??RrRrRrSs"
    "SsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs"
)
WIDE = "ÆÞßæþĲĳŒœ"  # spelled with two letters each: WIDE_ASCII[2 * i:2 * i + 2]
WIDE_ASCII = "AEThssaethIJijOEoe"
SIGNS = "\xa0¡¿«»"  # Latin-1 signs with an ASCII look-alike in SIGNS_ASCII
SIGNS_ASCII = " !?<>"


def to_ascii(s):
    """s as the display can draw it (ASCII only); s itself when it is ASCII already."""
    for ch in s:
        if ord(ch) > 126:
            break
    else:
        return s
    out = []
    for ch in s:
        n = ord(ch)
        if n < 127:
            out.append(ch)
            continue
        i = WIDE.find(ch)
        if i >= 0:
            out.append(WIDE_ASCII[2 * i : 2 * i + 2])
        elif 0xC0 <= n <= 0x17F:
            out.append(_TABLE[n - 0xC0])
        else:
            i = SIGNS.find(ch)
            out.append(SIGNS_ASCII[i] if i >= 0 else "?")
    return "".join(out)


def width(s):
    """Characters s takes on the display (æ, ß, Þ, Œ... take two)."""
    return len(to_ascii(s))


def cut(s, columns):
    """The longest start of s that the display draws in at most columns characters."""
    while width(s) > columns:
        s = s[:-1]
    return s


def short_names(names, width):
    """Names as the display spells them, cut to width characters, told apart: two
    names that share their first width characters keep width - 1 of them and the
    first letter that differs; names still alike become P1, P2... (seat numbers)."""
    names = [to_ascii(n) for n in names]
    out = [n[:width] for n in names]
    for i in range(len(out)):
        alike = [j for j in range(len(out)) if out[j] == out[i]]
        if len(alike) < 2:
            continue
        for j in alike:
            name = names[j]
            k = width - 1
            while k < len(name) and all(k < len(names[o]) and names[o][k] == name[k] for o in alike if o != j):
                k += 1
            out[j] = name[: width - 1] + name[k : k + 1] if k < len(name) else name[:width]
    alike = [i for i in range(len(out)) if out.count(out[i]) > 1]
    for i in alike:
        out[i] = ("P%d" % (i + 1))[:width]
    return out
