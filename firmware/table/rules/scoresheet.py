"""Match sheet for I Go (`igo`) and Corsari (`corsari`): docs/rules.md, I Go and Corsari.

The sheet keeps an action log: every round entered (scored or void) in order, and
the stack of rounds taken back (`undo`), most recent last. Rounds, running totals,
starters, dealers, game end and winners are recomputed from the log on every change.
Adding a round drops the taken-back rounds (nothing left to redo).

A past round can be changed in place (`edit`): the rounds after it stay, everything
is worked out again; when the change ends the game at an earlier round, the rounds
after that one are taken back as by `undo` (docs/rules.md, "Fixing a past round").

History: when `log` is set (e.g. `History.log`), the sheet logs the docs/formats.md
events `round`, `edit`, `game_over` and `undo`, and each round remembers the seq of its
`round` line so that an undo or an edit can name it. A redo logs the round again. When
the result of the game changes (undo of the last round, an edit, ...), the standing
`game_over` line is taken back with an `undo` and a new one is logged if the game is
still over.
"""

from .igo_scoring import MAX_PLAYERS, RULES, default_target, score_round


class Sheet:
    def __init__(self, rules, names, target=None, youngest_first=None, first=0, game=None, log=None):
        """rules: "igo" or "corsari"; names: one per player (I Go 2-6, Corsari 2-7).
        target: I Go points to win / Corsari total to exceed (None: the default).
        youngest_first: player indices by age, youngest first (Corsari zero rule).
        first: the starter of the first I Go round / the first Corsari dealer.
        game: the game id written on history lines.
        log: None or a callable (event, game, rules, fields) -> seq, e.g. History.log.
        """
        if rules not in RULES:
            raise ValueError("rules must be 'igo' or 'corsari', not %r" % (rules,))
        self.rules = rules
        self.names = _check_names(rules, names)
        self._n = len(self.names)
        self.target = self._check_target(target)
        self.youngest_first = self._check_order(youngest_first)
        self.first = self._check_player(first, "first player")
        if game is not None and type(game) not in (int, str):
            raise ValueError("game id %r is not an int or a string" % (game,))
        self.game = game
        self.log = log
        self._actions = []  # {"ender", "penalties", "seq"} or {"void", "taker", "seq"}
        self._undone = []  # indices into _actions, most recently undone last
        self._over_seq = None  # seq of the standing game_over line
        self.rounds = []  # active rounds, see _replay
        self.over = False
        self.winners = []
        self.changed = True  # it changed since it was last saved (matches.save_match clears it)

    # --- entering rounds -------------------------------------------------------

    def add_round(self, ender, penalties):
        """Score a round from the announced penalties (one per player)."""
        self._add({"ender": ender, "penalties": penalties, "seq": None})

    def add_void(self, taker=None):
        """Enter a void round. I Go: taker (who took the last display card) is required:
        they start the next round. Corsari: taker is optional (the deal passes anyway)."""
        if taker is None and self.rules == "igo":
            raise ValueError("a void I Go round needs the taker of the last display card")
        self._add({"void": True, "taker": taker, "seq": None})

    def undo(self, index=None):
        """Take back round `index` of `rounds` (0-based; default: the last one).
        sheet_edit.py's, loaded for the moment (the sheet stays small in RAM)."""
        from . import sheet_edit

        sheet_edit.undo(self, index)

    def redo(self):
        """Put back the most recently undone round, at its place (sheet_edit.py's)."""
        from . import sheet_edit

        sheet_edit.redo(self)

    def can_redo(self):
        return bool(self._undone)

    # --- fixing a past round ---------------------------------------------------------

    def edit_result(self, index, change):
        """What `edit(index, change)` would give, the sheet unchanged: (rounds, over,
        winners, cut), cut = how many rounds after the new end it would take back."""
        from . import sheet_edit  # loaded for the moment: the sheet stays small in RAM

        return sheet_edit.result(self, index, change)

    def edit(self, index, change):
        """Change round `index` of `rounds` (0-based) in place: change is {"ender": i,
        "penalties": [...]} or {"void": True, "taker": i or None}. The rounds after it
        stay; if the game now ends before them, they are taken back (redo puts them
        back once the game goes on again). sheet_edit.py, loaded for the moment."""
        from . import sheet_edit

        sheet_edit.edit(self, index, change, round_fields)

    # --- settings ----------------------------------------------------------------

    def set_target(self, target):
        """Change the target (None: the default); the sheet is recomputed (sheet_edit.py's)."""
        from . import sheet_edit

        sheet_edit.set_value(self, "target", self._check_target(target))

    def set_youngest_first(self, order):
        """Change the age order (player indices, youngest first, or None; sheet_edit.py's)."""
        from . import sheet_edit

        sheet_edit.set_value(self, "youngest_first", self._check_order(order))

    # --- reading -------------------------------------------------------------------

    def totals(self):
        return list(self.rounds[-1]["totals"]) if self.rounds else [0] * self._n

    def dealer(self):
        """Who deals the next round (I Go: the start player sets up, so the starter)."""
        return self._seats(self.rounds)[0]

    def next_starter(self):
        """Who starts the next round."""
        return self._seats(self.rounds)[1]

    # --- JSON ----------------------------------------------------------------------

    def to_obj(self):
        """The sheet as a JSON-ready dict (for store.save): sheet_file.py's, loaded
        for a save (the app drops it after the write)."""
        from . import sheet_file

        return sheet_file.to_obj(self)

    @staticmethod
    def from_obj(obj, log=None):
        """Rebuild a sheet from to_obj(); raise ValueError (one line) if it is corrupt
        (sheet_file.py's, loaded for the moment)."""
        from . import sheet_file

        return sheet_file.from_obj(Sheet, obj, log)

    # --- internals -----------------------------------------------------------------

    def _add(self, action):
        if self.over:
            raise ValueError("the game is over (undo a round to continue)")
        action = self._check_action(action)
        before = self._result()
        if self._undone:
            kept = [a for i, a in enumerate(self._actions) if i not in self._undone]
            self._commit(kept + [action], [])
        else:  # the usual case: only the new round is scored
            self._commit(self._actions + [action], [], len(self._actions))
        self._log_round(len(self._actions) - 1)
        self._log_result(before)

    def _active(self):
        return [i for i in range(len(self._actions)) if i not in self._undone]

    def _commit(self, actions, undone, done=0):
        """Adopt the log if it replays cleanly; otherwise raise and change nothing."""
        self.rounds, self.over, self.winners = self._replay(actions, undone, done)
        self._actions, self._undone = actions, undone
        self.changed = True

    def _replay(self, actions, undone, done=0, cut=None):
        """Return (rounds, over, winners) for the active actions.

        Each round is a dict: "starter", "dealer", "totals" (running) and either
        "ender", "penalties", "round_scores" or "void": True, "taker".
        done: how many leading actions are the current rounds (none undone), kept
        as they are. Raises ValueError if a round follows the end of the game
        (possible after undoing an earlier Corsari round or lowering the target),
        unless `cut` is a list: the indices of those actions are appended to it.
        """
        rounds = self.rounds[:done]
        totals = list(rounds[-1]["totals"]) if rounds else [0] * self._n
        over, winners = (self.over, self.winners) if done else (False, [])
        for i in range(done, len(actions)):
            act = actions[i]
            if i in undone:
                continue
            if over:
                if cut is not None:
                    cut.append(i)
                    continue
                raise ValueError("the game ends at round %d, before round %d" % (len(rounds), len(rounds) + 1))
            dealer, starter = self._seats(rounds)
            view = {"starter": starter, "dealer": dealer}
            if act.get("void"):
                view["void"] = True
                view["taker"] = act["taker"]
                at_once = []
            else:
                scores, at_once = score_round(self.rules, act["ender"], act["penalties"], self.youngest_first)
                totals = [t + s for t, s in zip(totals, scores)]
                view["ender"] = act["ender"]
                view["penalties"] = list(act["penalties"])
                view["round_scores"] = scores
            view["totals"] = list(totals)
            rounds.append(view)
            over, winners = self._game_end(totals, at_once)
        return rounds, over, winners

    def _seats(self, rounds):
        """(dealer, starter) of the round after `rounds`. Corsari: the deal passes after
        every round and the player after the dealer starts. I Go: the ender of a scored
        round, or the taker of the last display card in a void round, starts (and sets
        up) the next one."""
        if self.rules == "corsari":
            dealer = (self.first + len(rounds)) % self._n
            return dealer, (dealer + 1) % self._n
        if not rounds:
            return self.first, self.first
        last = rounds[-1]
        starter = last["taker"] if last.get("void") else last["ender"]
        return starter, starter

    def _game_end(self, totals, at_once):
        """(over, winners) after a round with these totals and instant winners."""
        if at_once:
            return True, list(at_once)
        if self.rules == "igo":
            won = [i for i in range(self._n) if totals[i] >= self.target]
            return bool(won), won
        if max(totals) > self.target:
            low = min(totals)
            return True, [i for i in range(self._n) if totals[i] == low]
        return False, []

    def _result(self):
        return (self.over, list(self.winners), self.totals())

    def _emit(self, event, fields):
        if self.log is None:
            return None
        return self.log(event, self.game, self.rules, fields)

    def _log_round(self, i):
        """Log the `round` line of action i (active) and remember its seq."""
        self._actions[i]["seq"] = self._emit("round", round_fields(self.rounds[self._active().index(i)]))

    def _log_result(self, before):
        """Take back the standing game_over line and log a new one if the result changed."""
        if self._result() == before:
            return
        if self._over_seq is not None:
            self._emit("undo", {"of": self._over_seq})
            self._over_seq = None
        if self.over:
            self._over_seq = self._emit("game_over", {"totals": self.totals(), "winners": list(self.winners)})

    def _check_action(self, act):
        """Return a clean copy of a round action; raise ValueError if it is malformed."""
        if type(act) is not dict:
            raise ValueError("round %r is not an object" % (act,))
        seq = _check_seq(act.get("seq"))
        if act.get("void"):
            taker = act.get("taker")
            if taker is not None:
                self._check_player(taker, "taker")
            return {"void": True, "taker": taker, "seq": seq}
        penalties = act.get("penalties")
        if type(penalties) not in (list, tuple) or len(penalties) != self._n:
            raise ValueError("penalties %r: need one per player (%d)" % (penalties, self._n))
        ender = self._check_player(act.get("ender"), "ender")
        return {"ender": ender, "penalties": list(penalties), "seq": seq}

    def _check_player(self, i, what):
        if type(i) is not int or not 0 <= i < self._n:
            raise ValueError("%s %r out of range 0-%d" % (what, i, self._n - 1))
        return i

    def _check_target(self, target):
        if target is None:
            return default_target(self.rules, self._n)
        if type(target) is not int or target < 1:
            raise ValueError("target %r is not a positive integer" % (target,))
        return target

    def _check_order(self, order):
        if order is None:
            return None
        if (
            type(order) not in (list, tuple)
            or any(type(i) is not int for i in order)
            or sorted(order) != list(range(self._n))
        ):
            raise ValueError("youngest_first %r is not an order of players 0-%d" % (order, self._n - 1))
        return list(order)


def round_fields(view):
    """A round's fields on its `round` line (docs/formats.md)."""
    if view.get("void"):
        fields = {"void": True, "totals": view["totals"]}
        if view["taker"] is not None:
            fields["taker"] = view["taker"]
        return fields
    return {
        "ender": view["ender"],
        "penalties": view["penalties"],
        "round_scores": view["round_scores"],
        "totals": view["totals"],
    }


def _check_names(rules, names):
    if type(names) not in (list, tuple):
        raise ValueError("names must be a list")
    top = MAX_PLAYERS[rules]
    if not 2 <= len(names) <= top:
        raise ValueError("%s needs 2-%d players, got %d" % (rules, top, len(names)))
    for name in names:
        if type(name) is not str or not name:
            raise ValueError("player name %r is not a non-empty string" % (name,))
    if len(set(names)) != len(names):
        raise ValueError("player names must differ")
    return list(names)


def _check_seq(seq):
    if seq is not None and type(seq) is not int:
        raise ValueError("seq %r is not an integer" % (seq,))
    return seq
