"""Simulated Battle of Corsica games with random tappers (pure logic, both runtimes).

After each action, a slappable pile is slapped with probability SLAP_PERCENT by a
random player still in the game (players out of cards included: that is how they
tap back in); a pile that is not slappable gets a false tap with probability
FALSE_TAP_PERCENT. A game that reaches the turn cap (cards turned) is stopped and
reported as capped.
"""

from .corsica import Game, check_variants
from .rng import Rng

SLAP_PERCENT = 80
FALSE_TAP_PERCENT = 2
TURN_CAP = 5000


def random_tapper(game, rng):
    """A random player who is not eliminated (there always is one)."""
    while True:
        p = rng.below(game.players)
        if not game.eliminated(p):
            return p


def play_game(
    game, rng, turn_cap=TURN_CAP, slap_percent=SLAP_PERCENT, false_tap_percent=FALSE_TAP_PERCENT, after_action=None
):
    """Play `game` until it is over or `turn_cap` cards were turned.

    Returns a dict: turns, slaps, false_taps (mistakes included), mistakes,
    capped (bool). after_action(game, event), if given, is called after each action.
    """
    turns = slaps = false_taps = mistakes = 0
    while not game.over and turns < turn_cap:
        event = game.play_card()
        if event[0] != "trick":
            turns += 1
        if after_action is not None:
            after_action(game, event)
        if game.over:
            break
        if game.slappable():
            if rng.below(100) >= slap_percent:
                continue
        elif rng.below(100) >= false_tap_percent:
            continue
        event = game.slap(random_tapper(game, rng))
        if event[0] == "slap":
            slaps += 1
        else:
            false_taps += 1
            if event[0] != "false":
                mistakes += 1
        if after_action is not None:
            after_action(game, event)
    return {"turns": turns, "slaps": slaps, "false_taps": false_taps, "mistakes": mistakes, "capped": not game.over}


def simulate(
    players, games, seed, variants=(), turn_cap=TURN_CAP, slap_percent=SLAP_PERCENT, false_tap_percent=FALSE_TAP_PERCENT
):
    """Play `games` seeded games; returns totals (integers only).

    Keys: games, players, wins (per player, capped games excluded), capped,
    turns_total, turns_max, slaps, false_taps, mistakes, eliminated (players).
    """
    variants = check_variants(variants)
    if games < 1:
        raise ValueError("games must be at least 1, not %r" % (games,))
    if turn_cap < 1:
        raise ValueError("turn cap must be at least 1, not %r" % (turn_cap,))
    rng = Rng(seed)
    out = {
        "games": games,
        "players": players,
        "wins": [0] * players,
        "capped": 0,
        "turns_total": 0,
        "turns_max": 0,
        "slaps": 0,
        "false_taps": 0,
        "mistakes": 0,
        "eliminated": 0,
    }
    for _ in range(games):
        game = Game(players, variants, seed=rng.next32())
        r = play_game(game, rng, turn_cap, slap_percent, false_tap_percent)
        if r["capped"]:
            out["capped"] += 1
        else:
            out["wins"][game.winner] += 1
        out["turns_total"] += r["turns"]
        out["turns_max"] = max(out["turns_max"], r["turns"])
        for key in ("slaps", "false_taps", "mistakes"):
            out[key] += r[key]
        out["eliminated"] += sum(1 for p in range(players) if game.eliminated(p))
    return out
