"""A player's name typed on a phone (a W board's live page, POST /name): taken by the
server (`take`), held, asked on the device at a calm moment (`ask`) and kept only after
ok there (`add`: the roster, written at the app's next save). Loaded while a name is in
flight, then dropped (live_server.py: the server's resident code stays small).

A question from outside the table never takes a press meant for the screen under it:
it is asked only over a screen at rest (a screen's CALM: home, a match's totals, the
score sheet, the game over; never while a round, a penalty, a name, a setting or a
slap is being entered) once the buttons have been still for STILL_MS, and for
WAIT_MS after it appears it ignores every press (a press already on its way lands
nowhere). Meanwhile the name is held and the page says it waits for the table; a
name the table never had a calm moment for is let go after HOLD_MS.

The limits of hostile clients hold here too: a body of NAME_BYTES at most, one name
waiting at a time, NAME_GAP_MS between two, only the characters the device's name
editor types (roster.typable: letters, marked letters, digits, space, - . ' &),
roster.clean's rules (display width) and no name twice.
"""

import sys

from ..rules.ticks import ticks_diff

NAME_BYTES = 64  # a name's body (8 characters of up to 4 bytes, with room)
NAME_GAP_MS = 3000  # between two names from phones
STILL_MS = 3000  # the buttons still this long before the question appears
WAIT_MS = 1000  # presses ignored this long after it appears
HOLD_MS = 600000  # a name held this long without a calm moment is let go (10 minutes)


async def take(server, head, reader, writer, answer):
    """POST /name: the body (UTF-8) held as `server.name` for the device to ask. 202
    when held; 413 too long, 400 not a name (roster.typable's or roster.clean's
    reason: checked first), then 409 a name waiting already, 429 too soon after the
    last one, 409 already a player. `answer`:
    live_server's (writer, status, headers, body)."""
    at = head.find(b"\r\n\r\n")
    body = head[at + 4 :] if at >= 0 else head[head.find(b"\n\n") + 2 :]
    size = _content_length(head)
    if size is None or size > NAME_BYTES:
        await answer(writer, b"413 Too Long", b"", b"at most %d bytes" % NAME_BYTES)
        return
    while len(body) < size:
        chunk = await reader.read(size - len(body))
        if not chunk:
            return
        body += chunk
    loaded = "table.storage.roster" in sys.modules  # (a screen's: left as it is)
    from ..storage import roster

    try:
        name = roster.clean(roster.typable(body[:size].decode()))
    except (UnicodeError, ValueError) as e:
        await answer(writer, b"400 Bad Request", b"", str(e).encode())
        return
    finally:
        if not loaded:
            server.app.unload("roster")
    now = server.now()  # a name, and only then: is there room for it?
    if server.name is not None:
        await answer(writer, b"409 Conflict", b"", b"a name is waiting on the device")
        return
    if server.name_at is not None and ticks_diff(now, server.name_at) < NAME_GAP_MS:
        await answer(writer, b"429 Too Many Requests", b"", b"one name at a time")
        return
    if name in server.app.roster:
        await answer(writer, b"409 Conflict", b"", b"already a player")
        return
    server.name = name
    server.name_at = now
    server.app.live.answered = None
    await answer(writer, b"202 Accepted", b"", b"held until the table is still; ok on the device adds it")


def _content_length(head):
    """The Content-Length of a head (bytes), or None without one."""
    at = head.lower().find(b"\ncontent-length:")
    if at < 0:
        return None
    try:
        return int(head[at + 16 : head.find(b"\n", at + 1)].strip())
    except ValueError:
        return None


def calm(app, now):
    """Whether a question may appear now: the top screen is at rest (CALM), no slap
    window is open, and no button has been down for STILL_MS."""
    if not getattr(app.top(), "CALM", False) or not app.flash_ok():
        return False
    return app.pressed_at is None or ticks_diff(now, app.pressed_at) >= STILL_MS


def ask(live, now):
    """A pass of the loop while a name is in flight (live_server.Live.ask): ask at a
    calm moment (`calm`); back, or the question gone any other way, refuses it."""
    app = live.app
    server = live.server
    name = server.name
    if live.asking is None:
        if not calm(app, now):
            if ticks_diff(now, server.name_at) >= HOLD_MS:  # the table never had a moment
                server.name = None
                live.answered = [name, None]
            return
        app.wake(now)
        question = "Add player %s?" % name
        app.push(app.screen("confirm", "From a phone", question, lambda: add(live, name), False, WAIT_MS))
        live.asking = app.top()
    elif live.asking not in app.stack:  # answered (ok: added already) or left
        if live.answered is None:
            live.answered = [name, False]
        live.asking = None
        live.server.name = None


def add(live, name):
    """ok on the device: the phone's name joins the roster, first (as a name just
    seated); the oldest falls off when it is full (roster.MAX_NAMES)."""
    from ..storage import roster

    app = live.app
    app.transient("roster")
    app.roster = roster.merge([name], app.roster)
    app.roster_due = roster.to_obj(app.roster, app.seated, app.starts)  # the seats and starter kept
    app.save()
    live.answered = [name, True]
