"""docs/hardware.md's frozen build (#44): the lines to type give the rp2 port's own
FROZEN_MANIFEST (not CMAKE_ARGS on make's command line), each its BOARD and a build
folder of its own (BUILD), each board the manifest it needs; and run through a model of
the port Makefile's rules (rp2_makefile_model.mk, with GNU make) cmake is told the
board and the manifest, where the old form lost the board and an existing folder keeps
its old configuration."""

import os
import re
import shlex
import subprocess

from host_tools import ROOT

HARDWARE = os.path.join(ROOT, "docs", "hardware.md")
MODEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rp2_makefile_model.mk")
HEADING = "## Optional: the firmware frozen into MicroPython\n"
BOARDS = ("RPI_PICO", "RPI_PICO_W", "RPI_PICO2", "RPI_PICO2_W")  # MicroPython's names for the rp2 boards
W_BOARDS = ("RPI_PICO_W", "RPI_PICO2_W")
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.M | re.S)
PORT_MANIFEST = 'include("$(PORT_DIR)/boards/manifest.py")'
BOARD_MANIFEST = 'include("$(BOARD_DIR)/manifest.py")'


def frozen_section():
    with open(HARDWARE, encoding="utf-8") as f:
        text = f.read()
    assert HEADING in text, "docs/hardware.md has no section " + HEADING
    return text.split(HEADING, 1)[1].split("\n## ", 1)[0]


def blocks(text):
    """(language, text) of each fenced block, its indent taken off."""
    found = []
    for m in FENCE.finditer(text):
        cut = len(m.group(1))
        found.append((m.group(2), "\n".join(line[cut:] for line in m.group(3).splitlines())))
    return found


def make_lines(text):
    """(line, {VARIABLE: value}, targets) of each line that runs make on the rp2 port:
    in a fenced sh block, or in `inline code` (where the old form was)."""
    lines = [line for language, block in blocks(text) if language == "sh" for line in block.splitlines()]
    lines += [re.sub(r"\s+", " ", span) for span in re.findall(r"`(make -C ports/rp2\b[^`]*)`", text)]
    found = []
    for line in lines:
        words = shlex.split(line)
        if words[:3] == ["make", "-C", "ports/rp2"]:
            assigned = dict(w.split("=", 1) for w in words[3:] if "=" in w)
            found.append((line, assigned, [w for w in words[3:] if "=" not in w]))
    return found


def manifests(text):
    """{path as a build line gives it: text} of each Python block whose first line names
    its file (`# ~/table/NAME.py`)."""
    found = {}
    for language, block in blocks(text):
        first = block.split("\n", 1)[0]
        if language == "python" and first.startswith("# ~/"):
            found["$HOME/" + first[len("# ~/") :].strip()] = block
    return found


def build_lines(text):
    """(line, {VARIABLE: value}) of each line that builds (names no target)."""
    return [(line, assigned) for line, assigned, targets in make_lines(text) if not targets]


def problems(text):
    """What is wrong with the section's lines to type (empty: nothing). Every make line
    is checked for CMAKE_ARGS; those that build (no target: clean, submodules) for the rest."""
    bad = [
        "CMAKE_ARGS on make's command line (drops the board): " + line
        for line, assigned, _ in make_lines(text)
        if "CMAKE_ARGS" in assigned
    ]
    lines = build_lines(text)
    bad += ["no line for %s" % b for b in ("RPI_PICO", "RPI_PICO_W") if b not in [a.get("BOARD") for _, a in lines]]
    shown = manifests(text)
    builds = []
    for line, assigned in lines:
        board, build, manifest = assigned.get("BOARD"), assigned.get("BUILD"), assigned.get("FROZEN_MANIFEST")
        if board not in BOARDS:
            bad.append("no rp2 BOARD: " + line)
        if not build or build == "build-%s" % board or board not in build:
            bad.append("no BUILD folder of its own, named for its board: " + line)
        elif "ports/rp2/%s/firmware.uf2" % build not in text:
            bad.append("the flash step names no %s/firmware.uf2" % build)
        builds.append(build)
        if not manifest:
            bad.append("no FROZEN_MANIFEST: " + line)
            continue
        if not manifest.startswith(("/", "$HOME/")):
            bad.append("FROZEN_MANIFEST not an absolute path: " + line)
        block = shown.get(manifest)
        if block is None:
            bad.append("FROZEN_MANIFEST is none of the manifests shown: " + line)
        elif board in W_BOARDS and not (BOARD_MANIFEST in block and "wifi=True" in block):
            bad.append("a W board's manifest without the board's own and the live page: " + line)
        elif board not in W_BOARDS and not (PORT_MANIFEST in block and "$(BOARD_DIR)" not in block):
            bad.append("a board without the radio needs the port's manifest, not a board's: " + line)
    if len(set(builds)) < len(builds):
        bad.append("two lines share a build folder")
    return bad


def test_the_documented_lines_give_frozen_manifest_board_and_a_fresh_build_folder():
    assert problems(frozen_section()) == []


OLD_STEP = (  # docs/hardware.md's step 2 before #44
    "2. Build with it: "
    '`make -C ports/rp2 BOARD=RPI_PICO CMAKE_ARGS="-DMICROPY_FROZEN_MANIFEST=$HOME/table/manifest.py"`.\n'
    "   `FROZEN_MANIFEST` must go inside `CMAKE_ARGS` (as here): given on its own to\n"
)
SHOWN = (  # a manifest for each kind of board, as the section shows them
    "```python\n# ~/table/frozen_pico.py\n%s\n```\n"
    "```python\n# ~/table/frozen_pico_w.py\n%s\ninclude(FIRMWARE, wifi=True)\n```\n" % (PORT_MANIFEST, BOARD_MANIFEST)
)


def lines_to_type(*lines):
    return "```sh\n%s\n```\nFlash %s.\n" % (
        "\n".join(lines),
        ", ".join(
            "ports/rp2/%s/firmware.uf2" % w[6:] for line in lines for w in line.split() if w.startswith("BUILD=")
        ),
    )


def test_the_check_finds_the_old_form():
    old = 'make -C ports/rp2 BOARD=RPI_PICO CMAKE_ARGS="-DMICROPY_FROZEN_MANIFEST=$HOME/table/manifest.py"'
    assert problems(SHOWN + OLD_STEP) == [
        "CMAKE_ARGS on make's command line (drops the board): " + old,
        "no line for RPI_PICO_W",
        "no BUILD folder of its own, named for its board: " + old,
        "no FROZEN_MANIFEST: " + old,
    ]


def test_the_check_finds_a_manifest_or_a_folder_not_for_its_board():
    pico = 'make -C ports/rp2 BOARD=RPI_PICO BUILD=build-RPI_PICO-table FROZEN_MANIFEST="$HOME/table/frozen_pico.py"'
    pico_w = (
        "make -C ports/rp2 BOARD=RPI_PICO_W BUILD=build-RPI_PICO_W-table FROZEN_MANIFEST=$HOME/table/frozen_pico_w.py"
    )
    assert problems(SHOWN + lines_to_type(pico, pico_w)) == []
    swapped = pico.replace("frozen_pico.py", "frozen_pico_w.py"), pico_w.replace("frozen_pico_w.py", "frozen_pico.py")
    assert problems(SHOWN + lines_to_type(*swapped)) == [
        "a board without the radio needs the port's manifest, not a board's: " + swapped[0],
        "a W board's manifest without the board's own and the live page: " + swapped[1],
    ]
    stock_folder = pico_w.replace("-table", "")
    elsewhere = pico_w.replace("$HOME/table/frozen_pico_w.py", "table/frozen_pico_w.py")
    assert problems(SHOWN + lines_to_type(pico, stock_folder)) == [
        "no BUILD folder of its own, named for its board: " + stock_folder
    ]
    assert problems(SHOWN + lines_to_type(pico, elsewhere)) == [
        "FROZEN_MANIFEST not an absolute path: " + elsewhere,
        "FROZEN_MANIFEST is none of the manifests shown: " + elsewhere,
    ]
    assert problems(SHOWN + lines_to_type(pico, pico.replace("BOARD=RPI_PICO ", "BOARD=RPI_PICO_W "))) == [
        "no BUILD folder of its own, named for its board: " + pico.replace("BOARD=RPI_PICO ", "BOARD=RPI_PICO_W "),
        "a W board's manifest without the board's own and the live page: "
        + pico.replace("BOARD=RPI_PICO ", "BOARD=RPI_PICO_W "),
        "two lines share a build folder",
    ]


def model_make(folder, words, path=None):
    """GNU make on the model of the port's Makefile, in `folder` (the port's folder:
    boards/ holds a folder for each board), with `words` on its command line."""
    for board in BOARDS:
        os.makedirs(os.path.join(folder, "boards", board), exist_ok=True)
    env = dict(os.environ, PATH=path + os.pathsep + os.environ["PATH"]) if path else None
    return subprocess.run(
        ["make", "--no-print-directory", "-f", MODEL] + words, cwd=folder, capture_output=True, text=True, env=env
    )


def cmake_call(folder, words):
    """(build folder, {definition: value}) of the cmake call `make -n WORDS` shows."""
    out = model_make(folder, ["-n"] + words)
    assert out.returncode == 0, out.stderr
    (line,) = [line for line in out.stdout.splitlines() if "cmake" in line]
    cmake = shlex.split(line.split("|| ", 1)[1])
    return cmake[cmake.index("-B") + 1], dict(w[2:].split("=", 1) for w in cmake if w.startswith("-D"))


def test_the_port_makefile_tells_cmake_each_documented_lines_board_and_manifest(tmp_path):
    home = str(tmp_path / "home")
    lines = build_lines(frozen_section())
    assert lines
    for line, assigned in lines:
        words = ["%s=%s" % (k, v.replace("$HOME", home)) for k, v in assigned.items()]
        build, defined = cmake_call(str(tmp_path), words)
        board = assigned["BOARD"]
        assert build == assigned["BUILD"], line
        assert defined == {
            "PICO_BUILD_DOCS": "0",
            "MICROPY_BOARD": board,
            "MICROPY_BOARD_DIR": str(tmp_path / "boards" / board),
            "MICROPY_FROZEN_MANIFEST": assigned["FROZEN_MANIFEST"].replace("$HOME", home),
        }, line


def test_cmake_args_on_make_s_command_line_loses_the_board(tmp_path):
    # what docs/hardware.md said before #44: the folder is the W's, cmake is told no board
    build, defined = cmake_call(str(tmp_path), ["BOARD=RPI_PICO_W", "CMAKE_ARGS=-DMICROPY_FROZEN_MANIFEST=/m.py"])
    assert build == "build-RPI_PICO_W"
    assert defined == {"PICO_BUILD_DOCS": "0", "MICROPY_FROZEN_MANIFEST": "/m.py"}


STUB_CMAKE = """#!/bin/sh
# stands in for cmake: makes the build folder's Makefile, listing the definitions given
while [ $# -gt 0 ]; do
    case "$1" in
        -B) build="$2"; mkdir -p "$build"; : > "$build/Makefile"; shift ;;
        -D*) printf '%s\\n' "$1" >> "$build/Makefile" ;;
    esac
    shift
done
"""


def configured(folder, build):
    with open(os.path.join(folder, build, "Makefile"), encoding="utf-8") as f:
        return f.read().split()


def test_an_existing_build_folder_keeps_its_configuration(tmp_path):
    folder, stubs = str(tmp_path / "rp2"), tmp_path / "bin"
    stubs.mkdir()
    (stubs / "cmake").write_text(STUB_CMAKE)
    (stubs / "cmake").chmod(0o755)
    boards_dir = os.path.join(folder, "boards", "RPI_PICO_W")

    def run(*words):
        out = model_make(folder, list(words), path=str(stubs))
        assert out.returncode == 0, out.stderr

    stock = ["-DPICO_BUILD_DOCS=0", "-DMICROPY_BOARD=RPI_PICO_W", "-DMICROPY_BOARD_DIR=" + boards_dir]
    run("BOARD=RPI_PICO_W")  # a stock build in the board's default folder
    assert configured(folder, "build-RPI_PICO_W") == stock
    run("BOARD=RPI_PICO_W", "FROZEN_MANIFEST=/m.py")  # the folder is there: cmake is not run
    assert configured(folder, "build-RPI_PICO_W") == stock
    run("BOARD=RPI_PICO_W", "BUILD=build-RPI_PICO_W-table", "FROZEN_MANIFEST=/m.py")  # a folder of its own
    assert configured(folder, "build-RPI_PICO_W-table") == stock + ["-DMICROPY_FROZEN_MANIFEST=/m.py"]
    run("BOARD=RPI_PICO_W", "BUILD=build-RPI_PICO_W-table", "clean")
    assert sorted(os.listdir(folder)) == ["boards", "build-RPI_PICO_W"]
