"""I Go / Corsari cards in the docs/formats.md "Card notation": parse, print, validate.

A card is the int colour * 16 + value: colour is an index into COLOURS, value 1..11.
For speed a hand is also kept as masks: a list of 10 ints, one per colour, with bit
v - 1 set when the hand holds that colour's value v (see hand_masks).
"""

COLOURS = "ROYGCBPKNW"  # red orange yellow green cyan blue purple pink brown white
VALUES = 11
HAND_SIZE = 12


def parse_colour(text, what="colour"):
    """Colour index of a colour letter (any case); `what` names it in the error."""
    if isinstance(text, str) and len(text.strip()) == 1:
        i = COLOURS.find(text.strip().upper())
        if i >= 0:
            return i
    raise ValueError("%s %r is not a colour letter (one of %s)" % (what, text, COLOURS))


def parse_card(text):
    """Card int of a card such as 'K8' or 'o10'."""
    if not isinstance(text, str):
        raise ValueError("card %r is not a string like 'K8'" % (text,))
    t = text.strip().upper()
    if len(t) < 2 or COLOURS.find(t[0]) < 0:
        raise ValueError("unknown card %r: colour must be one of %s" % (text, COLOURS))
    if not t[1:].isdigit() or not 1 <= int(t[1:]) <= VALUES:
        raise ValueError("unknown card %r: value must be 1-%d" % (text, VALUES))
    return COLOURS.find(t[0]) * 16 + int(t[1:])


def card_text(card):
    """Notation of a card int, e.g. 'K8'."""
    return COLOURS[card >> 4] + str(card & 15)


def parse_hand(texts, size=HAND_SIZE, name="hand"):
    """Card ints of a list of card texts; size=None allows any number of cards."""
    if not isinstance(texts, (list, tuple)):
        raise ValueError("%s must be a list of cards" % name)
    if size is not None and len(texts) != size:
        raise ValueError("%s has %d cards, not %d" % (name, len(texts), size))
    cards = []
    for t in texts:
        c = parse_card(t)
        if c in cards:
            raise ValueError("%s: duplicate card %s" % (name, card_text(c)))
        cards.append(c)
    return cards


def parse_hands(hand_texts, size=HAND_SIZE):
    """Card ints of every player's hand; a card may be in one hand only."""
    if not isinstance(hand_texts, (list, tuple)):
        raise ValueError("hands must be a list of hands")
    hands = [parse_hand(h, size, "hand %d" % i) for i, h in enumerate(hand_texts)]
    owner = {}
    for i, hand in enumerate(hands):
        for c in hand:
            if c in owner:
                raise ValueError("duplicate card %s in hands %d and %d" % (card_text(c), owner[c], i))
            owner[c] = i
    return hands


def hand_masks(cards):
    """The 10 per-colour value masks of a list of card ints."""
    masks = [0] * len(COLOURS)
    for c in cards:
        masks[c >> 4] |= 1 << ((c & 15) - 1)
    return masks


def mask_cards(colour, mask):
    """Card ints of one colour's value mask, lowest value first."""
    return [colour * 16 + v for v in range(1, VALUES + 1) if mask >> (v - 1) & 1]
