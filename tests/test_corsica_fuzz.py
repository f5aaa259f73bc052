"""Random virtual-deck games (#28, "No silent crash"): tests/corsica_rig.py's DeckFuzz
deals seeded games of 2 to 6 players and presses as a table does (several players
within a few ms or in one snapshot, right at the slap window's edges, while a won
pile waits to be taken, long holds, contacts shorter than the IRQ latency); after
every action the game is still on the screen, every card is in play and nobody who
is out has tapped. The bench runs many more (tests/host/test_bench.py)."""

import gc

gc.collect()  # the unix port compiles these from source: the app first, on a clean heap
from table import app  # noqa: E402,F401

gc.collect()
from corsica_rig import DeckFuzz  # noqa: E402

GAMES = 10  # two per player count
ACTIONS = 400

KINDS = (
    "play",
    "press",
    "within ms",
    "one snapshot",
    "window edge",
    "played after the window",
    "tapped inside the window",
    "pile waiting",
    "long hold",
    "short contact",
    "long wait",
    "leave: no",
    "dealt again",
)


def play(first_seed, games, actions):
    """games seeded fuzz games from first_seed (players 2, 3, .. 6 in turn); what was
    done, summed."""
    kinds = {}
    for i in range(games):
        fuzz = DeckFuzz(first_seed + i, 2 + i % 5)
        try:
            fuzz.run(actions)
        finally:
            fuzz.close()
        for kind in fuzz.kinds:
            kinds[kind] = kinds.get(kind, 0) + fuzz.kinds[kind]
        kinds["results"] = kinds.get("results", 0) + fuzz.results
        fuzz = None
        gc.collect()
    return kinds


def test_random_deck_games_of_2_to_6_players_never_crash():
    kinds = play(1, GAMES, ACTIONS)
    assert kinds["results"] > GAMES
    for kind in KINDS:
        assert kinds.get(kind), (kind, kinds)
