"""The Rummikub table editor on the game-screen frame: the rack, the table in rows of sets, and a
draft of the turn the player rearranges by keys (or clicks) before committing it.

The draft (`draft.Draft`) lives only on this screen: nothing reaches the table until `p` sends
the whole new table as one play, which the rules judge (a refusal is said and the draft kept).
A draft belongs to one turn: at a new state where it is no longer the player's move (they
played, drew, or the clock timed them out, RK-14), it is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget

from core import IllegalMove
from core.rummikub.play import MELD_POINTS
from tui.base.i18n import listing, numeral, t, words
from tui.base.messages import StateMessage
from tui.base.names import refusal_words
from tui.base.seats import in_line, seat_names
from tui.games.rummikub.draft import Draft, Place
from tui.games.rummikub.marks import Marks, new_marks
from tui.games.rummikub.widgets import (
    Picked,
    TilePanel,
    colour_first,
    game_end_line,
    log_line,
    match_table,
    number_first,
    rack_chunks,
    score_table,
    set_reason,
    table_chunks,
    table_places,
)
from tui.screens.game import GameScreen
from tui.screens.round_summary import last_entry

SORTS = {"colour": colour_first, "number": number_first}
PICK = t("Pick up the tile (or range) under the cursor, or put down what you hold")
SELECT = t("Select a range of a set's tiles")
MOVE = t("Move along the rack or table")


IDLE_WHEN: dict[str, Callable[[RummikubScreen], bool]] = {
    "undo": lambda screen: bool(screen.draft and screen.draft.history),
    "reset": lambda screen: bool(screen.draft and screen.draft.history),
    "new_set": lambda screen: bool(screen.draft and screen.draft.held),
    "apply_hint": lambda screen: bool(screen.hint_action and screen.hint_action["kind"] == "play"),
}
"""The keys that act only sometimes, and when: otherwise they are dimmed (`check_action`)."""


class RummikubScreen(GameScreen):
    """Arrows move over rack and table, space picks up and puts down, p plays, d draws."""

    GAME_ID = "rummikub"
    CSS_PATH = "rummikub.tcss"
    HINT = "core.rummikub.hints:hint"
    HELP = t(
        "Space or Enter picks up the tile under the cursor and puts it down: before a tile, on "
        "a set's · slot (its end), on [new set], or back on the rack if it came from there. "
        "Shift+←/→ on the table selects a range of a set's tiles, to pick up and move as one. "
        "✓/✗ mark valid and invalid sets. Tiles marked * are new from the other players since "
        "your last turn, + are yours this turn; J☺ is a joker. Before your initial meld the "
        "sets on the table stay as they are: lay new sets of your own. Mouse: click a tile to "
        "pick it up, click a place to put it down; shift+click a tile of the cursor's set to "
        "select the range up to it; click a set's ✓/✗ to pick up the whole set."
    )
    FINAL_HELP = t(
        "Each game, the others lose their rack's value (a joker 30) and the winner gains it."
    )
    PLAY_ACTIONS = frozenset(
        {
            "move",
            "extend",
            "zone",
            "pick",
            "new_set",
            "split",
            "why",
            "sort",
            "undo",
            "reset",
            "commit",
            "draw_tile",
            "apply_hint",
        }
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", t("Move"), show=False, tooltip=MOVE),
        Binding("right", "move(1)", t("Move"), show=False, tooltip=MOVE),
        Binding("shift+left", "extend(-1)", t("Select"), show=False, tooltip=SELECT),
        Binding("shift+right", "extend(1)", t("Select"), show=False, tooltip=SELECT),
        Binding("up", "zone('table')", t("Table"), show=False, tooltip=t("Go up to the table")),
        Binding("down", "zone('rack')", t("Rack"), show=False, tooltip=t("Go down to your rack")),
        Binding("space,enter", "pick", t("Pick/put"), key_display="␣", tooltip=PICK),
        Binding("n", "new_set", t("New set"), tooltip=t("Put what you hold down as a new set")),
        Binding("v", "split", t("Split"), tooltip=t("Split the set before the cursor's tile")),
        Binding("w", "why", t("Why"), tooltip=t("Why the set under the cursor is ✓ or ✗")),
        Binding("s", "sort", t("Sort"), tooltip=t("Sort your rack by colour or by number")),
        Binding("u", "undo", t("Undo"), tooltip=t("Take back the last pick or put")),
        Binding(
            "x",
            "reset",
            t("Reset"),
            tooltip=t("Put the table and your rack back as the turn began"),
        ),
        Binding("p", "commit", t("Play"), tooltip=t("Play the table as it is now")),
        Binding("d", "draw_tile", t("Draw"), tooltip=t("Draw a tile: your turn ends")),
        Binding(
            "a",
            "apply_hint",
            t("Use hint"),
            tooltip=t("Lay the last hint's play out (p plays it)"),
        ),
    ]
    # The footer's order (tui/widgets/footer.py): the keys of a turn first, from p and d to w,
    # then hints, sorting and the frame's keys; two rows of them where one does not hold them
    # all (at 80 columns, in every language), and ? lists them all.
    FOOTER_ROWS = 2
    FOOTER_ORDER: ClassVar[tuple[str, ...]] = (
        *("commit", "draw_tile", "pick", "undo", "reset", "new_set", "split", "why"),
        *("hint", "apply_hint", "sort"),
        *GameScreen.FOOTER_ORDER,
    )

    def _hinted(self, state: StateMessage, text: str, action: dict[str, Any] | None) -> None:
        super()._hinted(state, text, action)
        self.refresh_bindings()  # a is live once a hint has a play to lay out

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.draft: Draft | None = None
        self.turn_key: tuple[int, int] | None = None  # (game, log length) the draft is for
        self.cursor: Place = ("rack", 0)
        self.anchor: Place | None = None  # the other end of a selected range of a set
        self.last_table: Place = ("new",)
        self.sort = "colour"
        self.marked: Marks = []  # the table's * marks (marks.new_marks), when no draft is open
        self.titles: dict[tuple[str | None, str], str] = {}  # border texts shown, by widget

    def compose_table(self) -> ComposeResult:
        with VerticalScroll(id="table"):
            yield TilePanel(id="table-tiles")
        yield TilePanel(id="rack")

    def on_mount(self) -> None:
        """(Textual runs GameScreen.on_mount next: it connects the screen to the table.)"""
        self.query_one("#table").can_focus = False

    # ---- state from the table -----------------------------------------------------------
    def draw(self, state: StateMessage) -> None:
        view = state["view"]
        self.marked = new_marks(state)
        key = (view["game_no"], len(view["log"]))
        if not self.my_move or view["rack"] is None:
            self.draft = None
        elif self.draft is None or key != self.turn_key:
            table = [list(s) for s in view["table"]]
            melded = view["melded"][state["seat"]]
            self.draft = Draft(list(view["rack"]), table, melded, self.marked)
            self.cursor = ("rack", 0)
            self.anchor = None
        self.turn_key = key
        self.redraw()

    def on_tile_panel_resized(self) -> None:
        if self.state is not None:
            self.redraw()

    def redraw(self) -> None:
        """Draw the rack and table (the draft's, while one is open) with the cursor."""
        assert self.state is not None
        view = self.state["view"]
        draft = self.draft
        rack = draft.rack if draft else list(view["rack"] or [])
        rack.sort(key=SORTS[self.sort])
        table = draft.table if draft else view["table"]
        holding = draft is not None and bool(draft.held)
        cursor = self.cursor if draft else None
        lit = self.selected() if draft else []
        scroll = self.query_one("#table", VerticalScroll)
        width = max(20, scroll.size.width - 2)
        marks = draft.marks if draft else self.marked
        row = self.query_one("#table-tiles", TilePanel).lay(
            table_chunks(table, lit, holding, marks), width
        )
        if cursor is not None and cursor[0] != "rack":
            self.keep_in_sight(scroll, row)
        panel = self.query_one("#rack", TilePanel)
        panel.lay(rack_chunks(rack, cursor), max(20, panel.size.width - 2))
        names = seat_names(self.state)
        counts = listing(
            f"{in_line(names[i])}: {numeral(n)}" for i, n in enumerate(view["rack_sizes"])
        )
        self.retitle(
            panel, "border_title", t("Your rack ({sort}; s sorts)", sort=sort_name(self.sort))
        )
        title = t("Table — pool {pool} — racks {counts}", pool=view["pool_left"], counts=counts)
        self.retitle(scroll, "border_title", title)
        self.retitle(scroll, "border_subtitle", self.meld_text())

    def retitle(self, widget: Widget, attr: str, text: str) -> None:
        """Set a border's title or subtitle as plain text (names are not markup), only when it
        changed: setting one repaints the whole widget, the table's scroll area included."""
        if self.titles.get((widget.id, attr)) != text:
            self.titles[(widget.id, attr)] = text
            setattr(widget, attr, Text(text))

    @staticmethod
    def keep_in_sight(scroll: VerticalScroll, row: int) -> None:
        """Scroll the table just enough that the cursor's row shows."""
        top, height = scroll.scroll_y, max(1, scroll.scrollable_content_region.height)
        if row < top:
            scroll.scroll_to(y=row, animate=False)
        elif row >= top + height:
            scroll.scroll_to(y=row - height + 1, animate=False)

    def meld_text(self) -> str:
        """Before the initial meld, its value against 30 (RK-8); the tiles in hand, if any (in
        reading order: the border lays it out)."""
        assert self.state is not None
        parts = []
        draft = self.draft
        if draft is not None:
            if not self.state["view"]["melded"][self.state["seat"]]:
                value = draft.meld_value()
                done = " ✓" if value >= MELD_POINTS else ""
                meld = words("initial meld {value}/{needed}{done}", value=value,
                             needed=MELD_POINTS, done=done)  # fmt: skip
                parts.append(meld)
            if draft.held:
                parts.append(words("holding {tiles}", tiles=" ".join(draft.held)))
        return " — ".join(parts)

    def my_prompt(self, state: StateMessage) -> str:
        """What to do now, short enough to share its line with the turn clock at 80 columns
        (tests/i18n/test_footers.py measures each language's)."""
        draft = self.draft
        if draft is not None and draft.held:
            held = " ".join(draft.held)
            return words("Holding {tiles}: ←/→/↑/↓, space puts them down, n: new set.", tiles=held)
        if self.anchor is not None:
            return words("A range is selected: shift+←/→ changes it, space picks it up.")
        if draft is not None and draft.changed:
            return words("Your turn: p plays, x resets, u undoes, w: why a set is ✗.")
        return words("Your turn: ←/→/↑/↓ move, space picks up, d draws, h hints.")

    @classmethod
    def log_line(cls, entry: dict[str, Any], names: list[str]) -> str | None:
        return log_line(entry, names)

    @classmethod
    def final_summary(cls, state: StateMessage) -> RenderableType:
        return score_table(state)

    @classmethod
    def round_summary(cls, state: StateMessage) -> tuple[str, RenderableType]:
        """RK-18: the game of the match just ended — who went out, each seat's penalty, the
        running totals and the tiles left — while the next game waits to begin."""
        view = state["view"]
        end = last_entry(view, "game_end")
        if end is None:
            return super().round_summary(state)
        title = game_end_line(end, seat_names(state))
        nxt = t("Game {game} of {games} comes next.", game=end["game_no"] + 1, games=view["games"])
        return title, Group(match_table(state, end["game_no"]), Text(f"\n{nxt}"))

    # ---- editing the draft --------------------------------------------------------------
    def places(self) -> list[Place]:
        """The places ←/→ walk in the cursor's zone."""
        assert self.draft is not None
        if self.cursor[0] == "rack":
            return [("rack", i) for i in range(len(self.draft.rack))] or [("rack", 0)]
        return table_places(self.draft.table, bool(self.draft.held))

    def selected(self) -> list[Place]:
        """The places drawn as selected: the cursor's, and the range from the anchor to it."""
        if self.anchor is None:
            return [self.cursor]
        _, index, at = self.cursor
        low, high = sorted((at, self.anchor[2]))
        return [("table", index, i) for i in range(low, high + 1)]

    def _settle(self, message: str | None = None) -> None:
        """Keep the cursor on a real place after an edit, redraw, and say what happened."""
        assert self.draft is not None and self.state is not None
        places = self.places()
        if self.cursor not in places:
            same = [p for p in places if p[:2] == self.cursor[:2]]
            self.cursor = same[-1] if same else places[-1] if self.cursor[0] == "rack" else ("new",)
        if self.anchor is not None and (
            self.anchor[:2] != self.cursor[:2] or self.anchor not in places or self.draft.held
        ):
            self.anchor = None
        self.redraw()
        self.refresh_bindings()  # u, x, n wake or go dim with the draft
        self.say(message or self.my_prompt(self.state))

    def action_move(self, step: int) -> None:
        if self.draft is None:
            return
        self.anchor = None
        places = self.places()
        at = places.index(self.cursor) if self.cursor in places else 0
        self.cursor = places[max(0, min(len(places) - 1, at + step))]
        self._settle()

    def action_extend(self, step: int) -> None:
        """Grow or shrink the selected range of the cursor's set (issue 12: move a range)."""
        draft = self.draft
        if draft is None or draft.held or self.cursor[0] != "table":
            self.say(words("Shift+←/→ selects tiles of a set on the table, with empty hands."))
            return
        at = self.cursor[2] + step
        if 0 <= at < len(draft.table[self.cursor[1]]):
            self.anchor = self.anchor or self.cursor
            self.cursor = ("table", self.cursor[1], at)
        self._settle()

    def extend_to(self, place: Place) -> None:
        """A shift+click on a tile of the table: select from the cursor to it when the cursor
        is in its set, else start a selection there."""
        if place[0] == "table":
            same = self.cursor[:2] == place[:2]
            self.anchor = (self.anchor or self.cursor) if same else place
            self.cursor = place
        self._settle()

    def action_zone(self, zone: str) -> None:
        if (
            self.draft is None
            or self.cursor[0] == zone
            or (zone == "table") == (self.cursor[0] != "rack")
        ):
            return
        self.anchor = None
        if zone == "rack":
            self.last_table = self.cursor
            self.cursor = ("rack", 0)
        else:
            self.cursor = self.last_table
        self._settle()

    def action_pick(self) -> None:
        self.pick_or_drop(self.cursor)

    def on_picked(self, event: Picked) -> None:
        draft = self.draft
        if draft is None:
            return
        place = event.place
        if event.extend and not draft.held:
            self.extend_to(place)
            return
        if place[0] == "set":  # a set's ✓/✗: pick up the whole set, or drop at its end
            size = len(draft.table[place[1]])
            self.cursor = ("table", place[1], size if draft.held else size - 1)
            self.anchor = None if draft.held else ("table", place[1], 0)
        elif not (self.anchor and place in self.selected()):  # a click in a range lifts it
            self.cursor, self.anchor = place, None
        self.pick_or_drop(self.cursor)

    def pick_or_drop(self, place: Place) -> None:
        """Pick up the tile at `place` (or the selected range), or put down what is in hand."""
        draft = self.draft
        if draft is None:
            return
        try:
            if not draft.held:
                lit = self.selected()
                draft.pick(lit[0] if self.anchor else place, len(lit) if self.anchor else 1)
                self.cursor, self.anchor = lit[0] if self.anchor else place, None
            else:
                if place[0] == "rack":
                    place = ("rack", len(draft.rack))
                draft.drop(place)
        except IllegalMove as err:
            self._settle(words("Not here: {reason}.", reason=refusal_words(err)))
            return
        self._settle()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The frame's checks; then u, x, n and a are dimmed (None) while they would do nothing
        (nothing to undo, nothing held, no hint's play), so the footer gives their room to the
        keys that act (tui/widgets/footer.py); `?` lists them all the same."""
        allowed = super().check_action(action, parameters)
        if not allowed or action not in IDLE_WHEN:
            return allowed
        return True if IDLE_WHEN[action](self) else None

    def action_new_set(self) -> None:
        if self.draft is not None and self.draft.held:
            self.cursor = ("new",)
            self.pick_or_drop(("new",))

    def action_split(self) -> None:
        """Cut the set under the cursor in two, before the cursor's tile."""
        if self.draft is None:
            return
        self.anchor = None
        try:
            self.draft.split(self.cursor)
        except IllegalMove as err:
            self._settle(words("Not here: {reason}.", reason=refusal_words(err)))
            return
        self.cursor = ("table", self.cursor[1] + 1, 0)
        self._settle()

    def action_why(self) -> None:
        """The verdict of the set under the cursor (issue 12: the reason on demand)."""
        if self.draft is None or self.cursor[0] != "table":
            self.say(words("w explains the set under the cursor: move up to the table first."))
            return
        self.say(set_reason(self.draft.table[self.cursor[1]]))

    def action_sort(self) -> None:
        self.sort = "number" if self.sort == "colour" else "colour"
        if self.state is not None:
            self.redraw()

    def action_undo(self) -> None:
        self.anchor = None
        if self.draft is not None:
            self._settle(None if self.draft.undo() else words("Nothing to undo this turn."))

    def action_reset(self) -> None:
        self.anchor = None
        if self.draft is not None:
            self.draft.reset()
            self._settle(words("The table and your rack are back as the turn began."))

    def action_apply_hint(self) -> None:
        action = self.hint_action
        if self.draft is None or not action or action.get("kind") != "play":
            self.say(words("No play to apply: h asks for a hint first (if it says draw, press d)."))
            return
        self.anchor = None
        self.draft.adopt(action["table"])
        self._settle(words("The hint's table is your draft: p plays it, u takes it back."))

    async def action_commit(self) -> None:
        draft = self.draft
        if draft is None:
            return
        if draft.held:
            self.say(
                words("You hold {tiles}: put it down before playing.", tiles=" ".join(draft.held))
            )
            return
        await self.send({"kind": "play", "table": [list(s) for s in draft.table]})

    async def action_draw_tile(self) -> None:
        await self.send({"kind": "draw"})


def sort_name(sort: str) -> str:
    """How the rack is sorted, in reading order (a part of the rack's title)."""
    return words("colour, then number") if sort == "colour" else words("number, then colour")
