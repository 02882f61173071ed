"""The score table between two games of a Rummikub match (option `games`, RK-18): the game just
played — who went out, each seat's penalty — and the running totals, before the next game.

The rules start the next game at once (the match is one state), so this is a dialog over the
game screen, not a pause of the table: a key closes it, and the new game's rack is underneath.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.base.messages import StateMessage
from tui.base.seats import seat_names
from tui.games.rummikub.widgets import game_end_line, match_table


class BetweenGames(ModalScreen[None]):
    """Closed by Enter, space or Escape."""

    DEFAULT_CSS = """
    BetweenGames { align: center middle; }
    BetweenGames #between { width: 76; height: auto; max-height: 90%; border: heavy $primary;
        padding: 0 1; background: $surface; }
    BetweenGames #between-title, BetweenGames #between-hint { margin: 1 0; }
    """
    HELP = "The scores so far in this match. Enter, space or Escape goes on to the next game."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "Next game", key_display="⏎"),
    ]

    def __init__(self, state: StateMessage, entry: dict[str, Any]) -> None:
        super().__init__()
        self.state, self.entry = state, entry

    def compose(self) -> ComposeResult:
        view = self.state["view"]
        with Vertical(id="between"):
            title = game_end_line(self.entry, seat_names(self.state))
            yield Static(title, id="between-title", markup=False)
            yield Static(match_table(self.state, self.entry["game_no"]), id="between-scores")
            nxt = f"Game {self.entry['game_no'] + 1} of {view['games']} has begun"
            if self.state["seat"] in view["to_act"] and view["turn_seconds"]:
                nxt += " and it is your turn (the clock runs)"
            yield Static(f"{nxt}: Enter goes to the table.", id="between-hint", markup=False)

    def action_close(self) -> None:
        self.dismiss()
