"""The I Go / Corsari setup form, driven through a canvas_record.Rig."""


def open_setup(rig, game="I Go"):
    rig.choose(game)
    assert rig.screen() == "Setup"
    return rig.app.top()


def to_line(rig, label):
    """Move the setup form's cursor to the line starting with label."""
    setup = rig.app.top()
    for i, key in enumerate(setup.items):
        if setup.label(key).startswith(label):
            setup.index = i
            return
    raise AssertionError("no line %r" % label)


def start(rig):
    """The setup form's last line: Start."""
    setup = rig.app.top()
    setup.index = len(setup.items) - 1
    rig.nav("ok")
