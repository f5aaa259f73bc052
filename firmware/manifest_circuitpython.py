"""The firmware for a Pico running CircuitPython: what `deploy --runtime circuitpython`
copies to the CIRCUITPY drive, as source (cp_main.py becomes code.py, the board
definition boardcfg.py). The same form as manifest.py.
"""

metadata(description="Scorekeeper and slap referee firmware for CircuitPython", version="2.1.0", license="MIT")
include("manifest_app.py")
module("cp_main.py")
package(
    "table",
    files=(
        "device/canvas_displayio.py",
        "device/hw_circuitpython.py",
    ),
)
