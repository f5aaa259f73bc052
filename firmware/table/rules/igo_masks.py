"""I Go / Corsari cards as the device's engine holds them (issue #46: only this is
loaded under the hand calculator; the notation's parsing is igo_cards.py's, the
host's and the tests').

A card is the int colour * 16 + value: colour is an index into COLOURS, value 1..11.
For speed a hand is also kept as masks: a list of 10 ints, one per colour, with bit
v - 1 set when the hand holds that colour's value v (see hand_masks).
"""

COLOURS = "ROYGCBPKNW"  # red orange yellow green cyan blue purple pink brown white
VALUES = 11


def card_text(card):
    """Notation of a card int, e.g. 'K8'."""
    return COLOURS[card >> 4] + str(card & 15)


def hand_masks(cards):
    """The 10 per-colour value masks of a list of card ints."""
    masks = [0] * len(COLOURS)
    for c in cards:
        masks[c >> 4] |= 1 << ((c & 15) - 1)
    return masks
