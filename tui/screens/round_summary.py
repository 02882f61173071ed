"""The end of a round as a moment: the summary panel the table pauses for (net/pause.py).

When a Papayoo deal, a Pásovec round or a game of a Rummikub match ends, the host pauses the
table and every game screen opens this panel over itself, with the game's own summary of the
round (`GameScreen.round_summary`): the points of the round and the running totals, and who
leads. Enter (or space, or Escape) tells the table this player has read it; at a LAN table the
panel then says whom the table still waits for, and closes for everyone when the pause ends
(everyone ready, or its timeout). A solo table waits for its one player: Enter goes on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui.base.i18n import Counted, t, words, words_in, words_n
from tui.base.names import name_cell, plain
from tui.base.reading_table import ReadingTable
from tui.base.seats import PLAYER_WIDTH, among_them, is_you, name_list

KEY_GRACE = 0.3
"""Seconds a key is not taken just after the panel opens or closes: the key that ended the
round, or the one that read it, pressed twice, would otherwise skip the summary or make a move
the player did not choose."""


def round_table(
    names: Sequence[str], this_round: Sequence[int], totals: Sequence[int], heads: tuple[str, str]
) -> RenderableType:
    """Each player's points of the round and their total, fewest first (the leader on top):
    `heads` names the two columns ("This deal", "Total")."""
    table = ReadingTable(box=None, padding=(0, 2), show_edge=False)
    table.add_column(t("Player"), max_width=PLAYER_WIDTH, no_wrap=True, overflow="ellipsis")
    table.add_column(heads[0], justify="right")
    table.add_column(heads[1], justify="right")
    order = sorted(range(len(names)), key=lambda seat: (totals[seat], seat))
    for seat in order:
        table.add_row(name_cell(names[seat]), str(this_round[seat]), str(totals[seat]))
    return table


def leaders_line(names: Sequence[str], totals: Sequence[int], unit: Counted) -> str:
    """'Ana leads with 12 points.' or 'Ana and Bruno lead with 12 points.' (fewest wins), in
    reading order (the panel lays it out)."""
    best = min(totals)
    ahead = [names[seat] for seat, total in enumerate(totals) if total == best]
    leaders = [plain(name) for name in ahead]
    score = unit.of(best)
    if len(ahead) == 1 and is_you(ahead[0]):
        return words("You lead with {score}.", score=score)
    if among_them(leaders):
        return words_in("you among them", "{who} lead with {score}.", who=name_list(leaders),
                        score=score)  # fmt: skip
    return words_n(
        "{who} leads with {score}.",
        "{who} lead with {score}.",
        len(leaders),
        who=name_list(leaders),
        score=score,
    )


def round_over(
    names: Sequence[str],
    title: str,
    this_round: Sequence[int],
    totals: Sequence[int],
    heads: tuple[str, str],
    unit: Counted,
) -> tuple[str, RenderableType]:
    """A game's round summary (`GameScreen.round_summary`) of the usual shape: the round's
    points and the totals, fewest first, and who leads. `title` and `heads` worded (`t`),
    as the panel shows them."""
    table = round_table(names, this_round, totals, heads)
    return title, Group(table, Text("\n" + leaders_line(names, totals, unit)))


def last_entry(view: dict[str, Any], kind: str) -> dict[str, Any] | None:
    """The newest log entry of `kind` ("deal_end", "round_end"…), None before the first."""
    return next((e for e in reversed(view["log"]) if e["type"] == kind), None)


class RoundSummary(ModalScreen[None]):
    """The round's summary; Enter says this player is ready for the next round."""

    DEFAULT_CSS = """
    RoundSummary { align: center middle; }
    RoundSummary #round-box { width: 72; height: auto; max-height: 90%; border: heavy $primary;
        padding: 0 1; background: $surface; }
    RoundSummary #round-title, RoundSummary #round-wait { margin: 1 0 0 0; }
    RoundSummary #round-wait { margin-bottom: 1; }
    """
    HELP = t(
        "The round just ended: its points and the totals so far. Enter, space or Escape says "
        "you are ready for the next round; the table goes on once everyone is (at a LAN table "
        "it stops waiting after a while). Pressed again, it closes this panel meanwhile."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "ready", t("Ready"), key_display="⏎"),
        Binding("question_mark,f1", "app.help", t("Help"), key_display="?"),
    ]

    def __init__(
        self,
        summary: tuple[str, RenderableType],
        on_ready: Callable[[], None],
        pause: dict[str, Any],
        seat: int | None,
        names: list[str],
    ) -> None:
        super().__init__()
        self.title_text, self.body = summary
        self.on_ready = on_ready
        self.waiting = (pause, seat, names)
        self.heard = time.monotonic()  # when `waiting` came: its seconds_left count from then
        self.was_ready = False
        self.closing = False  # the table went on while something covered the panel
        self.opened = time.monotonic()

    def compose(self) -> ComposeResult:
        with Vertical(id="round-box"):
            yield Static(self.title_text, id="round-title", markup=False)
            yield Static(self.body, id="round-body")
            yield Static(self.wait_text(), id="round-wait", markup=False)
        yield Footer()

    def wait_text(self) -> str:
        """Whom the table still waits for: this player first, if they are waited for, and at a
        LAN table how long it waits at most, to whoever is still waited for too, the last one
        included (laid out)."""
        pause, seat, names = self.waiting
        others = [s for s in pause["waiting"] if s != seat]
        left = pause.get("seconds_left")
        if left is not None:
            left = max(0, round(left - (time.monotonic() - self.heard)))
        if seat in pause["waiting"]:
            if left is None:
                return words("Enter, space or Esc: ready for the next round.")
            return words(
                "Enter, space or Esc: ready for the next round (the table goes on in at "
                "most {seconds} s).",
                seconds=left,
            )
        if not others:
            return words("The next round begins.")
        text = words("Waiting for {who}", who=name_list([plain(names[s]) for s in others]))
        if left is not None:
            text += words(" (at most {seconds} s more)", seconds=left)
        return text

    @property
    def takes_keys(self) -> bool:
        """Past the first moment, when a key is the one that ended the round."""
        return time.monotonic() - self.opened >= KEY_GRACE

    def show_waiting(self, pause: dict[str, Any], seat: int | None, names: list[str]) -> None:
        self.waiting, self.heard = (pause, seat, names), time.monotonic()
        self.redraw_waiting()

    def on_mount(self) -> None:
        self.set_interval(1.0, self.redraw_waiting)  # the LAN pause's seconds counting down

    def redraw_waiting(self) -> None:
        if self.is_mounted:
            self.query_one("#round-wait", Static).update(self.wait_text())

    def action_ready(self) -> None:
        """Ready once; a second press closes the panel to look at the table meanwhile. A key
        in the first moment is the one that ended the round, pressed twice: not taken."""
        if not self.takes_keys:
            return
        if self.was_ready:
            self.dismiss()
            return
        self.was_ready = True
        self.on_ready()

    def close(self) -> None:
        """The table went on: close now, or as soon as nothing covers the panel."""
        if self.app.screen is self:
            self.dismiss()
        else:
            self.closing = True

    def on_screen_resume(self) -> None:
        if self.closing:
            self.dismiss()
