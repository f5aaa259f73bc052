"""`name_presses`' `list`: what the name editor's list of first names costs a press
(issue #45), over the texts the sample's names pass through on their planned presses
(each a text whose options the editor reads: the empty place, then each letter kept).

    flash: the file's bytes;
    read: per press, the bytes read from the file and the reads (each a seek and a
          readinto), on CPython with the firmware's own code;
    micropython: per press, the heap allocated (gc.mem_alloc's rise with the collector
          off: the garbage a press leaves, its options list included) and the time, on
          the MicroPython unix port (64-bit) with the firmware compiled as deployed; the
          first press of an editor apart (it reads the header and the codes, which the
          module keeps while the editor is open), and the module's import.

The chip's figures are estimates from these (bench/README.md).
"""

import json
import os
import subprocess
import sys

from host_tools import ROOT

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

# Run on the unix port: argv[1] the compiled firmware's folder, argv[2] a JSON file of
# the texts; prints one JSON line.
PROBE = """
import gc, json, sys, time
sys.path.insert(0, sys.argv[1])
with open(sys.argv[2]) as f:
    texts = json.load(f)
from table.rules import names
from table.storage import roster
gc.collect()
before = gc.mem_alloc()
from table.screens import firstnames
gc.collect()
module = gc.mem_alloc() - before
before = gc.mem_alloc()
gc.disable()
t = time.ticks_us()
firstnames.options("")
first_us = time.ticks_diff(time.ticks_us(), t)
first = gc.mem_alloc() - before
gc.enable()
gc.collect()
kept = gc.mem_alloc() - before
alloc, us = [], []
for text in texts:
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    t = time.ticks_us()
    firstnames.options(text)
    us.append(time.ticks_diff(time.ticks_us(), t))
    alloc.append(gc.mem_alloc() - a)
    gc.enable()
print(json.dumps({"module": module, "first": first, "first_us": first_us, "kept": kept, "alloc": alloc, "us": us}))
"""


def texts():
    """[text]: for each sample name, the texts its planned presses read options for."""
    import shutil
    import tempfile

    from host_tools.bench import presses
    from table.screens import ui_names

    out = []
    root = tempfile.mkdtemp(prefix="names-cost-")
    try:
        d = presses.Driver(root)
        for _, name in presses.sample_names():
            editor = ui_names.NameEditor(d.app, "", lambda n: None)
            keys = presses.editor_keys(editor, name, limit=60)
            editor = ui_names.NameEditor(d.app, "", lambda n: None)
            editor.app = presses.Planning(d.app)
            editor.done = lambda n: None
            seen = [""]
            for key in keys:
                k, kind = (key.split(":") + ["press"])[:2]
                editor.on_nav(k, kind)
                typed = "".join(editor.chars)
                if typed != seen[-1] and len(typed) < len(name) + 1:
                    seen.append(typed)
            out += seen
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return out


class Counting:
    """A file that counts what is read from it."""

    def __init__(self, f, counts):
        self.f, self.counts = f, counts

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()

    def seek(self, at):
        return self.f.seek(at)

    def readline(self):
        line = self.f.readline()
        self.counts[0] += len(line)
        self.counts[1] += 1
        return line

    def readinto(self, buf):
        n = self.f.readinto(buf)
        self.counts[0] += n
        self.counts[1] += 1
        return n

    def close(self):
        self.f.close()


def reads(texts_):
    """[(bytes, reads)] per text, on CPython."""
    from table.screens import firstnames

    counts = [0, 0]
    out = []
    firstnames.open = lambda p, mode="r": Counting(open(p, mode), counts)
    try:
        firstnames.options("")  # the header and the codes, once
        for text in texts_:
            counts[:] = [0, 0]
            firstnames.options(text)
            out.append(tuple(counts))
    finally:
        del firstnames.open
    return out


def stats(values):
    v = sorted(values)
    n = len(v)
    return {"median": (v[(n - 1) // 2] + v[n // 2]) / 2, "max": v[-1], "mean": round(sum(v) / n, 1)}


def figures(workdir):
    """The list's cost per press (see the module's text)."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import run_micropython

    from table.screens import firstnames

    run_micropython.MPY_DIR = os.path.join(workdir, "names-cost-mpy")  # not the tests' build/test-mpy
    run_micropython.compile_firmware()  # the .mpy files and the list beside them, as deployed
    todo = texts()
    read = reads(todo)
    path = os.path.join(workdir, "names-cost-texts.json")
    with open(path, "w") as f:
        json.dump(todo, f)
    probe = os.path.join(workdir, "names_cost_probe.py")
    with open(probe, "w") as f:
        f.write(PROBE)
    out = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=4m", probe, run_micropython.MPY_DIR, path],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if out.returncode:
        return {"problem": (out.stderr.strip().splitlines() or ["?"])[-1]}
    mp = json.loads(out.stdout.strip().splitlines()[-1])
    mpy_size = os.path.getsize(os.path.join(run_micropython.MPY_DIR, "table", "screens", "firstnames.mpy"))
    return {
        "flash_bytes": os.path.getsize(firstnames.path()),
        "presses": len(todo),
        "read_bytes": stats([b for b, _ in read]),
        "reads": stats([r for _, r in read]),
        "unix64_alloc_bytes": stats(mp["alloc"]),
        "unix64_us": stats(mp["us"]),
        "unix64_first_press_alloc_bytes": mp["first"],
        "unix64_first_press_us": mp["first_us"],
        "mpy_bytes": mpy_size,
        "unix64_codes_kept_bytes": mp["kept"],
        "unix64_module_bytes": mp["module"],
    }


if __name__ == "__main__":
    import tempfile

    print(json.dumps(figures(tempfile.mkdtemp(prefix="names-cost-")), indent=2, sort_keys=True))
