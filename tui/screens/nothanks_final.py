"""The end of a No Thanks! game: everyone's cards in runs, tokens, scores, the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from core.nothanks import card_points
from tui.names import plain
from tui.session import SeatMessage, StateMessage
from tui.widgets.nothanks import plural, runs_text, seat_label, seat_names, seats_table

if TYPE_CHECKING:
    from tui.app import GamenightApp
    from tui.lan import LanTable


def verdict(state: StateMessage) -> str:
    """'Ana wins with 41 points', 'You and Ana share the win with 41 points'."""
    result = state["view"]["result"]
    names = seat_names(state)
    winners = [names[seat] for seat in result["winners"]]
    points = plural(result["scores"][result["winners"][0]], "point")
    if len(winners) == 1:
        verb = "win" if winners[0] == "You" else "wins"
        return f"{winners[0]} {verb} with {points}"
    return f"{', '.join(winners[:-1])} and {winners[-1]} share the win with {points}"


def score_table(state: StateMessage) -> Table:
    """Players from best to worst score (NT-11, NT-12); winners marked ★ and bold."""
    view = state["view"]
    result = view["result"]
    table = seats_table("Card pts", score=True)
    for seat in sorted(range(view["players"]), key=lambda s: (result["scores"][s], s)):
        won = seat in result["winners"]
        table.add_row(
            "★" if won else "",
            seat_label(state, seat),
            runs_text(view["cards"][seat]),
            str(card_points(view["cards"][seat])),
            str(view["tokens"][seat]),
            str(result["scores"][seat]),
            style="bold reverse" if won else "",
        )
    return table


class NoThanksFinalScreen(Screen[None]):
    """Shown when the last card is taken; play again with the same set-up or go back.

    At a LAN table playing again is the host's decision: the host's "again" reopens the lobby
    (everyone stays seated), and the other players are taken there when it opens. A player whose
    connection ends here (the host closed the table, removed them, or it dropped) is told so.
    """

    HELP = "Score = the lowest card of each run, minus your tokens. The lowest score wins."
    GUEST_HINT = "The host decides whether to play again: when they do, you go to the lobby."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "again", "Play again"),
        Binding("m,q,escape", "app.menu", "Menu", key_display="m"),
        Binding("r", "app.rules('nothanks')", "Rules"),
    ]

    def __init__(self, state: StateMessage, lan: LanTable | None = None) -> None:
        super().__init__()
        self.state = state
        self.lan = lan
        self.guest = lan is not None and lan.host is None  # a LAN player who does not host

    def compose(self) -> ComposeResult:
        title = f"Game over — {verdict(self.state)}"
        yield Static(title, classes="screen-title", id="verdict", markup=False)
        with VerticalScroll(id="scores"):
            yield Static(score_table(self.state))
        with Horizontal(classes="buttons"):
            if not self.guest:
                yield Button(
                    "Play again \\[a]", id="again", action="screen.again", variant="primary"
                )
            yield Button("Menu \\[m]", id="menu", action="app.menu")
        hint = self.GUEST_HINT if self.guest else self.HELP
        yield Static(hint, classes="hint", id="hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#scores").border_title = "Final scores"
        self.query_one("#menu" if self.guest else "#again", Button).focus()
        if self.guest and self.lan is not None:
            if self.lan.dropped is not None:
                self._ended(self.lan.dropped)
            self.lan.listen(self._post)

    def on_unmount(self) -> None:
        if self.lan is not None:
            self.lan.unlisten(self._post)

    def _post(self, message: StateMessage) -> None:
        self.post_message(SeatMessage(message))

    def on_seat_message(self, event: SeatMessage) -> None:
        if event.message["type"] == "closed":
            self._ended(str(event.message.get("reason")))

    def _ended(self, reason: str) -> None:
        """The connection ended: there is no next game to be taken to, so say why."""
        assert self.lan is not None
        if self.lan.gone is not None:
            text = f"{self.lan.gone} m goes back to the menu."
        else:
            text = f"Disconnected: {plain(reason)}. m goes back to the menu; join again from there."
        self.query_one("#hint", Static).update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "again" and self.guest)

    def action_again(self) -> None:
        cast("GamenightApp", self.app).action_play_again()
