"""Issue #45: a name on no list costs no more than before the list, but for one press.

The editor before the list (1.2.0, ui_names at 44dbbbf) was ui_text's letter editor
with the name's characters and no options; `_Before` is that editor (ui_text.py is
unchanged since), its offer left out: it can only make the old figure smaller, the
comparison stricter. The fewest presses on each are found breadth-first on the real
editors (bench/presses.py's `editor_keys`).

Names on no list: Faker's rarest names that the device's list leaves out, names of
the list with one letter changed (a typo, or a name the list has a cousin of), and
names of no Faker list. Each costs at most one press more than before (the back that
leaves the options for the letters); the real names among them are cheaper as a rule.
"""

import random
import tempfile

import pytest

from host_tools.bench import presses
from host_tools.ship import firstnames as ship
from table.screens import firstnames, ui_names, ui_text

SEED = 45
NO_FAKER_LIST = ("Zoia", "Zuri", "Xochitl", "Zephyr", "Xiu", "Qiu", "Quill", "Ekon", "Oyelaran", "Tupac", "Inti", "Nox")


class _Before(ui_text.TextEditor):  # "_": no screen of the firmware (test_screen_fit lists those)
    """The name editor of 1.2.0: letters one by one (ok on an empty place: done)."""

    GROUPS = ui_names.GROUPS
    GROUP_NAMES = ui_names.GROUP_NAMES
    START = ("AZ", "az")
    WORD = "Name"
    FULL = "name is full"
    DONE = "ok: name done"
    room = ui_names.NameEditor.room
    clean = ui_names.NameEditor.clean


@pytest.fixture(scope="module")
def no_list():
    """[(kind, name)]: names the device's list does not hold (nor any name like them)."""
    score = ship.scores()
    listed = set(firstnames.key(n) for n in score)
    typable = [n for n in sorted(score) if all(c in ui_names.CHARSET for c in n)]
    r = random.Random(SEED)
    rare = [n for n in typable if score[n] < ship.FLOOR]
    out = [("rare", n) for n in r.sample(rare, 30)]
    common = [n for n in typable if score[n] >= ship.FLOOR and len(n) >= 3]
    while len(out) < 60:
        name = r.choice(common)
        at = r.randrange(1, len(name))
        typo = (name[:at] + r.choice("abcdefghijklmnopqrstuvwxyz") + name[at + 1 :])[:8]
        if firstnames.key(typo) not in listed and ("typo", typo) not in out:
            out.append(("typo", typo))
    out += [("no Faker list", n) for n in NO_FAKER_LIST if firstnames.key(n) not in listed]
    return out


def cost(editor_class, app, name):
    return len(presses.editor_keys(editor_class(app, "", lambda n: None), name, limit=70))


def test_a_name_on_no_list_costs_at_most_one_press_more_than_before_the_list(no_list):
    app = presses.Driver(tempfile.mkdtemp()).app
    worse, rare = [], []
    for kind, name in no_list:
        before, now = cost(_Before, app, name), cost(ui_names.NameEditor, app, name)
        if now > before:
            worse.append((name, before, now))
        if kind == "rare":
            rare.append(now - before)
    assert all(now <= before + 1 for _, before, now in worse), worse
    rare.sort()
    assert rare[len(rare) // 2] < 0, rare  # the median real name on no list: cheaper than before
    assert len(worse) < len(no_list) // 4, worse


def test_after_back_the_keys_are_the_letters_of_before(no_list):
    """back on an option: from there every key does what 1.2.0's did, so its presses
    for the rest of the name, plus that back, type it."""
    app = presses.Driver(tempfile.mkdtemp()).app
    for _, name in no_list[::6]:
        editor = ui_names.NameEditor(app, "", lambda n: None)
        editor.on_nav("back", "press")
        keys = presses.editor_keys(_Before(app, "", lambda n: None), name, limit=70)
        got = []
        editor.app = presses.Planning(app)
        editor.done = got.append
        for key in keys:
            button, kind = (key.split(":") + ["press"])[:2]
            editor.on_nav(button, kind)
        assert got == [name], (name, keys)
