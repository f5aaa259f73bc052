"""Code that runs inside the MicroPython unix port for `python -m host_tools sim`.

The directory goes first on the device's sys.path: `machine.py` and `time.py` there
replace the built-in modules, so the firmware runs unchanged against a simulated
board (`simcore`), clock and OLED (`simoled`). `simrun.py` is the entry script;
`simscript` (the script format) is shared with the host.
"""
