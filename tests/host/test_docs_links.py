"""The documents stand on their own: every relative link in the README and docs/
(the user guide, the hardware guide, the host tools reference, ...) resolves (file and
#anchor), and nothing points outside the repository; the host tools reference has a
section with an example for every command."""

import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = ["README.md", "CONTRIBUTING.md", "bench/README.md"] + sorted(
    "docs/" + n for n in os.listdir(os.path.join(ROOT, "docs")) if n.endswith(".md")
)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading):
    """GitHub's anchor for a heading."""
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return {slug(m.group(1)) for m in re.finditer(r"^#+\s+(.*)$", text, re.M)}


def broken_links(doc):
    """(link, why) for each relative link of `doc` that does not resolve."""
    path = os.path.join(ROOT, doc)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    bad = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        file, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
        if not dest.startswith(ROOT + os.sep):
            bad.append((target, "outside the repository"))
        elif not os.path.exists(dest):
            bad.append((target, "no such file"))
        elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
            bad.append((target, "no such heading"))
    return bad


def test_every_relative_link_resolves():
    for doc in DOCS:
        assert broken_links(doc) == [], doc


def test_the_checker_finds_broken_links(tmp_path, monkeypatch):
    monkeypatch.setattr(__import__(__name__), "ROOT", str(tmp_path))
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# Title here\n")
    (tmp_path / "README.md").write_text(
        "[ok](docs/a.md#title-here) [gone](docs/b.md) [heading](docs/a.md#nope) "
        "[out](../shared/RULES.md) [web](https://example.org)\n"
    )
    assert broken_links("README.md") == [
        ("docs/b.md", "no such file"),
        ("docs/a.md#nope", "no such heading"),
        ("../shared/RULES.md", "outside the repository"),
    ]


def test_nothing_refers_outside_the_repository():
    out = subprocess.run(
        ["git", "grep", "-n", "-e", "../shared", "--", "."], cwd=ROOT, capture_output=True, text=True
    ).stdout
    hits = [line for line in out.splitlines() if not line.startswith("tests/host/test_docs_links.py")]
    assert hits == []


def named(pattern):
    """(doc, name) for every match of pattern's group in the documents."""
    found = []
    for doc in DOCS:
        with open(os.path.join(ROOT, doc), encoding="utf-8") as f:
            found += [(doc, name) for name in re.findall(pattern, f.read())]
    return found


def test_every_make_target_and_command_the_documents_name_exists():
    from host_tools.__main__ import COMMANDS

    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        targets = set(re.findall(r"^([a-z][a-z0-9-]*):", f.read(), re.M))
    assert [(doc, t) for doc, t in named(r"`make ([a-z][a-z0-9-]*)") if t not in targets] == []
    commands = named(r"host_tools ([a-z][a-z0-9_-]*)")
    assert len(commands) > 20 and [(doc, c) for doc, c in commands if c not in COMMANDS] == []


def command_sections(text):
    """{name: text} of each `## name` section of the host tools reference."""
    parts = re.split(r"(?m)^## ", text)[1:]
    return {p.split("\n", 1)[0].strip(): p for p in parts}


def undocumented(text, commands):
    """The commands the reference has no section for, or no example in its section,
    and the sections that name no command."""
    sections = command_sections(text)
    bad = ["no section: %s" % c for c in sorted(commands) if c not in sections]
    for name, body in sorted(sections.items()):
        if re.fullmatch(r"[a-z]+", name) is None:
            continue  # "Make targets" and other prose sections
        if name not in commands:
            bad.append("no such command: %s" % name)
        elif not re.search(r"```sh\n(?:.*\n)*?python -m host_tools %s\b.*\n(?:.*\n)*?```" % name, body):
            bad.append("no example: %s" % name)
    return bad


def test_the_host_tools_reference_has_every_command_with_an_example():
    from host_tools.__main__ import COMMANDS

    with open(os.path.join(ROOT, "docs", "host-tools.md"), encoding="utf-8") as f:
        assert undocumented(f.read(), COMMANDS) == []


def test_the_reference_check_finds_what_is_missing():
    text = (
        "# Host tools\n\n## score\n\n```sh\npython -m host_tools score r.json\n```\n\n"
        "## sim\n\nno example\n\n## gone\n\n## Make targets\n"
    )
    assert undocumented(text, {"score": 0, "sim": 0, "pull": 0}) == [
        "no section: pull",
        "no such command: gone",
        "no example: sim",
    ]
