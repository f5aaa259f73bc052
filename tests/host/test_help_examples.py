"""Every `python -m host_tools` command's --help ends with an example of its use (an
"example:" epilog; a subcommand's help too, `corsica judge --help`), run in-process as
`__main__` runs it."""

import contextlib
import io
import re

from host_tools.__main__ import COMMANDS, main


def help_text(argv):
    """What `python -m host_tools ARGV --help` prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            status = main(argv + ["--help"])
        except SystemExit as e:  # argparse's --help
            status = e.code
    assert status in (0, None), (argv, status)
    return out.getvalue()


def example_lines(text):
    """The command lines under the help's "example:" (or "examples:") heading."""
    m = re.search(r"(?im)^examples?:\n((?:[ \t]+\S.*\n?)+)", text)
    return [line.strip() for line in m.group(1).splitlines()] if m else []


def missing_example(argv, text):
    """'' when the help shows an example of `python -m host_tools ARGV`, else why not."""
    lines = example_lines(text)
    if not lines:
        return "%s: no example in --help" % " ".join(argv)
    want = "python -m host_tools " + " ".join(argv)
    if not any(line == want or line.startswith(want + " ") for line in lines):
        return "%s: no example runs %s" % (" ".join(argv), want)
    return ""


def subcommands(text):
    """The subcommands the usage line lists ({judge,simulate}), if the help has them as
    positional arguments of their own (a subparser's line per choice)."""
    m = re.search(r"^usage: .*?\{([a-z,]+)\}", text, re.S | re.M)
    if not m:
        return []
    names = m.group(1).split(",")
    return [n for n in names if re.search(r"(?m)^ {4}%s +\S" % n, text)]


def test_every_command_help_has_an_example():
    bad = []
    for name in sorted(COMMANDS):
        text = help_text([name])
        bad.append(missing_example([name], text))
        for sub in subcommands(text):
            bad.append(missing_example([name, sub], help_text([name, sub])))
    assert [b for b in bad if b] == []


def test_the_check_finds_a_help_without_an_example():
    plain = "usage: python -m host_tools score [-h] round\n\noptions:\n  -h, --help  show this help\n"
    assert missing_example(["score"], plain) == "score: no example in --help"
    other = plain + "\nexample:\n  python -m host_tools sim --flash x\n"
    assert missing_example(["score"], other) == "score: no example runs python -m host_tools score"
    good = plain + "\nexamples:\n  python -m host_tools score r.json\n  python -m host_tools score - < r.json\n"
    assert missing_example(["score"], good) == ""
    assert subcommands(help_text(["corsica"])) == ["judge", "simulate"]
