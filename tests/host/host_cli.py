"""`python -m host_tools COMMAND ...` run as a user runs it, for the host tests, and
what it wrote (`rows` of a history database)."""

import sqlite3
import subprocess
import sys

from host_tools import ROOT


def run(*args, stdin=None, timeout=120):
    """The finished command, run from the project root: returncode, and standard
    output and error as text."""
    return subprocess.run(
        [sys.executable, "-m", "host_tools"] + [str(a) for a in args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def rows(db, sql):
    """The rows a query finds in the SQLite database db."""
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()
