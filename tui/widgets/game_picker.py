"""The games of a club night, chosen in the order they are played: one line, each game marked
with its place in the order ('[1] No Thanks!  [ ] Papayoo  [2] Rummikub').

←/→ move between the games and Space takes one in (it is played after those taken before)
or leaves it out, so any games in any order are one line and a few keys away, as on the
command line (issue 35). The game under the cursor is shown in reverse, never by colour
alone; the last game left cannot be left out (an evening has at least one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.base.i18n import right_to_left, t

GAP = "  "  # between two games


class GamePicker(Widget, can_focus=True):
    """`chosen` holds the ids taken in, in the order they are played."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", t("Previous game"), show=False),
        Binding("right", "move(1)", t("Next game"), show=False),
        Binding("space", "toggle", t("Take in / leave out")),
    ]

    cursor: reactive[int] = reactive(0)

    class Changed(Message):
        """The games chosen, or their order, changed."""

        def __init__(self, picker: GamePicker) -> None:
            super().__init__()
            self.picker = picker

        @property
        def control(self) -> GamePicker:
            return self.picker

    def __init__(
        self,
        games: Sequence[tuple[str, str]],
        chosen: Sequence[str] = (),
        *,
        id: str | None = None,
    ) -> None:
        """`games` are (name, id) pairs in the order shown; `chosen` the ids taken in (those
        not among `games` are dropped; none at all takes every game, in the order shown)."""
        super().__init__(id=id)
        self.games = list(games)
        ids = [game_id for _, game_id in self.games]
        kept = [game_id for game_id in dict.fromkeys(chosen) if game_id in ids]
        self.chosen: list[str] = kept or ids

    def _place(self, game_id: str) -> str:
        return f"[{self.chosen.index(game_id) + 1}]" if game_id in self.chosen else "[ ]"

    def _shown(self) -> list[tuple[int, str]]:
        """Each game's index and cell text, left to right: a right-to-left language reads
        them from the right, each place after its name."""
        games = list(enumerate(self.games))
        if right_to_left():
            return [(i, f"{name} {self._place(game_id)}") for i, (name, game_id) in games[::-1]]
        return [(i, f"{self._place(game_id)} {name}") for i, (name, game_id) in games]

    def render(self) -> Text:
        out = Text()
        for position, (index, text) in enumerate(self._shown()):
            if position:
                out.append(GAP)
            here = self.has_focus and index == self.cursor
            out.append(text, style="reverse bold" if here else "")
        return out

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """Every game with its place ('[1] ' or '[ ] ', as wide), and the gaps between."""
        named = sum(cell_len(f"[ ] {name}") for name, _ in self.games)
        return named + cell_len(GAP) * (len(self.games) - 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1

    def action_move(self, delta: int) -> None:
        """→ moves to the game shown on the right (the previous one, right to left)."""
        step = -delta if right_to_left() else delta
        self.cursor = (self.cursor + step) % len(self.games)

    def action_toggle(self) -> None:
        """Take the game under the cursor in (last in the order), or leave it out."""
        game_id = self.games[self.cursor][1]
        if game_id in self.chosen:
            if len(self.chosen) == 1:
                self.app.bell()
                return
            self.chosen.remove(game_id)
        else:
            self.chosen.append(game_id)
        self.refresh()
        self.post_message(self.Changed(self))

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """A click takes in (or leaves out) the game clicked."""
        x = 0
        for index, text in self._shown():
            width = cell_len(text)
            if x <= event.x < x + width:
                self.cursor = index
                self.action_toggle()
                return
            x += width + cell_len(GAP)
