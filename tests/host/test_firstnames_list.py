"""The list of first names on the flash (issue #45): the committed file is what the
host tool builds from Faker, and the device's reading of it (firmware/table/screens/
firstnames.py: bisects of the coded file) gives, for every text tried, the options the
host tool ranks from the same names; a file cut short or of another kind is one clear
line, never a wrong answer."""

import random

import pytest

from host_tools.ship import firstnames as ship
from table.screens import firstnames


@pytest.fixture(scope="module")
def built():
    cls, rows, under = ship.contents()
    return ship.build(), cls, rows, under


def expected(k, cls, rows, under):
    """The options the host tool ranks for the key k (no table's names)."""
    if k in under:
        return ship.rank(len(k), under[k])
    entries = [(firstnames.weight(cls[n]), n) for key, n in rows if key.startswith(k)]
    return firstnames.small(len(k), entries[: firstnames.SCAN + 1])


def test_the_committed_list_is_what_the_host_tool_builds_with_its_source_in_the_header(built):
    data = built[0]
    with open(ship.OUT, "rb") as f:
        assert f.read() == data  # else: python -m host_tools firstnames
    lines = data[:400].split(b"\n")
    assert lines[0].split()[:4] == [b"firstnames", b"2", b"%d" % ship.BLOCK, b"%d" % len(built[2])]
    assert b"Faker %s" % ship.FAKER_VERSION.encode() in lines[2] and b"https://github.com/joke2k/faker" in lines[3]
    assert b"MIT License, Copyright (c) 2012 Daniele Faraglia" in lines[3]
    assert len(data) <= 64 * 1024  # the flash it takes (189,364 bytes as text)


def test_the_device_reads_every_text_as_the_host_tool_ranks_it(built):
    _, cls, rows, under = built
    texts = set(under)  # every node
    picked = random.Random(45).sample(rows, 600)  # and every start of 600 names
    for k, _ in picked:
        texts.update(k[:i] for i in range(len(k) + 1))
    texts.update(("qxz", "zzzzzzzz", "anna mar", "a-", "o'"))
    for k in sorted(texts):
        assert firstnames.options(k) == expected(k, cls, rows, under), k


def test_a_list_cut_short_or_of_another_kind_is_one_clear_line(tmp_path):
    with open(ship.OUT, "rb") as f:
        data = f.read()
    where = list(firstnames._where)
    try:
        for content, says in ((data[:30000], "cut short"), (b"firstnames 1 64 100 200\n", "not a list")):
            path = tmp_path / "firstnames.txt"
            path.write_bytes(content)
            firstnames._where[:] = [str(path), None]
            with pytest.raises(ValueError) as e:
                for typed in ("", "Z", "Zo", "Zol", "Ma", "Mar", "Yv"):
                    firstnames.options(typed)
            assert says in str(e.value) and "\n" not in str(e.value)
    finally:
        firstnames._where[:] = where
