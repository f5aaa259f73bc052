"""Property tests over simulated games: the invariants hold after every action,
every game ends or is reported capped, and results are the same on every runtime."""

from raising import value_error

from table.rules.corsica import Game
from table.rules.corsica_sim import play_game, simulate
from table.rules.rng import Rng

ALL_VARIANTS = ("sandwich", "sequence", "sum10")
EVENTS = ("turn", "draw", "trick", "slap", "false", "mistake", "eliminated", "ignored")


def check_invariants(game, event):
    assert event[0] in EVENTS
    held = [c for h in game.hands for c in h]
    assert sorted(held + game.pile) == list(range(54))  # cards conserved
    assert game.card_count() == game.total == 54
    assert 0 <= game.under <= len(game.pile)
    for p in range(game.players):
        assert 0 <= game.mistakes[p] <= 3
        if game.eliminated(p):
            assert game.hands[p] == []
    if game.over:
        assert len(game.hands[game.winner]) == 54 and game.pile == []
        return
    holders = [p for p in range(game.players) if game.hands[p]]
    if game.trick_winner is not None:
        assert game.turn == game.trick_winner and game.demand == 0
        assert game.pile
    elif game.demand:
        assert 1 <= game.demand <= 5 and game.honour_by is not None
        assert not game.eliminated(game.turn)
        # The player to move holds cards, or can draw from someone who does.
        assert game.hands[game.turn] or [p for p in holders if p != game.turn]
    else:
        assert game.honour_by is None and game.hands[game.turn]


def test_invariants_hold_after_every_action():
    rng = Rng(11)
    played = 0
    for players in (2, 3, 4, 5, 6):
        for variants in ((), ALL_VARIANTS):
            for _ in range(4):
                game = Game(players, variants, seed=rng.next32())
                # Many false taps, so players run out, draw, make mistakes.
                result = play_game(game, rng, turn_cap=1500, false_tap_percent=15, after_action=check_invariants)
                assert result["capped"] == (not game.over)
                assert result["turns"] <= 1500
                played += 1
    assert played == 40


def test_out_of_cards_paths_are_exercised():
    # The random tappers reach the rare rules too (draws, mistakes, eliminations).
    seen = {}

    def count(game, event):
        seen[event[0]] = seen.get(event[0], 0) + 1

    rng = Rng(5)
    for _ in range(6):
        play_game(Game(5, seed=rng.next32()), rng, turn_cap=3000, false_tap_percent=15, after_action=count)
    for name in ("turn", "draw", "trick", "slap", "false", "mistake", "eliminated"):
        assert seen.get(name, 0) > 0, name


def test_every_game_ends_or_is_reported_capped():
    r = simulate(4, 12, seed=3, variants=ALL_VARIANTS, turn_cap=40)
    assert r["capped"] + sum(r["wins"]) == 12
    assert r["capped"] > 0 and r["turns_max"] <= 40
    r = simulate(3, 12, seed=3)
    assert r["capped"] + sum(r["wins"]) == 12 and r["capped"] == 0


def test_same_seed_same_game():
    def events(seed):
        log = []
        play_game(Game(4, ("sum10",), seed=seed), Rng(seed), turn_cap=2000, after_action=lambda g, e: log.append(e))
        return log

    assert events(9) == events(9)
    assert events(9) != events(10)


def test_simulation_is_the_same_on_every_runtime():
    # Fixed expectations: these numbers must come out on CPython and MicroPython.
    r = simulate(4, 3, seed=7, variants=("sandwich",))
    assert sorted(r.items()) == sorted(EXPECTED_4_3_7.items()), r


EXPECTED_4_3_7 = {
    "games": 3,
    "players": 4,
    "wins": [1, 1, 1, 0],
    "capped": 0,
    "turns_total": 5064,
    "turns_max": 2152,
    "slaps": 337,
    "false_taps": 102,
    "mistakes": 20,
    "eliminated": 3,
}


def reference_play(game, rng, turn_cap, slap_percent, false_tap_percent):
    """play_game as corsica_sim's docstring words it, written again for the test:
    after each card a slappable pile is slapped with probability slap_percent, any
    other pile tapped with false_tap_percent, by a random player not eliminated."""
    counts = {"turns": 0, "slaps": 0, "false_taps": 0, "mistakes": 0}
    events = []
    while not game.over and counts["turns"] < turn_cap:
        event = game.play_card()
        events.append(event)
        counts["turns"] += event[0] != "trick"
        if game.over:
            break
        percent = slap_percent if game.slappable() else false_tap_percent
        if not rng.below(100) < percent:
            continue
        tapper = rng.below(game.players)
        while game.eliminated(tapper):
            tapper = rng.below(game.players)
        event = game.slap(tapper)
        events.append(event)
        kind = event[0]
        counts["slaps"] += kind == "slap"
        counts["false_taps"] += kind != "slap"
        counts["mistakes"] += kind in ("mistake", "eliminated", "ignored")
    counts["capped"] = not game.over
    return counts, events


def test_play_game_against_a_reference_driver():
    for seed, players, slap, false in ((1, 2, 80, 2), (2, 5, 50, 30), (3, 3, 100, 0), (4, 4, 0, 0)):
        log = []
        got = play_game(Game(players, seed=seed), Rng(seed), 600, slap, false, after_action=lambda g, e: log.append(e))
        want, events = reference_play(Game(players, seed=seed), Rng(seed), 600, slap, false)
        assert got == want and log == events, (seed, got, want)
        if slap == 0:
            assert got["slaps"] == 0
        if false == 0:
            assert got["false_taps"] == got["mistakes"] == 0


def test_simulate_sums_its_games():
    r = simulate(3, 4, seed=21, turn_cap=300)
    rng = Rng(21)
    wins, capped, turns, longest, slaps, eliminated = [0, 0, 0], 0, 0, 0, 0, 0
    for _ in range(4):
        game = Game(3, seed=rng.next32())
        counts, _ = reference_play(game, rng, 300, 80, 2)
        if counts["capped"]:
            capped += 1
        else:
            wins[game.winner] += 1
        turns += counts["turns"]
        longest = max(longest, counts["turns"])
        slaps += counts["slaps"]
        eliminated += len([p for p in range(3) if game.eliminated(p)])
    assert (
        r["wins"],
        r["capped"],
        r["turns_total"],
        r["turns_max"],
        r["slaps"],
        r["eliminated"],
        r["games"],
        r["players"],
    ) == (wins, capped, turns, longest, slaps, eliminated, 4, 3)


def test_a_turn_cap_of_one_card():
    r = play_game(Game(2, seed=5), Rng(5), turn_cap=1, slap_percent=0, false_tap_percent=0)
    assert r == {"turns": 1, "slaps": 0, "false_taps": 0, "mistakes": 0, "capped": True}


def test_simulate_checks_its_counts_and_passes_its_percentages():
    for kwargs, text in (
        ({"games": 0}, "games must be at least 1, not 0"),
        ({"games": 1, "turn_cap": 0}, "turn cap must be at least 1, not 0"),
    ):
        assert value_error(lambda: simulate(2, seed=1, **kwargs)) == text
    r = simulate(2, 1, seed=4, turn_cap=1, slap_percent=0, false_tap_percent=0)
    assert (r["games"], r["turns_total"], r["turns_max"], r["capped"]) == (1, 1, 1, 1)
    r = simulate(3, 2, seed=4, turn_cap=400, slap_percent=0, false_tap_percent=0)
    assert r["slaps"] == r["false_taps"] == r["mistakes"] == 0
    r = simulate(3, 2, seed=4, turn_cap=400, slap_percent=0, false_tap_percent=100)
    assert r["slaps"] == 0 and r["false_taps"] > 0
