"""A name from a phone keeps to the characters the device's name editor types (#44):
roster.CHARS is the editor's character set, and typable refuses anything else."""

from table.screens import ui_names
from table.storage import roster


def test_the_phones_characters_are_the_name_editors():
    assert sorted(roster.CHARS) == sorted(ui_names.CHARSET)
    assert len(set(roster.CHARS)) == len(roster.CHARS)


def test_typable_refuses_what_the_editor_cannot_type():
    for name in ("Zoë", "Jean-Luc", "O'Neil", "Ann & Bo", "Łukasz", "J.R."):
        assert roster.typable(name) == name
    for name in ('{"button"', "a=b", "Ann:", "<b>", "Ann\t", "Bob!", "日本"):
        try:
            roster.typable(name)
        except ValueError as e:
            assert "cannot be typed" in str(e)
        else:
            assert False, name
