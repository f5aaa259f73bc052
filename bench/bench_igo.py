"""I Go / Corsari scoring speed on CPython and the MicroPython unix port.

    python bench/bench_igo.py [RUNS]     .venv/bin/micropython bench/bench_igo.py [RUNS]

igo_round_us: a 4-player igo round scored from hands (the ender's series chosen,
every arrangement built); target <= 2000 us median on the MicroPython unix port.
corsari_ender_choice_us: the Corsari ender's crew choice for a 4-player round;
target <= 200000 us there.
"""

import sys

_here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
if _here + "/../firmware" not in sys.path:
    sys.path.insert(0, _here + "/../firmware")

from benchclock import elapsed_us, median, now_us  # noqa: E402

from table.rules.igo_arrange import without_colour  # noqa: E402
from table.rules.igo_cards import COLOURS, card_text, hand_masks  # noqa: E402
from table.rules.igo_hands import choose_ender_option, score_hands  # noqa: E402
from table.rules.rng import Rng  # noqa: E402

DEALS = 20


def _deals(seed):
    """DEALS fixed random 4-player deals: (display colour, hands as card ints)."""
    rng = Rng(seed)
    out = []
    for _ in range(DEALS):
        deck = [c * 16 + v for c in range(10) for v in range(1, 12)]
        rng.shuffle(deck)
        out.append((rng.below(10), [deck[i * 12 : (i + 1) * 12] for i in range(4)]))
    return out


def igo_round_us(runs):
    """Median microseconds of score_hands("igo", ...) over runs rounds."""
    deals = [(COLOURS[d], [[card_text(c) for c in h] for h in hands]) for d, hands in _deals(1)]
    times = []
    for i in range(runs):
        display, hands = deals[i % DEALS]
        t = now_us()
        score_hands("igo", i % 4, display, hands)
        times.append(elapsed_us(t))
    return median(times)


def corsari_ender_choice_us(runs):
    """Median microseconds of the Corsari crew choice over runs 4-player rounds."""
    deals = [[without_colour(hand_masks(h), d) for h in hands] for d, hands in _deals(2)]
    times = []
    for i in range(runs):
        t = now_us()
        choose_ender_option("corsari", deals[i % DEALS], i % 4)
        times.append(elapsed_us(t))
    return median(times)


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print("igo_round_us %d (target <= 2000 on the MicroPython unix port)" % igo_round_us(runs))
    print("corsari_ender_choice_us %d (target <= 200000 there)" % corsari_ender_choice_us(runs))
