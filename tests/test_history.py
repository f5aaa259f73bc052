import json
import os

from raising import value_error
from tmpfs import TmpDir, make_tmp_dir, read, remove_tree, write

from table.rules.scoresheet import Sheet
from table.storage import history, history_boot
from table.storage.history import History


def open_history(d):
    return History(d + "/data/history.jsonl", d + "/data/boot.json")


def lines_of(path):
    return read(path).decode().split("\n")


def void_rounds(h, n=1):
    """Queue n void I Go rounds of game 1."""
    for _ in range(n):
        h.log("round", 1, "igo", {"void": True})


def retried_after_a_torn_batch(d, n):
    """Queue n lines, fail their flush, leave what a failed append may leave on the
    real flash (line 1 and a torn line 2), flush again; return (h, path, line 1)."""
    path = d + "/data/history.jsonl"
    h = open_history(d)
    void_rounds(h, n)
    first = h.texts()[0][1]
    h.path = d + "/data"  # a folder: the append fails
    assert not h.flush()
    write(path, (first + "\n" + '{"boot":1,"ev').encode())
    h.path = path
    assert h.flush()
    return h, path, first


def test_lines_are_queued_until_flush_and_sorted():
    with TmpDir("hist") as d:
        h = open_history(d)
        h.clock = lambda: (2026, 3, 4, 5, 6, 7, 2, 63)
        assert h.log("round", 7, "igo", {"ender": 1, "void": False}) == 1
        assert h.log("undo", 7, "igo", {"of": 1}) == 2
        assert h.pending() == 2
        assert "history.jsonl" not in os.listdir(d + "/data")
        assert h.flush() is True and h.pending() == 0 and h.error is None
        ids = (h.device, h.history)
        assert len(h.device) == 16 and len(h.history) == 8
        assert lines_of(d + "/data/history.jsonl") == [
            '{"at":"2026-03-04T05:06:07","boot":1,"device":"%s","ender":1,"event":"round","game":7,'
            '"history":"%s","rules":"igo","seq":1,"void":false}' % ids,
            '{"at":"2026-03-04T05:06:07","boot":1,"device":"%s","event":"undo","game":7,"history":"%s",'
            '"of":1,"rules":"igo","seq":2}' % ids,
            "",
        ]
        h.log("game_over", 7, "igo", {"totals": [4, 2], "winners": [0]})
        assert h.flush() and h.flush()  # a second flush with nothing queued is harmless
        assert [e["seq"] for e in history_boot.read(d + "/data/history.jsonl")] == [1, 2, 3]


def test_reserved_fields_are_refused():
    with TmpDir("hist") as d:
        h = open_history(d)
        value_error(h.log, "round", 1, "igo", {"seq": 5})  # seq is not overridden
        assert h.pending() == 0


def test_seq_continues_and_boot_increments_after_reopen():
    with TmpDir("hist") as d:
        h = open_history(d)
        assert h.boot == 1
        for _ in range(3):
            h.log("round", 1, "corsari", {"void": True})
        h.flush()
        h = open_history(d)  # reboot
        assert h.boot == 2 and h.next_seq == 4
        h.log("round", 1, "corsari", {"void": True})
        h.flush()
        h = open_history(d)  # reboot without logging anything
        assert h.boot == 3
        events = list(history_boot.read(d + "/data/history.jsonl"))
        assert [(e["seq"], e["boot"]) for e in events] == [(1, 1), (2, 1), (3, 1), (4, 2)]


def test_lost_boot_file_continues_from_the_history():
    with TmpDir("hist") as d:
        h = open_history(d)
        h = open_history(d)
        void_rounds(h)
        h.flush()
        write(d + "/data/boot.json", b"{corrupt")
        assert open_history(d).boot == 3


def test_seq_found_in_a_long_file_with_long_lines():
    with TmpDir("hist") as d:
        h = open_history(d)
        for i in range(150):
            h.log("slap", i // 10, "corsica", {"reason": "x" * (i * 7)})  # up to ~1 KB a line
            if i % 20 == 0:
                h.flush()
        h.flush()
        h = open_history(d)
        assert h.next_seq == 151


def test_torn_last_line_is_moved_aside_at_boot():
    with TmpDir("hist") as d:
        path = d + "/data/history.jsonl"
        h = open_history(d)
        void_rounds(h, 2)
        h.flush()
        with open(path, "ab") as f:
            f.write(b'{"boot":1,"event":"ro')  # power cut mid-write
        h = open_history(d)
        assert h.next_seq == 3
        assert h.problems == ["history: torn last line moved to history.torn"]
        assert read(d + "/data/history.torn") == b'{"boot":1,"event":"ro\n'
        h.log("undo", 1, "igo", {"of": 2})
        assert h.flush()
        lines = lines_of(path)
        assert len(lines) == 4 and json.loads(lines[2])["seq"] == 3 and lines[3] == ""
        assert [e["seq"] for e in history_boot.read(path)] == [1, 2, 3]


def test_a_failed_flush_keeps_the_queue_and_reports():
    with TmpDir("hist") as d:
        path = d + "/data/history.jsonl"
        h = open_history(d)
        h.path = d + "/data"  # a folder: every append fails
        void_rounds(h, 2)
        assert h.flush() is False
        assert h.pending() == 2
        assert "2 lines not written: " in h.error
        h.path = path  # space again
        assert h.flush() is True and h.error is None and h.pending() == 0
        assert [e["seq"] for e in history_boot.read(path)] == [1, 2]


def test_retry_after_a_partly_written_batch_writes_each_line_once():
    with TmpDir("hist") as d:
        h, path, _ = retried_after_a_torn_batch(d, 3)
        assert [e["seq"] for e in history_boot.read(path)] == [1, 2, 3]


def test_queue_is_bounded_while_flushes_fail():
    with TmpDir("hist") as d:
        h = open_history(d)
        void_rounds(h, history.MAX_QUEUE + 5)
        assert h.pending() == history.MAX_QUEUE and h.dropped == 5
        assert h.next_seq == history.MAX_QUEUE + 6


def test_sheet_events_in_the_history_file():
    with TmpDir("hist") as d:
        path = d + "/data/history.jsonl"
        h = open_history(d)
        s = Sheet("igo", ["Ann", "Bob"], target=2, game=h.next_seq, log=h.log)
        s.add_round(0, [3, 9])
        s.add_void(1)
        s.add_round(0, [2, 5])  # Ann reaches 2: game over
        s.undo()
        h.flush()
        events = list(history_boot.read(path))
        assert [(e["seq"], e["event"]) for e in events] == [
            (1, "round"),
            (2, "round"),
            (3, "round"),
            (4, "game_over"),
            (5, "undo"),
            (6, "undo"),
        ]
        assert all(e["game"] == 1 and e["rules"] == "igo" and e["boot"] == 1 for e in events)
        assert events[0]["round_scores"] == [1, 0] and events[0]["totals"] == [1, 0]
        assert events[1]["void"] is True and events[1]["taker"] == 1
        assert events[3]["winners"] == [0] and events[3]["totals"] == [2, 0]
        assert events[4]["of"] == 3 and events[5]["of"] == 4


def clock_moves_on():
    """Let a few milliseconds pass: two ids from the clock then differ."""
    import time

    if hasattr(time, "sleep_ms"):
        time.sleep_ms(3)
    else:
        time.sleep(0.003)


def test_identity_stays_with_the_history_and_changes_with_a_new_one():
    with TmpDir("hist") as d:
        h = open_history(d)
        void_rounds(h)
        h.flush()
        device, first = h.device, h.history
        h = open_history(d)
        assert (h.device, h.history) == (device, first)
        os.remove(d + "/data/boot.json")  # lost: the history itself says who it is
        h = open_history(d)
        assert (h.device, h.history, h.boot, h.next_seq) == (device, first, 2, 2)
        os.remove(d + "/data/history.jsonl")  # a new history on the same device
        clock_moves_on()  # without urandom (the 32-bit runner) the id is the clock's
        h = open_history(d)
        assert h.device == device and h.history != first and h.next_seq == 1
        h = History(d + "/data/history.jsonl", d + "/data/boot.json", "e6614103e7")
        assert h.device == "e6614103e7"  # the chip's own id wins


def test_corrupt_boot_file_is_set_aside_and_counting_goes_on_from_the_history():
    with TmpDir("hist") as d:
        h = open_history(d)
        void_rounds(h, 4)
        h.flush()
        for bad in (
            b'{"boot": 10000000000000000000000000000000}',
            b'{"boot": 2, "de',
            b'{"boot": -5}',
            b'{"boot": "7"}',
        ):
            write(d + "/data/boot.json", bad)
            h = open_history(d)
            assert h.next_seq == 5 and 2 <= h.boot < 1000, (bad, h.boot)
        names = sorted(os.listdir(d + "/data"))
        assert "boot.json.bad" in names and "history.jsonl" in names


def test_the_boot_counter_stops_at_max_count():
    with TmpDir("hist") as d:
        open_history(d)
        write(d + "/data/boot.json", b'{"boot": %d}' % history_boot.MAX_COUNT)
        assert open_history(d).boot == history_boot.MAX_COUNT
        assert open_history(d).boot == history_boot.MAX_COUNT


def test_absurd_numbers_in_the_history_are_not_ours():
    with TmpDir("hist") as d:
        h = open_history(d)
        void_rounds(h)
        h.flush()
        with open(d + "/data/history.jsonl", "ab") as f:
            f.write(b'{"seq": 1000000000000000000000000000000, "boot": 1}\n')
        h = open_history(d)
        assert h.next_seq == 2


def test_history_that_is_a_folder_and_data_that_is_a_file_are_set_aside():
    with TmpDir("hist") as d:
        os.mkdir(d + "/data")
        os.mkdir(d + "/data/history.jsonl")
        h = open_history(d)
        assert h.problems == ["history.jsonl was a folder: kept as history.jsonl.bad"]
        void_rounds(h)
        assert h.flush() and h.error is None
        remove_tree(d + "/data")
        write(d + "/data", b"not a folder")
        h = open_history(d)
        assert h.problems == ["data was a file, not a folder: kept as data.bad"]
        void_rounds(h)
        assert h.flush() and h.error is None
        assert read(d + "/data.bad") == b"not a folder"


def test_count_is_an_int_from_0_to_max_count():
    m = history_boot.MAX_COUNT
    assert m == (1 << 30) - 1
    assert [history_boot.count(x) for x in (0, 1, m)] == [0, 1, m]
    assert [history_boot.count(x) for x in (-1, m + 1, True, 1.0, "1", None)] == [None] * 6


def test_a_reserved_field_is_named_in_the_error():
    with TmpDir("hist") as d:
        h = open_history(d)
        assert value_error(h.log, "round", 1, "igo", {"boot": 5}) == "history field 'boot' is reserved"


def test_the_oldest_queued_lines_are_dropped_first():
    with TmpDir("hist") as d:
        h = open_history(d)
        path = h.path
        h.path = d + "/data"  # a folder: every append fails
        void_rounds(h, history.MAX_QUEUE + 5)
        assert not h.flush()
        assert h.error.startswith("history: %d lines not written: " % history.MAX_QUEUE)
        h.path = path
        assert h.flush()
        assert [e["seq"] for e in history_boot.read(path)] == list(range(6, history.MAX_QUEUE + 6))


def test_a_good_file_is_left_alone_at_boot():
    with TmpDir("hist") as d:
        h = open_history(d)
        h.log("slap", 1, "corsica", {"reason": "two words"})  # a space inside a line
        h.flush()
        before = read(h.path)
        h = open_history(d)
        assert h.problems == [] and h.next_seq == 2 and read(h.path) == before
        assert "history.torn" not in os.listdir(d + "/data")
        write(h.path, b"")  # an empty history: a clean start, nothing torn
        h = open_history(d)
        assert h.problems == [] and h.next_seq == 1
        write(h.path, b"garbage\n\n")  # no line of ours
        h = open_history(d)
        assert h.problems == [] and h.next_seq == 1


def test_a_retry_after_a_torn_batch_leaves_exactly_one_copy_of_each_line():
    with TmpDir("hist") as d:
        h, path, first = retried_after_a_torn_batch(d, 2)
        lines = lines_of(path)
        assert lines[0] == first and lines[2] == ""
        assert len(lines) == 3 and json.loads(lines[1])["seq"] == 2
        assert read(d + "/data/history.torn") == b'{"boot":1,"ev\n'
        assert h.flush() and lines_of(path) == lines  # nothing left to write


def good_line(seq, pad=0):
    return ('{"boot":1,"event":"round","note":"%s","seq":%d}' % ("x" * pad, seq)).encode()


def test_a_complete_last_line_without_its_newline_still_counts():
    # A power cut between the line and its newline: the line is moved aside, but its
    # seq was given out, so seq goes on after it.
    with TmpDir("hist") as d:
        path = d + "/data/history.jsonl"
        open_history(d)
        write(path, good_line(1) + b"\n" + good_line(2))
        h = open_history(d)
        assert h.next_seq == 3
        assert read(path) == good_line(1) + b"\n"
        assert read(d + "/data/history.torn") == good_line(2) + b"\n"


def test_the_last_line_is_found_across_chunk_boundaries():
    chunk = history_boot.TAIL_CHUNK
    assert chunk == 512 and history_boot.MAX_LINE == 4096
    with TmpDir("hist") as d:
        path = d + "/data/history.jsonl"
        open_history(d)
        # The first line is the only one of ours and the file is one byte longer than
        # a chunk: the last chunk read starts at byte 1.
        first = good_line(1)
        write(path, first + b"\n" + b"g" * (chunk - len(first) - 1) + b"\n")
        assert len(read(path)) == chunk + 1
        assert open_history(d).next_seq == 2
        # A line of exactly MAX_LINE bytes that ends 512 bytes before the end of the
        # file, behind one of 510 garbage bytes: read whole across the chunks.
        long_line = good_line(7, history_boot.MAX_LINE - len(good_line(7)))
        assert len(long_line) == history_boot.MAX_LINE
        write(path, good_line(3) + b"\n" + long_line + b"\n" + b"g" * (chunk - 2) + b"\n")
        assert open_history(d).next_seq == 8
        # A line longer than MAX_LINE is not ours: the one before it counts.
        write(path, good_line(3) + b"\n" + good_line(9, 5000) + b"\n")
        assert open_history(d).next_seq == 4


def test_a_torn_tail_is_cut_at_the_last_newline_whatever_the_chunks():
    chunk = history_boot.TAIL_CHUNK
    with TmpDir("hist") as d:
        path = d + "/data/history.jsonl"
        torn_path = d + "/data/history.torn"
        open_history(d)
        good = good_line(1, 700) + b"\n" + good_line(2) + b"\n"
        cases = (
            (good, b"t" * 600),  # the torn tail is longer than a chunk
            (good, b"t" * (chunk - 1)),  # the last newline is the first byte of a chunk
            (b"\n", b"t" * chunk),  # the only newline is the file's first byte
            (b"", b'{"boot":1,"event":"ro'),  # a file that is one torn line
        )
        for kept, torn in cases:
            write(path, kept + torn)
            try:
                os.remove(torn_path)
            except OSError:
                pass
            h = open_history(d)
            assert h.problems == ["history: torn last line moved to history.torn"]
            assert read(path) == kept and read(torn_path) == torn + b"\n"
            assert "history.jsonl.tmp" not in os.listdir(d + "/data")


def test_a_torn_tail_that_cannot_be_cut_is_kept_and_the_next_line_starts_anew():
    with TmpDir("hist") as d:
        path = d + "/data/history.jsonl"
        open_history(d)
        write(path, good_line(1) + b"\n" + b'{"boot":1,"ev')
        os.mkdir(path + ".tmp")  # the copy cannot be written
        h = open_history(d)
        assert len(h.problems) == 1
        assert h.problems[0].startswith("history: torn last line kept (")
        assert h.problems[0].endswith(")") and "\n" not in h.problems[0]
        assert h.next_seq == 2
        os.rmdir(path + ".tmp")
        void_rounds(h)
        assert h.flush()
        lines = lines_of(path)
        assert lines[:2] == [good_line(1).decode(), '{"boot":1,"ev']
        assert json.loads(lines[2])["seq"] == 2 and lines[3:] == [""]


def test_the_boot_file_is_at_most_512_bytes():
    with TmpDir("hist") as d:
        boot_path = d + "/data/boot.json"
        open_history(d)
        text = '{"boot":5,"pad":"%s"}'
        write(boot_path, (text % ("x" * (512 - len(text % "")))).encode())
        h = open_history(d)
        assert h.problems == [] and h.boot == 6
        write(boot_path, (text % ("x" * (513 - len(text % "")))).encode())
        h = open_history(d)
        assert h.problems == ["boot.json too big (513 bytes, at most 512): kept as boot.json.bad"]
        assert h.boot == 1


def test_the_boot_file_holds_the_counter_and_both_ids():
    with TmpDir("hist") as d:
        h = open_history(d)
        h = open_history(d)
        assert json.loads(read(d + "/data/boot.json")) == {"boot": 2, "device": h.device, "history": h.history}


def test_old_lines_without_a_history_id_take_the_stored_one():
    with TmpDir("hist") as d:
        open_history(d)
        write(d + "/data/history.jsonl", good_line(4) + b"\n")
        write(d + "/data/boot.json", b'{"boot":3,"device":"d1","history":"abcd1234"}')
        h = open_history(d)
        assert (h.history, h.device, h.boot, h.next_seq) == ("abcd1234", "d1", 4, 5)


def test_a_device_id_is_1_to_32_lowercase_hex_digits():
    with TmpDir("hist") as d:
        for given, kept in (
            ("a", True),
            ("0123456789abcdef" * 2, True),
            ("", False),
            ("0123456789abcdef" * 2 + "0", False),
            ("ABCD", False),
            ("12g4", False),
            ("X1", False),
            (1234, False),
        ):
            d2 = d + "/" + str(len(os.listdir(d)))  # a fresh device each time
            h = History(d2 + "/history.jsonl", d2 + "/boot.json", given)
            if kept:
                assert h.device == given
            else:
                assert h.device != given and len(h.device) == 16, (given, h.device)


class FakeOs:
    """os without urandom (some ports): ids are made from the clock."""

    def __getattr__(self, name):
        if name == "urandom":
            raise AttributeError(name)
        return getattr(os, name)


class FakeTime:
    def __init__(self, us=None, seconds=None):
        if us is not None:
            self.ticks_us = lambda: us
        self.seconds = seconds

    def time(self):
        return self.seconds


def test_ids_come_from_the_clock_without_urandom():
    import sys

    from table.storage import history_boot

    real_os, real_time = history_boot.os, sys.modules.get("time")
    history_boot.os = FakeOs()
    try:
        fake = sys.modules["time"] = FakeTime(us=0x12345678)
        import time

        if time is fake:  # the bytes of the clock, least significant first
            assert history_boot.new_id(4) == "78563412"
            sys.modules["time"] = FakeTime(seconds=1.5)  # 1500000 us = 0x16e360
            assert history_boot.new_id(4) == "60e31600"
            assert history_boot.new_id(2) == "60e3"
            return
    finally:
        history_boot.os = real_os
        if real_time is None:
            del sys.modules["time"]
        else:
            sys.modules["time"] = real_time
    from skipping import skip

    skip("this runtime imports its built-in time, not sys.modules['time']")


def test_a_relative_history_path_gets_its_folder():
    d = make_tmp_dir("hist")
    here = os.getcwd()
    try:
        os.chdir(d)
        h = History("d/history.jsonl", "d/boot.json")
        assert h.error is None and h.problems == [] and os.listdir("d") == ["boot.json"]
    finally:
        os.chdir(here)
        remove_tree(d)


def test_a_folder_that_cannot_be_set_aside_is_reported_without_a_new_name():
    with TmpDir("hist") as d:
        os.mkdir(d + "/data")
        os.mkdir(d + "/data/history.jsonl")
        write(d + "/data/history.jsonl.bad", b"")
        for i in range(2, 100):
            write(d + "/data/history.jsonl.bad%d" % i, b"")
        h = open_history(d)
        assert h.problems == ["history.jsonl was a folder"]


def test_events_and_fields_outside_the_table_are_refused():
    with TmpDir("hist") as d:
        h = open_history(d)
        h.log("round", 1, "igo", {"void": True})
        for event, fields in (("round", {"note": 1}), ("slap", {"ender": 0}), ("shuffle", {}), ("shuffle", None)):
            h.log(event, 1, "igo", fields)  # checked at the flush (log loads nothing)
            assert "history" in value_error(h.flush)
        assert h.pending() == 1  # the good line stays, the refused one is gone
        assert h.flush() and h.pending() == 0
        assert [e["event"] for e in history_boot.read(d + "/data/history.jsonl")] == ["round"]


def test_refusals_name_the_event_or_field():
    with TmpDir("hist") as d:
        h = open_history(d)
        for event, fields, text in (
            ("shuffle", None, "history event 'shuffle' is unknown"),
            ("shuffle", {"of": 1}, "history event 'shuffle' is unknown"),
            ("round", {"note": 1}, "history field 'note' is not one of round's"),
            ("undo", {"game": 2}, "history field 'game' is reserved"),
        ):
            if "reserved" in text:  # refused at once
                assert value_error(h.log, event, 1, "igo", fields) == text
            else:
                h.log(event, 1, "igo", fields)
                assert value_error(h.flush) == text
        assert h.pending() == 0


class InodeOs:
    """os whose stat gives every file an inode number with bit 14 set (0x4000, the
    folder bit of the mode): only the mode may say what is a folder."""

    def __getattr__(self, name):
        return getattr(os, name)

    def stat(self, path):
        st = list(os.stat(path))
        st[1] = 0x4000 | 1
        return tuple(st)


def test_a_folder_is_told_by_the_mode_not_by_other_fields():
    d = make_tmp_dir("hist")
    real = history_boot.os
    try:
        h = open_history(d)
        h.log("undo", 1, "igo", {"of": 1})
        h.flush()
        history_boot.os = InodeOs()
        assert open_history(d).next_seq == 2
    finally:
        history_boot.os = real
        remove_tree(d)


def test_each_line_carries_the_wall_clock_time_when_the_clock_was_set():
    with TmpDir("hist") as d:
        h = open_history(d)
        h.clock = lambda: (2026, 11, 26, 1, 30, 5, 3, 330)  # set by a PC
        h.log("undo", 1, "igo", {"of": 1})
        h.clock = lambda: (2021, 1, 1, 0, 0, 12, 4, 1)  # rp2's RTC at power-up: never set
        h.log("undo", 1, "igo", {"of": 2})
        assert h.flush()
        lines = lines_of(h.path)
        assert '"at":"2026-11-26T01:30:05"' in lines[0] and '"at":null' in lines[1]
        events = list(history_boot.read(h.path))
        assert [e["at"] for e in events] == ["2026-11-26T01:30:05", None]


def test_the_year_tells_a_clock_that_was_never_set():
    assert history.MIN_YEAR == 2024
    assert history.clock_text((2023, 12, 31, 23, 59, 59, 6, 365)) is None
    assert history.clock_text((2000, 1, 1, 0, 0, 0, 5, 1)) is None  # CircuitPython's start
    assert history.clock_text((2024, 1, 1, 0, 0, 0, 0, 1)) == "2024-01-01T00:00:00"
    assert history.clock_text((2099, 12, 9, 7, 5, 3, 2, 343)) == "2099-12-09T07:05:03"


def test_a_missing_or_failing_clock_only_leaves_the_time_out():
    def broken():
        raise OSError(5)

    for clock in (broken, lambda: (), lambda: None):
        assert history.now_text(clock) is None
    with TmpDir("hist") as d:
        h = open_history(d)
        h.clock = broken
        h.log("undo", 1, "igo", {"of": 1})
        assert h.flush() and json.loads(lines_of(h.path)[0])["at"] is None


def test_the_runtime_clock_gives_a_date_or_none():
    at = history.now_text()  # this machine's clock (time.localtime)
    if at is not None:
        assert len(at) == 19 and at[4] == "-" and at[10] == "T" and at[13] == ":"
        assert int(at[:4]) >= history.MIN_YEAR
