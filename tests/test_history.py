import json
import os

import history
from history import History
from scoresheet import Sheet
from tmpfs import make_tmp_dir, read, remove_tree, write


def open_history(d):
    return History(d + "/data/history.jsonl", d + "/data/boot.json")


def lines_of(path):
    return read(path).decode().split("\n")


def test_lines_are_queued_until_flush_and_sorted():
    d = make_tmp_dir("hist")
    try:
        h = open_history(d)
        assert h.log("round", 7, "igo", {"ender": 1, "void": False}) == 1
        assert h.log("undo", 7, "igo", {"of": 1}) == 2
        assert h.pending() == 2
        assert "history.jsonl" not in os.listdir(d + "/data")
        assert h.flush() is True and h.pending() == 0 and h.error is None
        ids = (h.device, h.history)
        assert len(h.device) == 16 and len(h.history) == 8
        assert lines_of(d + "/data/history.jsonl") == [
            '{"boot":1,"device":"%s","ender":1,"event":"round","game":7,"history":"%s",'
            '"rules":"igo","seq":1,"void":false}' % ids,
            '{"boot":1,"device":"%s","event":"undo","game":7,"history":"%s","of":1,'
            '"rules":"igo","seq":2}' % ids,
            "",
        ]
        h.log("game_over", 7, "igo", {"totals": [4, 2], "winners": [0]})
        assert h.flush() and h.flush()  # a second flush with nothing queued is harmless
        assert [e["seq"] for e in history.read(d + "/data/history.jsonl")] == [1, 2, 3]
    finally:
        remove_tree(d)


def test_reserved_fields_are_refused():
    d = make_tmp_dir("hist")
    try:
        h = open_history(d)
        try:
            h.log("round", 1, "igo", {"seq": 5})
            assert False, "seq overridden"
        except ValueError:
            pass
        assert h.pending() == 0
    finally:
        remove_tree(d)


def test_seq_continues_and_boot_increments_after_reopen():
    d = make_tmp_dir("hist")
    try:
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
        events = list(history.read(d + "/data/history.jsonl"))
        assert [(e["seq"], e["boot"]) for e in events] == [(1, 1), (2, 1), (3, 1), (4, 2)]
    finally:
        remove_tree(d)


def test_lost_boot_file_continues_from_the_history():
    d = make_tmp_dir("hist")
    try:
        h = open_history(d)
        h = open_history(d)
        h.log("round", 1, "igo", {"void": True})
        h.flush()
        write(d + "/data/boot.json", b"{corrupt")
        assert open_history(d).boot == 3
    finally:
        remove_tree(d)


def test_seq_found_in_a_long_file_with_long_lines():
    d = make_tmp_dir("hist")
    try:
        h = open_history(d)
        for i in range(150):
            h.log("round", i // 10, "corsari", {"note": "x" * (i * 7)})  # up to ~1 KB a line
            if i % 20 == 0:
                h.flush()
        h.flush()
        h = open_history(d)
        assert h.next_seq == 151
    finally:
        remove_tree(d)


def test_torn_last_line_is_moved_aside_at_boot():
    d = make_tmp_dir("hist")
    try:
        path = d + "/data/history.jsonl"
        h = open_history(d)
        h.log("round", 1, "igo", {"void": True})
        h.log("round", 1, "igo", {"void": True})
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
        assert [e["seq"] for e in history.read(path)] == [1, 2, 3]
    finally:
        remove_tree(d)


def test_a_failed_flush_keeps_the_queue_and_reports():
    d = make_tmp_dir("hist")
    try:
        path = d + "/data/history.jsonl"
        h = open_history(d)
        h.path = d + "/data"  # a folder: every append fails
        h.log("round", 1, "igo", {"void": True})
        h.log("round", 1, "igo", {"void": True})
        assert h.flush() is False
        assert h.pending() == 2
        assert "2 lines not written: " in h.error
        h.path = path  # space again
        assert h.flush() is True and h.error is None and h.pending() == 0
        assert [e["seq"] for e in history.read(path)] == [1, 2]
    finally:
        remove_tree(d)


def test_retry_after_a_partly_written_batch_writes_each_line_once():
    d = make_tmp_dir("hist")
    try:
        path = d + "/data/history.jsonl"
        h = open_history(d)
        h.log("round", 1, "igo", {"void": True})
        first = h._queue[0][1]
        h.log("round", 1, "igo", {"void": True})
        h.log("round", 1, "igo", {"void": True})
        h.path = d + "/data"  # the append fails
        assert not h.flush()
        # What the failed flush may have left on the real flash: line 1 and a torn line 2.
        write(path, (first + "\n" + '{"boot":1,"ev').encode())
        h.path = path
        assert h.flush()
        assert [e["seq"] for e in history.read(path)] == [1, 2, 3]
    finally:
        remove_tree(d)


def test_queue_is_bounded_while_flushes_fail():
    d = make_tmp_dir("hist")
    try:
        h = open_history(d)
        for _ in range(history.MAX_QUEUE + 5):
            h.log("round", 1, "igo", {"void": True})
        assert h.pending() == history.MAX_QUEUE and h.dropped == 5
        assert h.next_seq == history.MAX_QUEUE + 6
    finally:
        remove_tree(d)


def test_sheet_events_in_the_history_file():
    d = make_tmp_dir("hist")
    try:
        path = d + "/data/history.jsonl"
        h = open_history(d)
        s = Sheet("igo", ["Ann", "Bob"], target=2, game=h.next_seq, log=h.log)
        s.add_round(0, [3, 9])
        s.add_void(1)
        s.add_round(0, [2, 5])  # Ann reaches 2: game over
        s.undo()
        h.flush()
        events = list(history.read(path))
        assert [(e["seq"], e["event"]) for e in events] == [
            (1, "round"), (2, "round"), (3, "round"), (4, "game_over"), (5, "undo"), (6, "undo")]
        assert all(e["game"] == 1 and e["rules"] == "igo" and e["boot"] == 1 for e in events)
        assert events[0]["round_scores"] == [1, 0] and events[0]["totals"] == [1, 0]
        assert events[1]["void"] is True and events[1]["taker"] == 1
        assert events[3]["winners"] == [0] and events[3]["totals"] == [2, 0]
        assert events[4]["of"] == 3 and events[5]["of"] == 4
    finally:
        remove_tree(d)


def test_identity_stays_with_the_history_and_changes_with_a_new_one():
    d = make_tmp_dir("hist")
    try:
        h = open_history(d)
        h.log("round", 1, "igo", {"void": True})
        h.flush()
        device, first = h.device, h.history
        h = open_history(d)
        assert (h.device, h.history) == (device, first)
        os.remove(d + "/data/boot.json")  # lost: the history itself says who it is
        h = open_history(d)
        assert (h.device, h.history, h.boot, h.next_seq) == (device, first, 2, 2)
        os.remove(d + "/data/history.jsonl")  # a new history on the same device
        h = open_history(d)
        assert h.device == device and h.history != first and h.next_seq == 1
        h = History(d + "/data/history.jsonl", d + "/data/boot.json", "e6614103e7")
        assert h.device == "e6614103e7"  # the chip's own id wins
    finally:
        remove_tree(d)


def test_corrupt_boot_file_is_set_aside_and_counting_goes_on_from_the_history():
    d = make_tmp_dir("hist")
    try:
        h = open_history(d)
        for _ in range(4):
            h.log("round", 1, "igo", {"void": True})
        h.flush()
        for bad in (b'{"boot": 10000000000000000000000000000000}', b'{"boot": 2, "de',
                    b'{"boot": -5}', b'{"boot": "7"}'):
            write(d + "/data/boot.json", bad)
            h = open_history(d)
            assert h.next_seq == 5 and 2 <= h.boot < 1000, (bad, h.boot)
        names = sorted(os.listdir(d + "/data"))
        assert "boot.json.bad" in names and "history.jsonl" in names
    finally:
        remove_tree(d)


def test_absurd_numbers_in_the_history_are_not_ours():
    d = make_tmp_dir("hist")
    try:
        h = open_history(d)
        h.log("round", 1, "igo", {"void": True})
        h.flush()
        with open(d + "/data/history.jsonl", "ab") as f:
            f.write(b'{"seq": 1000000000000000000000000000000, "boot": 1}\n')
        h = open_history(d)
        assert h.next_seq == 2
    finally:
        remove_tree(d)


def test_history_that_is_a_folder_and_data_that_is_a_file_are_set_aside():
    d = make_tmp_dir("hist")
    try:
        os.mkdir(d + "/data")
        os.mkdir(d + "/data/history.jsonl")
        h = open_history(d)
        assert h.problems == ["history.jsonl was a folder: kept as history.jsonl.bad"]
        h.log("round", 1, "igo", {"void": True})
        assert h.flush() and h.error is None
        remove_tree(d + "/data")
        write(d + "/data", b"not a folder")
        h = open_history(d)
        assert h.problems == ["data was a file, not a folder: kept as data.bad"]
        h.log("round", 1, "igo", {"void": True})
        assert h.flush() and h.error is None
        assert read(d + "/data.bad") == b"not a folder"
    finally:
        remove_tree(d)
