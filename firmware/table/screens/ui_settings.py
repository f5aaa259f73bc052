"""The settings screen: defaults for new games and the device's own settings
(settings.TABLE), saved at once; its last line opens the hardware test; its title says
the firmware's version (table/version.py through App.version: "Settings v2.1.0"). Two lines at
the bottom say what the highlighted line is (its help in settings.TABLE), and while a
value is edited, its name and keys. Loaded while it is open (its MODULES).
"""

from . import ui_form

# The settings shown here (the others are on the setup screens). The volume and the
# LED brightness only on a board with a buzzer or LEDs.
KEYS = (
    "igo_target",
    "corsari_target",
    "declared_colours",
    "tie_window_us",
    "tie_break",
    "display_dim_min",
    "display_off_min",
    "volume",
    "led_level",
)
HWTEST = "hwtest"  # an action line: the hardware test
HWTEST_HELP = "Checks buttons and outputs"
WIFI = "wifi"  # an action line on a W board: the Wi-Fi screen (ui_wifi.py)
WIFI_HELP = "Network, password, QR codes"


class Settings(ui_form.Form):
    """Defaults for new games, display, sound and LEDs; saved at once."""

    MODULES = ("ui_settings", "version") + ui_form.FORM_MODULES
    HINT_ROWS = 2  # the help under the list
    ROUTE = "settings"  # closed under the Wi-Fi screen and the hardware test (app.Covered)
    KEEP = ("index",)
    COVERED_AT_ONCE = True

    def __init__(self, app):
        out = app.out
        keys = [k for k in KEYS if (k != "volume" or out.has_buzzer) and (k != "led_level" or out.leds)]
        actions = [WIFI, HWTEST] if app.live is not None else [HWTEST]
        ui_form.Form.__init__(self, app, "Settings v" + app.version(), keys + actions)

    def label(self, key):
        if key == WIFI:
            return "Wi-Fi"
        return "Hardware test" if key == HWTEST else ui_form.Form.label(self, key)

    def change(self, key, delta):
        ui_form.Form.change(self, key, delta)
        out = self.app.out
        out.configure(self.app.settings)
        if key == "volume":
            out.play("won")  # how loud it is now
        elif key == "led_level":
            for i in range(out.leds):  # how bright they are now
                out.led(i, True)

    def help(self, key):
        """What the line is, in at most two lines (settings.TABLE's help)."""
        if key == WIFI:
            return WIFI_HELP
        line = ui_form.lookup(key)[0]
        return line[4] if line else HWTEST_HELP

    def hint(self):
        return self.help(self.items[self.index])

    def edit_hint(self):
        """The line edited, whole (its line may show the value alone), and its keys."""
        return "%s: %s" % (self.label(self.items[self.index]), self.EDIT_HINT)

    def choose(self, index):
        if self.items[index] in (HWTEST, WIFI):
            self.app.push(self.app.screen(self.items[index]))

    def edited(self, key):
        self.app.out.all_off()
        self.app.save()
