"""The live page in a real browser (issue #31): a phone's view of the table.

The simulator runs a Pico W (`sim --board pico_w --http PORT --speed 1`) through one
scripted session in real time: a Corsica referee session, a deck game, then an I Go
match. Headless Chromium (Debian's `chromium` and `chromedriver`, driven by Selenium)
holds the page open the whole time and, after each event, must show what the device
shows within a second of it (plus SLACK_S for a loaded machine): the winner's name,
the margins and the tallies after a slap; whose turn it is and the card counts in the
deck; the totals, rounds and the leader's line after a round. Then the simulator
stops: the page says the connection is lost, and a second run on the same port brings
it back by itself.

LIVE_SCREENSHOTS=DIR saves the page at phone size (390x844 CSS pixels) for each view there.
"""

import os
import socket
import subprocess
import time

import pytest
import simulator

from host_tools import ROOT
from host_tools.bench.scripts import GAP_MS, SCREEN_LOAD_MS, Script, enter_round
from host_tools.sim.sim import free_port, served

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
_missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.path.exists(p)]
if _missing:
    pytest.skip(
        "no browser for the live page: %s missing (Debian: apt-get install chromium chromium-driver)"
        % " and ".join(_missing),
        allow_module_level=True,
    )

from selenium import webdriver  # noqa: E402  (after the skip: the module needs the browser)
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

PHONE = (390, 844)  # CSS pixels: a phone held upright (screenshots at twice that)
LIVE_S = 1.0  # the page follows the device within a second (issue #31)
SLACK_S = 1.5  # and a busy CI machine's share: browser, simulator and pytest on 2 cores
COLLECT_MS = 400  # the referee decides a slap this long after its first tap (ui_tap.py)
MARGIN_MS = 2  # a margin shown may differ from the script's by this much (real-time taps)
SLAP_WINDOW_MS = 1000  # the deck's slap window after a turned card (the setting's default)
## The page's test, not the heap's (`make bench` measures the heap with the server): the
## firmware with the server does not start a game in the simulator's default 192k.
HEAP = "256k"
NAMES = ["P1", "P2", "P3", "P4"]

## What the page shows, in one round trip: each id's text, tables as rows of cells.
SHOWN_JS = """
var g=function(i){return document.getElementById(i)}, o={};
o.view=g('m').dataset.view||'';
o.link=getComputedStyle(g('link')).display!='none';
o.text=g('m').innerText;
['line','winner','title','top'].forEach(function(i){o[i]=g(i)?g(i).innerText:null});
o.said=g('said').innerText;
['totals','rounds','taps','tallies','cards','games','wins'].forEach(function(i){o[i]=g(i)?[].map.call(g(i).rows,
  function(r){return [].map.call(r.cells,function(c){return c.innerText})}).filter(function(r,k){
  return g(i).rows[k].cells[0].tagName=='TD'}):null});
o.lead=[].map.call(document.querySelectorAll('tr.lead td:first-child'),function(c){return c.innerText});
return o;
"""


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    metrics = {"width": PHONE[0], "height": PHONE[1], "pixelRatio": 2, "touch": True, "mobile": True}
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


class Sim:
    """The simulator serving the page on `port` while it plays `script`: `at(ms)` is
    the wall-clock time (time.monotonic) by which the device has reached `ms`."""

    def __init__(self, folder, name, port, flash, script):
        path = folder / (name + ".txt")
        path.write_text(script)
        self.log = folder / (name + ".log")
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(
                simulator.command(
                    "--board", "pico_w", "--heap", HEAP, "--http", port, "--flash", flash,
                    "--script", path, "--speed", 1,
                ),
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            )  # fmt: skip
        if not served(self.proc, port, 60):  # (60 s: the firmware is compiled onto the flash first)
            assert self.proc.poll() is None, "the simulator ended early:\n" + self.output()
            raise AssertionError("the page's server never answered:\n" + self.output())
        self.boot = time.monotonic()  # the device's clock had started: ms from here is late, never early

    def at(self, ms):
        return self.boot + ms / 1000

    def output(self):
        return self.log.read_text(errors="replace")[-3000:]

    def finish(self):
        try:
            self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
        assert self.proc.returncode == 0, self.output()
        assert "Error" not in self.output(), self.output()


class Phone:
    """The page in the browser; `expect` waits for what must be shown after an event."""

    def __init__(self, driver, shots):
        self.driver = driver
        self.shots = shots
        self.lags = []

    def shown(self):
        return self.driver.execute_script(SHOWN_JS)

    def expect(self, sim, ms, what, check, shot=None):
        """By `ms` on the device's clock plus LIVE_S (and SLACK_S), check(shown) holds."""
        seen = []  # each different thing the page showed while waiting

        def ok(_driver):
            shown = self.shown()
            if not seen or shown != seen[-1]:
                seen.append(shown)
            return check(shown)

        deadline = sim.at(ms) + LIVE_S + SLACK_S
        try:
            WebDriverWait(self.driver, max(0.1, deadline - time.monotonic()), poll_frequency=0.05).until(ok)
        except TimeoutException:
            raise AssertionError(
                "%s: not shown by %d ms + %.1f s; the page showed, in turn:\n%s"
                % (what, ms, LIVE_S, "\n".join(repr(s) for s in seen[-4:]))
            )
        self.lags.append((time.monotonic() - sim.at(ms), what))
        if shot and self.shots:
            self.driver.save_screenshot(os.path.join(self.shots, shot + ".png"))


def margins(rows, taps):
    """The taps' rows say each player in order, "first" then each one's margin behind
    it (ms, within MARGIN_MS: the simulator's real-time pin changes are not exact)."""
    if rows is None or [row[0] for row in rows] != ["P%d" % (p + 1) for _, p in taps] or rows[0][1] != "first":
        return False
    for (name, text), (offset_ms, _) in zip(rows[1:], taps[1:]):
        value, unit = text.lstrip("+").split()
        ms = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
        if abs(ms - offset_ms) > MARGIN_MS:
            return False
    return True


def session():
    """The scripted session, and when each thing to check happens (device ms):
    [(ms, what, check, screenshot name or None)]."""
    s = Script("the live page's session (tests/host/test_live_page.py)")
    checks = []

    def expect(what, check, shot=None, ms=None):
        checks.append((s.t if ms is None else ms, what, check, shot))

    s.press("ok")  # the boot notice (no PIO capture in the simulator)
    s.wait(300)
    expect("nothing played yet", lambda p: p["view"] == "home")

    # The referee: 4 players, three slaps, the last one's winner marked false.
    s.press("down", 2)
    s.press("ok")  # Corsica ref
    s.wait(SCREEN_LOAD_MS)
    s.press("up")
    s.press("ok")  # Start (4 players)
    s.wait(SCREEN_LOAD_MS)
    expect(
        "referee, no slap yet", lambda p: p["view"] == "referee" and p["winner"] is None and "No slap yet" in p["text"]
    )
    slaps = [  # the taps (ms after the first, player), the winner
        ([(0, 2), (8, 0)], "P3"),
        ([(0, 1), (6, 3)], "P2"),
        ([(0, 3), (5, 2), (12, 0)], "P4"),
    ]
    for n, (taps, winner) in enumerate(slaps):
        s.press("ok")  # the pile changed: armed
        expect(
            "slap %d: armed" % (n + 1),
            lambda p: p["view"] == "referee" and p["winner"] is None and "SLAP!" in p["text"],
        )
        s.wait(150)
        for offset_ms, player in taps:
            s.lines.append("%d p%d press" % (s.t + offset_ms, player + 1))
        expect(
            "slap %d: %s wins, the margins" % (n + 1, winner),
            lambda p, w=winner, t=taps: p["winner"] == w and margins(p["taps"], t),
            ms=s.t + COLLECT_MS + 80,
        )
        s.wait(1200)
    s.press("down")  # the table marks the last winner's tap false: the next tap wins
    expect(
        "false tap marked: P3 wins",
        lambda p: p["winner"] == "P3" and p["taps"] and p["taps"][0] == ["P4 (false)", "first"],
        "referee",
    )
    s.press("back")  # the result closed
    expect(
        "tallies",
        lambda p: (
            p["tallies"] == [["P1", "0", "0", "0"], ["P2", "1", "0", "0"], ["P3", "2", "0", "0"], ["P4", "0", "1", "0"]]
        ),
    )
    s.press("back")
    s.wait(SCREEN_LOAD_MS)
    s.press("ok")  # leave: yes (the tallies stay on the flash)
    s.wait(300)

    # The deck: P1 turns a card, then P4 slaps a single card (nothing to slap: false).
    s.press("down")
    s.press("ok")  # Corsica deck
    s.wait(SCREEN_LOAD_MS)
    s.press("up")
    s.press("ok")  # Deal
    s.wait(SCREEN_LOAD_MS)
    dealt = {}

    def deal(p):
        if not (p["view"] == "deck" and p["title"] == "P1 to play" and p["lead"] == ["P1"] and p["top"] == "--"):
            return False
        counts = [int(row[1]) for row in p["cards"]]
        dealt["counts"] = counts
        return [row[0] for row in p["cards"]] == NAMES and "0 cards on the pile" in p["text"] and sum(counts) >= 52

    expect("deck dealt: P1 to play", deal)
    s.press("p1")

    def turned(p):
        counts = [int(row[1]) for row in p["cards"]]
        before = dealt["counts"]
        return (
            p["top"] != "--"
            and p["title"].startswith("P2")
            and p["lead"] == ["P2"]
            and counts == [before[0] - 1] + before[1:]
        )

    expect("deck: P1 turned a card, P2's turn", turned)
    s.wait(SLAP_WINDOW_MS + 300)
    s.press("p4")

    def false_slap(p):
        counts = [int(row[1]) for row in p["cards"]]
        before = dealt["counts"]
        return (
            "FALSE:P4 3 cards" in p["text"]
            and counts == [before[0] - 1, before[1], before[2], before[3] - 3]
            and "4 cards on the pile" in p["text"]
            and p["lead"] == ["P2"]
        )

    expect("deck: P4's false slap costs 3 cards", false_slap, "deck", ms=s.t - GAP_MS + COLLECT_MS + 80)
    s.wait(COLLECT_MS + 300)
    s.press("back")
    s.wait(SCREEN_LOAD_MS)
    s.press("ok")  # leave this game: yes (back to the deck's setup)
    s.wait(SCREEN_LOAD_MS)
    s.press("back")  # home
    s.wait(SCREEN_LOAD_MS)

    # I Go: two rounds of a 4-player match to 4.
    from table.rules import scoresheet

    sheet = scoresheet.Sheet("igo", NAMES, None, None)
    s.press("down")  # from Continue (home's first line since the deck game is kept) to I Go
    s.press("ok")
    s.press("down", 2)
    s.press("ok")  # Starts: a new table draws; P1 (up from "draw") as the sheet below
    s.press("up")
    s.press("ok")
    s.press("up", 3)
    s.press("ok")  # Start (the setup's last line)
    s.wait(300)
    expect(
        "I Go started",
        lambda p: (
            p["view"] == "sheet"
            and p["line"] == "All need 4 to win"
            and p["totals"] == [[n, "0", "4"] for n in NAMES]
            and p["rounds"] is None
        ),
    )
    rounds = [
        (1, [2, 1, 3, 4], ["0", "1", "0", "0"], "P2 needs 3 to win", ["P2"]),
        (2, [3, 2, 1, 4], ["0", "1", "1", "0"], "P2 and P3 need 3 to win", ["P2", "P3"]),
    ]
    for n, (ender, penalties, totals, line, leads) in enumerate(rounds):
        enter_round(s, sheet, ender, penalties)
        expect(
            "I Go round %d: totals, leader" % (n + 1),
            lambda p, t=totals, ln=line, le=leads, k=n + 1: (
                p["totals"] == [[a, b, str(4 - int(b))] for a, b in zip(NAMES, t)]
                and p["line"] == ln
                and p["lead"] == le
                and len(p["rounds"]) == k
            ),
            "sheet" if n else None,
        )
        s.wait(600)
    rows = [["1", "0 (2)", "1 (1)", "0 (3)", "0 (4)"], ["2", "0 (3)", "0 (2)", "1 (1)", "0 (4)"]]
    expect("I Go rounds table: points (penalties)", lambda p: p["rounds"] == rows and p["games"] is None)
    s.wait(300)
    for _ in range(3):  # P2 ends lowest three more times: 4 points, the game is over
        enter_round(s, sheet, 1, [2, 1, 3, 4])
        s.wait(600)
    expect(
        "the evening: the game over, its winner, each one's games won",
        lambda p: (
            p["games"] == [["I Go", "P2"]]
            and p["wins"] == [["P2", "1"], ["P1", "0"], ["P3", "0"], ["P4", "0"]]
            and "P2 won the game" in p["text"]
        ),
        "evening",
    )
    s.wait(300)
    return s.text(), checks


def test_a_phone_follows_the_table_and_reconnects(tmp_path):
    shots = os.environ.get("LIVE_SCREENSHOTS")
    if shots:
        os.makedirs(shots, exist_ok=True)
    script, checks = session()
    port = free_port()
    flash = tmp_path / "flash"
    driver = browser()  # started first: it takes a second or two
    try:
        phone = Phone(driver, shots)
        sim = Sim(tmp_path, "session", port, flash, script)
        try:
            driver.get("http://127.0.0.1:%d/" % port)
            assert driver.title == "Table"
            for ms, what, check, shot in checks:
                phone.expect(sim, ms, what, check, shot)
        finally:
            sim.finish()

        # The server is gone: the page says so, keeps the last state, and comes back by
        # itself when a device serves on the same address again.
        gone = time.monotonic()
        lost = lambda _driver: phone.shown()["link"]  # noqa: E731
        WebDriverWait(driver, LIVE_S + SLACK_S, poll_frequency=0.05).until(lost, "no 'connection lost' banner")
        assert phone.shown()["view"] == "sheet"
        phone.lags.append((time.monotonic() - gone, "connection lost shown"))
        if shots:
            driver.save_screenshot(os.path.join(shots, "lost.png"))
        again = Sim(tmp_path, "again", port, flash, "600 ok press\n4000 up press\n")
        try:
            back = lambda _driver: not phone.shown()["link"] and phone.shown()["view"] == "home"  # noqa: E731
            # the page retries every RETRY_MS (2 s, live_server.py)
            WebDriverWait(driver, 2 + LIVE_S + SLACK_S, poll_frequency=0.05).until(back, "no reconnection")
            phone.lags.append((time.monotonic() - again.boot, "reconnected"))
            if shots:
                driver.save_screenshot(os.path.join(shots, "home.png"))
        finally:
            again.finish()
    finally:
        driver.quit()
    print("\n".join("%6.2f s  %s" % lag for lag in phone.lags))


class Link:
    """The Wi-Fi between the phone and the device: a TCP relay from its own port to
    the device's; `drop()` breaks every connection and refuses new ones (closed at
    once) until `restore()`."""

    def __init__(self, device_port):
        import threading

        self.device_port = device_port
        self.up = True
        self.pairs = []
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        import threading

        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return  # closed
            if not self.up:
                phone.close()
                continue
            device = socket.create_connection(("127.0.0.1", self.device_port))
            with self.lock:
                if not self.up:  # dropped meanwhile: this one is cut too
                    phone.close()
                    device.close()
                    continue
                self.pairs.append((phone, device))
            for a, b in ((phone, device), (device, phone)):
                threading.Thread(target=self.pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def pipe(a, b):
        try:
            while True:
                data = a.recv(4096)
                if not data:
                    break
                b.sendall(data)
        except OSError:
            pass
        Link.cut((a, b))

    @staticmethod
    def cut(pair):
        for s in pair:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def drop(self):
        with self.lock:
            self.up = False
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            Link.cut(pair)

    def restore(self):
        self.up = True

    def close(self):
        self.drop()
        self.listener.close()


def not_served(port):
    """True when a phone's stream is refused (503), or not taken at all within a few
    seconds (all of lwIP's connections held: a Pico W drops the SYN, the simulator's
    socket leaves it waiting)."""
    from test_live_hostile import status

    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"GET /events HTTP/1.1\r\nHost: table\r\n\r\n")
        try:
            got = s.recv(4096)
        except (TimeoutError, socket.timeout):
            return True
    return status(got) == b"HTTP/1.0 503 Busy"


def test_a_phone_refused_while_the_table_is_full_comes_back(tmp_path):
    # A refusal (the server's 503 when MAX_STREAMS phones follow) ends an EventSource
    # for good: the page opens its stream again by itself once a slot is free. The
    # phone's Wi-Fi drops (its stream breaks), other clients take every stream,
    # the phone's Wi-Fi comes back and it is refused, then one of them leaves.
    from test_live_hostile import open_stream  # a stream read to its first state, or None: refused

    from table.live import live_server

    port = free_port()
    driver = browser()
    held = []
    link = None
    try:
        phone = Phone(driver, None)
        sim = Sim(tmp_path, "full", port, tmp_path / "flash", "600 ok press\n30000 up press\n")
        try:
            link = Link(port)
            driver.get("http://127.0.0.1:%d/" % link.port)
            following = lambda _driver: not phone.shown()["link"] and phone.shown()["view"] == "home"  # noqa: E731
            WebDriverWait(driver, 5 + LIVE_S + SLACK_S, poll_frequency=0.05).until(following, "never followed")
            link.drop()
            lost = lambda _driver: phone.shown()["link"]  # noqa: E731
            WebDriverWait(driver, LIVE_S + SLACK_S, poll_frequency=0.05).until(lost, "no 'connection lost' banner")
            end = time.monotonic() + 10  # the phone's slot is free once the server sees its stream closed
            while len(held) < live_server.MAX_STREAMS:
                s = open_stream(port)
                assert s is not None or time.monotonic() < end, "the phone's slot was never freed"
                if s is not None:
                    held.append(s)
            assert not_served(port)  # full
            link.restore()
            time.sleep(3 * live_server.RETRY_MS / 1000)  # the browser retries: refused, it gives up
            assert phone.shown()["link"]
            held.pop().close()
            WebDriverWait(driver, 5 + LIVE_S + SLACK_S, poll_frequency=0.05).until(following, "never came back")
        finally:
            for s in held:
                s.close()
            if link is not None:
                link.close()
            sim.finish()
    finally:
        driver.quit()


def test_a_name_typed_on_a_phone_is_kept_after_ok_on_the_device(tmp_path):
    """ "Add a player": the phone sends a name, the page says it waits for the table, the
    device asks once its buttons have been still, the page says it waits for ok;
    ok on the device (the script's press) keeps it in the roster, and the page says so."""
    import json

    from table.storage import paths

    shots = os.environ.get("LIVE_SCREENSHOTS")
    port = free_port()
    flash = tmp_path / "flash"
    driver = browser()
    try:
        phone = Phone(driver, shots)
        sim = Sim(tmp_path, "name", port, flash, "600 ok press\n12000 ok press\n14000 up press\n")
        try:
            driver.get("http://127.0.0.1:%d/" % port)
            WebDriverWait(driver, 5, poll_frequency=0.05).until(lambda _d: phone.shown()["view"] == "home")
            time.sleep(max(0, sim.at(1500) - time.monotonic()))  # the boot notice's ok is pressed
            driver.find_element("id", "name").send_keys("Zoë")
            driver.find_element("css selector", "#add button").click()
            phone.expect(sim, 2500, "held", lambda p: p["said"].startswith("Zoë: waiting for the table"))
            # asked once the buttons have been still for live_name.STILL_MS (the boot notice's ok at 600)
            phone.expect(sim, 6000, "the device asks", lambda p: p["said"] == "Zoë: waiting for ok on the device.")
            if shots:
                driver.save_screenshot(os.path.join(shots, "name.png"))
            phone.expect(sim, 12000, "ok on the device: kept", lambda p: p["said"] == "Zoë was added.")
        finally:
            sim.finish()
    finally:
        driver.quit()
    with open(flash / paths.ROSTER) as f:
        assert json.load(f)["names"][0] == "Zoë"
