"""Temporary directories and files for the both-runtime tests (MicroPython has
no tempfile, shutil or os.path)."""

import os
import time


def make_tmp_dir(tag):
    """Create and return a fresh directory under /tmp (no tempfile on MicroPython)."""
    base = "/tmp/%s_%d" % (tag, int(time.time() * 1000) % 1000000000)
    i = 0
    while True:
        path = "%s_%d" % (base, i)
        try:
            os.mkdir(path)
            return path
        except OSError:
            i += 1


def remove_tree(path):
    for name in os.listdir(path):
        p = path + "/" + name
        if os.stat(p)[0] & 0x4000:
            remove_tree(p)
        else:
            os.remove(p)
    os.rmdir(path)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


class TmpDir:
    """`with TmpDir(tag) as d:` a fresh directory (make_tmp_dir), removed with all it
    holds when the block ends, whether its asserts held or not."""

    def __init__(self, tag):
        self.tag = tag
        self.path = None

    def __enter__(self):
        self.path = make_tmp_dir(self.tag)
        return self.path

    def __exit__(self, *exc):
        remove_tree(self.path)
        return False
