import os

import store
from tmpfs import make_tmp_dir, read, remove_tree, write


def test_save_then_load_round_trip_with_sorted_keys():
    d = make_tmp_dir("store")
    try:
        p = d + "/state.json"
        assert store.save(p, {"b": [1, 2], "a": {"z": None, "y": True}, "n": "Zoé"}) is None
        assert read(p) == '{"a":{"y":true,"z":null},"b":[1,2],"n":"Zoé"}'.encode()
        assert os.listdir(d) == ["state.json"]
        assert store.load(p) == ({"a": {"y": True, "z": None}, "b": [1, 2], "n": "Zoé"}, None)
    finally:
        remove_tree(d)


def test_save_replaces_the_old_file():
    d = make_tmp_dir("store")
    try:
        p = d + "/state.json"
        store.save(p, {"v": 1})
        store.save(p, {"v": 2})
        assert store.load(p) == ({"v": 2}, None)
        assert os.listdir(d) == ["state.json"]
    finally:
        remove_tree(d)


def test_failed_tmp_write_leaves_the_old_content():
    d = make_tmp_dir("store")
    try:
        p = d + "/state.json"
        store.save(p, {"v": 1})
        os.mkdir(p + ".tmp")  # the tmp file cannot be opened for writing
        problem = store.save(p, {"v": 2})
        assert problem.startswith("state.json not saved: ")
        assert "\n" not in problem
        assert store.load(p) == ({"v": 1}, None)
    finally:
        remove_tree(d)


def test_missing_file_is_a_clean_start():
    d = make_tmp_dir("store")
    try:
        assert store.load(d + "/state.json") == (None, None)
    finally:
        remove_tree(d)


def test_corrupt_file_is_reported_not_raised():
    d = make_tmp_dir("store")
    try:
        p = d + "/state.json"
        for data in (b'{"v": 1, "ro', b"", b"[1, 2]", b'"text"', b'{"n": "\xff\xfe"}'):
            write(p, data)
            obj, problem = store.load(p)
            assert obj is None
            assert problem.startswith("state.json corrupt: "), problem
            assert "\n" not in problem
    finally:
        remove_tree(d)


def test_load_falls_back_to_tmp_when_the_file_is_missing():
    # Power cut between removing the old file and renaming the complete tmp file.
    d = make_tmp_dir("store")
    try:
        p = d + "/state.json"
        write(p + ".tmp", b'{"v":3}')
        assert store.load(p) == ({"v": 3}, None)
        write(p + ".tmp", b'{"v":')  # torn, and no main file
        obj, problem = store.load(p)
        assert obj is None and problem.startswith("state.json.tmp corrupt: ")
    finally:
        remove_tree(d)


def test_torn_tmp_next_to_a_good_file_is_ignored():
    d = make_tmp_dir("store")
    try:
        p = d + "/state.json"
        store.save(p, {"v": 1})
        write(p + ".tmp", b'{"v":')  # power cut while writing the next state
        assert store.load(p) == ({"v": 1}, None)
        assert store.save(p, {"v": 2}) is None  # the stale tmp is simply overwritten
        assert store.load(p) == ({"v": 2}, None)
    finally:
        remove_tree(d)


def test_unwritable_object_is_a_programming_error():
    d = make_tmp_dir("store")
    try:
        try:
            store.save(d + "/state.json", {"x": 1.5})
            assert False, "float accepted"
        except ValueError:
            pass
        assert os.listdir(d) == []
    finally:
        remove_tree(d)


def test_saved_text_is_the_same_on_every_runtime():
    import json

    obj = {"name": 'say "hi"\\\n\tZoé', "k": [-3, 0, False], "e": {}, "l": []}
    d = make_tmp_dir("store")
    try:
        p = d + "/state.json"
        store.save(p, obj)
        text = read(p).decode()
        assert text == '{"e":{},"k":[-3,0,false],"l":[],"name":"say \\"hi\\"\\\\\\u000a\\u0009Zoé"}'
        assert json.loads(text) == obj
    finally:
        remove_tree(d)


class NoReplaceOs:
    """os as a file system whose rename cannot replace a file (FAT, for one): the
    store must remove the old file first, and load must find the .tmp meanwhile."""

    def __init__(self, fail_remove=None):
        self.fail_remove = fail_remove  # a path that cannot be removed
        self.renames = []

    def __getattr__(self, name):
        return getattr(os, name)

    def rename(self, src, dst):
        self.renames.append((src, dst))
        try:
            os.stat(dst)
        except OSError:
            return os.rename(src, dst)
        raise OSError(17)  # EEXIST

    def remove(self, path):
        if path == self.fail_remove:
            raise OSError(5)
        os.remove(path)


def test_save_where_rename_cannot_replace_a_file():
    d = make_tmp_dir("store")
    real = store.os
    try:
        p = d + "/state.json"
        assert store.save(p, {"v": 1}) is None
        store.os = NoReplaceOs()
        assert store.save(p, {"v": 2}) is None
        assert store.os.renames == [(p + ".tmp", p), (p + ".tmp", p)]
        assert store.load(p) == ({"v": 2}, None) and sorted(os.listdir(d)) == ["state.json"]
        store.os = NoReplaceOs(fail_remove=p)  # the old file cannot go: it stays
        problem = store.save(p, {"v": 3})
        assert problem.startswith("state.json not saved: ")
        store.os = real
        assert store.load(p) == ({"v": 2}, None) and sorted(os.listdir(d)) == ["state.json"]
    finally:
        store.os = real
        remove_tree(d)
