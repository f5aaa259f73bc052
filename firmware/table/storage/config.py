"""The device config file (paths.CONFIG: `config.json` on the flash root), written by
the user.

    {"names": ["Ann", "Bob", "Cy"]}

`names`: player names that preload the roster (roster.py: added after the recent
names while there is room, each cut as the roster keeps names). Unknown keys are
ignored. The device never writes this file.
"""

from . import store_load

MAX_SIZE = 4096  # bytes: more is not a config the device could hold


def load(path):
    """Return (config, problem): the parsed config ({} when missing or unusable)
    and None or a one-line problem text for the screen."""
    obj, problem = store_load.load(path, MAX_SIZE)
    if obj is None:
        return {}, problem
    names = obj.get("names", [])
    if type(names) is not list or any(type(n) is not str for n in names):
        return {}, "config.json: names must be a list of strings"
    return obj, None
