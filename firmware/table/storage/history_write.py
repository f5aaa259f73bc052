"""The history's writing (history.py's `History.texts` and `flush`): loaded for a
write, so the History that stays in RAM is no bigger for it (the app drops it after
the write, app.WRITING)."""


def texts(history):
    """History.texts: the queue as (seq, line text), each line logged since the last
    call checked (events.check) and made JSON text; a line naming an unknown event
    or field is dropped, and ValueError says which."""
    from . import events
    from .jsonfmt import dumps

    queue = history._queue
    for i in range(len(queue)):
        seq, line = queue[i]
        if type(line) is dict:
            try:
                events.check(line["event"], [key for key in line if key not in events.COMMON])
            except ValueError:
                del queue[i]
                raise
            queue[i] = (seq, dumps(line))
    return queue


def flush(history):
    """History.flush: append the queued lines; True if the queue is empty afterwards,
    else False with `error` set (the lines stay queued for the next flush)."""
    if not history._queue:
        return True
    texts(history)
    try:
        if history._recheck:
            # Part of the failed batch may be on flash: keep only what is not.
            from . import history_boot

            last, history._torn = history_boot.tail(history.path)
            if last:
                history._queue = [q for q in history._queue if q[0] > last["seq"]]
            if history._torn:
                history_boot.cut_torn_tail(history)
        with open(history.path, "a") as f:
            if history._torn:
                f.write("\n")
            for _, text in history._queue:
                f.write(text)
                f.write("\n")
    except OSError as e:
        from .store_load import error_text

        history._recheck = True
        history.error = "history: %d lines not written: %s" % (len(history._queue), error_text(e))
        return False
    history._queue = []
    history._torn = history._recheck = False
    history.error = None
    return True
