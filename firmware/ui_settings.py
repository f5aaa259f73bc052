"""The settings screen: defaults for new games (app.DEFAULT_SETTINGS), saved at once.
Loaded while it is open (its MODULES).
"""
import ui
import ui_form


class Settings(ui_form.Form):
    """Defaults for new games; saved at once."""

    MODULES = ("ui_settings", "ui_form")

    def __init__(self, app):
        ui_form.Form.__init__(self, app, "Settings",
                         ["igo_target", "corsari_target", "declared_colours",
                          "tie_window_us", "tie_break", "display_dim_s",
                          "display_off_s", "hwtest"])

    def label(self, key):
        return {"igo_target": "I Go to", "corsari_target": "Corsari>",
                "declared_colours": "Colours", "tie_window_us": "Tie us",
                "tie_break": "Tie", "display_dim_s": "Dim",
                "display_off_s": "Sleep", "hwtest": "Hardware test"}[key]

    def value(self, key):
        if key == "hwtest":
            return None  # an action: opens the hardware test
        v = self.app.settings[key]
        if key == "corsari_target" and not v:
            return "auto"
        if key == "declared_colours":
            return "named" if v else "laid"
        if key in ("display_dim_s", "display_off_s"):
            return duration(v)
        return str(v)

    def change(self, key, delta):
        s = self.app.settings
        if key == "igo_target":
            s[key] = ui.clamp(s[key] + delta, 1, 99)
        elif key == "corsari_target":
            s[key] = ui.clamp(s[key] + 10 * delta, 0, 990)
        elif key == "declared_colours":
            s[key] = not s[key]
        elif key == "tie_window_us":
            s[key] = ui.clamp(s[key] + 100 * delta, 100, 50000)
        elif key in ("display_dim_s", "display_off_s"):
            s[key] = ui.clamp(s[key] // 60 * 60 + 60 * delta, 0, 3600)  # whole minutes
        elif key == "tie_break":
            s[key] = "reslap" if s[key] == "random" else "random"

    def choose(self, index):
        if self.items[index] == "hwtest":
            self.app.push(self.app.screen("hwtest"))

    def edited(self, key):
        self.app.save()


def duration(seconds):
    """An idle time as shown: "never" (0), "2 min", "90 s"."""
    if not seconds:
        return "never"
    if seconds % 60:
        return "%d s" % seconds
    return "%d min" % (seconds // 60)
