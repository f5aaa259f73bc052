"""The check of the saved matches (matches.py) when the Continue list opens
(ui_matches.py, whose screens keep it loaded): make the folder (a file in its place
is set aside), read the index (set aside if unusable), drop entries whose file is
gone and add the match files the index lacks (an unusable one is set aside as
NAME.bad: never deleted); forget the deleted match whose <id>.deleted is gone (a
power cut in the middle of its delete left its <id>.json: it is in the list again).
"""

import os

from . import paths, store_load
from .matches import INDEX, summary


def check(m, stamp, sheet_from):
    """Check m (a matches.Matches); return (entries, problems): the index's summaries
    as checked (most recently saved first, as m.entries() reads them) and the
    problems as one-line texts. stamp: the history's next seq; sheet_from(obj)
    builds a Sheet or raises ValueError."""
    problems = []
    folder = m.folder
    problem = m.make_folder()
    if problem:
        problems.append(problem)
        if not store_load.is_dir(folder):
            return [], problems
    entries, problem = m.read_index()
    if problem:
        problems.append(store_load.set_aside_noting(m.path(INDEX), problem))
    try:
        listing = os.listdir(folder)
    except OSError:
        listing = []
    files = paths.match_ids(listing)
    kept = [e for e in entries if e["id"] in files]
    changed = len(kept) != len(entries) or bool(problem)
    if m.deleted and m.deleted["id"] not in paths.deleted_ids(listing):
        m.deleted = None
        changed = True
    known = [e["id"] for e in kept]
    for match_id in sorted(files):
        if match_id in known:
            continue
        sheet, problem = m.load(match_id, sheet_from)
        if sheet is None:
            if problem:
                problem = store_load.set_aside_noting(m.path(match_id + ".json"), problem)
            problems.append(problem or "%s missing" % match_id)
            continue
        kept.append(summary(sheet, stamp))
        changed = True
    m.count = len(kept)
    if changed:
        problem = m.write_index(kept)  # (sorted there)
        if problem:
            problems.append(problem)
    return kept, problems
