"""Player names: the transliteration the display uses, the editor's characters."""

from table.rules import names
from table.screens import ui_names, ui_text
from table.storage import roster


def test_ascii_names_are_shown_as_they_are():
    for s in ("Ann", "", "P1", "O'Neil-2 & co.", "~{}"):
        assert names.to_ascii(s) is s or names.to_ascii(s) == s


def test_latin_letters_lose_their_marks_on_screen():
    assert names.to_ascii("Zoë") == "Zoe"
    assert names.to_ascii("Núñez") == "Nunez"
    assert names.to_ascii("Jürgen") == "Jurgen"
    assert names.to_ascii("Straße") == "Strasse"
    assert names.to_ascii("Æsa Œil Þór") == "AEsa OEil Thor"
    assert names.to_ascii("Łukasz Čapek Šárka Žofie") == "Lukasz Capek Sarka Zofie"
    assert names.to_ascii("Åsa Ørjan Çelik Ýr ÿ") == "Asa Orjan Celik Yr y"


def test_other_scripts_become_question_marks_never_boxes():
    assert names.to_ascii("李雷") == "??"
    assert names.to_ascii("Ana\u00a0B") == "Ana B"
    assert names.to_ascii("x\u0301") == "x?"  # a combining mark alone


def test_every_editor_character_draws_as_ascii_and_says_its_mark():
    assert len(ui_names.CHARSET) == len(set(ui_names.CHARSET))
    for ch in ui_names.CHARSET:
        shown = names.to_ascii(ch)
        assert shown and all(32 <= ord(c) < 127 for c in shown) and "?" not in shown, ch
        if ord(ch) > 127:
            assert ui_names.mark(ch), ch
        else:
            assert ui_names.mark(ch) == "", ch
    assert ui_names.mark("é") == "acute" and ui_names.mark("ñ") == "tilde"
    assert ui_names.mark("ü") == "umlaut" and ui_names.mark("ß") == "sharp s"


def test_editor_steps_wrap_and_groups_jump():
    assert ui_text.next_char("A", 1, ui_names.CHARSET) == "B"
    assert ui_text.next_char("A", -1, ui_names.CHARSET) == ui_names.CHARSET[-1]
    assert ui_text.next_char(ui_names.CHARSET[-1], 1, ui_names.CHARSET) == "A"
    assert ui_text.next_char("?", 1, ui_names.CHARSET) == "A"  # not in the set: start over
    # a long press steps five letters: A F K P U, a f k p u, then 0, the marked letters
    assert ui_text.group_start("A", 1, ui_names.GROUPS) == "F"
    assert ui_text.group_start("K", 1, ui_names.GROUPS) == "P"
    assert ui_text.group_start("Z", 1, ui_names.GROUPS) == "a"
    assert ui_text.group_start("n", 1, ui_names.GROUPS) == "p"
    assert ui_text.group_start("w", 1, ui_names.GROUPS) == "0"
    assert ui_text.group_start("0", 1, ui_names.GROUPS) == "À"
    assert ui_text.group_start("é", 1, ui_names.GROUPS) == "A"
    assert ui_text.group_start("A", -1, ui_names.GROUPS) == "à"
    assert ui_text.group_start("z", -1, ui_names.GROUPS) == "p"
    assert len(ui_names.GROUP_NAMES) == len(ui_names.GROUPS)


def test_the_editor_offers_the_roster_first_then_the_lists_names_and_letters():
    from table.screens import firstnames

    assert firstnames.offer("Al") == "Alexandr" and firstnames.offer("Ann") == "Anna"
    assert firstnames.offer("ann") == "Anna"  # any case
    assert firstnames.offer("Anna") == "Anna Mar" and firstnames.offer("Qxz") == ""  # longer, never itself
    assert firstnames.options("A", ["Zoë", "Abdul"])[0] == "Abdul"  # the table's first
    assert firstnames.options("Zo", ["Zoë"])[0] == "Zoë"  # as the display spells it: Zoe
    assert "Łukasz" in firstnames.options("Lukas")  # Ł spelled L
    opts = firstnames.options("Zo")
    assert opts[:3] == ["Zoltán", "Zoé", "Zoe"]  # a few names: all of them whole, the likeliest first
    letters = [o for o in opts if len(o) == 1]
    assert (
        opts[-len(letters) :] == letters and letters[:3] == ["r", "e", "l"] and "ë" in letters
    )  # then the letters, as the names write them
    assert firstnames.options("")[:3] == ["M", "A", "J"]  # capitals first
    for typed in ("", "A", "An", "Cy", "Mar", "Zo"):  # every option fits and keeps to what is typed
        for o in firstnames.options(typed):
            assert len(o) == 1 or firstnames.key(o).startswith(firstnames.key(typed)), (typed, o)
            assert len(o) == 1 or roster.clean(o) == o, o


def test_the_list_is_read_from_the_flash_as_the_host_tool_ranked_it():
    """A text more than SCAN names start with has its options precomputed in the file
    (rank() of all its names); fewer are read on the device, every name offered whole,
    then the letters (small()). tests/host/test_firstnames_list.py compares the device's
    reading of many texts with what the host tool ranked; here a few, on both runtimes."""
    from table.screens import firstnames

    assert firstnames.options("An")[:7] == ["n", "d", "t", "a", "g", "Anna", "i"]  # a node
    cy = ["Cynthia", "Cyprian", "Cyril", "Cyprián", "Cyrus", "Cyrill", "Cyriel", "Cýrus", "n", "p", "r"]
    assert firstnames.options("Cy") == cy  # 8 names: all of them whole, then their letters
    assert firstnames.options("Þjó")[-2:] == ["ð", "s"]  # letters the editor's own do not have
    assert firstnames.options("Kipkos") == []  # a name too rare for the list (Kipkosgei)
    with open(firstnames.path(), "rb") as f:
        head = [f.readline() for _ in range(4)]
    assert head[0].startswith(b"firstnames 2 ") and b"Faker 40.63.0" in head[2] and b"MIT License" in head[3]
    assert firstnames.weight(0) == 8 and firstnames.weight(4) == 16 and firstnames.weight(3) == 13
    assert firstnames.next_char("Þór", 1) == "h" and firstnames.next_char("Þór", 2) == "ó"
    assert firstnames.next_char("Ann", 3) == ""


def test_a_name_is_measured_as_the_display_spells_it():
    assert names.width("Ann") == 3 and names.width("Weißhaar") == 9
    assert names.width("Ææ") == 4 and names.width("Zoë") == 3
    assert names.cut("Weißhaar", 8) == "Weißhaa"
    assert names.cut("Ææææ", 3) == "Æ"  # "AEae" would take 4
    assert names.cut("Ann", 8) == "Ann" and names.cut("", 8) == ""
