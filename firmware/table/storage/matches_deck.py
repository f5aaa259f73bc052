"""A Battle of Corsica deck game as the app's match (rules/corsica_match.py): what the
deck screen (screens/ui_deck.py) asks of the saved matches. Its setup loads this
module after its first frame, so the deck's screen opens with less to load.
"""

from ..rules.corsica_match import DeckMatch
from .paths import MAX_MATCHES


def refused(app):
    """A notice screen when no new game can start (the saved matches are full: a deck
    game is one of them), else None."""
    if app.saved_count >= MAX_MATCHES:
        return app.screen("notice", "Not started", "%d matches saved: delete one in Continue first." % MAX_MATCHES)
    return None


def opened(screen, match=None):
    """The deck screen (ui_deck.DeckGame) opened on match, a saved game resumed, or
    else on its new game: `screen.match`, and the app's match (saved at the app's
    flushes). A new game is saved now (in Continue from its deal on); a resumed one
    logs its `resume` line. Return whether a slap can win its pile (a slap window: no
    flash writes)."""
    app = screen.app
    deck = screen.game
    new = match is None
    if new:
        match = DeckMatch(screen.game_id, screen.names, deck)
    screen.match = app.match = match
    if new:
        kept(app, match)
    else:
        app.log("resume", match.game, match.rules, {"totals": match.totals()})
    return deck.slappable() is not None and not deck.over


def kept(app, match, event=None):
    """Save match (app.save: at the app's next flush, never while a slap window is
    open); event ("leave": the game was left unfinished) logs its line first, with the
    players' cards. A game over is saved already: leaving it logs and saves nothing."""
    if event:
        if match.deck.over:
            return
        app.log(event, match.game, match.rules, {"totals": match.totals()})
    match.changed = True
    app.save()
