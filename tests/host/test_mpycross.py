"""host_tools/ship/mpycross.py: the build cache (each content and option set compiled once)
and mpy-cross's complaints as one line."""

import os

import pytest

from host_tools.ship import mpycross


def test_the_cache_compiles_each_content_and_options_once(tmp_path, monkeypatch):
    monkeypatch.setattr(mpycross, "CACHE", str(tmp_path / "cache"))
    compiled = []
    real = mpycross.compile_file
    monkeypatch.setattr(mpycross, "compile_file", lambda src, out, *a: compiled.append(out) or real(src, out, *a))
    src = tmp_path / "m.py"
    src.write_text("X = 1\n")
    first = mpycross.compile_cached(str(src))
    with open(first, "rb") as f:
        assert f.read(1) == b"M"  # a .mpy file
    assert mpycross.compile_cached(str(src)) == first and compiled == [first]  # not compiled again
    others = {mpycross.compile_cached(str(src), opt=2), mpycross.compile_cached(str(src), arch=None)}
    assert len(others) == 2 and first not in others and len(compiled) == 3
    src.write_text("X = 2\n")
    assert mpycross.compile_cached(str(src)) not in others | {first}
    built = mpycross.compile_all([str(src)], opt_of={str(src): 2})
    assert built == {str(src): compiled[-1]} and len(compiled) == 5
    assert mpycross.compile_all([str(src)], opt_of={str(src): 2}) == {
        str(src): mpycross.compile_cached(str(src), opt=2)
    }


def test_a_refused_file_is_one_line_and_leaves_nothing(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(:\n    pass\n")
    out = tmp_path / "bad.mpy"
    with pytest.raises(mpycross.MpyCrossError) as raised:
        mpycross.compile_file(str(bad), str(out))
    line = str(raised.value)
    assert "bad.py: mpy-cross: " in line and "\n" not in line
    assert sorted(os.listdir(tmp_path)) == ["bad.py"]  # no .mpy, no temporary file
    assert mpycross.check_file(str(bad)) == line
    bad.write_text("Y = 3\n")
    assert mpycross.check_file(str(bad)) is None
