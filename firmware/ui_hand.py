"""I Go / Corsari hand calculator: enter a 12-card hand with the buttons and see the
best arrangement and its penalty (igo_arrange); the round entry can take the penalty.
"""
import ui
from ui import ROWS, row_y


COLOUR_NAMES = ("red", "orange", "yellow", "green", "cyan", "blue", "purple", "pink",
                "brown", "white")


def arrange(cards, display, ender=True, ender_series=None, declared=False):
    """Best arrangement of a 12-card hand with igo_arrange. ender_series: the ender's
    (colours, values) for a non-ender (None: own series only). Returns a dict:
    penalty, colours and values (of the series), series, added, left, removed (cards),
    others (how many other best series the ender could lay out)."""
    import igo_arrange as ia
    from igo_cards import hand_masks

    masks = ia.without_colour(hand_masks(cards), display)
    removed = [c for c in cards if c >> 4 == display]
    added = []
    others = 0
    if ender:
        best = ia.min_series(masks, declared)
        colours, values = best[0]
        series = ia.series_choices(masks, colours, values, declared)[0]
        others = -1  # how many other lowest-penalty series there are
        for cols, vals in best:
            others += ia.series_count(masks, cols, vals, declared)
    else:
        ecolours, evalues = ender_series or ((), 0)
        gain, a, b = ia.best_response(masks, ecolours, evalues)
        series, added = ia.arrange_response(masks, ecolours, evalues, a, b)
        colours, values = (a, b), 0
    used = series + added + removed
    left = [c for c in cards if c not in used]
    return {"penalty": sum(c & 15 for c in left), "colours": colours, "values": values,
            "series": series, "added": added, "left": left, "removed": removed,
            "others": others}


class HandCalc(ui.Screen):
    """Hand calculator: the display colour, then 12 cards (up/down over the colour,
    ok, up/down over the value, ok; back steps back), then the best arrangement.
    With `use` (from the penalty entry) ok on the result hands it to use(result)."""

    MODULES = ("ui_hand", "igo_arrange", "igo_cards")

    def __init__(self, app, use=None, ender=True, ender_series=None):
        ui.Screen.__init__(self, app)
        self.use = use
        self.ender = ender
        self.ender_series = ender_series
        self.display = None  # colour index once chosen
        self.cards = []
        self.colour = 0
        self.value = 1
        self.field = "display"  # display, colour, value, result
        self.result = None
        self.top = 0

    def on_nav(self, name, kind):
        field = self.field
        if name in ("up", "down"):
            d = 1 if name == "up" else -1
            if field in ("display", "colour"):
                self.colour = (self.colour + d) % 10
            elif field == "value":
                self.value = (self.value - 1 + d * ui.step(kind)) % 11 + 1
            else:
                self.top = max(0, self.top - d)
        elif name == "ok" and kind == "press":
            self.ok()
        elif name == "back" and kind == "press":
            self.back()
        self.app.invalidate()

    def ok(self):
        from igo_cards import HAND_SIZE

        if self.field == "display":
            self.display = self.colour
            self.field = "colour"
        elif self.field == "colour":
            self.field = "value"
        elif self.field == "value":
            card = self.colour * 16 + self.value
            if card in self.cards:
                return  # a card exists once: choose another
            self.cards.append(card)
            self.field = "colour"
            if len(self.cards) == HAND_SIZE:
                self.result = arrange(self.cards, self.display, self.ender,
                                      self.ender_series, self.app.settings["declared_colours"])
                self.field = "result"
                self.top = 0
        else:
            self.app.pop()
            if self.use:
                self.use(self.result)

    def back(self):
        if self.field == "display":
            self.app.pop()
        elif self.field == "value":
            self.field = "colour"
        elif self.field == "colour" and not self.cards:
            self.field = "display"
            self.colour = self.display
        else:  # take back the last card to edit it
            card = self.cards.pop()
            self.colour, self.value = card >> 4, card & 15
            self.field = "value"

    def draw(self, canvas):
        from igo_cards import COLOURS

        if self.field == "result":
            return self.draw_result(canvas)
        if self.field == "display":
            self.title = "Display colour"
            ui.Screen.draw(self, canvas)
            canvas.center("cards to remove", ui.TOP)
            ui.draw_big(canvas, COLOURS[self.colour], ui.TOP + 14, 3)
            canvas.center(COLOUR_NAMES[self.colour], row_y(ROWS - 1))
            return
        self.title = "Card %d/12 D:%s" % (len(self.cards) + 1, COLOURS[self.display])
        ui.Screen.draw(self, canvas)
        rows = ui.wrap(cards_text(self.cards), canvas.width // 8)[-3:]
        for i, line in enumerate(rows):
            canvas.text(line, 0, row_y(i))
        c, v = COLOURS[self.colour], str(self.value)
        edit = "[%s]%s" % (c, v) if self.field == "colour" else "%s[%s]" % (c, v)
        canvas.text(edit, 0, row_y(3) + 2, 2)
        canvas.text(COLOUR_NAMES[self.colour][:6], canvas.width - 48, row_y(4))

    def draw_result(self, canvas):
        r = self.result
        self.title = "Penalty %d" % r["penalty"]
        ui.Screen.draw(self, canvas)
        width = canvas.width // 8
        lines = ui.wrap("Series: " + cards_text(r["series"]), width)
        if r["added"]:
            lines += ui.wrap("Added: " + cards_text(r["added"]), width)
        lines += ui.wrap("Left: " + (cards_text(r["left"]) or "-"), width)
        if r["others"]:
            lines.append("+%d equal series" % r["others"])
        if not self.ender and self.ender_series is None:
            lines.append("(own series only)")
        lines.append("ok: use" if self.use else "ok: done")
        self.top = min(self.top, max(0, len(lines) - ROWS))
        for row in range(min(ROWS, len(lines) - self.top)):
            canvas.text(lines[self.top + row], 0, row_y(row))


def cards_text(cards):
    from igo_cards import card_text

    return " ".join(card_text(c) for c in cards)
