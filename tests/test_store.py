import os

from raising import value_error
from tmpfs import TmpDir, make_tmp_dir, read, remove_tree, write

from table.storage import store, store_load


def test_save_then_load_round_trip_with_sorted_keys():
    with TmpDir("store") as d:
        p = d + "/state.json"
        assert store.save(p, {"b": [1, 2], "a": {"z": None, "y": True}, "n": "Zoé"}) is None
        assert read(p) == '{"a":{"y":true,"z":null},"b":[1,2],"n":"Zoé"}'.encode()
        assert os.listdir(d) == ["state.json"]
        assert store_load.load(p) == ({"a": {"y": True, "z": None}, "b": [1, 2], "n": "Zoé"}, None)


def test_save_replaces_the_old_file():
    with TmpDir("store") as d:
        p = d + "/state.json"
        store.save(p, {"v": 1})
        store.save(p, {"v": 2})
        assert store_load.load(p) == ({"v": 2}, None)
        assert os.listdir(d) == ["state.json"]


def test_failed_tmp_write_leaves_the_old_content():
    with TmpDir("store") as d:
        p = d + "/state.json"
        store.save(p, {"v": 1})
        os.mkdir(p + ".tmp")  # the tmp file cannot be opened for writing
        problem = store.save(p, {"v": 2})
        assert problem.startswith("state.json not saved: ")
        assert "\n" not in problem
        assert store_load.load(p) == ({"v": 1}, None)


def test_missing_file_is_a_clean_start():
    with TmpDir("store") as d:
        assert store_load.load(d + "/state.json") == (None, None)


def test_corrupt_file_is_reported_not_raised():
    with TmpDir("store") as d:
        p = d + "/state.json"
        for data in (b'{"v": 1, "ro', b"", b"[1, 2]", b'"text"', b'{"n": "\xff\xfe"}'):
            write(p, data)
            obj, problem = store_load.load(p)
            assert obj is None
            assert problem.startswith("state.json corrupt: "), problem
            assert "\n" not in problem


def test_load_falls_back_to_tmp_when_the_file_is_missing():
    # Power cut between removing the old file and renaming the complete tmp file.
    with TmpDir("store") as d:
        p = d + "/state.json"
        write(p + ".tmp", b'{"v":3}')
        assert store_load.load(p) == ({"v": 3}, None)
        write(p + ".tmp", b'{"v":')  # torn, and no main file
        obj, problem = store_load.load(p)
        assert obj is None and problem.startswith("state.json.tmp corrupt: ")


def test_torn_tmp_next_to_a_good_file_is_ignored():
    with TmpDir("store") as d:
        p = d + "/state.json"
        store.save(p, {"v": 1})
        write(p + ".tmp", b'{"v":')  # power cut while writing the next state
        assert store_load.load(p) == ({"v": 1}, None)
        assert store.save(p, {"v": 2}) is None  # the stale tmp is simply overwritten
        assert store_load.load(p) == ({"v": 2}, None)


def test_unwritable_object_is_a_programming_error():
    with TmpDir("store") as d:
        value_error(store.save, d + "/state.json", {"x": 1.5})
        assert os.listdir(d) == []


def test_saved_text_is_the_same_on_every_runtime():
    import json

    obj = {"name": 'say "hi"\\\n\tZoé', "k": [-3, 0, False], "e": {}, "l": []}
    with TmpDir("store") as d:
        p = d + "/state.json"
        store.save(p, obj)
        text = read(p).decode()
        assert text == '{"e":{},"k":[-3,0,false],"l":[],"name":"say \\"hi\\"\\\\\\u000a\\u0009Zoé"}'
        assert json.loads(text) == obj


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
        assert store_load.load(p) == ({"v": 2}, None) and sorted(os.listdir(d)) == ["state.json"]
        store.os = NoReplaceOs(fail_remove=p)  # the old file cannot go: it stays
        problem = store.save(p, {"v": 3})
        assert problem.startswith("state.json not saved: ")
        store.os = real
        assert store_load.load(p) == ({"v": 2}, None) and sorted(os.listdir(d)) == ["state.json"]
    finally:
        store.os = real
        remove_tree(d)


class FaultyOs:
    """os whose stat of one path fails with an errno (a flash read error, or the
    WebAssembly port's errno that does not match ENOENT), and whose listdir can
    fail or can be given a listing; everything else is the real os."""

    def __init__(self, stat_fails=None, errno_args=(5,), listing=None, listdir_fails=False):
        self.stat_fails = stat_fails
        self.errno_args = errno_args
        self.listing = listing  # folder -> names, or None for the real listdir
        self.listdir_fails = listdir_fails
        self.listed = []
        self.renames = []

    def __getattr__(self, name):
        return getattr(os, name)

    def stat(self, path):
        if path == self.stat_fails:
            raise OSError(*self.errno_args)
        return os.stat(path)

    def listdir(self, path):
        self.listed.append(path)
        if self.listdir_fails:
            raise OSError(2)
        if self.listing is not None:
            return self.listing.get(path, [])
        return os.listdir(path)

    def rename(self, src, dst):
        self.renames.append((src, dst))
        if self.listing is None:
            os.rename(src, dst)


def with_os(fake, fn):
    real = store.os
    store.os = store_load.os = fake
    try:
        return fn()
    finally:
        store.os = store_load.os = real


def test_a_file_that_is_there_but_cannot_be_statted_is_unreadable_not_missing():
    with TmpDir("store") as d:
        p = d + "/state.json"
        write(p, b'{"v":1}')
        fake = FaultyOs(stat_fails=p)
        assert with_os(fake, lambda: store_load.load(p)) == (None, "state.json unreadable: flash read/write error")
        assert fake.listed == [d]
        # ENOENT says missing even when the listing shows the name (a stale listing).
        fake = FaultyOs(stat_fails=p, errno_args=(2,))
        assert with_os(fake, lambda: store_load.load(p)) == (None, None)
        # No errno at all, and the file is listed: a file system error of no number.
        fake = FaultyOs(stat_fails=p, errno_args=())
        assert with_os(fake, lambda: store_load.load(p)) == (None, "state.json unreadable: file system error None")


def test_a_stat_error_for_a_file_not_in_its_folder_is_missing():
    # The WebAssembly port raises an errno that is not ENOENT for a missing file.
    with TmpDir("store") as d:
        p = d + "/state.json"
        assert with_os(FaultyOs(stat_fails=p), lambda: store_load.load(p)) == (None, None)
        write(p, b'{"v":1}')  # listed, but the folder cannot be listed: missing
        fake = FaultyOs(stat_fails=p, listdir_fails=True)
        assert with_os(fake, lambda: store_load.load(p)) == (None, None)


def test_a_folder_in_place_of_the_file():
    with TmpDir("store") as d:
        os.mkdir(d + "/state.json")
        assert store_load.load(d + "/state.json") == (None, "state.json is a folder, not a file")


def test_the_size_limit_is_inclusive():
    with TmpDir("store") as d:
        p = d + "/state.json"
        write(p, b'{"v":123}')  # 9 bytes
        assert store_load.load(p, max_size=9) == ({"v": 123}, None)
        assert store_load.load(p, max_size=8) == (None, "state.json too big (9 bytes, at most 8)")
        assert store_load.MAX_SIZE == 16384


class FailingFile:
    def __init__(self, error):
        self.error = error

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def read(self):
        raise self.error


def test_read_errors_in_plain_words():
    with TmpDir("store") as d:
        p = d + "/state.json"
        write(p, b'{"v":1}')
        for error, problem in (
            (OSError(5), "state.json unreadable: flash read/write error"),
            (MemoryError(), "state.json too big to read"),
        ):
            store_load.open = lambda path, mode, error=error: FailingFile(error)
            try:
                assert store_load.load(p) == (None, problem)
            finally:
                del store_load.open
        assert store_load.load(p) == ({"v": 1}, None)


class FakeJson:
    def __init__(self, error):
        self.error = error

    def loads(self, text):
        raise self.error


def test_a_corrupt_file_is_named_with_the_first_line_of_the_reason():
    d = make_tmp_dir("store")
    real = store_load.json
    try:
        p = d + "/state.json"
        write(p, b'{"v":1}')
        for error, problem in (
            (ValueError("bad token\nat line 3"), "state.json corrupt: bad token"),
            (ValueError(), "state.json corrupt: ValueError"),
        ):
            store_load.json = FakeJson(error)
            assert store_load.load(p) == (None, problem)
        store_load.json = real
        write(p, b"[1, 2]")
        assert store_load.load(p) == (None, "state.json corrupt: not a JSON object")
    finally:
        store_load.json = real
        remove_tree(d)


def test_error_text_names_the_errno_in_plain_words():
    assert store.error_text(OSError(28)) == "flash full"
    assert store.error_text(OSError(30)) == "flash is read-only"
    assert store.error_text(OSError(99)) == "file system error 99"
    assert store.error_text(OSError()) == "file system error None"


def test_set_aside_takes_the_first_free_bad_name_in_the_files_folder():
    for path, folder in (
        ("/state.json", "/"),
        ("state.json", "."),
        ("data/state.json", "data"),
        ("/data/state.json", "/data"),
        ("d/state.json", "d"),
    ):
        name = path[path.rfind("/") + 1 :]
        fake = FaultyOs(listing={folder: [name, name + ".bad", name + ".bad2"]})
        assert with_os(fake, lambda: store_load.set_aside(path)) == path + ".bad3"
        assert fake.listed == [folder] * 3
        assert fake.renames == [(path, path + ".bad3")]


def test_set_aside_gives_up_after_99_names():
    names = ["state.json.bad"] + ["state.json.bad%d" % i for i in range(2, 100)]
    fake = FaultyOs(listing={"/d": names})
    assert with_os(fake, lambda: store_load.set_aside("/d/state.json")) is None
    assert fake.renames == [] and len(fake.listed) == 99
    fake = FaultyOs(listing={"/d": names[:-1]})
    assert with_os(fake, lambda: store_load.set_aside("/d/state.json")) == "/d/state.json.bad99"
