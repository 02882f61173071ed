"""The finished games kept on this machine, newest first, to open as replays.

The records are read in a worker thread (a few hundred small files), then listed: date, game,
players with bot levels, winner. g cycles a filter by game; Enter opens the highlighted one. A
file that is not a record any more is said, and the list stays as it was.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from tui.base.messages import OpenReplay
from tui.table.replays import Entry


class ReplaysScreen(Screen[None]):
    """Pick a finished game to watch again."""

    HELP = (
        "↑/↓ pick a game, Enter opens its replay, g shows one game only (again: the next game, "
        "then all). Games are kept when they end, the newest 200."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Open"),
        Binding("g", "filter", "Game filter"),
        Binding("escape,q", "app.pop_screen", "Back", key_display="q"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[Entry] = []
        self.only: str | None = None  # the game title shown, None: all

    def compose(self) -> ComposeResult:
        yield Static("Replays — finished games", classes="screen-title", markup=False)
        yield DataTable(id="replays", cursor_type="row", zebra_stripes=True)
        yield Static("Reading the kept games…", id="replays-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Finished", "Game", "Players", "Winner")
        self.run_worker(self._read, thread=True, exit_on_error=False)

    def _read(self) -> None:
        from tui.table.replays import kept_games

        entries = kept_games()
        self.app.call_from_thread(self._fill, entries)

    def _fill(self, entries: list[Entry]) -> None:
        self.entries = entries
        self._draw()

    def _shown(self) -> list[Entry]:
        return [e for e in self.entries if self.only is None or e.game == self.only]

    def _draw(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for index, entry in enumerate(self._shown()):
            table.add_row(entry.when, entry.game, entry.players, entry.winner, key=str(index))
        which = "" if self.only is None else f" of {self.only}"
        count = len(self._shown())
        status = f"{count} finished game{'s' if count != 1 else ''}{which}. Enter opens one."
        self.query_one("#replays-status", Static).update(
            status if self.entries else "No finished game yet: games are kept when they end."
        )
        table.focus()

    def action_filter(self) -> None:
        games = sorted({e.game for e in self.entries})
        if not games:
            return
        order = [None, *games]
        self.only = order[(order.index(self.only) + 1) % len(order)]
        self._draw()

    @on(DataTable.RowSelected)
    def action_open(self) -> None:
        table = self.query_one(DataTable)
        shown = self._shown()
        if shown:
            self.post_message(OpenReplay(shown[table.cursor_row].path))
