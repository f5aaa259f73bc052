"""The settings screen: defaults for new games (settings.TABLE), saved at once.
Loaded while it is open (its MODULES).
"""
import ui_form

# The settings shown here (the others are on the setup screens).
KEYS = ("igo_target", "corsari_target", "declared_colours", "tie_window_us", "tie_break")


class Settings(ui_form.Form):
    """Defaults for new games; saved at once."""

    MODULES = ("ui_settings",) + ui_form.FORM_MODULES

    def __init__(self, app):
        ui_form.Form.__init__(self, app, "Settings", list(KEYS))

    def edited(self, key):
        self.app.save()
