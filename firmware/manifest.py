"""The firmware for a Pico running MicroPython (rp2): what `deploy` puts on the device.

micropython-lib's manifest form: a MicroPython build can freeze the firmware with
`include("/path/to/scorekeeper/firmware/manifest.py")` in its own manifest. `deploy`
copies main.py as source (the device boots it) and compiles the others to .mpy with
mpy-cross -march=armv6m; the board definition goes with them as board.mpy.
A new firmware module must be listed in one of the manifests (a test says so).
"""

metadata(
    description="Scorekeeper and slap referee firmware for the Raspberry Pi Pico (rp2)", version="2.1.0", license="MIT"
)
include("manifest_app.py")
module("main.py")
package(
    "table",
    files=(
        "device/canvas.py",
        "device/hw.py",
        "device/hw_test.py",
        "device/pio_capture.py",
        "device/ssd1306.py",
    ),
)
# A W board (boards/pico_w.py, pico2_w.py; deploy sets options.wifi from the board's WIFI):
# the live page, and microdot, which serves it (its folder: options.microdot). An
# included manifest sees only the options its include() passes, as in MicroPython.
options.defaults(wifi=False, microdot=None)
if options.wifi:
    include("manifest_wifi.py", microdot=options.microdot)
