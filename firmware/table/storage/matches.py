"""Saved matches (I Go / Corsari, and Battle of Corsica deck games): one file per match
in the `data/matches/` folder and a small index for the Continue list (docs/formats.md,
"Saved matches").

    data/matches/<id>.json    the match (scoresheet.Sheet.to_obj(), or a deck game's
                              corsica_match.DeckMatch.to_obj()), id = its game id
    data/matches/index.json   {"v": 1, "matches": [summary, ...], "deleted": summary}
    data/matches/<id>.deleted the match deleted last (its file renamed), until the next

A summary holds what the Continue list shows: `id`, `rules`, `names`, `rounds`
(played), `totals`, `over`, `winners` and `stamp` (the history seq when it was last
saved: the list shows the most recent first); a deck game's `rounds` are the piles
won and its `totals` the players' cards. A delete keeps the match: its file
becomes <id>.deleted and its summary the index's "deleted" (absent when there is
none), so the Continue list can restore it; the next delete removes it for good.
Only the match being played is in RAM;
the index is read when it is needed. Both files are written atomically (store.save),
the match first: after a power cut between the two, the check when the Continue list
opens (matches_boot.check) adds a new match's missing entry; an older match's entry
shows the round before until the match is saved again (Resume loads its file). At
most MAX_MATCHES are kept.
"""

import os

from ..rules.names import short_names
from . import paths, store_load

FOLDER = paths.MATCHES
INDEX = paths.MATCH_INDEX
DELETED = paths.DELETED
GAME_NAMES = {"igo": "I Go", "corsari": "Corsari", "corsica": "Deck"}
DECK = "corsica"  # a deck game's rules (rules/corsica_match.py)
VERSION = 1
MAX_MATCHES = paths.MAX_MATCHES
ID_CHARS = "0123456789-abcdefghijklmnopqrstuvwxyz"
MAX_ID = 24


def valid_id(x):
    """Whether x can name a match (and its file): 1-24 of [0-9a-z-]."""
    if type(x) is not str or not 0 < len(x) <= MAX_ID:
        return False
    for ch in x:
        if ch not in ID_CHARS:
            return False
    return True


def summary(sheet, stamp):
    """The index entry of a sheet (scoresheet.Sheet) or a deck game
    (corsica_match.DeckMatch) saved at history seq stamp."""
    if sheet.rules == DECK:
        return sheet.summary(stamp)
    return {
        "id": sheet.game,
        "rules": sheet.rules,
        "names": list(sheet.names),
        "rounds": len(sheet.rounds),
        "totals": sheet.totals(),
        "over": sheet.over,
        "winners": list(sheet.winners),
        "stamp": stamp,
    }


def headline(entry):
    """ "I Go round 4": the game and the round to play ("Deck pile 12": the pile in
    play); "I Go finished" once over."""
    game = GAME_NAMES[entry["rules"]]
    if entry["over"]:
        return game + " finished"
    return "%s %s %d" % (game, "pile" if entry["rules"] == DECK else "round", entry["rounds"] + 1)


def players_line(entry, chars=16):
    """The players, each name cut so that all fit on one line (names.short_names: alike
    names told apart)."""
    names = entry["names"]
    width = max(2, (chars + 1) // len(names) - 1)
    return " ".join(short_names(names, width))[:chars]


def delete_question(entry):
    """The question before a delete, naming the match: "Delete I Go round 4: Ann Bob
    Cy Dan?"."""
    return "Delete %s: %s?" % (headline(entry), players_line(entry, 30))


def _check_entry(e):
    if type(e) is not dict or not valid_id(e.get("id")):
        raise ValueError("bad entry %r" % (e,))
    names = e.get("names")
    totals = e.get("totals")
    if (
        e.get("rules") not in GAME_NAMES
        or type(names) is not list
        or type(totals) is not list
        or len(names) != len(totals)
        or type(e.get("rounds")) is not int
        or type(e.get("stamp")) is not int
        or type(e.get("winners")) is not list
        or type(e.get("over")) is not bool
    ):
        raise ValueError("bad entry for %s" % e["id"])
    for x in names:
        if type(x) is not str:
            raise ValueError("bad entry for %s" % e["id"])
    for x in totals + e["winners"]:
        if type(x) is not int:
            raise ValueError("bad entry for %s" % e["id"])
    return e


class Matches:
    """The saved matches in a folder (e.g. "matches", relative to the flash root)."""

    def __init__(self, folder):
        self.folder = folder
        self.count = 0  # matches in the index
        self.deleted = None  # the summary of the match deleted last (read_index)

    def path(self, name):
        return self.folder + "/" + name

    def entries(self):
        """The index's summaries, most recently saved first ([] if unreadable)."""
        entries, _ = self.read_index()
        return entries

    def read_index(self):
        """(the summaries, most recently saved first; None or a problem); sets
        `deleted`."""
        self.deleted = None
        obj, problem = store_load.load(self.path(INDEX))
        if obj is None:
            return [], problem
        try:
            if obj.get("v") != VERSION or type(obj.get("matches")) is not list:
                raise ValueError("not a match index")
            entries = [_check_entry(e) for e in obj["matches"]]
            if obj.get("deleted") is not None:
                self.deleted = _check_entry(obj["deleted"])
        except ValueError as e:
            return [], "%s corrupt: %s" % (INDEX, e)
        entries.sort(key=lambda e: -e["stamp"])
        return entries, None

    def write_index(self, entries):
        """Write the index: these summaries and `deleted`."""
        from . import store  # loaded to write: reading (Continue) needs none

        entries.sort(key=lambda e: -e["stamp"])
        self.count = len(entries)
        obj = {"v": VERSION, "matches": entries}
        if self.deleted:
            obj["deleted"] = self.deleted
        return store.save(self.path(INDEX), obj)

    def make_folder(self):
        """Make the folder if it is not there (a file in its place is set aside first);
        return None or a problem."""

        if store_load.is_dir(self.folder):
            return None
        problem = None
        try:
            os.stat(self.folder)
            problem = store_load.set_aside_noting(self.folder, "%s was a file" % store_load._name(FOLDER))
        except OSError:
            pass
        try:
            os.mkdir(self.folder)
        except OSError as e:
            return "%s: %s" % (store_load._name(FOLDER), store_load.error_text(e))
        return problem

    def save(self, sheet, stamp):
        """Write the match's file, then its index entry. Return None or a problem."""
        from . import store  # loaded to write: reading (Continue) needs none

        path = self.path(sheet.game + ".json")
        problem = store.save(path, sheet.to_obj())
        if problem and not store_load.is_dir(self.folder):  # the first match: no folder yet
            self.make_folder()
            problem = store.save(path, sheet.to_obj())
        if problem:
            return problem
        entries = [e for e in self.entries() if e["id"] != sheet.game]
        entries.append(summary(sheet, stamp))
        return self.write_index(entries)

    def load(self, match_id, sheet_from):
        """Return (sheet, problem) for a saved match; sheet None if it is unusable."""
        obj, problem = store_load.load(self.path(match_id + ".json"))
        if obj is None:
            return None, problem or "%s.json missing" % match_id
        try:
            sheet = sheet_from(obj)
            if sheet.game != match_id:
                raise ValueError("its id is %r" % (sheet.game,))
        except ValueError as e:
            return None, "%s.json: %s" % (match_id, e)
        return sheet, None

    def forget(self, match_id):
        """Drop a match's index entry (its file stays). Return None or a problem."""
        return self.write_index([e for e in self.entries() if e["id"] != match_id])

    def delete(self, match_id, entry=None):
        """Delete a match, keeping it until the next delete: its summary (its index
        entry, else `entry`) becomes the index's `deleted` (the one before is
        dropped), the file of the match deleted before is removed, then its file
        becomes <id>.deleted. Return None or a problem. (Cut after the index: the
        check puts it back in the list.)"""

        entries = self.entries()
        gone = [e for e in entries if e["id"] == match_id]
        self.deleted = gone[0] if gone else entry
        problem = self.write_index([e for e in entries if e["id"] != match_id])
        if problem:
            return problem
        try:
            for old in paths.deleted_ids(os.listdir(self.folder)):
                os.remove(self.path(old + DELETED))
            os.rename(self.path(match_id + ".json"), self.path(match_id + DELETED))
        except OSError as e:
            return "%s.json not deleted: %s" % (match_id, store_load.error_text(e))
        return None

    def restore(self):
        """Put the match deleted last back in the list: its file, then the index.
        Return (its summary, None), or (None, a problem): none deleted, or the list
        is full (it stays deleted)."""

        entries = self.entries()
        entry = self.deleted
        if entry is None:
            return None, "no deleted match"
        if len(entries) >= MAX_MATCHES:
            return None, "%d matches saved: no room to restore it." % MAX_MATCHES
        match_id = entry["id"]
        try:
            os.rename(self.path(match_id + DELETED), self.path(match_id + ".json"))
        except OSError as e:
            return None, "%s not restored: %s" % (match_id, store_load.error_text(e))
        self.deleted = None
        entries.append(entry)
        return entry, self.write_index(entries)


# --- the app's saved matches (app.App: match, saved_count, log, save, ...) ------------


def saved(app):
    """The app's saved matches (a Matches). This module is dropped again at the next
    screen change unless a screen names it: only the match played stays in RAM."""
    app.transient("matches")
    app.transient("store_load")
    m = Matches(app.path(FOLDER))
    m.count = app.saved_count
    return m


def match_from(app):
    """The loader of a saved match's file: obj -> a Sheet (app._sheet_from) or, for a
    deck game, a corsica_match.DeckMatch (its modules loaded for the moment unless a
    screen names them); ValueError if unusable."""

    def load(obj):
        if type(obj) is dict and obj.get("rules") == DECK:
            from ..rules import corsica_match

            app.transient("corsica_match", "corsica", "corsica_cards", "corsica_table", "rng")
            return corsica_match.from_obj(obj)
        return app._sheet_from(obj)

    return load


def save_match(app, sheet):
    """Write a match and its index entry (its `changed` cleared once both are on
    flash); return None or a problem."""
    m = saved(app)
    problem = m.save(sheet, app.history.next_seq)
    app.saved_count = m.count
    if not problem:
        sheet.changed = False
    return problem
