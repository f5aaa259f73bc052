import json

from raising import value_error

from table.rules.igo_scoring import default_target
from table.rules.scoresheet import Sheet
from table.storage.jsonfmt import dumps

NAMES3 = ["Ann", "Bob", "Cy"]


class Recorder:
    """Stands in for History.log: keeps (seq, event, game, rules, fields)."""

    def __init__(self):
        self.lines = []

    def __call__(self, event, game, rules, fields):
        self.lines.append((len(self.lines) + 1, event, game, rules, fields))
        return len(self.lines)

    def events(self):
        return [(line[0], line[1]) for line in self.lines]


def to_json(sheet):
    return dumps(sheet.to_obj())  # as the app saves it in state.json


def from_json(text):
    return Sheet.from_obj(json.loads(text))


def igo_to_four():
    s = Sheet("igo", NAMES3)
    s.add_round(0, [3, 10, 12])  # Ann lowest: 1 point
    s.add_round(0, [8, 5, 8])  # Bob and Cy <= Ann: 1 each
    s.add_round(1, [9, 2, 7])
    s.add_round(0, [10, 4, 6])
    s.add_round(2, [5, 9, 1])
    return s


def test_igo_game_to_four_points_with_a_shared_win():
    s = igo_to_four()
    assert s.target == 4
    assert [r["totals"] for r in s.rounds] == [[1, 0, 0], [1, 1, 1], [1, 2, 1], [1, 3, 2], [1, 3, 3]]
    assert [r["round_scores"] for r in s.rounds][:2] == [[1, 0, 0], [0, 1, 1]]
    # The ender of a scored round starts the next one.
    assert [r["starter"] for r in s.rounds] == [0, 0, 0, 1, 0]
    assert s.next_starter() == 2 and s.dealer() == 2
    assert not s.over and s.winners == []
    s.add_round(0, [7, 3, 5])  # Bob and Cy both reach 4
    assert s.totals() == [1, 4, 4]
    assert s.over and s.winners == [1, 2]
    assert value_error(s.add_round, 0, [1, 2, 3]).startswith("the game is over")
    assert value_error(s.add_void, 0).startswith("the game is over")


def test_perfect_igo_wins_at_once():
    s = Sheet("igo", NAMES3)
    s.add_round(0, [4, 9, 9])
    s.add_round(1, [6, 0, 5])
    assert s.over and s.winners == [1] and s.totals() == [1, 1, 0]
    # Perfect even when the ender is not strictly lowest (another 0): the ender wins.
    s = Sheet("igo", ["Ann", "Bob"])
    s.add_round(0, [0, 0])
    assert s.over and s.winners == [0] and s.totals() == [0, 1]


def test_void_rounds_and_who_starts_next_in_igo():
    s = Sheet("igo", NAMES3, first=2)
    assert s.next_starter() == 2
    s.add_void(1)  # Bob took the last display card: he starts next
    assert s.next_starter() == 1 and s.totals() == [0, 0, 0]
    assert s.rounds[0] == {"void": True, "taker": 1, "starter": 2, "dealer": 2, "totals": [0, 0, 0]}
    s.add_round(0, [2, 5, 6])
    assert s.next_starter() == 0 and s.rounds[1]["starter"] == 1
    s.add_void(2)
    assert s.next_starter() == 2 and s.totals() == [1, 0, 0]
    assert "taker" in value_error(s.add_void)
    assert "taker" in value_error(s.add_void, 3)


def test_corsari_game_to_the_target_with_the_deal_passing():
    s = Sheet("corsari", NAMES3)
    assert s.target == 100 and default_target("corsari", 4) == 120
    assert default_target("corsari", 2) == 100 and default_target("igo", 5) == 4
    assert (s.dealer(), s.next_starter()) == (0, 1)
    s.add_round(1, [20, 5, 30])  # ender lowest: 0, the others their scores
    assert s.totals() == [20, 0, 30] and (s.dealer(), s.next_starter()) == (1, 2)
    s.add_round(2, [10, 25, 15])  # Ann skunks: -10; Cy 10 + 15 + 10
    assert s.rounds[1]["round_scores"] == [-10, 25, 35]
    assert s.totals() == [10, 25, 65] and (s.dealer(), s.next_starter()) == (2, 0)
    s.add_void()  # the deal passes after a void round too
    assert s.totals() == [10, 25, 65] and (s.dealer(), s.next_starter()) == (0, 1)
    s.add_round(0, [12, 40, 35])
    assert s.totals() == [10, 65, 100] and not s.over  # 100 does not exceed 100
    s.add_round(1, [30, 5, 20])
    assert s.totals() == [40, 65, 120]
    assert s.over and s.winners == [0]
    assert [(r["dealer"], r["starter"]) for r in s.rounds] == [(0, 1), (1, 2), (2, 0), (0, 1), (1, 2)]


def test_corsari_lowest_totals_share_the_win():
    s = Sheet("corsari", NAMES3, target=50)
    s.add_round(0, [10, 20, 30])
    s.add_round(1, [20, 5, 25])
    assert s.totals() == [20, 20, 55] and s.over and s.winners == [0, 1]


def test_corsari_zero_rules():
    s = Sheet("corsari", NAMES3)
    s.add_round(2, [7, 9, 0])  # the ender's zero wins at once
    assert s.over and s.winners == [2]
    s = Sheet("corsari", NAMES3)
    s.add_round(1, [0, 6, 9])  # one non-ender zero
    assert s.over and s.winners == [0]
    s = Sheet("corsari", NAMES3)
    s.add_round(0, [3, 4, 5])
    assert "youngest_first" in value_error(s.add_round, 0, [5, 0, 0])
    assert len(s.rounds) == 1 and not s.over  # nothing changed
    s.set_youngest_first([2, 0, 1])
    s.add_round(0, [5, 0, 0])  # Cy is younger than Bob
    assert s.over and s.winners == [2]
    assert "youngest_first" in value_error(s.set_youngest_first, [0, 1])
    assert "youngest_first" in value_error(s.set_youngest_first, ["a", 1, 2])


def test_undo_and_redo_the_last_round():
    s = igo_to_four()
    s.add_round(0, [7, 3, 5])
    assert s.over
    s.undo()
    assert s.totals() == [1, 3, 3] and not s.over and s.winners == []
    assert s.next_starter() == 2 and len(s.rounds) == 5 and s.can_redo()
    s.redo()
    assert s.totals() == [1, 4, 4] and s.over and s.winners == [1, 2]
    assert not s.can_redo()
    assert value_error(s.redo) == "nothing to redo"


def test_undo_of_an_earlier_round_recomputes_totals_and_starters():
    s = Sheet("igo", NAMES3)
    s.add_round(0, [3, 10, 12])
    s.add_void(2)
    s.add_round(1, [9, 2, 7])
    assert [r["starter"] for r in s.rounds] == [0, 0, 2]
    s.undo(1)  # the void round
    assert [r["starter"] for r in s.rounds] == [0, 0] and s.totals() == [1, 1, 0]
    s.undo(0)
    assert [r["starter"] for r in s.rounds] == [0] and s.totals() == [0, 1, 0]
    s.redo()  # the most recently undone comes back at its place
    assert s.rounds[0]["ender"] == 0 and s.totals() == [1, 1, 0]
    s.redo()
    assert [r.get("void", False) for r in s.rounds] == [False, True, False]
    assert [r["starter"] for r in s.rounds] == [0, 0, 2]
    assert "out of range" in value_error(s.undo, 3)
    assert value_error(Sheet("igo", NAMES3).undo) == "no round to undo"


def test_corsari_undo_moves_the_dealer_back():
    s = Sheet("corsari", ["Ann", "Bob"], first=1)
    s.add_round(0, [5, 9])
    s.add_void()
    assert s.dealer() == 1
    s.undo(0)
    assert s.dealer() == 0 and s.rounds[0]["void"] and s.rounds[0]["dealer"] == 1


def test_a_new_round_clears_redo():
    s = Sheet("igo", NAMES3)
    s.add_round(0, [3, 10, 12])
    s.add_round(1, [9, 2, 7])
    s.undo(0)
    s.add_round(2, [9, 8, 1])
    assert not s.can_redo()
    assert value_error(s.redo) == "nothing to redo"
    assert [r["ender"] for r in s.rounds] == [1, 2] and s.totals() == [0, 1, 1]


def test_undo_of_an_earlier_round_may_not_end_the_game_before_later_rounds():
    s = Sheet("corsari", ["Ann", "Bob"])
    s.add_round(1, [3, 3])  # Ann skunks: [-10, 16]
    s.add_round(1, [101, 5])  # [91, 16]
    s.add_round(0, [2, 8])  # [91, 24]
    # Without round 1, Ann would pass 100 in round 2 and round 3 could not follow.
    assert "game ends at round 1, before round 2" in value_error(s.undo, 0)
    assert len(s.rounds) == 3 and s.totals() == [91, 24] and not s.can_redo()


def test_changing_the_target_recomputes_the_end():
    log = Recorder()
    s = Sheet("igo", NAMES3, log=log)
    s.add_round(0, [3, 10, 12])
    s.add_round(0, [8, 5, 8])
    s.add_round(1, [9, 2, 7])
    assert s.totals() == [1, 2, 1]
    s.set_target(2)
    assert s.over and s.winners == [1]
    s.set_target(None)
    assert s.target == 4 and not s.over
    assert log.events()[3:] == [(4, "game_over"), (5, "undo")]
    assert log.lines[4][4] == {"of": 4}
    assert "before round 2" in value_error(s.set_target, 1)  # Ann had 1 point after round 1
    assert s.target == 4 and not s.over
    assert "target" in value_error(s.set_target, 0)


def test_history_events_with_undo_and_redo():
    log = Recorder()
    s = Sheet("corsari", ["Ann", "Bob"], target=30, game="g1", log=log)
    s.add_round(0, [4, 9])
    s.add_void()
    s.add_round(1, [30, 3])  # Ann 30 > 30? no: totals [30, 9]
    assert not s.over
    s.add_round(1, [8, 6])  # [38, 9]: over, Bob wins
    assert s.over and s.winners == [1]
    s.undo()
    s.redo()
    assert log.events() == [
        (1, "round"),
        (2, "round"),
        (3, "round"),
        (4, "round"),
        (5, "game_over"),
        (6, "undo"),
        (7, "undo"),
        (8, "round"),
        (9, "game_over"),
    ]
    fields = [line[4] for line in log.lines]
    assert all(line[2] == "g1" and line[3] == "corsari" for line in log.lines)
    assert fields[0] == {"ender": 0, "penalties": [4, 9], "round_scores": [0, 9], "totals": [0, 9]}
    assert fields[1] == {"void": True, "totals": [0, 9]}
    assert fields[4] == {"totals": [38, 9], "winners": [1]}
    assert fields[5] == {"of": 4} and fields[6] == {"of": 5}
    assert fields[7] == fields[3]  # the redone round is logged again
    s.undo(0)  # an earlier round: the standing game_over changes too
    assert [line[4] for line in log.lines[9:]] == [{"of": 1}, {"of": 9}, {"totals": [38, 0], "winners": [1]}]


def test_json_round_trip_after_undo_and_redo():
    s = Sheet("corsari", ["Zoé", "Bob", "Cy"], youngest_first=[1, 2, 0], first=2, game=17)
    s.add_round(0, [10, 20, 30])
    s.add_void(1)
    s.add_round(2, [5, 9, 4])
    s.add_round(1, [9, 8, 11])
    s.undo(1)
    s.undo()
    s.redo()
    text = to_json(s)
    assert text.startswith('{"actions":[{"ender":0,"penalties":[10,20,30],"seq":null},')
    t = from_json(text)
    assert to_json(t) == text
    assert t.rounds == s.rounds and t.totals() == s.totals()
    assert (t.dealer(), t.next_starter(), t.over, t.winners) == (s.dealer(), s.next_starter(), s.over, s.winners)
    assert t.names == ["Zoé", "Bob", "Cy"] and t.game == 17 and t.target == 100
    t.redo()  # the redo stack survives
    s.redo()
    assert t.rounds == s.rounds


def test_changed_from_its_saved_state_by_every_change_and_none_else():
    s = Sheet("igo", NAMES3, game=5)
    assert s.changed  # never saved
    s.changed = False  # as matches.save_match does
    s.totals(), s.dealer(), s.to_obj()
    assert not s.changed
    for change in (lambda: s.add_round(0, [3, 5, 9]), s.undo, s.redo, lambda: s.add_void(1), lambda: s.set_target(9)):
        s.changed = False
        change()
        assert s.changed
    s.changed = False
    assert "target" in value_error(s.set_target, 0) and not s.changed  # refused: nothing changed
    t = from_json(to_json(s))
    assert not t.changed  # as its file holds it


def test_corrupt_json_raises_one_line_value_error():
    s = Sheet("igo", NAMES3)
    s.add_round(0, [3, 10, 12])
    s.add_round(1, [9, 2, 7])
    good = to_json(s)
    bad = [  # text that is not JSON at all: store_load.load reports it (test_store)
        "[]",
        good.replace('"v":1', '"v":9'),
        good.replace('"rules":"igo"', '"rules":"poker"'),
        good.replace('[3,10,12]', '[3,10]'),
        good.replace('[3,10,12]', '"3,10,12"'),
        good.replace('[3,10,12]', '[3,-1,12]'),
        good.replace('"ender":1', '"ender":5'),
        good.replace('"undone":[]', '"undone":[2]'),
        good.replace('"undone":[]', '"undone":[0,0]'),
        good.replace('"target":4', '"target":"4"'),
        good.replace('"target":4', '"target":1'),  # round 2 would follow the end
        good.replace('"youngest_first":null', '"youngest_first":[0,[1],2]'),
        good.replace('"names":["Ann","Bob","Cy"]', '"names":["Ann","Ann","Cy"]'),
        good.replace('"over_seq":null', '"over_seq":"x"'),
        good.replace(',"seq":null', "", 1).replace('"actions":[', '"actions":[7,'),
        good.replace('"game":null,', ""),
    ]
    for text in bad:
        assert text != good
        assert value_error(from_json, text).startswith("sheet corrupt: "), text


def test_bad_input_is_refused():
    assert "players" in value_error(Sheet, "igo", ["A"])
    assert "players" in value_error(Sheet, "igo", ["A", "B", "C", "D", "E", "F", "G"])
    Sheet("corsari", ["A", "B", "C", "D", "E", "F", "G"])
    assert "rules" in value_error(Sheet, "rummy", NAMES3)
    assert "name" in value_error(Sheet, "igo", ["A", ""])
    s = Sheet("igo", NAMES3)
    assert "penalties" in value_error(s.add_round, 0, [1, 2])
    assert "ender" in value_error(s.add_round, 3, [1, 2, 3])
    assert "penalty" in value_error(s.add_round, 0, [1, 2, 3.5])
    assert s.rounds == []


def test_rounds_kept_as_entered_equal_a_full_replay():
    """Random matches of adds, voids, undos and redos (seeded): after every change the
    sheet equals one rebuilt from its JSON (every round recomputed from the log)."""
    from table.rules.rng import Rng

    rng = Rng(7)
    for match in range(40):
        rules = "igo" if match % 2 else "corsari"
        n = 2 + rng.below(4)
        sheet = Sheet(rules, ["P%d" % i for i in range(n)], None, list(range(n)))
        for _ in range(25):
            op = rng.below(10)
            try:
                if op < 6:
                    sheet.add_round(rng.below(n), [rng.below(30) for _ in range(n)])
                elif op == 6:
                    sheet.add_void(rng.below(n))
                elif op < 9 and sheet.rounds:
                    sheet.undo(rng.below(len(sheet.rounds)))
                elif sheet.can_redo():
                    sheet.redo()
            except ValueError:
                pass  # the game is over, or a redo/undo the end forbids: nothing changed
            again = Sheet.from_obj(sheet.to_obj())
            assert (again.rounds, again.over, again.winners) == (sheet.rounds, sheet.over, sheet.winners), (
                match,
                sheet.to_obj(),
            )


def test_error_texts_in_full():
    s = Sheet("igo", NAMES3)
    s.add_round(0, [3, 10, 12])
    s.add_round(1, [9, 2, 7])
    good = json.loads(to_json(s))

    def corrupt(**changes):
        obj = dict(good)
        obj.update(changes)
        return value_error(Sheet.from_obj, obj)

    cases = [
        (value_error(Sheet, "poker", NAMES3), "rules must be 'igo' or 'corsari', not 'poker'"),
        (value_error(Sheet, "igo", "Ann"), "names must be a list"),
        (value_error(Sheet, "igo", ["A"]), "igo needs 2-6 players, got 1"),
        (value_error(Sheet, "corsari", ["A"] * 8), "corsari needs 2-7 players, got 8"),
        (value_error(Sheet, "igo", ["A", ""]), "player name '' is not a non-empty string"),
        (value_error(Sheet, "igo", ["A", "A"]), "player names must differ"),
        (value_error(Sheet, "igo", NAMES3, 0), "target 0 is not a positive integer"),
        (value_error(Sheet, "igo", NAMES3, None, [0, 1]), "youngest_first [0, 1] is not an order of players 0-2"),
        (value_error(Sheet, "igo", NAMES3, None, None, 3), "first player 3 out of range 0-2"),
        (value_error(Sheet, "igo", NAMES3, None, None, 0, 1.5), "game id 1.5 is not an int or a string"),
        (value_error(s.add_void), "a void I Go round needs the taker of the last display card"),
        (value_error(s.add_void, 3), "taker 3 out of range 0-2"),
        (value_error(s.add_round, 3, [1, 2, 3]), "ender 3 out of range 0-2"),
        (value_error(s.add_round, 0, [1, 2]), "penalties [1, 2]: need one per player (3)"),
        (value_error(s.undo, 2), "round index 2 out of range 0-1"),
        (value_error(s.redo), "nothing to redo"),
        (value_error(Sheet("igo", NAMES3).undo), "no round to undo"),
        (value_error(Sheet.from_obj, []), "sheet corrupt: not a JSON object"),
        (corrupt(v=9), "sheet corrupt: unknown version 9"),
        (corrupt(actions={}), "sheet corrupt: actions and undone must be lists"),
        (corrupt(undone=7), "sheet corrupt: actions and undone must be lists"),
        (corrupt(undone=[5]), "sheet corrupt: bad undone index 5"),
        (corrupt(actions=[7]), "sheet corrupt: round 7 is not an object"),
        (corrupt(actions=[{"void": True, "taker": 0, "seq": "x"}]), "sheet corrupt: seq 'x' is not an integer"),
        (corrupt(target=1), "sheet corrupt: the game ends at round 1, before round 2"),
    ]
    for got, want in cases:
        assert got == want, (got, want)
    obj = dict(good)
    del obj["v"]
    assert value_error(Sheet.from_obj, obj) == "sheet corrupt: unknown version None"
    del obj["rules"]
    obj["v"] = 1
    assert value_error(Sheet.from_obj, obj) == "sheet corrupt: 'rules' missing"
    for _ in range(3):
        s.add_round(0, [1, 5, 5])
    assert s.over
    assert value_error(s.add_round, 0, [1, 5, 5]) == "the game is over (undo a round to continue)"


def test_an_empty_sheet():
    s = Sheet("corsari", NAMES3, first=1)
    assert s.totals() == [0, 0, 0] and s.rounds == [] and not s.over
    assert (s.dealer(), s.next_starter()) == (1, 2)


def test_a_rebuilt_sheet_logs_and_undoes_its_stored_seqs():
    log = Recorder()
    s = Sheet("igo", NAMES3, log=log)
    s.add_round(0, [3, 10, 12])
    s.add_void(2)
    assert log.lines[1][4] == {"void": True, "taker": 2, "totals": [1, 0, 0]}
    log2 = Recorder()
    t = Sheet.from_obj(json.loads(to_json(s)), log2)
    t.undo()
    t.undo()
    t.add_round(1, [9, 2, 7])
    assert [(line[1], line[4]) for line in log2.lines] == [
        ("undo", {"of": 2}),
        ("undo", {"of": 1}),
        ("round", {"ender": 1, "penalties": [9, 2, 7], "round_scores": [0, 1, 0], "totals": [0, 1, 0]}),
    ]


def test_a_change_that_keeps_the_result_logs_no_new_game_over():
    log = Recorder()
    s = Sheet("igo", NAMES3, log=log)
    s.add_void(1)
    for _ in range(4):
        s.add_round(1, [10, 1, 10])  # Bob lowest as the ender: 1 point a round
    assert s.over and s.winners == [1]
    n = len(log.lines)
    s.set_target(4)  # the same target: nothing changes
    assert s.over and s.winners == [1] and len(log.lines) == n
    s.undo(0)  # the void round: starters change, the result does not
    assert [(line[1], line[4]) for line in log.lines[n:]] == [("undo", {"of": 1})]
    s.redo()
    assert [line[1] for line in log.lines[n + 1 :]] == ["round"]


def reference_rounds(rules, n, target, first, entries):
    """(rounds as (starter, dealer, totals), over, winners) of the active entries, from
    docs/rules.md: the running totals, who deals and starts, when the game ends; None
    if a round follows the end of the game."""
    from table.rules.igo_scoring import score_round

    totals = [0] * n
    out = []
    over, winners = False, []
    starter = first
    for k, e in enumerate(entries):
        if over:
            return None
        if rules == "corsari":
            dealer = (first + k) % n
            starter = (dealer + 1) % n
        else:
            dealer = starter
        at_once = []
        if e[0] == "void":
            nxt = e[1]
        else:
            scores, at_once = score_round(rules, e[1], e[2], list(range(n)))  # ages: 0 youngest
            totals = [t + s for t, s in zip(totals, scores)]
            nxt = e[1]
        out.append((starter, dealer, list(totals)))
        if rules == "igo":
            starter = nxt
        if at_once:
            over, winners = True, at_once
        elif rules == "igo":
            winners = [i for i in range(n) if totals[i] >= target]
            over = bool(winners)
        elif max(totals) > target:
            over, winners = True, [i for i in range(n) if totals[i] == min(totals)]
    return out, over, winners


def test_random_matches_against_a_reference_of_the_rules():
    """Adds, voids, undos and redos (seeded) on a model of the action log; after every
    step the sheet's rounds, totals, seats and end equal the reference's."""
    from table.rules.rng import Rng

    rng = Rng(8)
    for match in range(16):
        rules = "igo" if match % 2 else "corsari"
        n = 2 + rng.below(3)
        first = rng.below(n)
        target = 3 if rules == "igo" else 60
        sheet = Sheet(rules, ["P%d" % i for i in range(n)], target, list(range(n)), first)
        log, undone = [], []  # the model: entries in order, the undone ones (a stack)
        for _ in range(20):
            active = [e for e in log if e not in undone]
            op = rng.below(10)
            if op < 6:
                pens = [rng.below(25) for _ in range(n)]
                entry = (len(log), "round", rng.below(n), pens)
                new_log, new_undone = active + [entry], []
                do = lambda e=entry: sheet.add_round(e[2], e[3])
            elif op == 6:
                entry = (len(log), "void", rng.below(n))
                new_log, new_undone = active + [entry], []
                do = lambda e=entry: sheet.add_void(e[2])
            elif op < 9 and active:
                i = rng.below(len(active))
                new_log, new_undone = log, undone + [active[i]]
                do = lambda i=i: sheet.undo(i)
            elif undone:
                new_log, new_undone = log, undone[:-1]
                do = sheet.redo
            else:
                continue
            entries = [e[1:] for e in new_log if e not in new_undone]
            want = reference_rounds(rules, n, target, first, entries)
            if want is None or (op < 7 and sheet.over):
                before = sheet.to_obj()
                assert value_error(do)
                assert sheet.to_obj() == before  # refused: nothing changed
                continue
            do()
            log, undone = new_log, new_undone
            rounds, over, winners = want
            assert [(r["starter"], r["dealer"], r["totals"]) for r in sheet.rounds] == rounds
            assert (sheet.over, sheet.winners) == (over, winners), (match, entries)
            assert sheet.totals() == (rounds[-1][2] if rounds else [0] * n)


# --- fixing a past round -------------------------------------------------------------


def test_edit_a_past_round_in_place():
    log = Recorder()
    s = Sheet("igo", NAMES3, game="g", log=log)
    s.add_round(0, [3, 10, 12])  # Ann 1
    s.add_round(0, [8, 5, 8])  # Bob and Cy 1
    s.add_void(2)
    s.add_round(2, [9, 2, 1])  # Cy 1
    assert s.totals() == [1, 1, 2] and s.next_starter() == 2
    n = len(log.lines)
    s.edit(0, {"ender": 1, "penalties": [3, 10, 12]})  # Bob ended, not Ann: Ann scores
    assert s.totals() == [1, 1, 2] and len(s.rounds) == 4
    assert s.rounds[0]["ender"] == 1 and s.rounds[1]["starter"] == 1
    assert log.lines[n][1:4] == ("edit", "g", "igo")
    assert log.lines[n][4] == {
        "of": 1,
        "number": 1,
        "ender": 1,
        "penalties": [3, 10, 12],
        "round_scores": [1, 0, 0],
        "totals": [1, 1, 2],
        "was": {"ender": 0, "penalties": [3, 10, 12], "round_scores": [1, 0, 0]},
    }
    s.edit(1, {"void": True, "taker": 0})  # a scored round made void: Ann starts round 3
    assert s.totals() == [1, 0, 1] and s.rounds[2]["starter"] == 0
    assert log.lines[-1][4] == {
        "of": 2,
        "number": 2,
        "void": True,
        "taker": 0,
        "totals": [1, 0, 1],
        "was": {"ender": 0, "penalties": [8, 5, 8], "round_scores": [0, 1, 1]},
    }
    s.edit(2, {"ender": 0, "penalties": [0, 5, 5]})  # the void round scored: a perfect I Go
    assert s.over and s.winners == [0] and len(s.rounds) == 3  # round 4 taken back
    assert [line[1] for line in log.lines[-3:]] == ["edit", "undo", "game_over"]
    assert log.lines[-2][4] == {"of": 4} and log.lines[-1][4] == {"totals": [2, 0, 0], "winners": [0]}
    assert log.lines[-3][4]["was"] == {"void": True, "taker": 2}
    assert s.can_redo() and value_error(s.redo).startswith("the game ends at round 3")
    s.edit(2, {"void": True, "taker": 2})  # fixed back: the game goes on, round 4 can come back
    assert not s.over and len(s.rounds) == 3
    assert [line[1] for line in log.lines[-2:]] == ["edit", "undo"]  # the game over taken back
    s.redo()
    assert s.totals() == [1, 0, 1] and len(s.rounds) == 4 and not s.can_redo()
    assert log.lines[-1][1] == "round" and s.rounds[3]["ender"] == 2


def test_edit_refuses_what_it_cannot_do_and_changes_nothing():
    s = igo_to_four()
    before = to_json(s)
    assert value_error(s.edit, 5, {"ender": 0, "penalties": [1, 2, 3]}) == "round index 5 out of range 0-4"
    assert value_error(s.edit, 0, {"ender": 0, "penalties": [3, 10, 12]}) == "round 1 is unchanged"
    assert value_error(s.edit, 0, {"ender": 3, "penalties": [3, 10, 12]}) == "ender 3 out of range 0-2"
    assert value_error(s.edit, 0, {"void": True}) == "a void I Go round needs the taker of the last display card"
    assert value_error(s.edit, 0, [1]) == "change [1] is not an object"
    assert to_json(s) == before
    c = Sheet("corsari", ["Ann", "Bob"])
    c.add_round(0, [5, 9])
    c.edit(0, {"void": True, "taker": None})  # Corsari: nobody took the last tavern card
    assert c.rounds[0]["void"] and c.totals() == [0, 0]


def test_edit_that_no_longer_ends_the_game_or_ends_it_earlier():
    s = Sheet("corsari", ["Ann", "Bob"], target=30)
    s.add_round(1, [20, 3])  # [20, 0]
    s.add_round(1, [8, 6])  # [28, 0]
    s.add_round(0, [5, 9])  # [28, 9]
    s.add_round(0, [5, 2])  # Bob skunks: [45, -1], over: Bob wins
    assert s.over and s.winners == [1]
    rounds, over, winners, cut = s.edit_result(3, {"ender": 0, "penalties": [1, 2]})
    assert (over, winners, cut, rounds[-1]["totals"]) == (False, [], 0, [28, 11])
    assert s.over and len(s.rounds) == 4  # only a question
    s.edit(3, {"ender": 0, "penalties": [1, 2]})
    assert not s.over and s.totals() == [28, 11]
    # Round 1 was 40, not 20: Ann passed 30 in round 1, the game ended there.
    rounds, over, winners, cut = s.edit_result(0, {"ender": 1, "penalties": [40, 3]})
    assert (len(rounds), over, winners, cut) == (1, True, [1], 3)
    s.edit(0, {"ender": 1, "penalties": [40, 3]})
    assert s.over and s.winners == [1] and s.totals() == [40, 0] and len(s.rounds) == 1
    t = from_json(to_json(s))
    assert t.rounds == s.rounds and t.over and t.winners == [1]


def edited_reference(sheet, rules, n, target, first, entries):
    """A new sheet with the entries added one by one until the game ends (the rounds
    after its end left out), from scratch."""
    ref = Sheet(rules, ["P%d" % i for i in range(n)], target, list(range(n)), first)
    for e in entries:
        if ref.over:
            break
        if e[0] == "void":
            ref.add_void(e[1])
        else:
            ref.add_round(e[1], e[2])
    return ref


def test_random_edits_equal_the_match_entered_anew():
    """Random matches, then random edits of random rounds (seeded): after each edit the
    sheet equals a new sheet with the corrected rounds entered from scratch; the log
    replays to the same sheet from JSON; edit_result foretold it."""
    from table.rules.rng import Rng

    rng = Rng(29)
    for match in range(24):
        rules = "igo" if match % 2 else "corsari"
        n = 2 + rng.below(4)
        first = rng.below(n)
        target = 4 if rules == "igo" else 80
        sheet = Sheet(rules, ["P%d" % i for i in range(n)], target, list(range(n)), first, log=Recorder())
        entries = []
        while not sheet.over and len(entries) < 8:
            if rng.below(6) == 0:
                e = ("void", rng.below(n))
                sheet.add_void(e[1])
            else:
                e = ("round", rng.below(n), [rng.below(30) for _ in range(n)])
                sheet.add_round(e[1], e[2])
            entries.append(e)
        for _ in range(6):
            k = rng.below(len(sheet.rounds))
            if rng.below(4) == 0:
                e = ("void", rng.below(n))
                change = {"void": True, "taker": e[1]}
            else:
                pens = list(entries[k][2]) if entries[k][0] == "round" else [rng.below(30) for _ in range(n)]
                pens[rng.below(n)] = rng.below(3) * rng.below(30)  # zeros too: games that end at once
                e = ("round", rng.below(n) if rng.below(3) == 0 else k % n, pens)
                change = {"ender": e[1], "penalties": e[2]}
            if e == entries[k]:
                assert value_error(sheet.edit, k, change) == "round %d is unchanged" % (k + 1)
                continue
            foretold = sheet.edit_result(k, change)
            sheet.edit(k, change)
            entries[k] = e
            ref = edited_reference(sheet, rules, n, target, first, entries)
            entries = entries[: len(ref.rounds)]
            assert sheet.rounds == ref.rounds, (match, entries)
            assert (sheet.over, sheet.winners, sheet.totals()) == (ref.over, ref.winners, ref.totals())
            assert (sheet.dealer(), sheet.next_starter()) == (ref.dealer(), ref.next_starter())
            assert foretold[:3] == (sheet.rounds, sheet.over, sheet.winners)
            t = from_json(to_json(sheet))
            assert t.rounds == sheet.rounds and (t.over, t.winners) == (sheet.over, sheet.winners)
