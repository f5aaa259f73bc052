"""`python -m host_tools firstnames [--check]`: the device's list of first names
(`firmware/table/screens/firstnames.txt`), built from Faker's person providers.

Source: Faker (https://github.com/joke2k/faker), version FAKER_VERSION exactly (pinned
in pyproject.toml's dev group and requirements.lock), MIT License, "Copyright (c) 2012
Daniele Faraglia". Every locale's first names (male, female and non-binary lists, or
its `first_names`) are read; a locale's names weigh what Faker gives them (its
OrderedDict weights where it has them, else all alike), each locale's adding up to one.
A name goes on the list as the roster keeps it (roster.clean: cut to 8 display
characters) when the display can spell every letter of it (names.to_ascii gives no
"?"); its score is the sum of its weights over the locales (a name common in many
countries first). The same Faker version gives the same file, byte for byte:
`--check` fails when the committed file differs from what it would write.

The list's format and how the device reads it: firmware/table/screens/firstnames.py.
The bench's sample of names to type (`sample`) comes from the same lists.
"""

import importlib
import os
import pkgutil

from host_tools import FIRMWARE, UserError

FAKER_VERSION = "40.63.0"
LICENSE = 'Faker %s (MIT License, "Copyright (c) 2012 Daniele Faraglia")' % FAKER_VERSION
ATTRS = ("first_names_male", "first_names_female", "first_names_nonbinary")
MIN_SPELLED = 0.9  # a locale is a country's list in the sample when the display spells this share of it
MIN_NAMES = 20  # ... and it has at least this many names


def faker_person():
    """Faker's person providers' package, checked to be FAKER_VERSION."""
    try:
        import faker
        import faker.providers.person as person
    except ImportError:
        raise UserError("Faker is not installed: make venv (it is in the dev dependencies)") from None
    if faker.VERSION != FAKER_VERSION:
        raise UserError("Faker %s is installed, the list is built from %s: make venv" % (faker.VERSION, FAKER_VERSION))
    return person


def locales():
    """Every locale with a person provider, sorted."""
    person = faker_person()
    return sorted(m.name for m in pkgutil.iter_modules(person.__path__))


def locale_weights(locale):
    """{name as Faker writes it: weight} for a locale's first names, adding up to 1
    (each of its lists, male, female, non-binary, weighs the same)."""
    faker_person()
    provider = importlib.import_module("faker.providers.person." + locale).Provider
    parts = [getattr(provider, a, None) for a in ATTRS]
    parts = [p for p in parts if isinstance(p, (dict, list, tuple)) and p]
    if not parts:
        p = getattr(provider, "first_names", None)
        parts = [p] if isinstance(p, (dict, list, tuple)) and p else []
    weights = {}
    for part in parts:
        total = sum(part.values()) if isinstance(part, dict) else len(part)
        for name in part:
            w = (part[name] if isinstance(part, dict) else 1) / total / len(parts)
            weights[name] = weights.get(name, 0) + w
    return weights


def kept(name):
    """The name as the device keeps it (roster.clean), or None when the display cannot
    spell it (a letter outside Latin-1 and Latin Extended-A) or it is not a name."""
    from table.rules import names
    from table.storage import roster

    name = name.strip()
    if not name or "?" in names.to_ascii(name):
        return None
    for ch in name:
        if not (ch.isalpha() or ch in " -'"):
            return None
    try:
        return roster.clean(name)
    except ValueError:
        return None


def spelled_weights(locale):
    """{kept name: weight} of a locale's names the display can spell, and the share of
    the locale's weight they hold."""
    out = {}
    spelled = 0.0
    for name, w in locale_weights(locale).items():
        k = kept(name)
        if k is not None:
            out[k] = out.get(k, 0) + w
            spelled += w
    return out, spelled


def country(locale):
    """The country of a locale ("de_CH" -> "CH"), or None for a language alone ("en");
    fr_QC is Faker's older name of fr_CA."""
    if "_" not in locale:
        return None
    return "CA" if locale == "fr_QC" else locale.split("_")[1]


def sample_locales():
    """The locales a sample draws from: a country's, the display spelling at least
    MIN_SPELLED of their weight, with MIN_NAMES names or more. fr_QC is left out (the
    same list as fr_CA)."""
    out = []
    for loc in locales():
        if country(loc) is None or loc == "fr_QC":
            continue
        weights, spelled = spelled_weights(loc)
        if spelled >= MIN_SPELLED and len(weights) >= MIN_NAMES:
            out.append(loc)
    return out


def sample(seed, countries=20, per_country=5):
    """[(locale, name)]: `countries` locales of different countries drawn at random,
    then `per_country` names from each, drawn by the weight Faker gives them (a name
    can come twice). Python's random.Random(seed): the same Faker, the same names."""
    import random

    r = random.Random(seed)
    pool = sample_locales()
    r.shuffle(pool)
    chosen, seen = [], set()
    for loc in pool:
        if country(loc) not in seen:
            seen.add(country(loc))
            chosen.append(loc)
        if len(chosen) == countries:
            break
    if len(chosen) < countries:
        raise UserError("only %d countries' lists in Faker %s" % (len(chosen), FAKER_VERSION))
    out = []
    for loc in sorted(chosen):
        weights, _ = spelled_weights(loc)
        names = sorted(weights)
        drawn = r.choices(names, weights=[weights[n] for n in names], k=per_country)
        out += [(loc, n) for n in drawn]
    return out


def scores():
    """{kept name: score}: the sum of its weights over every locale with MIN_NAMES
    names or more that the display can spell (Faker's tiny lists, a locale's two
    example names, are left out)."""
    out = {}
    for loc in locales():
        weights, _ = spelled_weights(loc)
        if len(weights) < MIN_NAMES:
            continue
        for name, w in weights.items():
            out[name] = out.get(name, 0) + w
    return out


def classes(score):
    """{name: popularity class 0..74}: 4 * log2 of its score over the least one, rounded."""
    import math

    least = min(score.values())
    return {n: min(74, int(round(4 * math.log2(s / least)))) for n, s in score.items()}


def build(score=None):
    """The list's file (bytes): see firmware/table/screens/firstnames.py."""
    from table.screens import firstnames as fn

    cls = classes(scores() if score is None else score)
    rows = sorted((fn.key(n), n) for n in cls)
    names_part = "".join("%s%s\n" % (chr(48 + cls[n]), n) for _, n in rows).encode()
    under = {}  # typed key -> [(weight, name)] of the names under it, for the big ones
    counts = {}
    for k, _ in rows:
        for i in range(len(k) + 1):
            counts[k[:i]] = counts.get(k[:i], 0) + 1
    for k, n in rows:
        for i in range(len(k) + 1):
            if counts[k[:i]] > fn.SCAN:
                under.setdefault(k[:i], []).append((fn.weight(cls[n]), n))
    node_lines = []
    for k in sorted(under):
        opts = fn.rank(len(k), under[k])
        node_lines.append("\t".join([k] + opts) + "\n")
    nodes_part = "".join(node_lines).encode()
    head_len = 64
    nodes = head_len
    first = nodes + len(nodes_part)
    end = first + len(names_part)
    head = ("firstnames 1 %d %d %d" % (nodes, first, end)).ljust(head_len - 1).encode() + b"\n"
    return head + nodes_part + names_part


OUT = os.path.join(FIRMWARE, "table", "screens", "firstnames.txt")


def main(argv):
    import argparse

    from host_tools import ArgumentParser

    parser = ArgumentParser(
        prog="firstnames",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        example="python -m host_tools firstnames          # write firmware/table/screens/firstnames.txt\n"
        "python -m host_tools firstnames --check  # the committed file is what Faker gives",
    )
    parser.add_argument("--check", action="store_true", help="fail when %s differs from what would be written" % OUT)
    args = parser.parse_args(argv)
    data = build()
    if args.check:
        with open(OUT, "rb") as f:
            if f.read() != data:
                raise UserError("%s is not what Faker %s gives: python -m host_tools firstnames" % (OUT, FAKER_VERSION))
        print("firstnames: %s is up to date" % os.path.relpath(OUT))
        return 0
    with open(OUT, "wb") as f:
        f.write(data)
    print("firstnames: wrote %s: %d bytes" % (os.path.relpath(OUT), len(data)))
    return 0
