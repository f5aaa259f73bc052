"""A W board's live page (included by manifest.py when options.wifi is set: deploy sets
it for a board with WIFI = True): the radio, the server, the page.

microdot (the MicroPython web framework, PyPI `microdot`, pinned in pyproject.toml)
ships as one module, its core `microdot/microdot.py` (it imports no other part of its
package). A MicroPython build freezing this firmware names that file itself:
`module("microdot.py", base_path="<site-packages>/microdot")`.
"""

module("live.py")
module("live_name.py")
module("live_page.py")
module("live_server.py")
module("live_web.py")
module("qr.py")
module("wifi.py")
module("wifi_config.py")
module("ui_wifi.py")
require("microdot")
