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
// prints the live heap those firmware modules take once imported (after simcore,
// the fake hardware modules and boards/sim.py as `board`), as bench.py's
// module_code_bytes.
//
//   node host_tools/mp32/run.mjs --test [NAME ...]
//
// runs the both-runtime tests (tests/test_*.py, firmware from source) through
// tests/mpy_runner.py, a fresh interpreter per file as tests/run_micropython.py does
// on the unix port; prints a line per file and `mp32: N passed, M failed, K skipped`
// (each skip named), exits 1
// if anything failed.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// MP32_MODULE: another build of the port (`make mp-versions`: older releases, each
// installed in build/mp32-VERSION), else the one pinned in package.json.
const { loadMicroPython } = await import(
  process.env.MP32_MODULE || "@micropython/micropython-webassembly-pyscript"
);

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : null;
};

// Output goes out as it is written, however slowly it is read: a run never returns to
// node's event loop, so a stream write that found the pipe full would wait in memory
// until the end (a long run's progress lines unheard by its watchdog, bench/watch.py)
// and process.exit would drop it. A full non-blocking pipe is tried again a ms later.
const pause = new Int32Array(new SharedArrayBuffer(4));
function writeAll(fd, data) {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  let done = 0;
  while (done < bytes.length) {
    try {
      done += fs.writeSync(fd, bytes, done, bytes.length - done);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
const stdout = (b) => writeAll(1, b);
const stderr = (b) => writeAll(2, b);

function fail(msg) {
  stderr("mp32: " + msg + "\n");
  process.exit(1);
}

// The runner's own options, not simrun's: --app-arg TEXT (repeatable) becomes the
// app's sys.argv[1:]; --heapsize BYTES the interpreter's first heap area (256 KB).
const appArgs = [];
let heapSize = 256 * 1024;
for (let i = 0; i < argv.length;) {
  if (argv[i] === "--app-arg" || argv[i] === "--heapsize") {
    if (argv[i] === "--app-arg") appArgs.push(argv[i + 1]);
    else heapSize = Number(argv[i + 1]);
    argv.splice(i, 2);
  } else i += 1;
}
for (let i = 0; i < argv.length; i += 2) {
  if (argv[i] === "--flash" || argv[i] === "--app" || argv[i] === "--firmware" ||
      argv[i] === "--script") argv[i + 1] = path.resolve(argv[i + 1]);
}
const importSize = opt("--import-size");
const testing = argv[0] === "--test";
const flash = opt("--flash");
const app = opt("--app");
if (importSize === null && !testing && (!flash || !app || !app.endsWith(".py"))) {
  fail("need --flash DIR and --app FILE.py, --import-size MODULES or --test [NAME ...]");
}

function interpreter(write) {
  return loadMicroPython({
    heapsize: heapSize,
    linebuffer: false,
    stdout: write || stdout,
    stderr: write || stderr,
  });
}

function copyInto(mp, p) {
  if (fs.statSync(p).isDirectory()) {
    mp.FS.mkdirTree(p);
    for (const name of fs.readdirSync(p)) copyInto(mp, path.join(p, name));
  } else {
    mp.FS.mkdirTree(path.dirname(p));
    mp.FS.writeFile(p, fs.readFileSync(p));
  }
}

const simdevice = path.join(root, "host_tools", "sim", "simdevice");
const boards = path.join(root, "boards");

if (testing) {
  const tests = path.join(root, "tests");
  let names = argv.slice(1);
  if (!names.length) {
    names = fs.readdirSync(tests).filter((n) => /^test_.*[.]py$/.test(n))
      .map((n) => n.slice(0, -3)).sort();
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of names) {
    let out = "";
    const decoder = new TextDecoder();
    const one = await interpreter((b) => { out += decoder.decode(b); });
    for (const p of [path.join(root, "firmware"), tests, simdevice, boards]) copyInto(one, p);
    one.FS.mkdirTree("/tmp");
    const runner = path.join(tests, "mpy_runner.py");
    try {
      one.runPython(`
import os, sys
os.chdir("/tmp")
sys.argv[:] = [${JSON.stringify(runner)}, ${JSON.stringify(name)}]
try:
    exec(open(sys.argv[0]).read(), {"__name__": "__main__", "__file__": sys.argv[0]})
except SystemExit:
    pass
`);
    } catch (e) {
      out += String(e.message || e) + "\n";
    }
    const m = out.match(/^micropython: (\d+) passed, (\d+) failed, (\d+) skipped$/m);
    const p = m ? Number(m[1]) : 0;
    const f = m ? Number(m[2]) : 1;
    const s = m ? Number(m[3]) : 0;
    passed += p;
    failed += f;
    skipped += s;
    stdout(name.padEnd(28) + " " + p + " passed, " + f + " failed, " + s +
                         " skipped\n");
    if (f) stdout(out);
    else for (const line of out.split("\n")) if (line.startsWith("SKIP ")) {
      stdout(line + "\n");
    }
  }
  stdout("mp32: " + passed + " passed, " + failed + " failed, " + skipped +
                       " skipped\n");
  process.exit(failed ? 1 : 0);
}

const mp = await interpreter();
const copyIn = (p) => copyInto(mp, p);

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

const firmware = opt("--firmware") || path.join(root, "firmware");

if (importSize !== null) {
  // Separate calls: the port only collects when a call from JavaScript returns; the
  // two readings are taken in calls of the same size (the call's code is live).
  for (const p of [simdevice, firmware, boards]) copyIn(p);
  const names = importSize.split(",").filter((m) => m);
  mp.runPython(`
import gc, sys
sys.path[:0] = ${JSON.stringify([simdevice, firmware, boards])}
import simcore, sim
import machine, os, time  # built in on a Pico: not the firmware's (session_app.py)
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
sys.argv[:] = ${JSON.stringify(["run.mjs"].concat(appArgs))}
sys.path.insert(0, ${JSON.stringify(simdevice)})
import simrun
_world, _app, _board = simrun.setup(${JSON.stringify(argv)})
_one_pass = __import__(_app).start(_board)
`);
  const onePass = mp.globals.get("_one_pass");
  while (onePass()) {}
  done = true;
} catch (e) {
  stderr(String(e.message || e) + "\n");
} finally {
  copyOut(flash);
}
process.exit(done ? 0 : 1);
