"""A round entered from the hands on the device's screens scores exactly as the
host's `score` (igo_hands.score_hands) on the same hands: random deals, hands
entered with the buttons in a random order, the ender's pick kept or changed."""

import gc

gc.collect()  # the unix port compiles these from source: start on a clean heap
from table.screens import ui_igo  # noqa: E402,F401

gc.collect()
from table.screens import ui_hand  # noqa: E402,F401

gc.collect()
from canvas_record import Rig  # noqa: E402

from table.rules.igo_cards import COLOURS, card_text  # noqa: E402
from table.rules.rng import Rng  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Di"]


def deal(rng, players):
    deck = [c * 16 + v for c in range(10) for v in range(1, 12)]
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return [deck[12 * i : 12 * i + 12] for i in range(players)]


def key_to(now, want, size):
    """up presses from `now` to `want` on a wheel of `size` (long presses step 10)."""
    d = (want - now) % size
    keys = "up:long " * (d // 10) + "up " * (d % 10)
    return keys + "ok"


def enter_cards(rig, display, cards):
    """In the hand calculator: the display colour if asked, then every card."""
    calc = rig.app.top()
    if calc.field == "display":
        rig.nav(key_to(calc.colour, display, 10))
    for card in cards:
        rig.nav(key_to(calc.colour, card >> 4, 10))
        rig.nav(key_to(calc.value - 1, (card & 15) - 1, 11))
    assert calc.field == "result", calc.field


def goto(rig, entry, pos):
    while entry.pos < pos:
        rig.nav("ok")
    while entry.pos > pos:
        rig.nav("back")


def play_round(rules, players, ender, rng, change_pick):
    """Enter a round from random hands on the screens; return (device review,
    host result, ender_series given to the host)."""
    from table.rules import igo_hands

    gc.collect()  # every case boots the app: its boot code is compiled on a clean heap
    rig = Rig(names=NAMES[:players])
    try:
        target = 4 if rules == "igo" else 100
        rig.start_match(rules, NAMES[:players], target, list(range(players)))
        rig.app.push(rig.app.screen("match"))
        rig.nav("ok")
        rig.choose("Enter round")
        rig.choose(NAMES[ender])
        entry = rig.app.top()
        assert type(entry).__name__ == "PenaltyEntry"
        hands = deal(rng, players)
        display = rng.below(10)
        positions = list(range(players))
        for i in range(players - 1, 0, -1):
            j = rng.below(i + 1)
            positions[i], positions[j] = positions[j], positions[i]
        ender_series = None
        for pos in positions:
            goto(rig, entry, pos)
            rig.nav("ok:long")
            enter_cards(rig, display, hands[entry.player()])
            calc = rig.app.top()
            assert rig.shown()  # every result fits the screen
            if pos == 0 and change_pick and len(calc.options) > 1:
                rig.nav("down " * (1 + rng.below(len(calc.options) - 1)))
                assert calc.index != calc.pick
                ender_series = [card_text(c) for c in calc.result["series"]]
            rig.nav("ok")  # the hand used: on to the next player (after the last, the review)
            if type(rig.app.top()).__name__ == "RoundReview":
                rig.nav("back")
            assert rig.app.top() is entry
        goto(rig, entry, players - 1)
        rig.nav("ok")
        review = rig.app.top()
        assert type(review).__name__ == "RoundReview"
        texts = [[card_text(c) for c in h] for h in hands]
        host = igo_hands.score_hands(rules, ender, COLOURS[display], texts, ender_series, list(range(players)))
        return review, host, ender_series
    finally:
        rig.close()


def test_device_rounds_from_hands_equal_the_host_score():
    rng = Rng(2024)
    changed = 0
    for case in range(40):
        rules = ("igo", "corsari")[case % 2]
        players = 2 + rng.below(3)
        ender = rng.below(players)
        review, host, given = play_round(rules, players, ender, rng, case % 3 == 2)
        changed += given is not None
        assert review.penalties == host["penalties"], (case, review.penalties, host)
        assert review.scores == host["round_scores"], (case, review.scores, host)
        assert review.winners == host["winners"]
    assert changed >= 5  # the ender's own choice was carried to the others too
