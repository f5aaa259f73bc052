"""What a screen loads when it opens (issue #37): in the simulator, from a cold boot,
the modules imported between the press that opens a screen and its first frame
(bench/open_app.py, host_tools/bench/screen_open.py; their time is `make bench`'s, not
checked here). A Corsica game's open loads no module twice and nothing its setup
already had loaded, nor another mode's modules."""

from host_tools.bench import screen_open

OTHER_MODES = {"ui_hand", "ui_settings", "settings", "ui_form", "igo_scoring", "scoresheet", "ui_igo", "matches"}


def loaded(name, tmp_path):
    keys = {n: k for n, k, _ in screen_open.SCREENS}[name]
    r = screen_open.open_time(name, keys, str(tmp_path))
    assert "problem" not in r, r
    return r["screen"], [module.rpartition(".")[2] for module, _ in r["loads"]]  # table.screens.ui -> ui


def test_the_referee_opens_without_loading_a_module_twice_or_the_setups_again(tmp_path):
    screen, names = loaded("referee", tmp_path)
    assert screen == "Referee"
    assert "ui_referee" in names and len(names) == len(set(names)), names
    assert {"ui_tap", "judge"} <= set(names), names  # imported relatively (`from .ui_tap import`): charged too
    assert not set(names) & ({"roster", "corsica", "corsica_cards"} | OTHER_MODES), names


def test_the_virtual_deck_opens_with_the_rules_its_setup_loaded(tmp_path):
    screen, names = loaded("deck", tmp_path)
    assert screen == "DeckGame"
    assert "ui_deck" in names and len(names) == len(set(names)), names
    assert not set(names) & ({"roster", "corsica", "corsica_cards"} | OTHER_MODES), names


def test_a_match_opens_with_its_sheet_and_screen_only(tmp_path):
    screen, names = loaded("match", tmp_path)  # the setup's Start, its starter chosen
    assert screen == "MatchScreen"
    assert "ui_match" in names and not set(names) & {"ui_igo", "matches", "matches_app", "store", "events"}, names
    # A new table's Start: the device draws who starts and says so over the match.
    screen, names = loaded("match_drawn", tmp_path)
    assert screen == "Notice" and {"ui_match", "ui_notice"} <= set(names), names
    assert not set(names) & {"ui_igo", "matches", "matches_app", "store", "events"}, names


def test_the_referee_and_the_deck_setup_draw_before_what_their_first_frame_does_not_need(tmp_path):
    screen, names = loaded("referee", tmp_path)
    assert screen == "Referee" and not set(names) & {"ui_referee_result", "events", "jsonfmt"}, names
    screen, names = loaded("deck_setup", tmp_path)
    assert screen == "DeckSetup" and "corsica" not in names, names
