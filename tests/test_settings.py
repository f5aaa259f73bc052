"""The settings table: defaults, what a loaded value may be, how values show and step."""

from table.storage import settings


def test_every_line_has_a_valid_default_a_label_and_help():
    keys = [line[0] for line in settings.TABLE]
    assert len(set(keys)) == len(keys)
    defaults = settings.defaults()
    assert sorted(defaults) == sorted(keys)
    for key, label, default, spec, help_text in settings.TABLE:
        assert settings.valid(key, default), key
        assert label and help_text, key
        for value in shown_values(spec, default):  # "label value" fits a form's line
            assert len("%s %s" % (label, value)) <= 15, (label, value)


def shown_values(spec, default):
    """The value texts a form can show for a setting: both ends and the default, each
    choice, a flag's on and off."""
    from table.screens import ui_form

    if type(spec[0]) is int:
        return [ui_form.value_text(spec, v) for v in (spec[0], spec[1], default)]
    if spec[0] == "flags":
        return ["off", "on"]
    return [text for _, text in spec]


def test_defaults_are_fresh_copies():
    a = settings.defaults()
    a["variants"].append("sum10")
    assert settings.defaults()["variants"] == []


def test_ints_are_range_checked():
    assert settings.valid("igo_target", 1) and settings.valid("igo_target", 99)
    for bad in (0, 100, -4, True, "4", 4.0, None):
        assert not settings.valid("igo_target", bad), bad


def test_choices_need_their_exact_type():
    assert settings.valid("tie_break", "reslap") and not settings.valid("tie_break", "coin")
    assert settings.valid("out_at_3", True) and not settings.valid("out_at_3", 1)
    assert not settings.valid("declared_colours", 0)


def test_flags_are_known_once_each_in_table_order():
    assert settings.valid("variants", []) and settings.valid("variants", ["sandwich", "sum10"])
    for bad in (["sum10", "sandwich"], ["sum10", "sum10"], ["double"], "sum10", None):
        assert not settings.valid("variants", bad), bad


def test_loaded_keeps_good_values_and_defaults_bad_or_unknown_ones():
    got = settings.loaded(
        {
            "igo_target": 7,
            "corsari_target": 5000,
            "tie_break": "coin",
            "out_at_3": True,
            "variants": ["sum10"],
            "colour": "red",
        }
    )
    assert got["igo_target"] == 7 and got["out_at_3"] is True and got["variants"] == ["sum10"]
    assert got["corsari_target"] == 0 and got["tie_break"] == "random"
    assert "colour" not in got and got["tie_window_us"] == 1000


def test_forms_show_and_step_values_as_the_table_says():
    from table.screens import ui_form

    def spec(key):
        return settings.find(key)[3]

    assert ui_form.value_text(spec("corsari_target"), 0) == "auto"
    assert ui_form.value_text(spec("corsari_target"), 120) == "120"
    assert ui_form.value_text(spec("declared_colours"), True) == "named"
    assert ui_form.value_text(spec("tie_window_us"), 1000) == "1000us"  # a unit
    assert ui_form.value_text(spec("display_dim_min"), 0) == "never"
    assert ui_form.value_text(spec("display_dim_min"), 5) == "after 5min"
    assert ui_form.value_text(spec("tie_break"), "reslap") == "re-slap"
    assert ui_form.stepped(spec("corsari_target"), 0, 10) == 100
    assert ui_form.stepped(spec("corsari_target"), 980, 10) == 990  # kept in range
    assert ui_form.stepped(spec("igo_target"), 1, -1) == 1
    assert ui_form.stepped(spec("tie_break"), "random", -10) == "reslap"
    assert ui_form.stepped(spec("out_at_3"), False, 1) is True
    assert ui_form.toggled(spec("variants"), ["sum10"], "sandwich") == ["sandwich", "sum10"]
    assert ui_form.toggled(spec("variants"), ["sum10"], "sum10") == []
    assert ui_form.lookup("sum10")[1] == "Sum 10" and ui_form.lookup("start") == (None, None)


def test_flags_are_the_engines_variants():
    from table.rules import corsica

    spec = settings.find("variants")[3]
    assert [v for v, _ in spec[1:]] == list(corsica.VARIANTS)


def test_tie_window_goes_down_to_10_us_for_pio_timestamps():
    from table.screens import ui_form

    spec = settings.find("tie_window_us")[3]
    assert settings.valid("tie_window_us", 10) and not settings.valid("tie_window_us", 9)
    assert ui_form.stepped(spec, 100, -1) == 10
    assert ui_form.stepped(spec, 10, -1) == 10


def test_every_help_fits_the_settings_screens_two_lines():
    from table.screens import ui

    for key, label, default, spec, help_text in settings.TABLE:
        lines = ui.wrap(help_text, 16)
        assert 1 <= len(lines) <= 2 and all(len(line) <= 16 for line in lines), (key, lines)
