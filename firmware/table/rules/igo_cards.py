"""I Go / Corsari cards in the docs/formats.md "Card notation": parse, print, validate
(the host's `score --hands` and the tests; no device loads it). The cards as ints and
masks, all the device's engine needs, are igo_masks.py's, named here too.

A card is the int colour * 16 + value: colour is an index into COLOURS, value 1..11.
For speed a hand is also kept as masks: a list of 10 ints, one per colour, with bit
v - 1 set when the hand holds that colour's value v (see hand_masks).
"""

from .igo_masks import COLOURS, VALUES, card_text, hand_masks  # noqa: F401  (hand_masks: named here too)

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


def mask_cards(colour, mask):
    """Card ints of one colour's value mask, lowest value first."""
    return [colour * 16 + v for v in range(1, VALUES + 1) if mask >> (v - 1) & 1]


def series_choices(masks, colours, values, declared_colours=False):
    """Every card list that lays out the series: each value from a series colour that
    holds it; without declared colours every series colour gives a card."""
    lists = [[]]
    for v in range(1, VALUES + 1):
        bit = 1 << (v - 1)
        if values & bit:
            holders = [c for c in colours if masks[c] & bit]
            if len(holders) == 1:  # one card: added to every list in place
                for cards in lists:
                    cards.append(holders[0] * 16 + v)
            else:
                lists = [cards + [c * 16 + v] for cards in lists for c in holders]
    if not declared_colours and len(colours) > 1:
        lists = [cards for cards in lists if _uses_every(cards, colours)]
    return lists


def series_count(masks, colours, values, declared_colours=False):
    """len(series_choices(...)), without building the lists."""
    count = 1
    for v in range(1, VALUES + 1):
        bit = 1 << (v - 1)
        if values & bit:
            holders = 0
            for c in colours:
                if masks[c] & bit:
                    holders += 1
            count *= holders
    if not declared_colours and len(colours) > 1:
        for c in colours:  # the one list from this colour alone does not count
            if masks[c] & values == values:
                count -= 1
    return count


def _uses_every(cards, colours):
    used = 0
    for card in cards:
        used |= 1 << (card >> 4)
    for c in colours:
        if not used >> c & 1:
            return False
    return True
