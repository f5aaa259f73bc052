"""Saved I Go / Corsari matches: one file per match in the `matches/` folder and a
small index for the Continue list (docs/formats.md, "Saved matches").

    matches/<id>.json    the match (scoresheet.Sheet.to_obj()), id = its game id
    matches/index.json   {"v": 1, "matches": [summary, ...]}

A summary holds what the Continue list shows: `id`, `rules`, `names`, `rounds`
(played), `totals`, `over`, `winners` and `stamp` (the history seq when it was last
saved: the list shows the most recent first). Only the match being played is in RAM;
the index is read when it is needed. Both files are written atomically (store.save),
the match first: after a power cut between the two, the boot check brings the index
up to date from the match files. At most MAX_MATCHES are kept.
"""
import os

import store

FOLDER = "matches"
INDEX = "index.json"
VERSION = 1
MAX_MATCHES = 10
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
    """The index entry of a sheet (scoresheet.Sheet) saved at history seq stamp."""
    return {"id": sheet.game, "rules": sheet.rules, "names": list(sheet.names),
            "rounds": len(sheet.rounds), "totals": sheet.totals(), "over": sheet.over,
            "winners": list(sheet.winners), "stamp": stamp}


def leaders(entry):
    """The leading players of a summary: the winners once over, else I Go the most
    points, Corsari the lowest total; [] before the first round."""
    if entry["over"]:
        return list(entry["winners"])
    if not entry["rounds"]:
        return []
    totals = entry["totals"]
    best = max(totals) if entry["rules"] == "igo" else min(totals)
    return [i for i in range(len(totals)) if totals[i] == best]


def _check_entry(e):
    if type(e) is not dict or not valid_id(e.get("id")):
        raise ValueError("bad entry %r" % (e,))
    names = e.get("names")
    totals = e.get("totals")
    if (e.get("rules") not in ("igo", "corsari") or type(names) is not list
            or type(totals) is not list or len(names) != len(totals)
            or type(e.get("rounds")) is not int or type(e.get("stamp")) is not int
            or type(e.get("winners")) is not list or type(e.get("over")) is not bool):
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

    def path(self, name):
        return self.folder + "/" + name

    def boot(self, stamp, sheet_from):
        """Check the folder at boot: make it (a file in its place is set aside), read
        the index (set aside if unusable), drop entries whose file is gone and add
        match files the index lacks (an unusable one is set aside). Return the
        problems as one-line texts. sheet_from(obj) builds a Sheet or raises ValueError."""
        problems = []
        folder = self.folder
        if not store.is_dir(folder):
            try:
                os.stat(folder)
                new = store.set_aside(folder)
                problems.append("%s was a file (kept as %s)" % (FOLDER, _name(new or "?")))
            except OSError:
                pass
            try:
                os.mkdir(folder)
            except OSError as e:
                problems.append("%s: %s" % (FOLDER, store.error_text(e)))
                return problems
        entries, problem = self._read_index()
        if problem:
            new = store.set_aside(self.path(INDEX))
            problems.append(problem + (" (kept as %s)" % _name(new) if new else ""))
        try:
            files = [f[:-5] for f in os.listdir(folder)
                     if f.endswith(".json") and f != INDEX]
        except OSError:
            files = []
        kept = [e for e in entries if e["id"] in files]
        changed = len(kept) != len(entries) or bool(problem)
        known = [e["id"] for e in kept]
        for match_id in sorted(files):
            if match_id in known:
                continue
            sheet, problem = self.load(match_id, sheet_from)
            if sheet is None:
                new = store.set_aside(self.path(match_id + ".json")) if problem else None
                problems.append((problem or "%s missing" % match_id)
                                + (" (kept as %s)" % _name(new) if new else ""))
                continue
            kept.append(summary(sheet, stamp))
            changed = True
        self.count = len(kept)
        if changed:
            problem = self._write_index(kept)
            if problem:
                problems.append(problem)
        return problems

    def entries(self):
        """The index's summaries, most recently saved first ([] if unreadable)."""
        entries, _ = self._read_index()
        return entries

    def _read_index(self):
        obj, problem = store.load(self.path(INDEX))
        if obj is None:
            return [], problem
        try:
            if obj.get("v") != VERSION or type(obj.get("matches")) is not list:
                raise ValueError("not a match index")
            entries = [_check_entry(e) for e in obj["matches"]]
        except ValueError as e:
            return [], "%s corrupt: %s" % (INDEX, e)
        entries.sort(key=lambda e: -e["stamp"])
        return entries, None

    def _write_index(self, entries):
        entries.sort(key=lambda e: -e["stamp"])
        self.count = len(entries)
        return store.save(self.path(INDEX), {"v": VERSION, "matches": entries})

    def save(self, sheet, stamp):
        """Write the match's file, then its index entry. Return None or a problem."""
        problem = store.save(self.path(sheet.game + ".json"), sheet.to_obj())
        if problem:
            return problem
        entries = [e for e in self.entries() if e["id"] != sheet.game]
        entries.append(summary(sheet, stamp))
        return self._write_index(entries)

    def load(self, match_id, sheet_from):
        """Return (sheet, problem) for a saved match; sheet None if it is unusable."""
        obj, problem = store.load(self.path(match_id + ".json"))
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
        return self._write_index([e for e in self.entries() if e["id"] != match_id])

    def delete(self, match_id):
        """Delete a match: its index entry, then its file. Return None or a problem."""
        problem = self.forget(match_id)
        if problem:
            return problem
        try:
            os.remove(self.path(match_id + ".json"))
        except OSError as e:
            return "%s.json not deleted: %s" % (match_id, store.error_text(e))
        return None


def _name(path):
    return path[path.rfind("/") + 1:]
