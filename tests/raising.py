"""The ValueError a call raises, for the both-runtime tests (no pytest.raises on
MicroPython)."""


def value_error(fn, *args):
    """The text of the ValueError fn(*args) raises, checked to be one line; fails the
    test if it raises none."""
    try:
        fn(*args)
    except ValueError as e:
        text = str(e)
        assert "\n" not in text, text
        return text
    assert False, "no ValueError for %r" % (args,)


def raises(fn, *words):
    """fn() raises a one-line ValueError whose text holds every one of words."""
    text = value_error(fn)
    for w in words:
        assert w in text, (w, text)
