"""`python -m host_tools names [--port PORT | --flash DIR] list|add NAME|remove NAME`:
the device's player names (its roster, `data/players.json`) from the PC.

`list` prints the names the device offers, most recently seated first; `add` puts
names at the front of its lists (the oldest fall off past 16): they take no seat, the
next setup still seats the last group played (players.json's `last`; on a fresh device
the seats are P1..Pn) and offers them first in each seat's picker; `remove` takes names
off (and out of that group). The roster's own rules (firmware/table/storage/roster.py) apply: a name is
kept as written ("Zoë", "Łukasz"), cut to what the screen draws in 8 characters, and
a name is there once. Over USB (the Pico plugged in, or --port) the file is written
atomically through mpremote; --flash DIR writes the simulator's (or a virtual
device's) flash folder directly. The device reads its roster when it starts: restart
it (unplug it, or press reset) after a change. Names in the user's config.json are
added after the roster's at every start (docs/formats.md "Roster").

Examples:
    python -m host_tools names list
    python -m host_tools names add "Zoë" "Łukasz"
    python -m host_tools names remove Bob --port /dev/ttyACM0
    python -m host_tools names --flash sim_flash add Øyvind
"""

import argparse
import binascii
import json
import os

from host_tools import ArgumentParser, UserError, port_option
from host_tools.device.mpremote_port import Device, find_port
from table.storage import (
    config,  # firmware/table/storage/config.py
    paths,  # firmware/table/storage/paths.py
    roster,  # firmware/table/storage/roster.py: the roster's rules, on the host too
)
from table.storage.jsonfmt import dumps

READ = """\
import binascii
try:
    with open(%r, 'rb') as f:
        print(binascii.b2a_base64(f.read()).decode())
except OSError:
    print('-')
"""
WRITE = """\
import os
from binascii import a2b_base64
try:
    os.mkdir(%(folder)r)
except OSError:
    pass
with open(%(tmp)r, 'wb') as f:
    f.write(a2b_base64(%(data)r))
try:
    os.rename(%(tmp)r, %(path)r)
except OSError:
    os.remove(%(path)r)
    os.rename(%(tmp)r, %(path)r)
"""


class FlashFolder:
    """A flash folder on this PC (the simulator's, a virtual device's)."""

    def __init__(self, root, make=False):
        """make: a folder that is not there yet is made (`add` before the simulator's
        first run: it deploys the firmware into the folder when it starts)."""
        if not os.path.isdir(root):
            if not make:
                raise UserError("no flash folder %s (make sim makes sim_flash at its first run)" % root)
            try:
                os.makedirs(root)
            except OSError as exc:
                raise UserError("cannot make the flash folder %s: %s" % (root, exc.strerror))
            print("made the flash folder %s: the simulator starts from it (--flash %s)" % (root, root))
        self.root = root

    def read(self, name):
        try:
            with open(os.path.join(self.root, name), "rb") as f:
                return f.read()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise UserError("cannot read %s: %s" % (name, exc.strerror))

    def write(self, name, data):
        path = os.path.join(self.root, name)
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path + ".tmp", "wb") as f:
                f.write(data)
            os.replace(path + ".tmp", path)
        except OSError as exc:
            raise UserError("cannot write %s: %s" % (path, exc.strerror))

    def close(self):
        pass


class UsbDevice:
    """The device over USB serial (mpremote_port.Device)."""

    def __init__(self, port):
        self.device = Device(port)

    def read(self, name):
        out = self.device.exec(READ % ("/" + name)).strip()
        if out == "-":
            return None
        try:
            return binascii.a2b_base64(out)
        except binascii.Error:
            raise UserError("the device on %s gave an unreadable answer: %r" % (self.device.port, out[-80:]))

    def write(self, name, data):
        path = "/" + name
        self.device.exec(
            WRITE
            % {
                "folder": path[: path.rfind("/")],
                "tmp": path + ".tmp",
                "path": path,
                "data": binascii.b2a_base64(data, newline=False),
            }
        )

    def close(self):
        self.device.close()


def parse(data, what):
    """The JSON object in a file's bytes, or None with a warning when unusable."""
    try:
        obj = json.loads(data.decode("utf-8"))
        if type(obj) is not dict:
            raise ValueError("not a JSON object")
        return obj
    except ValueError as exc:  # UnicodeDecodeError is one
        print("names: %s is unusable (%s): the device sets it aside" % (what, " ".join(str(exc).split())))
        return None


def current(flash):
    """(the roster file's names, its last group or None, who that group's setup chose
    to start or None, the names config.json preloads)."""
    names, last, starts = [], None, None
    data = flash.read(paths.ROSTER)
    if data is not None:
        obj = parse(data, paths.ROSTER)
        if obj is not None:
            try:
                names, last = roster.check(obj)
                starts = roster.starter(obj, last)
            except ValueError as exc:
                print("names: %s is unusable (%s): the device sets it aside" % (paths.ROSTER, exc))
    preload = []
    data = flash.read(paths.CONFIG)
    if data is not None and len(data) <= config.MAX_SIZE:
        obj = parse(data, paths.CONFIG)
        given = obj.get("names") if obj else None
        if type(given) is list:
            preload = roster.merge([], given)
    return names, last, starts, preload


def cleaned(name):
    try:
        return roster.clean(name)
    except ValueError as exc:
        raise UserError(str(exc))


def add(names, new):
    """(the roster with `new` at the front, the lines to print)."""
    said = []
    kept = [cleaned(n) for n in new]
    for given, name in zip(new, kept):
        if name != given.strip():
            said.append("added %s (cut to the screen's %d characters from %s)" % (name, roster.NAME_LEN, given))
        else:
            said.append("added %s" % name)
    every = kept + names
    out = roster.merge([], every)
    dropped = [n for i, n in enumerate(every) if n not in out and n not in every[:i]]
    if dropped:
        said.append("dropped the oldest (at most %d names): %s" % (roster.MAX_NAMES, ", ".join(dropped)))
    return out, said


def remove(names, gone, preload):
    said = []
    out = list(names)
    for given in gone:
        name = given if given in out else cleaned(given)
        if name not in out:
            raise UserError("%s is not on the device's roster" % given)
        out.remove(name)
        said.append("removed %s" % name)
        if name in preload:
            said.append("%s is also in %s: it comes back at the next start (edit that file)" % (name, paths.CONFIG))
    return out, said


def main(argv):
    parser = ArgumentParser(
        prog="python -m host_tools names", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    where = parser.add_mutually_exclusive_group()
    port_option(where)
    where.add_argument("--flash", metavar="DIR", help="a flash folder on this PC (the simulator's: sim_flash)")
    parser.add_argument("action", choices=("list", "add", "remove"))
    parser.add_argument("names", nargs="*", metavar="NAME", help="names to add or remove (quote names with spaces)")
    args = parser.parse_args(argv)
    if args.action == "list" and args.names:
        raise UserError("list takes no names")
    if args.action != "list" and not args.names:
        raise UserError("%s needs a NAME" % args.action)
    if args.flash:
        flash = FlashFolder(args.flash, make=args.action == "add")
    else:
        flash = UsbDevice(args.port or find_port(flash=True))
    try:
        names, last, starts, preload = current(flash)
        if args.action == "list":
            for name in names:
                print(name)
            more = [n for n in preload if n not in names][: roster.MAX_NAMES - len(names)]
            for name in more:
                print("%s (from %s)" % (name, paths.CONFIG))
            if not names and not more:
                print("no names on the device yet")
            return 0
        if args.action == "add":
            out, said = add(names, args.names)
        else:
            out, said = remove(names, args.names, preload)
        if last is not None:  # the group keeps its seats (and its starter); a removed name leaves it
            last = [n for n in last if n in out]
        flash.write(paths.ROSTER, dumps(roster.to_obj(out, last, starts)).encode("utf-8"))
    finally:
        flash.close()
    for line in said:
        print(line)
    if args.flash:
        print("the simulator reads its names when it starts (running? quit it with q and start it again)")
    else:
        print("the device reads its names when it starts: restart it to see them")
    return 0
