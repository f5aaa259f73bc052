"""Boot file: run the app; if it cannot even start, say why on the display.

app.main() catches what goes wrong inside a screen. Only a failure to import the
firmware or to build the hardware gets here: it is written to data/errors.txt and
shown on the display if the display works, and main.py returns, so the USB REPL
stays usable (mpremote can replace the broken file).
"""

import sys


def show_error(e):
    """Log e; show its type and message on the display if it can be built."""
    try:
        from table.storage import paths

        with open(paths.ERRORS, "w") as f:
            sys.print_exception(e, f)
    except Exception:
        pass
    try:
        import board

        from table.device import hw
        from table.screens import ui

        h = hw.Hardware(board)
        c = h.canvas
        c.clear()
        ui.draw_title(c, "Boot error")
        text = "%s: %s" % (type(e).__name__, e)
        for row, line in enumerate(ui.wrap(text, c.width // 8)[: ui.ROWS]):
            c.text(line, 0, ui.row_y(row))
        h.show()
    except Exception:
        pass


try:
    import board

    from table.device import boardspec

    boardspec.check(board)  # a hand-edited board: one line, before the app loads
    del boardspec
    from table import app

    app.unload("boardspec")  # checked: its code leaves the heap
    app.main()
except Exception as e:  # SystemExit and KeyboardInterrupt (Ctrl-C) pass
    if type(e).__name__ == "BoardError":
        print(e)  # a bad board definition: the one line says what to fix
    else:
        sys.print_exception(e)
    show_error(e)
