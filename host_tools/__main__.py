"""`python -m host_tools <command> [args]` (or `table-referee <command>`): one module per command."""

import importlib
import sys

from host_tools import UserError, product_version

COMMANDS = {
    "score": ("host_tools.rules.score", "score an I Go / Corsari round file (docs/formats.md)"),
    "corsica": ("host_tools.rules.corsica", "Battle of Corsica: judge a tap trace, simulate games"),
    "sim": ("host_tools.sim.sim", "run the firmware on the MicroPython unix port (sim board)"),
    "vdevice": ("host_tools.sim.vdevice", "a virtual Pico on a pseudo-terminal for mpremote"),
    "deploy": ("host_tools.device.deploy", "compile and copy the firmware to a Pico"),
    "doctor": ("host_tools.device.doctor", "is the Pico ready: found, MicroPython, flash, heap, firmware"),
    "pull": ("host_tools.history.pull", "fetch the device history into SQLite"),
    "report": ("host_tools.history.report", "HTML report with charts (and CSV files) from the SQLite history"),
    "clock": ("host_tools.device.clock", "set the Pico's clock to this PC's time (history lines get dates)"),
    "names": ("host_tools.device.names_cli", "list, add and remove the device's player names (its roster)"),
    "screenshots": ("host_tools.sim.screenshots", "replay the scripted sessions, compose docs/screens.png"),
    "firstnames": ("host_tools.ship.firstnames", "build the device's list of first names from Faker (firstnames.txt)"),
    "wiring": ("host_tools.ship.wiring", "draw a wiring diagram per board (docs/wiring/*.png)"),
    "check": ("host_tools.checks.check", "compile firmware with mpy-cross and type-check it"),
    "bench": ("host_tools.bench.bench", "run the benchmarks, write bench/results.json"),
    "soak": ("host_tools.bench.soak", "a long seeded session of mixed play for the simulator (heap)"),
    "mutate": ("host_tools.checks.mutate", "mutation testing of the pure-logic modules (mutmut)"),
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
