"""`python -m host_tools mutate [MODULE ...]`: mutation testing of the pure-logic
modules with mutmut (`make mutate`; not part of `make test`: it takes minutes).

Each module is mutated alone, in a scratch copy under build/mutate/<module>: the
firmware's files in their folders (as the tests import them: table.rules.judge) and tests/test_*.py, with
only that module's own test files selected. The figures per module (killed,
survived, no tests, timeout, score = killed / (killed + survived)) go into
bench/results.json under "mutation" (the other keys stay), and a table is printed.
Survivors are listed with `mutmut results` in the scratch folder; the ones that are
equivalent (no test can tell them apart) are explained in bench/mutation_survivors.md.
"""

import json
import os
import shutil
import subprocess

from host_tools import ROOT, VENV_BIN, ArgumentParser, UserError
from host_tools.ship import manifest

TESTS = os.path.join(ROOT, "tests")
RESULTS = os.path.join(ROOT, "bench", "results.json")
GOAL = 0.9
# module -> the test files that exercise it
MODULES = {
    "judge": ["test_judge"],
    "tapring": ["test_tapring"],
    "store": ["test_store", "test_app"],
    "history": ["test_history"],
    "history_boot": ["test_history"],
    "history_write": ["test_history"],
    "igo_cards": ["test_igo_cards"],
    "igo_masks": ["test_igo_cards", "test_igo_arrange"],
    "igo_arrange": ["test_igo_arrange"],
    "igo_choice": ["test_igo_choice", "test_igo_scoring"],
    "igo_scoring": ["test_igo_scoring"],
    "igo_hands": ["test_igo_scoring"],
    "corsica_cards": ["test_corsica_cards"],
    "corsica": ["test_corsica_rules", "test_deck_saved"],
    "corsica_match": ["test_deck_saved"],
    "corsica_sim": ["test_corsica_sim"],
    "scoresheet": ["test_scoresheet"],
    "sheet_edit": ["test_scoresheet"],
    "sheet_file": ["test_scoresheet", "test_matches"],
    "jsonfmt": ["test_jsonfmt", "test_store", "test_history"],
    "rng": ["test_rng", "test_deck_saved"],
    "names": ["test_names", "test_canvas"],
    "roster": ["test_roster"],
    "matches": ["test_matches", "test_players"],
    "matches_boot": ["test_matches"],
    "matches_app": ["test_saved_matches", "test_players"],
    "ticks": ["test_ticks", "test_judge"],
    "events": ["test_history"],
}
CONFTEST = """import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
"""


def source_file(module):
    """The firmware file of a module named in MODULES: "judge" -> "table/rules/judge.py"."""
    found = [n for n in manifest.firmware_sources() if n.rpartition("/")[2] == module]
    if len(found) != 1:
        raise UserError("no firmware module %r" % module)
    return found[0] + ".py"


def workdir(module):
    """A scratch copy where `module` is mutated with its tests selected."""
    work = os.path.join(ROOT, "build", "mutate", module)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "tests"))
    mutated = source_file(module)
    for name, path in sorted(manifest.firmware_sources().items()):  # the package's folders too
        os.makedirs(os.path.dirname(os.path.join(work, name)), exist_ok=True)
        shutil.copy(path, os.path.join(work, name + ".py"))
    # mutmut copies these beside the mutant: the files at the top, the package's folder
    # whole (its copy of the mutated file is mutated after it)
    others = sorted({name.split("/")[0] + ("" if "/" in name else ".py") for name in manifest.firmware_sources()})
    for name in sorted(os.listdir(TESTS)):
        if name.endswith(".py") and name != "conftest.py":
            shutil.copy(os.path.join(TESTS, name), os.path.join(work, "tests"))
    with open(os.path.join(work, "tests", "conftest.py"), "w") as f:
        f.write(CONFTEST)
    tests = "".join("    tests/%s.py\n" % t for t in MODULES[module])
    with open(os.path.join(work, "setup.cfg"), "w") as f:
        f.write(
            "[mutmut]\nsource_paths = %s\npytest_add_cli_args_test_selection =\n%s"
            "also_copy =\n%s    tests\n" % (mutated, tests, "".join("    %s\n" % n for n in others))
        )
    with open(os.path.join(work, "pytest.ini"), "w") as f:
        f.write("[pytest]\naddopts = -q -p no:cacheprovider\n")
    return work


def mutate(module):
    """mutmut on one module; returns its figures."""
    mutmut = os.path.join(VENV_BIN, "mutmut")
    if not os.path.exists(mutmut):
        raise UserError("mutmut is not installed: make mutate installs it")
    work = workdir(module)
    subprocess.run(
        [mutmut, "run", "--max-children", str(os.cpu_count() or 2)],
        cwd=work,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=3600,
    )
    out = subprocess.run([mutmut, "results", "--all", "true"], cwd=work, capture_output=True, text=True).stdout
    counts = {}
    for line in out.splitlines():
        status = line.rpartition(": ")[2].strip()
        if status:
            counts[status] = counts.get(status, 0) + 1
    killed, survived = counts.get("killed", 0), counts.get("survived", 0)
    return {
        "killed": killed,
        "survived": survived,
        "no_tests": counts.get("no tests", 0),
        "timeout": counts.get("timeout", 0),
        "score": round(killed / (killed + survived), 3) if killed + survived else None,
    }


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools mutate",
        example="python -m host_tools mutate judge ticks",
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument("modules", nargs="*", help="firmware modules (default: all of %s)" % ", ".join(sorted(MODULES)))
    args = parser.parse_args(argv)
    for m in args.modules:
        if m not in MODULES:
            raise UserError("no mutation plan for %r (known: %s)" % (m, ", ".join(sorted(MODULES))))
    figures = {}
    for m in args.modules or sorted(MODULES):
        figures[m] = mutate(m)
        f = figures[m]
        print(
            "%-14s killed %4d  survived %3d  no tests %3d  timeout %2d  score %s"
            % (m, f["killed"], f["survived"], f["no_tests"], f["timeout"], f["score"]),
            flush=True,
        )
    with open(RESULTS) as f:
        results = json.load(f)
    mutation = results.get("mutation", {"modules": {}})
    mutation["tool"] = "mutmut (pinned in requirements-mutate.txt)"
    mutation["goal"] = ">= %d%% killed per module" % (GOAL * 100)
    mutation["modules"].update(figures)
    results["mutation"] = mutation
    with open(RESULTS, "w") as f:
        f.write(json.dumps(results, sort_keys=True, indent=2) + "\n")
    low = [m for m, f in figures.items() if f["score"] is not None and f["score"] < GOAL]
    print("mutation: %d modules, below the goal: %s" % (len(figures), ", ".join(low) or "none"))
    return 0
