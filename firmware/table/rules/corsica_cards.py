"""Battle of Corsica cards: the notation of docs/formats.md as small integers.

A card is an int: (rank - 1) * 4 + suit for ranks A=1 .. K=13 and suits S H D C
(0..3), so 0..51; the two jokers are 52 (`X1`) and 53 (`X2`), and rank() gives 14
for both. `X` alone reads as `X1`.
"""

RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"
JOKERS = (52, 53)
DECK_SIZE = 54


def parse_card(text):
    """Card notation (case-insensitive, e.g. `QS`, `10h`, `X`, `X2`) -> card int."""
    t = str(text).strip().upper()
    if t in ("X", "X1"):
        return 52
    if t == "X2":
        return 53
    if 2 <= len(t) <= 3:
        suit = SUITS.find(t[-1])
        if suit >= 0 and t[:-1] in RANK_TEXT:
            return RANK_TEXT.index(t[:-1]) * 4 + suit
    raise ValueError("unknown card %r (ranks A 2-10 J Q K, suits S H D C, joker X)" % (text,))


def card_text(card):
    """Card int -> notation, e.g. 44 -> `QS`, 53 -> `X2`."""
    if type(card) is not int or not 0 <= card < DECK_SIZE:
        raise ValueError("unknown card %r" % (card,))
    if card >= 52:
        return "X%d" % (card - 51)
    return RANK_TEXT[card >> 2] + SUITS[card & 3]


def rank(card):
    """A=1, 2..10, J=11, Q=12, K=13, joker 14."""
    return (card >> 2) + 1


def new_deck():
    """The 54 cards (52 + 2 jokers) in a fixed order; shuffle with rng.Rng."""
    return list(range(DECK_SIZE))
