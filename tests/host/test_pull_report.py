"""pull (device history -> SQLite) and report (HTML + PNG charts), driven for real."""

import json
import os
import sqlite3
import sys

from host_cli import rows, run
from PIL import Image

from host_tools import ROOT
from host_tools.history import pull
from host_tools.sim.vdevice import running


def line(seq, event, game, rules, boot=1, **fields):
    obj = dict(fields, seq=seq, boot=boot, event=event, game=game, rules=rules)
    return json.dumps(obj, sort_keys=True)


def igo_game():
    g = "1-1"
    return [
        line(1, "round", g, "igo", ender=0, penalties=[2, 9], round_scores=[1, 0], totals=[1, 0]),
        line(2, "round", g, "igo", ender=1, penalties=[7, 3], round_scores=[0, 1], totals=[1, 1]),
        line(3, "undo", g, "igo", of=2),
        line(4, "round", g, "igo", void=True, totals=[1, 0]),
        line(5, "round", g, "igo", ender=0, penalties=[1, 8], round_scores=[1, 0], totals=[2, 0]),
        line(6, "round", g, "igo", ender=0, penalties=[0, 8], round_scores=[1, 0], totals=[3, 0]),
        line(7, "game_over", g, "igo", totals=[3, 0], winners=[0]),
    ]


def corsica_game(boot=2):
    g, lines = "2-8", []
    for i in range(12):
        taps = [(p, 1000 + (p * 7919 + i * 104729) % 90000) for p in range(3)]
        taps.sort(key=lambda t: t[1])
        order = [{"player": p, "t_us": t, "margin_us": t - taps[0][1]} for p, t in taps]
        lines.append(line(8 + i, "slap", g, "corsica", boot=boot, order=order, winner=taps[0][0], tie=[], false=[]))
    lines.append(line(20, "game_over", g, "corsica", boot=boot, totals=[0, 52, 0], winners=[1]))
    return lines


def test_pull_twice_truncated_line_and_report(tmp_path):
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    history = igo_game() + corsica_game()
    torn = history[-1][:30]  # a power cut tore the last line
    (flash / "data" / "history.jsonl").write_text("\n".join(history[:-1] + [torn]) + "\n")
    db = str(tmp_path / "h.sqlite")
    with running(flash) as port:
        out = run("pull", "--port", port, "--db", db)
        assert out.returncode == 0  # what a power cut leaves is no error
        assert out.stderr.strip() == "pull: history line 20: torn by a power cut while it was written (skipped)"
        assert "loaded 19 new lines" in out.stdout
        out = run("pull", "--port", port, "--db", db)
        assert "loaded 0 new lines" in out.stdout
        # After the reboot the device has moved the torn piece to data/history.torn
        # and writes the lost line again.
        (flash / "data" / "history.torn").write_text(torn + "\n")
        (flash / "data" / "history.jsonl").write_text("\n".join(history) + "\n")
        out = run("pull", "--port", port, "--db", db)
        assert out.returncode == 0 and "loaded 1 new lines" in out.stdout and out.stderr == ""
    assert rows(db, "SELECT COUNT(*) FROM lines") == [(20,)]
    assert rows(db, "SELECT seq, void, undone FROM rounds ORDER BY seq") == [
        (1, 0, 0),
        (2, 0, 1),
        (4, 1, 0),
        (5, 0, 0),
        (6, 0, 0),
    ]
    assert rows(
        db,
        "SELECT game, rules, players, totals, winners, over, first_seq, last_seq, "
        "boot, rounds FROM games ORDER BY game",
    ) == [("1-1", "igo", 2, "[3, 0]", "[0]", 1, 1, 7, 1, 4), ("2-8", "corsica", 3, "[0, 52, 0]", "[1]", 1, 8, 20, 2, 0)]
    assert rows(db, "SELECT COUNT(*), COUNT(margin_us) FROM slaps") == [(12, 12)]
    assert rows(db, "SELECT COUNT(*) FROM taps") == [(36,)]
    assert rows(db, "SELECT MIN(margin_us) FROM taps WHERE rank = 0") == [(0,)]

    out_dir = tmp_path / "report"
    out = run("report", "--db", db, "--out", str(out_dir))
    assert out.returncode == 0, out.stderr
    page = (out_dir / "index.html").read_text()
    assert "Game 1-1 on the device," in page and "Game 2-8 on the device," in page
    assert "behind the slap's first tap" in page
    assert "2 games from before names were logged are not counted by player" in page
    pngs = sorted(p for p in os.listdir(out_dir) if p.endswith(".png"))
    assert pngs == ["corsica_piles.png", "game1.png", "reaction_times.png", "slap_margins.png"]
    for name in pngs:
        assert name in page
        with Image.open(out_dir / name) as image:
            image.verify()
        with Image.open(out_dir / name) as image:
            assert image.format == "PNG" and image.size[0] >= 400
            assert len(image.convert("RGB").getcolors(1 << 16)) > 3  # something was drawn


def test_pull_errors_lose_nothing(tmp_path):
    db = str(tmp_path / "h.sqlite")
    history = tmp_path / "history.jsonl"
    history.write_text("\n".join(igo_game()) + "\n")
    assert run("pull", "--file", str(history), "--db", db).returncode == 0
    before = rows(db, "SELECT * FROM lines ORDER BY boot, seq")

    out = run("pull", "--port", "/dev/does-not-exist", "--db", db)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == "pull: cannot open port /dev/does-not-exist (no such device, or in use)"

    history.write_text(
        '{"seq": 99, "boot": 1}\n[1, 2]\n'
        + line(8, "round", "1-1", "igo")
        + '\n{"seq": 9, "boot": 1, "event": "rou\n{"seq": 10,}\n'
    )
    out = run("pull", "--file", str(history), "--db", db)
    assert out.returncode == 2
    aside = "(set aside in table rejected)"
    assert out.stderr.splitlines() == [
        "pull: history line 1: missing or bad 'event' " + aside,
        "pull: history line 2: not a JSON object " + aside,
        "pull: history line 3: missing or bad 'ender' " + aside,
        "pull: history line 4: damaged: cut short in the middle of the file " + aside,
        "pull: history line 5: damaged: not JSON " + aside,
    ]
    assert rows(db, "SELECT * FROM lines ORDER BY boot, seq") == before
    kept = rows(db, "SELECT line, problem, text, source FROM rejected ORDER BY line")
    assert [(n, text) for n, _, text, _ in kept] == list(enumerate(history.read_text().splitlines(), 1))
    assert {source for _, _, _, source in kept} == {str(history)}
    assert run("pull", "--file", str(history), "--db", db).returncode == 2  # again: kept once
    assert rows(db, "SELECT COUNT(*) FROM rejected") == [(5,)]

    (tmp_path / "junk.sqlite").write_text("this is not a database " * 100)
    out = run("pull", "--file", str(history), "--db", str(tmp_path / "junk.sqlite"))
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 6  # 5 bad lines + the db
    missing = tmp_path / "missing.sqlite"
    out = run("report", "--db", missing, "--out", tmp_path / "r")
    assert out.returncode == 2 and out.stderr.strip() == (
        "report: no database %s (run pull first: python -m host_tools pull --db %s)" % (missing, missing)
    )
    assert not missing.exists() and not (tmp_path / "r").exists()
    sqlite3.connect(str(missing)).close()  # an empty file: never pulled into
    out = run("report", "--db", missing, "--out", tmp_path / "r")
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1
    assert out.stderr.startswith("report: %s holds no pulled history (run pull first" % missing)


def test_pull_from_the_simulators_flash_folder(tmp_path):
    """pull --flash DIR reads DIR/data/history.jsonl (the simulator's flash), and so does
    make pull FLASH=DIR; without a Pico, pull names --flash."""
    import subprocess

    from host_tools.device import picoports

    flash = tmp_path / "sim_flash"
    flash.mkdir()
    db = tmp_path / "h.sqlite"
    out = run("pull", "--flash", flash, "--db", db)
    assert out.returncode == 0 and out.stdout.strip() == (
        "the flash folder %s has no data/history.jsonl yet: nothing to load" % flash
    )
    out = run("pull", "--flash", tmp_path / "none", "--db", db)
    assert out.returncode == 2 and out.stderr.strip() == (
        "pull: no flash folder %s (make sim makes sim_flash at its first run)" % (tmp_path / "none")
    )
    (flash / "data").mkdir()
    (flash / "data" / "history.jsonl").write_text("\n".join(igo_game()) + "\n")
    make = ["make", "--no-print-directory", "-o", ".venv/.installed", "pull", "FLASH=%s" % flash, "DB=%s" % db]
    out = subprocess.run(make, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "loaded 7 new lines (7 read, 0 skipped) into %s" % db
    assert run("pull", "--flash", flash, "--db", db).stdout.strip() == (
        "loaded 0 new lines (7 read, 0 skipped) into %s" % db
    )
    if not picoports.micropython_ports():
        out = run("pull", "--db", db)
        assert out.returncode == 2 and out.stderr.strip() == (
            "pull: no Pico found (USB id 2e8a:0005, MicroPython): plug one in or give --port, "
            "or --flash sim_flash for the simulator's flash folder"
        )


def test_a_long_history_comes_whole(tmp_path):
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    history = [
        line(seq, "round", "1-1", "igo", ender=0, penalties=[seq, 9], round_scores=[1, 0], totals=[seq, 0])
        for seq in range(1, 301)
    ]
    text = "\n".join(history) + "\n"
    assert len(text) > 5 * pull.READ_CHUNK  # several requests, the last one short
    (flash / "data" / "history.jsonl").write_text(text)
    with running(flash) as port:
        assert pull.fetch(port) == text.encode()
        (flash / "data" / "history.jsonl").unlink()
        assert pull.fetch(port) is None


def test_pull_from_a_device_that_does_not_answer(tmp_path):
    master, slave = os.openpty()  # a terminal with nothing behind it
    try:
        db = str(tmp_path / "h.sqlite")
        out = run("pull", "--port", os.ttyname(slave), "--db", db, timeout=60)
        assert out.returncode == 2 and out.stdout == ""
        assert out.stderr.strip() == ("pull: the device on %s does not answer (gave up after 12 s)" % os.ttyname(slave))
        assert not os.path.exists(db)
    finally:
        os.close(master)
        os.close(slave)


def with_ids(lines, device, history):
    out = []
    for text in lines:
        obj = json.loads(text)
        obj["device"], obj["history"] = device, history
        out.append(json.dumps(obj, sort_keys=True))
    return out


def test_several_devices_and_histories_share_one_database(tmp_path):
    db = str(tmp_path / "h.sqlite")
    files = []
    for device, history in (("aa01", "0001"), ("bb02", "0001"), ("aa01", "0002")):
        path = tmp_path / ("%s-%s.jsonl" % (device, history))
        path.write_text("\n".join(with_ids(igo_game(), device, history)) + "\n")
        files.append(str(path))
    for path in files + files:  # twice: the second time adds nothing
        assert run("pull", "--file", path, "--db", db).returncode == 0
    assert rows(db, "SELECT COUNT(*) FROM lines") == [(21,)]
    assert rows(db, "SELECT device, history, game, rounds FROM games ORDER BY device, history") == [
        ("aa01", "0001", "1-1", 4),
        ("aa01", "0002", "1-1", 4),
        ("bb02", "0001", "1-1", 4),
    ]
    assert rows(db, "SELECT COUNT(*) FROM rounds WHERE undone = 1") == [(3,)]
    out = run("report", "--db", db, "--out", str(tmp_path / "report"))
    assert out.returncode == 0, out.stderr
    page = (tmp_path / "report" / "index.html").read_text()
    assert "from 2 devices" in page and "device bb02, history 0001" in page


def test_a_database_from_before_the_ids_is_converted(tmp_path):
    db = str(tmp_path / "old.sqlite")
    conn = sqlite3.connect(db)
    conn.execute(
        "CREATE TABLE lines (boot INTEGER NOT NULL, seq INTEGER NOT NULL, game TEXT "
        "NOT NULL, event TEXT NOT NULL, rules TEXT, json TEXT NOT NULL, "
        "PRIMARY KEY (boot, seq))"
    )
    for text in igo_game()[:2]:
        o = json.loads(text)
        conn.execute(
            "INSERT INTO lines VALUES (?,?,?,?,?,?)", (o["boot"], o["seq"], o["game"], o["event"], o["rules"], text)
        )
    conn.commit()
    conn.close()
    path = tmp_path / "new.jsonl"
    path.write_text("\n".join(with_ids(igo_game(), "cc03", "0001")) + "\n")
    assert run("pull", "--file", str(path), "--db", db).returncode == 0
    assert rows(db, "SELECT device, COUNT(*) FROM lines GROUP BY device ORDER BY device") == [("", 2), ("cc03", 7)]


def test_absurd_numbers_and_uneven_rounds_are_skipped(tmp_path):
    db = str(tmp_path / "h.sqlite")
    history = tmp_path / "history.jsonl"
    good = igo_game()
    history.write_text(
        "\n".join(
            good
            + [
                line(10**30, "undo", "1-1", "igo", of=1),
                line(9, "round", "1-1", "igo", ender=0, penalties=[1, 2, 3], round_scores=[1, 0], totals=[4, 0]),
                line(10, "round", "1-1", "igo", ender=5, penalties=[1, 2], round_scores=[1, 0], totals=[4, 0]),
                line(11, "slap", "2-1", "corsica", order=[{"player": 0, "t_us": 10**40, "margin_us": 0}]),
            ]
        )
        + "\n"
    )
    out = run("pull", "--file", str(history), "--db", db)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.splitlines() == [
        "pull: history line 8: missing or bad 'seq' (set aside in table rejected)",
        "pull: history line 9: penalties, round_scores and totals differ in length (set aside in table rejected)",
        "pull: history line 10: 'ender' is not one of the players (set aside in table rejected)",
        "pull: history line 11: missing or bad 'order' (set aside in table rejected)",
    ]
    assert rows(db, "SELECT COUNT(*) FROM lines") == [(7,)]


def test_a_failed_load_leaves_no_database_behind(tmp_path):
    from host_tools import UserError
    from host_tools.history import pull

    db = str(tmp_path / "h.sqlite")
    bad = json.loads(igo_game()[0])
    bad["seq"] = 10**30  # past the checks: SQLite cannot hold it
    try:
        pull.load(db, [bad])
        assert False, "loaded"
    except UserError as e:
        assert "nothing changed" in str(e)
    assert not os.path.exists(db)
    pull.load(db, [json.loads(igo_game()[0])])
    try:
        pull.load(db, [json.loads(igo_game()[1]), bad])
        assert False, "loaded"
    except UserError:
        pass
    assert rows(db, "SELECT seq FROM lines") == [(1,)]  # as it was


def test_names_from_the_device_through_pull_into_sqlite_and_the_report(tmp_path):
    """A match played in the simulator with names from the roster (one outside ASCII),
    pulled into SQLite: a players table, games linked to it through seats, and a
    report that names the players, wins and totals across games."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "host"))
    from test_app_sim import Script, sim

    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "config.json").write_text('{"names": ["Zoë", "Ann", "Bob"]}', encoding="utf-8")
    s = Script()
    s.press("ok")  # I Go
    s.press("ok").press("down").press("ok")  # players 4 -> 3
    # The names wait in each seat's picker (New name, Edit P1, then the names).
    s.press("down", 3).press("ok").press("down", 2).press("ok")  # seat 1: Zoë
    s.press("ok").press("down", 3).press("ok")  # seat 2 (the setup went on to it): Ann (Zoë is seat 1's)
    s.press("ok").press("down", 4).press("ok")  # seat 3: Bob
    s.press("ok")  # Start (after the last seat): the device draws who starts
    s.t += 1500
    s.press("ok")  # its notice read
    for _ in range(4):
        s.round(0, [5, 10, 12])  # Zoë ends lowest every round: 4 points, the game
    s.press("back")  # game over: home
    s.press("down").press("down").press("ok")  # Corsari: the last group seated
    s.press("ok").press("down").press("ok")  # players 3 -> 2 (Zoë, Ann)
    s.press("up").press("ok")  # Start
    s.t += 1500
    s.press("ok").press("ok")  # the notices before the first deal (who deals: drawn)
    s.round(1, [15, 0])  # Ann ends and announces 0: Ann wins at once
    sim(tmp_path, s, flash)
    history = flash / "data" / "history.jsonl"
    with open(history, encoding="utf-8") as f:
        starts = [(o["rules"], o["first"], int(o["drawn"])) for o in map(json.loads, f) if o["event"] == "start"]
    db = str(tmp_path / "h.sqlite")
    out = run("pull", "--file", str(history), "--db", db)
    assert out.returncode == 0, out.stderr
    assert rows(db, "SELECT name, games, finished, wins FROM players ORDER BY name") == [
        ("Ann", 2, 2, 1),
        ("Bob", 1, 1, 0),
        ("Zoë", 2, 2, 1),
    ]
    assert rows(
        db,
        "SELECT games.rules, seats.seat, seats.name, seats.total, seats.won "
        "FROM seats JOIN games USING (device, history, game) "
        "JOIN players ON players.name = seats.name "
        "ORDER BY games.first_seq, seats.seat",
    ) == [
        ("igo", 0, "Zoë", 4, 1),
        ("igo", 1, "Ann", 0, 0),
        ("igo", 2, "Bob", 0, 0),
        ("corsari", 0, "Zoë", 15, 0),
        ("corsari", 1, "Ann", 0, 1),
    ]
    assert rows(db, "SELECT rules, first, drawn FROM games ORDER BY first_seq") == starts
    assert [rules for rules, _, drawn in starts] == ["igo", "corsari"] and all(drawn for *_, drawn in starts)
    out_dir = tmp_path / "report"
    out = run("report", "--db", db, "--out", str(out_dir))
    assert out.returncode == 0, out.stderr
    page = (out_dir / "index.html").read_text(encoding="utf-8")
    assert "<td>Zoë</td><td>2</td><td>2</td><td>1</td><td>50 %</td><td>4.0</td><td>15.0</td>" in page
    assert "Players: Zoë, Ann, Bob." in page and "Zoë total" in page
    assert "Winner: Zoë;" in page and "Winner: Ann;" in page


def test_a_bad_start_line_is_skipped_with_its_reason(tmp_path):
    history = [
        line(1, "start", "1-1", "igo", players=["Ann", "Ann"]),
        line(2, "start", "1-2", "igo", players=["Ann", "Bob"], first=2),
        line(3, "start", "1-3", "igo", players="Ann"),
        line(4, "start", "1-4", "igo", players=["Ann", "Zoë"], first=1, drawn=True),
    ]
    path = tmp_path / "history.jsonl"
    path.write_text("\n".join(history) + "\n", encoding="utf-8")
    db = str(tmp_path / "h.sqlite")
    out = run("pull", "--file", str(path), "--db", db)
    assert out.returncode == 2
    assert out.stderr.splitlines() == [
        "pull: history line 1: a player named twice (set aside in table rejected)",
        "pull: history line 2: 'first' is not one of the players (set aside in table rejected)",
        "pull: history line 3: missing or bad 'players' (set aside in table rejected)",
    ]
    assert rows(db, "SELECT game, players, first, drawn FROM games") == [("1-4", 2, 1, 1)]
    assert rows(db, "SELECT name, games, finished, wins FROM players ORDER BY name") == [
        ("Ann", 1, 0, 0),
        ("Zoë", 1, 0, 0),
    ]


def test_pull_checks_every_field_the_firmware_can_write():

    from host_tools.history import pull
    from table.storage import events

    docs = open(os.path.join(ROOT, "docs", "formats.md")).read()
    for event, fields in events.EVENTS.items():
        assert "`%s`" % event in docs
        for key in fields:
            assert events.FIELDS[key] in pull.KIND_OK
            assert "`%s`" % key in docs, key
    base = {
        "seq": 1,
        "boot": 1,
        "event": "slap",
        "game": "1-1",
        "rules": "corsica",
        "order": [{"player": 0, "margin_us": 0}],
        "winner": 0,
    }
    assert pull.check_line(base) is None
    for key, bad in (("reslap", "yes"), ("seed", 1.5), ("reason", 3), ("tie", [0, "1"])):
        assert pull.check_line(dict(base, **{key: bad})) == "bad %r" % key


NAMES = ["Zoë", "Łukasz", "Øyvind"]


def club_history():
    """Dated lines of one evening: an I Go game (a round undone), a Battle of Corsica
    deck game, a referee session, and an undated Corsari game from before the clock
    was set."""
    out, seq = [], [0]

    def add(event, game, rules, at, **fields):
        seq[0] += 1
        obj = dict(fields, seq=seq[0], boot=1, event=event, game=game, rules=rules, device="d1", history="h1")
        if at:
            obj["at"] = "2026-11-26T%s:00" % at
        out.append(json.dumps(obj, sort_keys=True, ensure_ascii=False))

    add("start", "c", "corsari", None, players=NAMES[:2], first=0, drawn=False, target=100)
    add("round", "c", "corsari", None, ender=1, penalties=[15, 0], round_scores=[15, 0], totals=[15, 0])
    add("game_over", "c", "corsari", None, totals=[15, 0], winners=[1])
    add("start", "i", "igo", "19:00", players=NAMES, first=1, drawn=True, target=4)
    totals = [0, 0, 0]
    for r in range(5):
        totals[r % 2] += 1
        scores = [int(p == r % 2) for p in range(3)]
        add(
            "round",
            "i",
            "igo",
            "19:%02d" % (5 * r + 5),
            ender=r % 2,
            penalties=[3, 4, 9],
            round_scores=scores,
            totals=list(totals),
        )
    add("undo", "i", "igo", "19:26", of=seq[0])
    for r in range(2):  # after the undo: [2, 2, 0]
        add(
            "round",
            "i",
            "igo",
            "19:%02d" % (30 + r),
            ender=0,
            penalties=[1, 5, 7],
            round_scores=[1, 0, 0],
            totals=[3 + r, 2, 0],
        )
    add("game_over", "i", "igo", "19:31", totals=[4, 2, 0], winners=[0])
    for game, mode, start in (("k", "deck", 20), ("r", "referee", 21)):
        add("start", game, "corsica", "%d:00" % start, players=NAMES, mode=mode)
        for i in range(9):
            taps = sorted(((p, (p * 7919 + i * 104729) % 9000) for p in range(3)), key=lambda t: t[1])
            order = [{"player": p, "t_us": t, "margin_us": t - taps[0][1]} for p, t in taps]
            add(
                "slap",
                game,
                "corsica",
                "%d:%02d" % (start, i + 1),
                order=order,
                winner=taps[0][0],
                tie=[],
                false=[2] if i % 4 == 0 else [],
            )
        if mode == "deck":
            add("game_over", game, "corsica", "%d:10" % start, totals=[30, 22, 0], winners=[0])
    return [json.loads(text) for text in out]


def test_the_report_by_game_and_by_player_draws_every_name(tmp_path):
    from host_tools.history import report

    db = str(tmp_path / "h.sqlite")
    pull.load(db, club_history())
    drawn = []
    real_save = report.save
    report.save = lambda fig, out_dir, name: drawn.append(fig) or real_save(fig, out_dir, name)
    try:
        games, problems = report.write_report(db, str(tmp_path / "report"))
    finally:
        report.save = real_save
    assert problems == []  # no glyph missing: Zoë, Łukasz, Øyvind drawn as written
    assert [(g.ord, g.game, g.session) for g in games] == [
        (1, "c", False),
        (2, "i", False),
        (3, "k", False),
        (4, "r", True),
    ]
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    from table import version  # the version that wrote it, at the foot

    assert page.rstrip().endswith(
        "<footer class=note>Written by the Table referee host tools %s\n(<code>python -m host_tools report</code>)."
        "</footer>\n</body></html>" % version.VERSION
    )
    # The games in order: date, length, players, winner; the undated one placed first.
    assert ">undated, before 2026-11-26 19:00<" in page
    assert (
        "<td>2026-11-26 19:00</td><td>31 min, 6 rounds</td><td>I Go</td><td>Zoë, Łukasz, Øyvind</td><td>Zoë</td>"
        in page
    )
    assert "<td>Battle of Corsica (deck)</td><td>Zoë, Łukasz, Øyvind</td><td>" in page
    # Players across games: the referee session is no game.
    assert "<td>Zoë</td><td>3</td><td>3</td><td>2</td><td>67 %</td><td>4.0</td><td>15.0</td>" in page
    assert "<td>Øyvind</td><td>2</td><td>2</td><td>0</td><td>0 %</td><td>0.0</td><td>—</td>" in page
    assert "3 games (3 finished), 1 referee session, from 1 device, 2026-11-26 (1 undated" in page
    # One count of games per player: the database's players table is the report's.
    assert rows(db, "SELECT name, games, finished, wins, sessions FROM players ORDER BY name") == [
        ("Zoë", 3, 3, 2, 1),
        ("Øyvind", 2, 2, 0, 1),
        ("Łukasz", 3, 3, 1, 1),
    ]
    assert "<th>referee sessions</th>" in page
    assert "<td>Zoë</td><td>3</td><td>3</td><td>2</td><td>67 %</td><td>4.0</td><td>15.0</td><td>1</td>" in page
    # Battle of Corsica by name (deck and referee alike): Øyvind's false taps.
    assert "<td>Øyvind</td><td>18</td>" in page and "<h3>Referee sessions</h3>" in page
    # Rounds by their number, the undone one unnumbered and struck through.
    assert '<tr class="undone"><td></td><td>19:25</td><td>Zoë</td>' in page
    assert "<tr><td>6</td><td>19:31</td><td>Zoë</td>" in page
    pngs = sorted(p for p in os.listdir(tmp_path / "report") if p.endswith(".png"))
    assert pngs == [
        "corsica_piles.png",
        "game1.png",
        "game2.png",
        "players.png",
        "reaction_times.png",
        "slap_margins.png",
    ]
    for fig in drawn:  # counts and points on whole numbers; round numbers, not seqs
        for ax in fig.axes:
            label = ax.get_xlabel() + ax.get_ylabel()
            for axis, name in ((ax.xaxis, ax.get_xlabel()), (ax.yaxis, ax.get_ylabel())):
                if name in ("games", "slaps", "round", "points", "total"):
                    ticks = [t for t in axis.get_ticklocs()]
                    assert ticks and all(t == int(t) for t in ticks), (label, ticks)
            texts = [t.get_text() for t in ax.get_yticklabels()] + ax.get_legend_handles_labels()[1]
            assert "Zoe" not in texts
    for fig in drawn:  # a legend of bars sits outside the axes: it covers none of them
        for legend in fig.legends + [ax.get_legend() for ax in fig.axes if ax.get_legend()]:
            box = legend.get_window_extent()
            for ax in fig.axes:
                for bar in ax.patches:
                    assert not box.overlaps(bar.get_window_extent()), ax.get_title()
    game2 = [fig for fig in drawn if "Game 2" in fig.axes[0].get_title()][0].axes[0]
    assert list(game2.lines[0].get_xdata()) == [0, 1, 2, 3, 4, 5, 6]  # 6 standing rounds
    assert game2.get_legend_handles_labels()[1] == NAMES


def test_a_margin_is_a_later_taps_and_the_counts_read_well(tmp_path):
    """Ann always tapped first: no margin of hers (—), not a median of 0.0; Bob's
    median is of his taps behind hers, a tie at 0 among them. One game: "1 game"."""
    order = [
        [(0, 0), (1, 4000)],
        [(0, 0), (1, 0)],  # a tie with the first: a margin of 0
        [(0, 0), (1, 9000)],
    ]
    lines = [{"event": "start", "game": "k", "rules": "corsica", "players": ["Ann", "Bob"], "mode": "deck"}]
    for taps in order:
        lines.append(
            {
                "event": "slap",
                "game": "k",
                "rules": "corsica",
                "order": [{"player": p, "t_us": 10 + m, "margin_us": m} for p, m in taps],
                "winner": 0,
                "tie": [],
                "false": [],
            }
        )
    lines.append({"event": "game_over", "game": "k", "rules": "corsica", "totals": [54, 0], "winners": [0]})
    for seq, obj in enumerate(lines, 1):
        obj.update(seq=seq, boot=1, device="d1", history="h1")
    db = str(tmp_path / "h.sqlite")
    pull.load(db, lines)
    out = run("report", "--db", db, "--out", tmp_path / "report")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "wrote %s: 1 game (1 finished)" % (tmp_path / "report" / "index.html")
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "<td>Ann</td><td>3</td><td>3</td><td>3</td><td>0</td><td>—</td>" in page
    assert "<td>Bob</td><td>3</td><td>0</td><td>0</td><td>0</td><td>4.0</td>" in page
    assert "1 game (1 finished), from 1 device" in page


def test_no_legend_covers_a_bar(tmp_path):
    """The longest bars at the bottom of players.png and corsica_piles.png (Bob sat in
    the most games and won none; Cy made the most false taps and won no pile), where
    the legend was drawn: it sits under the axes now, and the PNG shows Bob's bar's
    colour to its end."""
    from host_tools.history import report

    lines = []

    def add(**fields):
        lines.append(dict(fields, seq=len(lines) + 1, boot=1, device="d1", history="h1"))

    for n in range(6):
        players = ["Ann", "Bob"] if n == 0 else ["Bob", "Cy"]
        add(event="start", game="g%d" % n, rules="igo", players=players, first=0, target=4)
        add(event="game_over", game="g%d" % n, rules="igo", totals=[4, 0], winners=[0 if n == 0 else 1])
    add(event="start", game="k", rules="corsica", players=["Ann", "Bob", "Cy"], mode="deck")
    for i in range(8):
        order = [{"player": 0, "t_us": 1, "margin_us": 0}, {"player": 2, "t_us": 9, "margin_us": 8}]
        add(event="slap", game="k", rules="corsica", order=order, winner=0, tie=[], false=[2])
    db = str(tmp_path / "h.sqlite")
    pull.load(db, lines)
    drawn = {}
    real_save = report.save
    report.save = lambda fig, out_dir, name: drawn.update({name: fig}) or real_save(fig, out_dir, name)
    try:
        report.write_report(db, str(tmp_path / "report"))
    finally:
        report.save = real_save
    for name in ("players.png", "corsica_piles.png"):
        fig = drawn[name]
        ax = fig.axes[0]
        assert ax.get_yticklabels()[-1].get_text() in ("Bob", "Cy"), name  # the longest bar at the bottom
        legends = fig.legends + [ax.get_legend()] * (ax.get_legend() is not None)
        assert legends, name
        for legend in legends:
            for bar in ax.patches:
                assert not legend.get_window_extent().overlaps(bar.get_window_extent()), name
    fig = drawn["players.png"]
    bar = fig.axes[0].patches[0]  # the games bar of the bottom player, Bob: 6 games
    assert bar.get_width() == 6
    box = bar.get_window_extent()
    with Image.open(tmp_path / "report" / "players.png") as image:
        pixels = image.convert("RGB")
    y = pixels.size[1] - 1 - int((box.y0 + box.y1) / 2)
    want = (0xC9, 0xD6, 0xE8)
    assert pixels.getpixel((int(box.x1) - 3, y)) == want


def test_csv_files_read_back_with_the_names_as_written(tmp_path):
    import csv

    db = str(tmp_path / "h.sqlite")
    pull.load(db, club_history())
    out = run("report", "--db", db, "--csv", tmp_path / "csv")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "wrote %s" % ", ".join(
        str(tmp_path / "csv" / n) for n in ("games.csv", "rounds.csv", "slaps.csv")
    )

    def read(name):
        with open(tmp_path / "csv" / name, encoding="utf-8-sig", newline="") as f:
            return list(csv.DictReader(f))

    games = read("games.csv")
    assert [(g["game"], g["session"], g["date"], g["time"], g["rules"], g["mode"], g["winners"]) for g in games] == [
        ("1", "", "", "", "corsari", "", "Łukasz"),
        ("2", "", "2026-11-26", "19:00:00", "igo", "", "Zoë"),
        ("3", "", "2026-11-26", "20:00:00", "corsica", "deck", "Zoë"),
        ("", "1", "2026-11-26", "21:00:00", "corsica", "referee", ""),
    ]
    assert games[1]["players"] == "Zoë; Łukasz; Øyvind" and games[1]["totals"] == "4; 2; 0"
    assert games[1]["minutes"] == "31.0" and games[0]["undated_placed"] == "2026-11-26T19:00:00"
    rounds = [r for r in read("rounds.csv") if r["game"] == "2"]
    assert len(rounds) == 7 * 3 and [r["round"] for r in rounds[::3]] == ["1", "2", "3", "4", "", "5", "6"]
    assert [(r["player"], r["penalty"], r["total"]) for r in rounds[-3:]] == [
        ("Zoë", "1", "4"),
        ("Łukasz", "5", "2"),
        ("Øyvind", "7", "0"),
    ]
    slaps = read("slaps.csv")
    assert len(slaps) == 18 and {(s["game"], s["session"], s["mode"]) for s in slaps} == {
        ("3", "", "deck"),
        ("", "1", "referee"),
    }
    assert [s["slap"] for s in slaps[:9]] == [str(n) for n in range(1, 10)]
    assert slaps[0]["false_taps"] == "Øyvind" and slaps[0]["taps"].startswith(slaps[0]["winner"] + " 0.0; ")
    assert set(s["winner"] for s in slaps) <= set(NAMES)


def test_a_report_needs_out_or_csv(tmp_path):
    out = run("report", "--db", tmp_path / "h.sqlite")
    assert out.returncode == 2
    assert out.stderr.strip() == "report: give --out DIR (the HTML report), --csv DIR (the CSV files), or both"
    assert "python -m host_tools report --db history.sqlite --csv" in run("report", "--help").stdout


def edited_history():
    """The lines the device writes for an I Go match whose round 1 was corrected at
    round 5 (Bob's penalty 12, not 2), then its round 2 made void: logged by the
    firmware's own sheet."""
    from table.rules.scoresheet import Sheet

    out = [line(1, "start", "1-1", "igo", players=["Ann", "Bob", "Cy"], first=0, drawn=False, target=4)]

    def log(event, game, rules, fields):
        out.append(line(len(out) + 1, event, game, rules, **fields))
        return len(out)

    s = Sheet("igo", ["Ann", "Bob", "Cy"], game="1-1", log=log)
    s.add_round(0, [5, 2, 9])  # Bob at or below Ann: Bob 1
    s.add_round(0, [1, 8, 9])  # Ann 1
    s.add_round(0, [1, 8, 9])
    s.add_round(1, [9, 3, 7])  # Bob 1
    s.add_round(1, [9, 3, 7])
    assert s.totals() == [2, 3, 0]
    s.edit(0, {"ender": 0, "penalties": [5, 12, 9]})  # Ann lowest: Ann 1, not Bob
    s.edit(1, {"void": True, "taker": 2})
    assert s.totals() == [2, 2, 0] and not s.over
    s.add_round(0, [1, 8, 9])
    s.add_round(0, [1, 8, 9])  # Ann reaches 4
    assert s.over and s.winners == [0]
    return out


def test_pull_and_report_show_the_corrected_match(tmp_path):
    import csv

    history = tmp_path / "history.jsonl"
    history.write_text("\n".join(edited_history()) + "\n")
    db = str(tmp_path / "h.sqlite")
    out = run("pull", "--file", str(history), "--db", db)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert rows(db, "SELECT seq, ender, penalties, round_scores, totals, void, taker, undone, edited FROM rounds") == [
        (2, 0, "[5, 12, 9]", "[1, 0, 0]", "[1, 0, 0]", 0, None, 0, 7),
        (3, None, None, None, "[1, 0, 0]", 1, 2, 0, 8),
        (4, 0, "[1, 8, 9]", "[1, 0, 0]", "[2, 0, 0]", 0, None, 0, None),
        (5, 1, "[9, 3, 7]", "[0, 1, 0]", "[2, 1, 0]", 0, None, 0, None),
        (6, 1, "[9, 3, 7]", "[0, 1, 0]", "[2, 2, 0]", 0, None, 0, None),
        (9, 0, "[1, 8, 9]", "[1, 0, 0]", "[3, 2, 0]", 0, None, 0, None),
        (10, 0, "[1, 8, 9]", "[1, 0, 0]", "[4, 2, 0]", 0, None, 0, None),
    ]
    assert rows(db, "SELECT totals, winners, over, rounds FROM games") == [("[4, 2, 0]", "[0]", 1, 7)]
    assert rows(db, "SELECT name, total, won FROM seats ORDER BY seat") == [("Ann", 4, 1), ("Bob", 2, 0), ("Cy", 0, 0)]

    out = run("report", "--db", db, "--out", tmp_path / "report", "--csv", tmp_path / "csv")
    assert out.returncode == 0, out.stderr
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "Winner: Ann; totals: Ann 4, Bob 2, Cy 0." in page
    cells = [5, 12, 9, 1, 0, 0, 1, 0, 0, "edited"]  # round 1: penalties, scores, totals
    assert "<td>Ann</td>" + "".join("<td>%s</td>" % c for c in cells) in page
    assert "<td>void, Cy took, edited</td>" in page
    with open(tmp_path / "csv" / "rounds.csv", encoding="utf-8-sig", newline="") as f:
        seats = list(csv.DictReader(f))
    assert [(r["round"], r["player"], r["penalty"], r["total"], r["edited"]) for r in seats[:3]] == [
        ("1", "Ann", "5", "1", "1"),
        ("1", "Bob", "12", "0", "1"),
        ("1", "Cy", "9", "0", "1"),
    ]
    assert [r["total"] for r in seats[-3:]] == ["4", "2", "0"]


def test_a_bad_edit_line_is_skipped_with_its_reason():
    base = {"seq": 5, "boot": 1, "event": "edit", "game": "1-1", "rules": "igo", "of": 2, "number": 1}
    good = dict(base, ender=0, penalties=[1, 2], round_scores=[1, 0], totals=[1, 0], was={"void": True, "taker": 1})
    assert pull.check_line(good) is None
    assert pull.check_line(dict(base, void=True, taker=0)) is None
    for bad, problem in (
        (dict(good, of=None), "missing or bad 'of'"),
        (dict(good, ender=2), "'ender' is not one of the players"),
        (dict(good, round_scores=[1]), "penalties and round_scores differ in length"),
        (dict(good, was={"ender": "Ann"}), "bad 'was'"),
        (dict(good, was={"colour": 1}), "bad 'was'"),
        (dict(good, number="1"), "bad 'number'"),
    ):
        assert pull.check_line(bad) == problem, bad


def slip_history():
    """One evening's slips: a 4-player I Go match deleted at round 4; a match deleted
    and restored; a Corsari match finished, then deleted to tidy the list; a deck game
    left before its end."""
    four = ["Ann", "Bob", "Cy", "Dan"]
    out = []

    def add(event, game, rules, **fields):
        out.append(json.loads(line(len(out) + 1, event, game, rules, device="d", history="h", **fields)))

    add("start", "1-1", "igo", players=four, first=0, drawn=False, target=4)
    for r in range(3):
        add("round", "1-1", "igo", ender=0, penalties=[1, 5, 7, 9], round_scores=[1, 0, 0, 0], totals=[r + 1, 0, 0, 0])
    add("delete", "1-1", "igo")
    add("start", "1-6", "igo", players=["Ann", "Bob"], first=0, drawn=False, target=4)
    add("round", "1-6", "igo", ender=1, penalties=[9, 1], round_scores=[0, 1], totals=[0, 1])
    add("delete", "1-6", "igo")
    add("restore", "1-6", "igo")
    add("start", "1-10", "corsari", players=["Ann", "Eve"], first=0, drawn=False, target=100)
    add("round", "1-10", "corsari", ender=0, penalties=[0, 120], round_scores=[0, 120], totals=[0, 120])
    add("game_over", "1-10", "corsari", totals=[0, 120], winners=[0])
    add("delete", "1-10", "corsari")
    add("start", "1-14", "corsica", players=["Ann", "Bob", "Cy"], mode="deck")
    add("slap", "1-14", "corsica", order=[{"player": 2, "t_us": 5, "margin_us": 0}], winner=2, tie=[], false=[])
    return out


def test_a_deleted_match_counts_nowhere_an_abandoned_deck_game_counts_unfinished(tmp_path):
    from host_tools.history import report

    db = str(tmp_path / "h.sqlite")
    assert pull.load(db, slip_history()) == (15, [])  # loaded, no conflicts
    # Ann sat in four games that count: 1-6 (restored: not over), 1-10 (finished and
    # won, then deleted: still finished), 1-14 (abandoned); 1-1 was deleted at round 4.
    assert rows(db, "SELECT name, games, finished, wins, sessions FROM players ORDER BY name") == [
        ("Ann", 3, 1, 1, 0),
        ("Bob", 2, 0, 0, 0),
        ("Cy", 1, 0, 0, 0),
        ("Dan", 0, 0, 0, 0),
        ("Eve", 1, 1, 0, 0),
    ]
    games, problems = report.write_report(db, str(tmp_path / "report"), str(tmp_path / "csv"))
    assert problems == []
    assert [(g.game, g.status) for g in games] == [
        ("1-1", "deleted"),
        ("1-6", "not over"),
        ("1-10", "finished"),
        ("1-14", "abandoned"),
    ]
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    # The summary counts the games the Games table lists (numbered 1-4), each by its status.
    assert (
        "4 games (1 finished, 1 not over, 1 abandoned, 1 deleted before the end: in no player&#x27;s numbers), "
        "from 1 device (4 undated" in page
    )
    assert '<a href="#game4">4</a>' in page and '<a href="#game5">' not in page
    assert "<td>Ann</td><td>3</td><td>1</td><td>1</td><td>100 %</td>" in page
    assert "<td>Dan</td>" not in page  # in no game that counts
    assert "<td>Ann, Bob, Cy, Dan</td><td>deleted</td>" in page
    assert "<td>Ann, Bob, Cy</td><td>abandoned</td>" in page
    assert "Deleted on the device before its end: not counted in the players&#x27; numbers" in page
    assert "Abandoned: the deck game never reached its end" in page
    with open(tmp_path / "csv" / "games.csv", encoding="utf-8-sig", newline="") as f:
        import csv

        got = [(g["device_game"], g["finished"], g["status"]) for g in csv.DictReader(f)]
    assert got == [
        ("1-1", "0", "deleted"),
        ("1-6", "0", "not over"),
        ("1-10", "1", "finished"),
        ("1-14", "0", "abandoned"),
    ]


def test_players_on_one_line_in_a_games_chart_all_stay_visible(tmp_path):
    """Three players at 0 all game long, a fourth scoring: the chart names all four,
    and each of the three's colours shows on the shared line (drawn side by side)."""
    from host_tools.history import report

    names = ["Zoë", "Łukasz", "Øyvind", "Dan"]
    lines = [{"event": "start", "game": "t", "rules": "igo", "players": names, "first": 0, "target": 4}]
    for r in range(4):
        totals = [0, 0, 0, r + 1]
        lines.append(
            dict(event="round", game="t", rules="igo", ender=3, penalties=[9, 9, 9, 1], round_scores=[0, 0, 0, 1])
        )
        lines[-1]["totals"] = totals
    lines.append({"event": "game_over", "game": "t", "rules": "igo", "totals": [0, 0, 0, 4], "winners": [3]})
    for seq, obj in enumerate(lines, 1):
        obj.update(seq=seq, boot=1, device="d1", history="h1")
    db = str(tmp_path / "h.sqlite")
    pull.load(db, lines)
    drawn = []
    real_save = report.save
    report.save = lambda fig, out_dir, name: drawn.append((fig, name)) or real_save(fig, out_dir, name)
    try:
        report.write_report(db, str(tmp_path / "report"))
    finally:
        report.save = real_save
    fig = [fig for fig, name in drawn if name == "game1.png"][0]
    ax = fig.axes[0]
    assert ax.get_legend_handles_labels()[1] == names
    assert len({line.get_marker() for line in ax.lines}) == 4  # a shape each
    # The PNG: every tied player's colour on the line at 0 (the legend left out).
    palette = report.colours(names)
    with Image.open(tmp_path / "report" / "game1.png") as image:
        pixels = image.convert("RGB")
    height = pixels.size[1]
    legend = ax.get_legend().get_window_extent()
    x0, zero = ax.transData.transform((1, 0))
    x1, _ = ax.transData.transform((4, 0))
    for name in names[:3]:
        want = tuple(round(255 * c) for c in palette[name][:3])
        seen = 0
        for x in range(int(x0), int(x1)):
            for y in range(int(zero) - 15, int(zero) + 16):
                if legend.contains(x, y):
                    continue
                got = pixels.getpixel((x, height - 1 - y))
                seen += sum(abs(a - b) for a, b in zip(got, want)) < 60
        assert seen > 100, (name, seen)


def history_of(device, history, players, ender):
    """A short I Go game as a device with these ids writes it."""
    g = "1-1"
    ids = {"device": device, "history": history}
    return [
        line(1, "start", g, "igo", players=players, first=0, **ids),
        line(
            2,
            "round",
            g,
            "igo",
            ender=ender,
            penalties=[2, 9],
            round_scores=[1 - ender, ender],
            totals=[1 - ender, ender],
            **ids,
        ),
        line(3, "game_over", g, "igo", totals=[1 - ender, ender], winners=[ender], **ids),
    ]


def test_a_key_pulled_again_with_other_content_is_kept_apart_and_named(tmp_path):
    # Two devices that (wrongly) share their ids: neither's lines are lost.
    db = str(tmp_path / "h.sqlite")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    one.write_text("\n".join(history_of("aa01", "0001", ["Ann", "Bob"], 0)) + "\n")
    two.write_text("\n".join(history_of("aa01", "0001", ["Cy", "Dee"], 1)) + "\n")
    assert run("pull", "--file", one, "--db", db).returncode == 0
    out = run("pull", "--file", two, "--db", db)
    assert out.returncode == 2
    assert out.stderr.splitlines() == [
        "pull: history line %d: device 'aa01' history '0001' seq %d (%s of game 1-1) is already in the database "
        "with other content (%s): this line is set aside in table conflicts" % case
        for case in (
            (1, 1, "start", """'players' there ["Ann", "Bob"], here ["Cy", "Dee"]"""),
            (2, 2, "round", "'ender' there 0, here 1"),
            (3, 3, "game_over", "'totals' there [1, 0], here [0, 1]"),
        )
    ]
    assert "loaded 0 new lines (3 read, 0 skipped)" in out.stdout
    assert rows(db, "SELECT seq, source, line FROM conflicts ORDER BY seq") == [(n, str(two), n) for n in (1, 2, 3)]
    kept = [json.loads(text) for (text,) in rows(db, "SELECT json FROM conflicts ORDER BY seq")]
    assert [json.dumps(o, sort_keys=True) for o in kept] == two.read_text().splitlines()
    assert rows(db, "SELECT json FROM lines ORDER BY seq") == [(text,) for text in one.read_text().splitlines()]
    assert run("pull", "--file", two, "--db", db).returncode == 2  # said again, kept once
    assert rows(db, "SELECT COUNT(*) FROM conflicts") == [(3,)]
    assert run("pull", "--file", one, "--db", db).returncode == 0  # the same content: a duplicate

    # Both in one file: the second is named with the line of the first.
    both = tmp_path / "both.jsonl"
    both.write_text(one.read_text() + two.read_text().splitlines()[0] + "\n")
    out = run("pull", "--file", both, "--db", str(tmp_path / "fresh.sqlite"))
    assert out.returncode == 2
    assert out.stderr.startswith(
        "pull: history line 4: device 'aa01' history '0001' seq 1 (start of game 1-1) is already on line 1 "
    )


def test_only_the_last_line_can_be_torn_by_a_power_cut(tmp_path):
    history = igo_game()
    path = tmp_path / "history.jsonl"
    db = str(tmp_path / "h.sqlite")
    path.write_bytes(("\n".join(history[:-1]) + "\n" + history[-1][:25]).encode())  # no newline: cut there
    out = run("pull", "--file", path, "--db", db)
    assert (
        out.returncode == 0
        and out.stderr == "pull: history line 7: torn by a power cut while it was written (skipped)\n"
    )
    assert rows(db, "SELECT COUNT(*) FROM rejected") == [(0,)]  # the device keeps it (data/history.torn)
    cut = history[:3] + [history[3][:25]] + history[4:]  # the same cut, lines before the end
    path.write_text("\n".join(cut) + "\n")
    out = run("pull", "--file", path, "--db", db)
    assert out.returncode == 2
    assert (
        out.stderr
        == "pull: history line 4: damaged: cut short in the middle of the file (set aside in table rejected)\n"
    )
    assert rows(db, "SELECT line, problem, text FROM rejected") == [
        (4, "damaged: cut short in the middle of the file", history[3][:25])
    ]


def test_each_deck_game_says_how_it_ended_left_resumed_or_cut(tmp_path):
    """Deck games kept as saved matches (#45): one left and kept (left after it was
    resumed once), one resumed and won, one cut by the power, one deleted from
    Continue; the games table, the page and games.csv say how each ended."""
    from host_tools.history import report

    out = []

    def add(event, game, **fields):
        out.append(json.loads(line(len(out) + 1, event, game, "corsica", device="d", history="h", **fields)))

    slap = {"order": [{"player": 0, "t_us": 5, "margin_us": 0}], "winner": 0, "tie": [], "false": []}
    add("start", "1-1", players=["Ann", "Bob"], mode="deck")
    add("slap", "1-1", **slap)
    add("leave", "1-1", totals=[30, 24])
    add("resume", "1-1", totals=[30, 24])
    add("trick", "1-1", winner=1, cards=6, totals=[26, 28])
    add("leave", "1-1", totals=[26, 28])
    add("start", "1-7", players=["Ann", "Cy"], mode="deck")
    add("leave", "1-7", totals=[27, 27])
    add("resume", "1-7", totals=[27, 27])
    add("game_over", "1-7", totals=[0, 54], winners=[1])
    add("start", "1-11", players=["Bob", "Cy"], mode="deck")
    add("slap", "1-11", **slap)
    add("start", "1-13", players=["Cy", "Dan"], mode="deck")
    add("leave", "1-13", totals=[27, 27])
    add("delete", "1-13")
    db = str(tmp_path / "h.sqlite")
    assert pull.load(db, out) == (len(out), [])
    games, problems = report.write_report(db, str(tmp_path / "report"), str(tmp_path / "csv"))
    assert problems == []
    assert [(g.game, g.status, g.resumed) for g in games] == [
        ("1-1", "left", 1),
        ("1-7", "finished", 1),
        ("1-11", "abandoned", 0),
        ("1-13", "deleted", 0),
    ]
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "Left unfinished: kept in Continue on the device (resumed from Continue once)" in page
    assert "Winner: Cy (resumed from Continue once)" in page
    assert "Abandoned: the deck game never reached its end; totals" in page
    assert "<td>Ann, Bob</td><td>left</td>" in page
    with open(tmp_path / "csv" / "games.csv", encoding="utf-8-sig", newline="") as f:
        import csv

        got = [(g["device_game"], g["status"]) for g in csv.DictReader(f)]
    assert got == [("1-1", "left"), ("1-7", "finished"), ("1-11", "abandoned"), ("1-13", "deleted")]
