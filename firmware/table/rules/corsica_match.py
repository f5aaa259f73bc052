"""A Battle of Corsica deck game as a saved match: the game (corsica.Game, which counts
the piles won), its players' names and its game id. storage/matches.py keeps it in
`data/matches/<id>.json` beside the I Go / Corsari matches (docs/formats.md, "Saved
matches"), so the Continue list offers it and Resume puts it back exactly: every
hand, the pile, whose turn, the honour being answered, the mistakes and the random
state of the draws to come.

The deck screen (screens/ui_deck.py, through storage/matches_deck.py) keeps it as the
app's match and saves it where no slap can win a pile (after the deal, a pile taken, a
slap judged, when the game is left): a power cut loses at most the pile in play.
"""

from .corsica import game_from

RULES = "corsica"
MODE = "deck"
VERSION = 1


class DeckMatch:
    """A deck game being played or saved. `game`: its game id (as a sheet's: the saved
    file's name); `deck`: the corsica.Game; `changed`: not saved since it changed."""

    rules = RULES

    def __init__(self, game_id, names, deck):
        self.game = game_id
        self.names = list(names)
        self.deck = deck
        self.changed = True

    def totals(self):
        """Every player's cards now (in hand: the pile in play is nobody's yet)."""
        return [len(h) for h in self.deck.hands]

    def summary(self, stamp):
        """The Continue list's entry (matches.py): `rounds` are the piles won, `totals`
        the players' cards."""
        deck = self.deck
        return {
            "id": self.game,
            "rules": RULES,
            "names": list(self.names),
            "rounds": self.deck.piles,
            "totals": self.totals(),
            "over": deck.over,
            "winners": [] if deck.winner is None else [deck.winner],
            "stamp": stamp,
        }

    def to_obj(self):
        return {
            "v": VERSION,
            "rules": RULES,
            "mode": MODE,
            "game": self.game,
            "names": list(self.names),
            "deck": self.deck.to_obj(),
        }


def from_obj(obj):
    """The DeckMatch of to_obj()'s data; ValueError (one line) naming what is wrong."""
    if type(obj) is not dict or obj.get("v") != VERSION or obj.get("rules") != RULES or obj.get("mode") != MODE:
        raise ValueError("not a saved deck game")
    game_id = obj.get("game")
    names = obj.get("names")
    if type(game_id) is not str or type(names) is not list:
        raise ValueError("bad game or names")
    for name in names:
        if type(name) is not str:
            raise ValueError("bad name %r" % (name,))
    deck = game_from(obj.get("deck"))
    if len(names) != deck.players:
        raise ValueError("%d names for %d players" % (len(names), deck.players))
    match = DeckMatch(game_id, names, deck)
    match.changed = False
    return match
