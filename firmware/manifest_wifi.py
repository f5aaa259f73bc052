"""A W board's live page (included by manifest.py when options.wifi is set: deploy sets
it for a board with WIFI = True): the radio, the server, the page.

microdot (the MicroPython web framework, PyPI `microdot`, pinned in pyproject.toml)
ships as one module, its core `microdot/microdot.py` (it imports no other part of its
package). It is not in micropython-lib, so it is named by its folder, which manifest.py
passes on as `options.microdot`: a MicroPython build freezing the W firmware includes
`firmware/manifest.py` with `wifi=True, microdot="<site-packages>/microdot"`
(docs/hardware.md says how to find that folder); deploy and the simulator give the
installed package's.
"""

options.defaults(microdot=None)
if not options.microdot:
    raise ValueError("manifest_wifi.py: give microdot's folder: include(..., wifi=True, microdot=FOLDER)")

package(
    "table",
    files=(
        "device/wifi.py",
        "live/live.py",
        "live/live_history.py",
        "live/live_name.py",
        "live/live_page.py",
        "live/live_server.py",
        "live/live_web.py",
        "live/qr.py",
        "live/qr_draw.py",
        "live/wifi_config.py",
        "screens/ui_wifi.py",
    ),
)
module("microdot.py", base_path=options.microdot)
