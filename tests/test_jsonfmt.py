"""jsonfmt's text against hand-written expectations and the runtime's own JSON parser."""

import json

from raising import value_error

from table.storage.jsonfmt import dump, dumps


def test_every_kind_of_value_by_hand():
    assert dumps(None) == "null" and dumps(True) == "true" and dumps(False) == "false"
    assert dumps(0) == "0" and dumps(-12) == "-12" and dumps(2**40) == "1099511627776"
    assert dumps({}) == "{}" and dumps([]) == "[]" and dumps(()) == "[]"
    assert dumps((1, (2, 3), [])) == "[1,[2,3],[]]"
    assert dumps({"b": 1, "a": [True, None], "c": {}}) == '{"a":[true,null],"b":1,"c":{}}'
    assert dumps('a"b\\c\nd\x1fé') == '"a\\"b\\\\c\\u000ad\\u001fé"'
    assert dumps("plain") == '"plain"' and dumps("") == '""'


def test_pieces_are_written_in_order():
    pieces = []
    dump({"k": ["x", 1]}, pieces.append)
    assert "".join(pieces) == '{"k":["x",1]}'


def test_the_runtimes_parser_reads_it_back():
    obj = {"n": "Zoé \"q\" \\ \t", "l": [1, -2, [], {}], "t": True, "z": None, "e": ""}
    assert json.loads(dumps(obj)) == obj


def test_what_json_cannot_hold_is_refused_by_name():
    assert value_error(lambda: dumps(1.5)) == "cannot write float as JSON"
    assert value_error(lambda: dumps({"a": {1, 2}})) == "cannot write set as JSON"
    assert value_error(lambda: dumps({1: "x"})) == "JSON object key 1 is not a string"
