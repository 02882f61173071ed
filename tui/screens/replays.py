"""The finished games kept on this machine, newest first, to open as replays.

The records are read in a worker thread (a few hundred small files), then listed: date, game,
players with bot levels, winner. g cycles a filter by game; Enter opens the highlighted one. A
file that is not a record any more is said, and the list stays as it was.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from tui.base.i18n import N_, t, words, words_n
from tui.base.messages import OpenReplay
from tui.table.replays import Entry, kinds_text
from tui.widgets.footer import FittingFooter

COLUMNS = (N_("Finished"), N_("Game"), N_("Players"), N_("Winner"))  # t() where shown
CELL_PADDING = 2  # cells DataTable adds around each column's content
SCROLLBAR = 2  # the list's vertical scrollbar, once it has more games than rows
MAX_WINNER = 24  # a tie of long names is shortened before the players are
MIN_PLAYERS = 12


def column_widths(entries: list[Entry], width: int) -> list[int]:
    """Each column's width for a list `width` cells wide: the date, the game and the winner as
    they are (the winner up to MAX_WINNER), the players in what is left (issue 25: at 80
    columns the winner was cut off the right edge)."""

    def widest(label: str, texts: list[str]) -> int:
        return max([cell_len(t(label)), *(cell_len(text) for text in texts)])

    when = widest(COLUMNS[0], [e.when for e in entries])
    game = widest(COLUMNS[1], [e.game for e in entries])
    winner = min(widest(COLUMNS[3], [e.winner for e in entries]), MAX_WINNER)
    room = width - SCROLLBAR - CELL_PADDING * len(COLUMNS) - when - game - winner
    players = min(widest(COLUMNS[2], [e.players for e in entries]), max(room, MIN_PLAYERS))
    return [when, game, players, winner]


def cut(text: str, width: int) -> Text:
    """`text` in `width` cells, its end shown as … when it is longer."""
    shown = Text(text)
    shown.truncate(width, overflow="ellipsis")
    return shown


class ReplaysScreen(Screen[None]):
    """Pick a finished game to watch again."""

    HELP = t(
        "↑/↓ pick a game, Enter opens its replay, g shows one game only (again: the next game, "
        "then all). Games are kept when they end, the newest 200. c lists the club nights."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", t("Open"), priority=True, tooltip=t("Watch the game highlighted")),
        Binding(
            "g",
            "filter",
            t("Game filter"),
            tooltip=t("One game only (again: the next, then all)"),
        ),
        Binding(
            "c",
            "clubs",
            t("Club nights"),
            tooltip=t("The club nights kept, with their standings"),
        ),
        Binding("escape,q", "app.pop_screen", t("Back"), key_display="q"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[Entry] = []
        self.only: str | None = None  # the game title shown, None: all
        self._counted = ""  # the status line's count of the games shown

    def compose(self) -> ComposeResult:
        yield Static(t("Replays — finished games"), classes="screen-title", markup=False)
        yield DataTable(id="replays", cursor_type="row", zebra_stripes=True)
        yield Static(t("Reading the kept games…"), id="replays-status", markup=False)
        yield FittingFooter()

    def on_mount(self) -> None:
        self._columns([])
        self.run_worker(self._read, thread=True, exit_on_error=False)

    def on_resize(self) -> None:
        """Another width: the players' column takes what the others leave."""
        if self.entries:
            self._draw(self.query_one(DataTable).cursor_row)

    def _read(self) -> None:
        from tui.table.replays import kept_games

        entries = kept_games()
        self.app.call_from_thread(self._fill, entries)

    def _fill(self, entries: list[Entry]) -> None:
        self.entries = entries
        self._draw()

    def _shown(self) -> list[Entry]:
        return [e for e in self.entries if self.only is None or e.game == self.only]

    def _columns(self, shown: list[Entry]) -> list[int]:
        """The list emptied, with columns as wide as `shown` needs at this width."""
        table = self.query_one(DataTable)
        table.clear(columns=True)
        widths = column_widths(shown, self.size.width or self.app.size.width)
        for label, width in zip(COLUMNS, widths, strict=True):
            table.add_column(t(label), width=width)
        return widths

    def _draw(self, row: int = 0) -> None:
        """List the games shown, the cursor on `row`."""
        table = self.query_one(DataTable)
        shown = self._shown()
        widths = self._columns(shown)
        for index, entry in enumerate(shown):
            cells = (entry.when, entry.game, entry.players, entry.winner)
            table.add_row(*(cut(c, w) for c, w in zip(cells, widths, strict=True)), key=str(index))
        if shown:
            table.move_cursor(row=min(row, len(shown) - 1), animate=False)
        count = len(self._shown())
        if not self.entries:
            status = words("No finished game yet: games are kept when they end.")
        elif self.only is None:
            status = words_n(
                "{count} finished game. Enter opens one.",
                "{count} finished games. Enter opens one.",
                count,
            )
        else:
            status = words_n(
                "{count} finished game of {game}. Enter opens one.",
                "{count} finished games of {game}. Enter opens one.",
                count,
                game=self.only,
            )
        self._counted = status
        self._say_kinds()
        table.focus()

    @on(DataTable.RowHighlighted)
    def _say_kinds(self) -> None:
        """The count, and which eyes the highlighted game's replay has."""
        shown = self._shown()
        row = self.query_one(DataTable).cursor_row
        status = self._counted
        if shown and 0 <= row < len(shown):
            status = words("{count} {kinds}", count=status, kinds=kinds_text(shown[row]))
        self.query_one("#replays-status", Static).update(status)

    def action_clubs(self) -> None:
        from tui.screens.club_records import ClubRecordsScreen

        self.app.push_screen(ClubRecordsScreen())

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
            entry = shown[table.cursor_row]
            self.post_message(OpenReplay(entry.path, entry.own))
