"""Common first names the name editor offers as a name is typed (after the roster's),
a few per initial, the more common first: typing "A" offers Ann, "Al" Alex. At most
roster.NAME_LEN characters each. Loaded with the editor only (ui_names.MODULES).
"""

NAMES = (
    "Ann Anna Alex Adam Alice Amy Andrew Anne Andy Alan Amelia Ava Aaron Agnes "
    "Bob Ben Bill Beth Barbara Brian Bruno Bella Bernd "
    "Chris Carl Claire Carol Charlie Chloe Clara Colin Carlos "
    "Dan David Dave Diana Daniel Dora Denise Dirk "
    "Emma Eve Ed Emily Eric Ella Elena Erik Eva "
    "Fred Frank Fiona Felix Flora Franz "
    "George Grace Greg Gina Gus Greta "
    "Harry Helen Hans Hugo Hanna Henry Heidi "
    "Ian Ida Ivan Isabel Irene Inge "
    "Jack John Jane Jim Joe Julia James Jan Josef Jonas "
    "Kate Karl Kim Ken Klaus Kai Karin "
    "Liz Leo Lisa Laura Luke Lucy Liam Lily Lea Luca Lucas Lukas Łukasz Louis "
    "Mary Mike Max Mia Mark Maria Matt Marie Martin Marta "
    "Nick Nina Noah Nora Ned Nils "
    "Oliver Olga Oscar Otto Olivia "
    "Paul Peter Pat Pia Pierre Piotr "
    "Quinn "
    "Rose Rob Ruth Ray Rita Rosa Ralf "
    "Sam Sara Sue Steve Sophie Simon Stefan "
    "Tom Tim Tina Ted Theo Tanja "
    "Ursula Uwe "
    "Vera Vic Victor Vince "
    "Will Wendy Walter Wanda "
    "Xavier "
    "Yuki Yves "
    "Zoe Zoë Zach Zara"
)


def offer(typed, first=()):
    """The first name of `first` (the roster), then of NAMES, that starts with typed
    as the display spells them, in any case, and is longer: "" for none."""
    from ..rules import names

    key = names.to_ascii(typed).lower()
    if not key:
        return ""
    for name in first:
        if _longer(name, key):
            return name
    start = 0  # NAMES a name at a time, not split into a list: the heap is small
    while start < len(NAMES):
        end = NAMES.find(" ", start)
        end = len(NAMES) if end < 0 else end
        name = NAMES[start:end]
        start = end + 1
        if _longer(name, key):
            return name
    return ""


def _longer(name, key):
    """name, as the display spells it in lower case, starts with key and goes on."""
    from ..rules import names

    spelled = names.to_ascii(name).lower()
    return len(spelled) > len(key) and spelled.startswith(key)
