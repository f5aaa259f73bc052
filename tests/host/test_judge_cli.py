"""`python -m host_tools corsica judge TRACE.json`: docs/formats.md "Tap trace" in and out;
bad input exits 2 with one line on standard error and nothing on standard output."""

import json

import host_cli

WRAP = 1 << 30
KEYS = ["false_taps", "order", "reason", "slappable", "tie", "winner"]


def run(*args, stdin=None):
    return host_cli.run("corsica", "judge", *args, stdin=stdin)


def run_trace(data):
    return run("-", stdin=data if isinstance(data, str) else json.dumps(data))


def ok(r):
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    out = json.loads(r.stdout)
    assert r.stdout.strip() == json.dumps(out, sort_keys=True)
    assert sorted(out) == KEYS
    return out


def bad(data):
    r = run_trace(data)
    assert r.returncode == 2, (data, r.stdout, r.stderr)
    assert r.stdout == ""
    assert r.stderr.strip() and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr
    return r.stderr.strip()


def order(out):
    return [(o["player"], o["t_us"], o["margin_us"]) for o in out["order"]]


def test_good_trace_from_a_file(tmp_path):
    trace = {
        "players": 3,
        "pile": ["5H", "KS", "KD"],
        "taps": [
            {"player": 2, "t_us": 4000},
            {"player": 0, "t_us": 1000},
            {"player": 1, "t_us": 9000},
            {"player": 0, "t_us": 1200},
        ],
    }
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(trace))
    out = ok(run(str(path)))
    assert out == {
        "slappable": True,
        "reason": "double",
        "winner": 0,
        "tie": [],
        "order": [
            {"player": 0, "t_us": 1000, "margin_us": 0},
            {"player": 2, "t_us": 4000, "margin_us": 3000},
            {"player": 1, "t_us": 9000, "margin_us": 8000},
        ],
        "false_taps": [],
    }


def test_edges_with_bounce_and_a_held_button():
    edges = [
        # player 1 presses at 2000 with bounce, releases with chatter
        (1, 2000, 0),
        (1, 2040, 1),
        (1, 2090, 0),
        (1, 2300, 1),
        (1, 2310, 0),
        (1, 90000, 1),
        (1, 90500, 0),
        (1, 91000, 1),
        # player 0 was held: a chattering release, then a real press
        (0, 1000, 1),
        (0, 1200, 0),
        (0, 1500, 1),
        (0, 30000, 0),
        (0, 30100, 1),
        (0, 30200, 0),
        # player 2 presses later, bouncing
        (2, 3200, 0),
        (2, 3250, 1),
        (2, 3300, 0),
    ]
    trace = {
        "players": 3,
        "pile": ["3C", "7D", "3S"],
        "variants": ["sandwich"],
        "edges": [{"player": p, "t_us": t, "level": v} for p, t, v in edges],
        "held": [0],
    }
    out = ok(run_trace(trace))
    assert out["slappable"] and out["reason"] == "sandwich"
    assert out["winner"] == 1 and out["tie"] == []
    assert order(out) == [(1, 2000, 0), (2, 3200, 1200), (0, 30000, 28000)]
    # Without `held`, player 0's chatter is the first press.
    trace.pop("held")
    assert ok(run_trace(trace))["winner"] == 0


def test_random_tie_break_is_the_seeded_draw_and_reslap_has_no_winner():
    trace = {
        "players": 4,
        "pile": ["9H", "9C"],
        "seed": 11,
        "tie_window_us": 500,
        "taps": [{"player": 3, "t_us": 100}, {"player": 1, "t_us": 400}, {"player": 0, "t_us": 600}],
    }
    out = ok(run_trace(trace))
    assert out["tie"] == [3, 1]
    assert out["winner"] in (1, 3)
    assert ok(run_trace(trace)) == out
    winners = set()
    for seed in range(12):
        trace["seed"] = seed
        winners.add(ok(run_trace(trace))["winner"])
    assert winners == {1, 3}
    trace["tie_break"] = "reslap"
    out = ok(run_trace(trace))
    assert out["winner"] is None and out["tie"] == [3, 1]


def test_false_taps_on_a_pile_that_is_not_slappable():
    trace = {"players": 3, "pile": ["4H", "6S"], "taps": [{"player": 2, "t_us": 10}, {"player": 0, "t_us": 20}]}
    out = ok(run_trace(trace))
    assert out["slappable"] is False and out["reason"] is None
    assert out["winner"] is None and out["tie"] == [] and out["false_taps"] == [0, 2]
    trace["variants"] = ["sum10"]
    out = ok(run_trace(trace))
    assert out["reason"] == "sum10" and out["winner"] == 2 and out["false_taps"] == []


def test_timestamps_across_the_tick_wrap():
    trace = {
        "players": 2,
        "pile": ["X", "X2"],
        "tie_window_us": 100,
        "taps": [{"player": 0, "t_us": 50}, {"player": 1, "t_us": WRAP - 50}],
    }
    out = ok(run_trace(trace))
    assert out["winner"] == 1
    assert order(out) == [(1, WRAP - 50, 0), (0, 50, 100)]


def test_bad_input_exits_2_with_one_line():
    good = {"players": 2, "pile": ["KS", "KD"], "taps": [{"player": 0, "t_us": 5}]}

    def variant(**changes):
        d = dict(good)
        d.update(changes)
        return d

    assert "JSON" in bad("{not json")
    assert bad("[1, 2]")
    assert "ZZ" in bad(variant(pile=["KS", "ZZ"]))
    assert bad(variant(pile=["KS", 12]))
    assert bad(variant(pile=["KS", "KS"]))
    assert bad(variant(pile="KS KD"))
    assert "player" in bad(variant(taps=[{"player": 2, "t_us": 5}]))
    assert bad(variant(taps=[{"player": -1, "t_us": 5}]))
    assert "t_us" in bad(variant(taps=[{"player": 0, "t_us": 5.5}]))
    assert bad(variant(taps=[{"player": 0, "t_us": "5"}]))
    assert bad(variant(taps=[{"player": 0, "t_us": True}]))
    assert bad(variant(taps=[{"player": 0, "t_us": WRAP}]))
    assert bad(variant(taps=[{"player": 0}]))
    assert bad(variant(taps=[[0, 5]]))
    assert bad(variant(taps={"player": 0, "t_us": 5}))
    assert bad(variant(edges=[{"player": 0, "t_us": 5, "level": 0}]))  # taps and edges
    assert bad({"players": 2, "pile": ["KS", "KD"]})  # neither
    assert bad(variant(held=[0]))  # held without edges
    edges = {"players": 2, "pile": ["KS"], "edges": [{"player": 0, "t_us": 5, "level": 2}]}
    assert "level" in bad(edges)
    edges["edges"][0]["level"] = 0
    edges["held"] = [3]
    assert bad(edges)
    assert bad(variant(players=1))
    assert bad(variant(players="2"))
    assert bad({"pile": [], "taps": []})
    assert "variant" in bad(variant(variants=["triple"]))
    assert bad(variant(tie_break="coin"))
    assert bad(variant(tie_window_us=0))
    assert bad(variant(seed=-1))
    assert "colour" in bad(variant(colour=1))


def test_missing_file_exits_2():
    r = run("/nonexistent/trace.json")
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1
