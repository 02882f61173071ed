"""The end of a round as a moment: the summary panel the table pauses for (net/pause.py).

When a Papayoo deal, a Pásovec round or a game of a Rummikub match ends, the host pauses the
table and every game screen opens this panel over itself, with the game's own summary of the
round (`GameScreen.round_summary`): the points of the round and the running totals, and who
leads. Enter (or space, or Escape) tells the table this player has read it; at a LAN table the
panel then says whom the table still waits for, and closes for everyone when the pause ends
(everyone ready, or its timeout). A solo table waits for its one player: Enter goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui.base.names import plain
from tui.base.seats import PLAYER_WIDTH, name_list


def round_table(
    names: Sequence[str], this_round: Sequence[int], totals: Sequence[int], heads: tuple[str, str]
) -> RenderableType:
    """Each player's points of the round and their total, fewest first (the leader on top):
    `heads` names the two columns ("This deal", "Total")."""
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column("Player", max_width=PLAYER_WIDTH, no_wrap=True, overflow="ellipsis")
    table.add_column(heads[0], justify="right")
    table.add_column(heads[1], justify="right")
    order = sorted(range(len(names)), key=lambda seat: (totals[seat], seat))
    for seat in order:
        table.add_row(plain(names[seat]), str(this_round[seat]), str(totals[seat]))
    return table


def leaders_line(names: Sequence[str], totals: Sequence[int], word: str) -> str:
    """'Ana leads with 12 points.' or 'Ana and Bruno lead with 12 points.' (fewest wins)."""
    best = min(totals)
    leaders = [plain(names[seat]) for seat, total in enumerate(totals) if total == best]
    verb = "leads" if len(leaders) == 1 else "lead"
    if leaders == ["You"]:
        verb = "lead"
    return f"{name_list(leaders)} {verb} with {best} {word}{'' if best == 1 else 's'}."


class RoundSummary(ModalScreen[None]):
    """The round's summary; Enter says this player is ready for the next round."""

    DEFAULT_CSS = """
    RoundSummary { align: center middle; }
    RoundSummary #round-box { width: 72; height: auto; max-height: 90%; border: heavy $primary;
        padding: 0 1; background: $surface; }
    RoundSummary #round-title, RoundSummary #round-wait { margin: 1 0 0 0; }
    RoundSummary #round-wait { margin-bottom: 1; }
    """
    HELP = (
        "The round just ended: its points and the totals so far. Enter, space or Escape says "
        "you are ready for the next round; the table goes on once everyone is (at a LAN table "
        "it stops waiting after a while)."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "ready", "Ready", key_display="⏎"),
    ]

    def __init__(self, title: str, body: RenderableType, on_ready: Callable[[], None]) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.on_ready = on_ready
        self.was_ready = False

    def compose(self) -> ComposeResult:
        with Vertical(id="round-box"):
            yield Static(self.title_text, id="round-title", markup=False)
            yield Static(self.body, id="round-body")
            yield Static("Enter: ready for the next round.", id="round-wait", markup=False)
        yield Footer()

    def show_waiting(self, pause: dict[str, Any], seat: int | None, names: list[str]) -> None:
        """Say whom the table still waits for (this player first, if they are waited for)."""
        waiting = [s for s in pause["waiting"] if s != seat]
        if seat in pause["waiting"]:
            text = "Enter: ready for the next round."
        elif waiting:
            text = f"Waiting for {name_list([plain(names[s]) for s in waiting])}"
        else:
            text = "The next round begins."
        left = pause.get("seconds_left")
        if waiting and left is not None:
            text += f" (at most {round(left)} s more)"
        self.query_one("#round-wait", Static).update(text)

    def action_ready(self) -> None:
        """Ready once; a second press closes the panel to look at the table meanwhile."""
        if self.was_ready:
            self.dismiss()
            return
        self.was_ready = True
        self.on_ready()
