"""The lobby of a LAN table as a joined player sees it: seats, settings, talk, and the wait.

`LobbyScreen` is what the host's lobby (tui/screens/host_lobby.py) shares with it: the title,
the settings line, the table talk and the status line, redrawn from each `lobby` message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Log, Static

from tui.base.game_names import game_name
from tui.base.i18n import N_, t, words
from tui.base.messages import SeatMessage, StateMessage
from tui.screens.table_talk import TALK_BINDINGS, TableTalk
from tui.widgets.following_log import WrappingLog
from tui.widgets.seats import open_seats_text, seat_line, settings_text
from tui.widgets.talk import ChatInput

if TYPE_CHECKING:
    from tui.table.link import TableLink

LOBBY_REDRAW = 0.1  # seconds: lobby updates arriving faster are drawn together
TALK_INVITATION = N_("· c talks to everyone at this table")
TALK_LINES = 500  # lines of table talk a lobby keeps on screen


class LobbyScreen(TableTalk):
    """A lobby at a LAN table; subclasses compose it and draw the seats (`show_seats`)."""

    TALK_LOG = "#talk"
    _latest: StateMessage | None = None  # a lobby message waiting to be drawn

    def __init__(self, table: TableLink) -> None:
        super().__init__(table)

    def compose_talk(self) -> ComposeResult:
        """The settings line, talk log, chat line, status line and footer, in that order."""
        yield Static(id="settings", markup=False)
        yield WrappingLog(id="talk", highlight=False, max_lines=TALK_LINES)
        yield ChatInput()
        yield Static(id="status", markup=False)
        yield Footer()

    @property
    def game_title(self) -> str:
        return game_name(self.table.game_id)

    def on_mount(self) -> None:
        talk = self.query_one("#talk", Log)
        talk.border_title = t("Table talk")
        talk.can_focus = False  # keys, not focus, drive a lobby: Tab goes through the fields
        self.listen()
        if not self.table.talk:  # an empty box would look broken: say what it is for
            talk.write_line(t(TALK_INVITATION))
        if self.table.session.lobby is not None:
            self.show_lobby(self.table.session.lobby)

    def on_unmount(self) -> None:
        self.stop_listening()

    def on_seat_message(self, event: SeatMessage) -> None:
        """Lobby updates are drawn at most every LOBBY_REDRAW seconds, the newest one only: a
        crowd joining and leaving must not cost a redraw each (issue 8)."""
        if event.message["type"] != "lobby":
            self.hear(event.message)
            return
        redraw_pending = self._latest is not None
        self._latest = event.message
        if not redraw_pending:
            self.set_timer(LOBBY_REDRAW, self._redraw)

    def _redraw(self) -> None:
        latest, self._latest = self._latest, None
        if latest is not None and self.is_attached:
            self.show_lobby(latest)

    def show_lobby(self, lobby: StateMessage) -> None:
        self.query_one("#settings", Static).update(settings_text(lobby))
        self.show_seats(lobby)
        self.refresh_keys()

    def show_seats(self, lobby: StateMessage) -> None:
        raise NotImplementedError

    def say(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def action_leave(self) -> None:
        """Back to the menu, once confirmed (the host's leaving closes the table)."""
        self.leave_table(self.table.leave_question)


class ClientLobbyScreen(LobbyScreen):
    """Waiting for the host to start; the game screen replaces this one when it does."""

    HELP = t("The host sets the table up and starts the game; this screen gives way to it.")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "leave", t("Leave"), key_display="q"),
        *TALK_BINDINGS,
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title", classes="screen-title", markup=False)
        yield Static(id="seats")
        yield from self.compose_talk()

    def on_mount(self) -> None:
        """(Textual runs LobbyScreen.on_mount next: it draws the lobby and starts listening.)"""
        self.query_one("#seats").border_title = t("Seats")
        self.say(words("The host starts the game once every seat is filled; c to chat meanwhile."))

    def show_seats(self, lobby: StateMessage) -> None:
        mine = self.table.session.seat
        table, game = self.table.table_name, self.game_title
        title = (
            words("{table} — {game} (you are watching)", table=table, game=game)
            if mine is None
            else words("{table} — {game}", table=table, game=game)
        )
        self.query_one("#lobby-title", Static).update(title)
        lines = [seat_line(seat, i, mine) for i, seat in enumerate(lobby["seats"])]
        seats = self.query_one("#seats", Static)
        seats.update(Text("\n").join(lines))
        waiting = open_seats_text(lobby)
        seats.border_subtitle = (
            t("waiting: {why}", why=waiting) if waiting else t("waiting for the host")
        )
