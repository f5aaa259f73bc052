// The simulator on a 32-bit MicroPython (the WebAssembly port, pinned in
// package.json): the Pico's word size and GC block size, so its heap figures are the
// Pico's, where the unix port's 64-bit objects are up to twice as big.
//
//   node host_tools/mp32/run.mjs --flash DIR [simrun options] --app bench/session_app.py
//
// Copies the simulator, the firmware (--firmware, .mpy), boards/, the app's
// directory and the script into the in-memory filesystem, runs simrun.setup, then
// calls the app's start(board) and the function it returns once per loop pass until
// it returns false. The port collects garbage only between calls from JavaScript,
// which is why the app is driven pass by pass. The flash directory is copied back.
//
//   node host_tools/mp32/run.mjs --import-size mod1,mod2 --firmware DIR
//
// prints the live heap those firmware modules take once imported (after simcore
// and boards/sim.py as `board`), as bench.py's module_code_bytes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : null;
};

function fail(msg) {
  process.stderr.write("mp32: " + msg + "\n");
  process.exit(1);
}

for (let i = 0; i < argv.length; i += 2) {
  if (argv[i] === "--flash" || argv[i] === "--app" || argv[i] === "--firmware" ||
      argv[i] === "--script") argv[i + 1] = path.resolve(argv[i + 1]);
}
const importSize = opt("--import-size");
const flash = opt("--flash");
const app = opt("--app");
if (importSize === null && (!flash || !app || !app.endsWith(".py"))) {
  fail("need --flash DIR and --app FILE.py, or --import-size MODULES");
}

const mp = await loadMicroPython({
  heapsize: 256 * 1024,
  linebuffer: false,
  stdout: (b) => process.stdout.write(b),
  stderr: (b) => process.stderr.write(b),
});

function copyIn(p) {
  if (fs.statSync(p).isDirectory()) {
    mp.FS.mkdirTree(p);
    for (const name of fs.readdirSync(p)) copyIn(path.join(p, name));
  } else {
    mp.FS.mkdirTree(path.dirname(p));
    mp.FS.writeFile(p, fs.readFileSync(p));
  }
}

function copyOut(p) {
  const st = mp.FS.stat(p);
  if (mp.FS.isDir(st.mode)) {
    fs.mkdirSync(p, { recursive: true });
    for (const name of mp.FS.readdir(p)) {
      if (name !== "." && name !== "..") copyOut(path.join(p, name));
    }
  } else {
    fs.writeFileSync(p, mp.FS.readFile(p));
  }
}

const simdevice = path.join(root, "host_tools", "simdevice");
const firmware = opt("--firmware") || path.join(root, "firmware");
const boards = path.join(root, "boards");

if (importSize !== null) {
  // Separate calls: the port only collects when a call from JavaScript returns; the
  // two readings are taken in calls of the same size (the call's code is live).
  for (const p of [simdevice, firmware, boards]) copyIn(p);
  const names = importSize.split(",").filter((m) => m);
  mp.runPython(`
import gc, sys
sys.path[:0] = ${JSON.stringify([simdevice, firmware, boards])}
import simcore, sim
sys.modules["board"] = sim
_a = 0
def _mark():
    global _a
    _a = gc.mem_alloc()
def _size():
    print(gc.mem_alloc() - _a)
def _load(names):
    for m in names:
        __import__(m)
    gc.collect()
gc.collect()
`);
  try {
    mp.runPython("_mark()");
    mp.runPython(`_load(${JSON.stringify(names)})`);
    mp.runPython("_size()");
  } catch (e) {
    fail(String(e.message || e).trim().split("\n").pop());
  }
  process.exit(0);
}

const sources = [simdevice, boards, firmware, path.dirname(app), opt("--script")];
for (const p of sources) if (p) copyIn(p);
if (fs.existsSync(flash)) copyIn(flash);
else mp.FS.mkdirTree(flash);

let done = false;
try {
  mp.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(simdevice)})
import simrun
_world, _app, _board = simrun.setup(${JSON.stringify(argv)})
_one_pass = __import__(_app).start(_board)
`);
  const onePass = mp.globals.get("_one_pass");
  while (onePass()) {}
  done = true;
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
} finally {
  copyOut(flash);
}
process.exit(done ? 0 : 1);
