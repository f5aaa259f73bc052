"""The live page's requests other than its event stream, answered by microdot (the
MicroPython web framework): live_server.py hands each one over after its gate, loads
this module for it and drops it (and microdot) when no request is in flight.

    GET /        the page (live_page.py, loaded for the answer)
    GET /state   the page's state once, as JSON

microdot answers HEAD as GET without the body, and 404 for any other path.
"""

from microdot import Microdot, Response

NO_CACHE = "no-cache"


class Web(Microdot):
    """microdot's app for `server` (live_server.Server): its routes only; the
    connections are the server's."""

    def __init__(self, server):
        Microdot.__init__(self)
        self.debug = False  # (set by microdot's own start_server, which is not used)
        self.ssl = None
        self.server = server
        self.route("/")(self.page)
        self.route("/state")(self.state)

    async def page(self, request):
        from . import live_page

        return Response(live_page.PAGE, headers={"Content-Type": "text/html; charset=UTF-8", "Cache-Control": NO_CACHE})

    async def state(self, request):
        body = self.server.state_json()
        return Response(body, headers={"Content-Type": "application/json", "Cache-Control": NO_CACHE})
