"""A round's table (the round's review, ui_igo.py; a round of the score sheet and its
change, ui_round.py): shared by those screens and loaded with them (their MODULES),
not with every screen as ui.py is (#46: the heap under the hand calculator)."""

from ..rules.names import short_names

ROUND_LABELS = ("pen", "rnd", "tot")  # a round's table: its columns after the names


def round_table(names, ender, penalties, scores, totals, chars=15):
    """A round's table in lines of chars characters, to draw as they are: a header
    (ROUND_LABELS), then per player the short name ('*' after the ender's), penalty,
    round score and total after it. The header and the rows are laid out from the
    same column widths (each as wide as its label or its widest value, a space
    between columns; the names take what is left, at least a letter), so each label
    ends where the values under it end and no value is cut."""
    n = len(names)
    values = [("%d" % penalties[i], "%+d" % scores[i], "%d" % totals[i]) for i in range(n)]
    widths = [max([len(ROUND_LABELS[k])] + [len(v[k]) for v in values]) for k in range(len(ROUND_LABELS))]
    first = max(1, chars - len(widths) - sum(widths))  # the names' column
    out = [_table_line("", ROUND_LABELS, first, widths)]
    for i, name in enumerate(short_names(names, first)):
        out.append(_table_line(name + ("*" if i == ender else ""), values[i], first, widths))
    return out


def _table_line(name, cells, first, widths):
    """A line of round_table: the name left-aligned in first characters and one more
    (a space, or the ender's '*'), the cells right-aligned in their widths, a space
    between them."""
    line = ("%-" + str(first + 1) + "s") % name
    for k in range(len(cells)):
        line += (" " if k else "") + ("%" + str(widths[k]) + "s") % cells[k]
    return line
