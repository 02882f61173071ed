"""Club nights kept on this machine: the list, and one evening's standings and games.

From the Replays screen (c). An evening shows its standings as the club screen did (the bars
and the points) and every game of it, each replayable with every seat's eyes (Enter), and
its standings can be written as a CSV file (e).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.base.i18n import t, tn
from tui.base.names import plain
from tui.table.club_records import (
    ClubEntry,
    club_entries,
    club_game_replay,
    export_record,
    game_line,
)
from tui.table.replays import Replay
from tui.widgets.footer import FittingFooter
from tui.widgets.standings import standings_text


class OpenClubGame(Message):
    """Watch one game of a kept club night (the app puts its replay screen up)."""

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay


class ClubRecordsScreen(Screen[None]):
    """Pick a club night."""

    HELP = t("↑/↓ pick an evening, Enter opens its standings and games. The newest 100 are kept.")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", t("Open"), priority=True),
        Binding("escape,q", "app.pop_screen", t("Back"), key_display="q"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[ClubEntry] = []

    def compose(self) -> ComposeResult:
        yield Static(t("Club nights"), classes="screen-title", markup=False)
        yield OptionList(id="clubs")
        yield Static(t("Reading the kept club nights…"), id="clubs-status", markup=False)
        yield FittingFooter()

    def on_mount(self) -> None:
        self.run_worker(self._read, thread=True, exit_on_error=False)

    def _read(self) -> None:
        entries = club_entries()
        self.app.call_from_thread(self._fill, entries)

    def _fill(self, entries: list[ClubEntry]) -> None:
        self.entries = entries
        clubs = self.query_one("#clubs", OptionList)
        clubs.add_options(
            Option(
                t(
                    "{when} · {name} · {rounds} rounds · first: {winner}",
                    when=e.when,
                    name=e.name,
                    rounds=e.rounds,
                    winner=e.winner or "—",
                )
            )
            for e in entries
        )
        count = len(entries)
        self.query_one("#clubs-status", Static).update(
            tn(
                "{count} club night. Enter opens one.",
                "{count} club nights. Enter opens one.",
                count,
            )
            if entries
            else t("No club night kept yet: an evening is kept when a round ends.")
        )
        if entries:
            clubs.highlighted = 0
        clubs.focus()

    @on(OptionList.OptionSelected, "#clubs")
    def action_open(self) -> None:
        clubs = self.query_one("#clubs", OptionList)
        if self.entries and clubs.highlighted is not None:
            self.app.push_screen(ClubRecordScreen(self.entries[clubs.highlighted]))


class ClubRecordScreen(Screen[None]):
    """One evening: its standings, and its games to replay."""

    HELP = t(
        "The standings of the evening, then its games: ↑/↓ pick one, Enter replays it "
        "(every seat's eyes). e writes the standings as a CSV file."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "replay", t("Replay"), priority=True),
        Binding("e", "export", t("Export CSV")),
        Binding("escape,q", "app.pop_screen", t("Back"), key_display="q"),
    ]

    def __init__(self, entry: ClubEntry) -> None:
        super().__init__()
        self.entry = entry
        self.games = list(entry.data.get("games", []))

    def compose(self) -> ComposeResult:
        data = self.entry.data
        entry = self.entry
        title = t("{name} — {when}, {rounds} rounds", name=entry.name, when=entry.when,
                  rounds=entry.rounds)  # fmt: skip
        yield Static(title, classes="screen-title", markup=False)
        yield Static(id="club-standings", markup=False)
        yield OptionList(*(Option(game_line(g)) for g in self.games), id="club-games")
        yield Static(
            tn(
                "{count} game. Enter replays it.",
                "{count} games. Enter replays one.",
                len(self.games),
            ),
            id="club-status",
            markup=False,
        )
        yield FittingFooter()
        self._standings = data.get("standings", [])

    def on_mount(self) -> None:
        self.query_one("#club-standings").border_title = t("Standings")
        self.query_one("#club-games").border_title = t("Games")
        width = max(40, (self.size.width or self.app.size.width) - 4)
        self.query_one("#club-standings", Static).update(standings_text(self._standings, width))
        games = self.query_one("#club-games", OptionList)
        if self.games:
            games.highlighted = 0
        games.focus()

    @on(OptionList.OptionSelected, "#club-games")
    def action_replay(self) -> None:
        games = self.query_one("#club-games", OptionList)
        if not self.games or games.highlighted is None:
            return
        try:
            replay = club_game_replay(self.games[games.highlighted])
        except ValueError as err:
            self.say(plain(err))
            return
        self.post_message(OpenClubGame(replay))

    def action_export(self) -> None:
        try:
            path = export_record(self.entry)
        except OSError as err:
            self.say(t("Could not write the standings: {err}", err=err))
            return
        self.say(t("Standings written to {path}", path=path))

    def say(self, text: str) -> None:
        self.query_one("#club-status", Static).update(text)
