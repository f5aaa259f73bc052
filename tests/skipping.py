"""A test that cannot run on this runtime says so instead of passing quietly:
`skip(reason)` is pytest's skip under pytest; on MicroPython it raises `Skipped`,
which tests/mpy_runner.py counts and names in its closing line."""

try:
    import pytest
except ImportError:
    pytest = None


class Skipped(Exception):
    pass


def skip(reason):
    if pytest is not None:
        pytest.skip(reason)
    raise Skipped(reason)
