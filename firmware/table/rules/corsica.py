"""Battle of Corsica game engine (docs/rules.md, Battle of Corsica): every rule lives here.

`Game` is a state machine the device drives one action at a time:
`play_card()` (the player to move turns a card, or picks up a trick they won) and
`slap(player)` (a tap on the pile, in the order the tap judge decided).

State (read it, don't write it):
- `hands[p]`: player p's deck, top card first; won piles go to the end (bottom).
- `pile`: the central pile, bottom first; `under` of its bottom cards are false-tap
  payments (face down: they never make the pile slappable).
- `turn`: who acts on the next `play_card()`.
- `demand`: attempts left for `turn` to answer an honour (0: none pending);
  `honour_by`: who turned the honour being answered.
- `trick_winner`: set when the attempts ran out; the pile stays on the table (still
  slappable) until that player picks it up with `play_card()`.
- `mistakes[p]`, `eliminated(p)`, `over`, `winner`; `piles`: piles won so far (by a
  slap or by an honour).

Where the rules are silent, this engine decides:
- Player 0 leads the first trick; the deal goes 0, 1, 2, ... so the first players
  take the extra cards.
- A player with no cards is skipped in turn order, also when an honour demand
  passes on: the demand goes to the next player holding cards. Drawing from the
  next player's deck is for a player who runs out *during* their attempts: they draw
  one random card per attempt from the next player (after them) who holds cards.
- If nobody else holds cards to answer an honour, its player wins the trick at once;
  if a player out of cards has nobody to draw from, their attempts fail.
- Whoever wins a trick (also a player who was out of cards) picks it up and leads.
- A slap beats everything: a slappable pile goes to the first tapper even while an
  honour is being answered or a won trick waits to be picked up; the slapper leads.
- A false tap's cards (the tapper's top 3) go under the pile face down and go to
  whoever wins the pile. Tapping an empty pile is a false tap.
- Mistakes count for the whole game (winning a slap does not reset them). An
  eliminated player never acts again: a trick they would win goes to the next
  player in turn order still in the game; if they were answering an honour, their
  attempts fail.
- If nobody holds a card and no honour is pending, the player to move takes the pile.
"""

from .corsica_cards import DECK_SIZE, new_deck, rank
from .corsica_table import MAX_PLAYERS, MIN_PLAYERS, VARIANTS
from .rng import Rng

SLAP_RULES = ("double",) + VARIANTS
# Attempts demanded by each honour, by rank (A=1, J=11, Q=12, K=13, joker 14).
HONOUR_ATTEMPTS = {11: 1, 12: 2, 13: 3, 1: 4, 14: 5}
MAX_MISTAKES = 3


def check_variants(variants):
    """Return variants as a tuple; ValueError (one line) for an unknown name."""
    for v in variants:
        if v not in SLAP_RULES:
            raise ValueError("unknown slap variant %r (known: %s)" % (v, ", ".join(VARIANTS)))
    return tuple(variants)


def slap_reason(pile, variants=()):
    """Why the pile (card ints, bottom first) is slappable, or None.

    In order of precedence: "double" (always on) top two of the same rank, two
    jokers count; "sandwich" top and third card of the same rank; "sequence" top two
    ranks consecutive either way in A 2 .. 10 J Q K (no wrap, never a joker);
    "sum10" top two are number cards (A=1 .. 10) summing to 10.
    """
    if len(pile) < 2:
        return None
    top = rank(pile[-1])
    second = rank(pile[-2])
    if top == second:
        return "double"
    if not variants:
        return None
    if "sandwich" in variants and len(pile) >= 3 and rank(pile[-3]) == top:
        return "sandwich"
    if "sequence" in variants and top != 14 and second != 14 and (top - second == 1 or second - top == 1):
        return "sequence"
    if "sum10" in variants and top <= 10 and second <= 10 and top + second == 10:
        return "sum10"
    return None


class Game:
    """One game for 2-6 players.

    deck: the cards in dealing order (default: `new_deck()` shuffled by `seed`);
    card i goes to player i % players, each player's first card on top.
    hands: instead of a deal, each player's deck (top first), e.g. for a test.
    seed also drives the random draws from another player's deck.
    """

    def __init__(self, players, variants=(), seed=1, deck=None, hands=None):
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("Battle of Corsica needs 2-6 players, not %r" % (players,))
        self.players = players
        self.variants = check_variants(variants)
        self.rng = Rng(seed)
        if hands is not None:
            if len(hands) != players:
                raise ValueError("%d hands for %d players" % (len(hands), players))
            self.hands = [list(h) for h in hands]
        else:
            if deck is None:
                deck = new_deck()
                self.rng.shuffle(deck)
            self.hands = [list(deck[p::players]) for p in range(players)]
        self.total = sum(len(h) for h in self.hands)
        self.pile = []
        self.under = 0
        self.turn = 0
        self.demand = 0
        self.honour_by = None
        self.trick_winner = None
        self.mistakes = [0] * players
        self.piles = 0
        self.over = False
        self.winner = None
        for p in range(players):
            self._check_over(p)
        self._settle()

    # --- queries -------------------------------------------------------------

    def slappable(self):
        """The slap rule the pile meets now (see slap_reason), or None.

        Only the turned cards count, not the false-tap payments under them."""
        if self.under:
            return slap_reason(self.pile[self.under :], self.variants)
        return slap_reason(self.pile, self.variants)

    def eliminated(self, player):
        """Third mistake: out of the game for good."""
        return self.mistakes[player] >= MAX_MISTAKES

    def card_count(self):
        """Cards in hands and on the pile (always `total`)."""
        return sum(len(h) for h in self.hands) + len(self.pile)

    def to_obj(self):
        """The game as JSON data (docs/formats.md, "Saved matches"): game_from() puts
        it back exactly, the random draws to come included."""
        return {
            "players": self.players,
            "variants": list(self.variants),
            "hands": [list(h) for h in self.hands],
            "pile": list(self.pile),
            "under": self.under,
            "turn": self.turn,
            "demand": self.demand,
            "honour_by": self.honour_by,
            "trick_winner": self.trick_winner,
            "mistakes": list(self.mistakes),
            "piles": self.piles,
            "winner": self.winner,
            "rng": self.rng.state(),
        }

    # --- actions -------------------------------------------------------------

    def play_card(self):
        """The player to move acts; returns (event, player, detail):

        ("trick", p, n): p picks up the trick they won (n cards under their deck)
            and leads next;
        ("turn", p, card): p turned their top card onto the pile;
        ("draw", p, donor): p, out of cards while answering an honour, turned a
            random card from donor's deck (the card is pile[-1]).
        Afterwards: `demand` > 0 means `turn` must answer an honour; a set
        `trick_winner` means the attempts ran out (or nobody could answer).
        """
        if self.over:
            raise ValueError("the game is over")
        if self.trick_winner is not None:
            return self._pick_up_trick()
        p = self.turn
        hand = self.hands[p]
        if hand:
            card = hand.pop(0)
            event = ("turn", p, card)
        else:
            # Out of cards during the attempts (_settle made sure a donor exists).
            donor = self._next_holder(p)
            cards = self.hands[donor]
            card = cards.pop(self.rng.below(len(cards)))
            event = ("draw", p, donor)
        self.pile.append(card)
        attempts = HONOUR_ATTEMPTS.get(rank(card), 0)
        if attempts:
            # An honour: the demand passes on to the next player holding cards.
            self.honour_by = p
            answerer = self._next_holder(p)
            if answerer is None:
                self._end_trick(p)
            else:
                self.turn = answerer
                self.demand = attempts
        elif self.demand:
            # A failed attempt; the last one loses the trick to the honour's player.
            self.demand -= 1
            if not self.demand:
                self._end_trick(self.honour_by)
        else:
            nxt = self._next_holder(p)
            self.turn = p if nxt is None else nxt
        self._settle()
        return event

    def slap(self, player):
        """A tap on the pile by `player` (the first tap, as the judge decided).

        Returns (event, player, detail):
        ("slap", p, reason): the pile was slappable: p puts it under their deck and
            leads next (also a player out of cards: they are back in);
        ("false", p, n): not slappable: p put n cards (3, or all they had) from the
            top of their deck under the pile;
        ("mistake", p, count): not slappable and p has no cards: a mistake;
        ("eliminated", p, 3): the third mistake: p is out for good;
        ("ignored", p, None): p is already eliminated or the game is over.
        """
        if type(player) is not int or not 0 <= player < self.players:
            raise ValueError("no player %r" % (player,))
        if self.over or self.eliminated(player):
            return ("ignored", player, None)
        reason = self.slappable()
        if reason:
            self.hands[player].extend(self.pile)
            self.pile = []
            self.under = 0
            self.piles += 1
            self.turn = player
            self.demand = 0
            self.honour_by = None
            self.trick_winner = None
            self._check_over(player)
            return ("slap", player, reason)
        hand = self.hands[player]
        if hand:
            paid = hand[:3]
            del hand[:3]
            self.pile[0:0] = paid
            self.under += len(paid)
            self._settle()
            return ("false", player, len(paid))
        self.mistakes[player] += 1
        if not self.eliminated(player):
            return ("mistake", player, self.mistakes[player])
        if self.trick_winner == player:
            self._end_trick(player)
        self._settle()
        return ("eliminated", player, MAX_MISTAKES)

    # --- helpers -------------------------------------------------------------

    def _next_holder(self, player):
        """The next player after `player` in turn order holding cards, or None."""
        n = self.players
        for i in range(1, n):
            q = (player + i) % n
            if self.hands[q]:
                return q
        return None

    def _end_trick(self, winner):
        """The trick is decided: `winner` picks it up on the next play_card()."""
        if self.eliminated(winner):
            n = self.players
            for i in range(1, n):
                q = (winner + i) % n
                if not self.eliminated(q):
                    winner = q
                    break
        self.trick_winner = winner
        self.turn = winner
        self.demand = 0
        self.honour_by = None

    def _pick_up_trick(self):
        winner = self.trick_winner
        count = len(self.pile)
        self.hands[winner].extend(self.pile)
        self.pile = []
        self.under = 0
        self.piles += 1
        self.trick_winner = None
        self._check_over(winner)
        return ("trick", winner, count)

    def _settle(self):
        """Make `turn` a player who can act, or decide the trick if nobody can."""
        if self.over or self.trick_winner is not None:
            return
        p = self.turn
        if self.hands[p]:
            return
        if self.demand:
            # Out of cards while answering: draw from the next holder, if any.
            if self.eliminated(p) or self._next_holder(p) is None:
                self._end_trick(self.honour_by)
            return
        nxt = self._next_holder(p)
        if nxt is None:
            self._end_trick(p)
        else:
            self.turn = nxt

    def _check_over(self, player):
        if len(self.hands[player]) == self.total:
            self.over = True
            self.winner = player


def _int(obj, key, low, high, none=False):
    """obj[key], an int in low..high (or None if none); ValueError naming the key."""
    x = obj.get(key)
    if x is None and none:
        return None
    if type(x) is not int or not low <= x <= high:
        raise ValueError("%s %r is not %d..%d" % (key, x, low, high))
    return x


def _cards(x, seen):
    """A list of card ints, each new to seen (a bytearray of DECK_SIZE, updated)."""
    if type(x) is not list:
        raise ValueError("cards %r are not a list" % (x,))
    for card in x:
        if type(card) is not int or not 0 <= card < DECK_SIZE:
            raise ValueError("unknown card %r" % (card,))
        if seen[card]:
            raise ValueError("card %d twice" % card)
        seen[card] = 1
    return x


def game_from(obj):
    """The Game of Game.to_obj()'s data; ValueError (one line) naming what is wrong:
    every card at most once, each player index, count and the random state in range."""
    if type(obj) is not dict:
        raise ValueError("not a deck game")
    players = _int(obj, "players", MIN_PLAYERS, MAX_PLAYERS)
    variants = obj.get("variants")
    hands = obj.get("hands")
    if type(variants) is not list or type(hands) is not list or len(hands) != players:
        raise ValueError("bad variants or hands")
    seen = bytearray(DECK_SIZE)
    for hand in hands:
        _cards(hand, seen)
    pile = _cards(obj.get("pile"), seen)
    last = players - 1
    game = Game(players, variants, hands=hands)
    game.total = game.card_count() + len(pile)
    game.pile = list(pile)
    game.under = _int(obj, "under", 0, len(pile))
    game.turn = _int(obj, "turn", 0, last)
    game.demand = _int(obj, "demand", 0, max(HONOUR_ATTEMPTS.values()))
    game.honour_by = _int(obj, "honour_by", 0, last, True)
    game.trick_winner = _int(obj, "trick_winner", 0, last, True)
    mistakes = obj.get("mistakes")
    if type(mistakes) is not list or len(mistakes) != players:
        raise ValueError("bad mistakes")
    for m in mistakes:
        if type(m) is not int or not 0 <= m <= MAX_MISTAKES:
            raise ValueError("mistakes %r is not 0..%d" % (m, MAX_MISTAKES))
    game.mistakes = list(mistakes)
    game.piles = _int(obj, "piles", 0, 0x3FFFFFFF)
    winner = _int(obj, "winner", 0, last, True)
    if winner is not None and len(hands[winner]) != game.total:
        raise ValueError("winner %d does not hold every card" % winner)
    if winner is None and game.total and max(len(h) for h in hands) == game.total:
        raise ValueError("a player holds every card but there is no winner")
    game.over = winner is not None
    game.winner = winner
    if game.demand and game.honour_by is None:
        raise ValueError("a demand without its honour")
    game.rng.seed(_int(obj, "rng", 1, 0xFFFFFFFF))
    game._settle()  # a saved game is settled already: this changes nothing then
    return game
