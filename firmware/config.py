"""The device config file (paths.CONFIG: `config.json` on the flash root), written by
the user.

    {"names": ["Ann", "Bob", "Cy"]}

`names`: player names in seat order (defaults P1..Pn for missing ones; names are
cut to NAME_LEN characters so they fit the screen). Unknown keys are ignored.
The device never writes this file.
"""

NAME_LEN = 8
MAX_SIZE = 4096  # bytes: more is not a config the device could hold


def load(path):
    """Return (config, problem): the parsed config ({} when missing or unusable)
    and None or a one-line problem text for the screen."""
    import store_load  # at boot only: the setup screens import config for names()

    obj, problem = store_load.load(path, MAX_SIZE)
    if obj is None:
        return {}, problem
    names = obj.get("names", [])
    if type(names) is not list or any(type(n) is not str for n in names):
        return {}, "config.json: names must be a list of strings"
    return obj, None


def names(config, count):
    """The first count player names: from the config, else (and for a repeated
    name) P1..Pn."""
    given = config.get("names", [])
    out = []
    for i in range(count):
        name = given[i].strip()[:NAME_LEN] if i < len(given) else ""
        if not name or name in out:
            name = "P%d" % (i + 1)
        out.append(name)
    return out
