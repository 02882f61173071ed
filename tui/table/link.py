"""The app's link to one table — a solo table in this process, a LAN table it hosts, or one it
joined — kept across screens.

Every game runs on a host (net/host.py), solo included: a solo table is a host that never
serves, with bots in the other seats, so the clock, the journal and away-bots behave the same
everywhere. The link lives as long as the person stays at the table — lobby, game, final table,
the next game — while screens come and go and only listen to it. The host's messages decide
what is shown: the link asks the app for the lobby or the game screen (`ShowTable`, a message
defined here beside the link it carries) and the app builds it. A hosted table's doors (SSH,
browser) live here too, opened and closed on the lobby's request (`switch_door`), so no widget
owns a server. Leaving (`leave`) is the one place a connection is closed, or, for a
host, the table and its advertisement.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.message import Message as TextualMessage

from core import IllegalMove
from net.client import ClientSession, HandshakeError
from net.records import SeatViews
from net.session import Message, Session
from tui.base.i18n import N_, t, words
from tui.base.table_names import table_title

if TYPE_CHECKING:  # a joined table (a door's program) needs neither the host nor zeroconf
    from pathlib import Path

    from textual.app import App

    from net.discovery import Advertiser
    from net.host import Host
    from net.ssh_door import SshDoor
    from net.web_door import WebDoor
    from tui.table.doors import Door

# Fatal errors after which rejoining cannot work: removed by the host; the seat taken over.
FINAL_ERRORS = {
    "kicked": N_("The host removed you from this table."),
    "replaced": N_("You joined this seat from another connection: this one was closed."),
}
ACT_TIMEOUT = 10.0  # seconds to wait for the host's verdict before saying the table is silent
TALK_KEPT = 100  # chat lines and notices kept for the next screen to show
DOOR_SLOTS = ("ssh_door", "web_door")  # the attributes a hosted table keeps its doors in


class TableLink:
    """The app's seat at a table: hosted here (`host` set; `solo` when nobody else may join)
    or joined over TCP."""

    def __init__(
        self,
        app: App[None],
        session: Session,
        *,
        host: Host | None = None,
        advertiser: Advertiser | None = None,
        addresses: list[str] | None = None,
        solo: bool = False,
        ssh_door: SshDoor | None = None,
        web_door: WebDoor | None = None,
    ) -> None:
        self.app = app
        self.session = session
        self.host = host
        self.solo = solo
        self.advertiser = advertiser
        self.addresses = addresses or []  # host:port players may type to join by hand
        self.ssh_door = ssh_door  # a host's SSH door, closed with the table
        self.web_door = web_door  # a host's browser door, closed with the table
        self.talk: list[Message] = []  # recent chat lines and notices, oldest first
        self.heard = 0  # the number (`n`) of the newest chat line heard
        self.dropped: str | None = None  # why the connection ended, while it is down
        self.gone: str | None = None  # why the table is gone for good (no rejoin), in words
        self.showing: str | None = None  # the screen last asked for: "lobby" or "game"
        self.left = False  # once leaving, the table's last messages must not bring screens back
        self.seen: SeatViews | None = None  # a LAN player's own record of what their seat saw
        self.club_table = False  # a table of a club night: leaving it goes back to the club
        self.way_back: str | None = None  # at a door: how this person comes back, in words
        self.on_kept: Callable[[Path], None] | None = None  # told when `seen` wrote its record
        self._listeners: list[Callable[[Message], None]] = []
        self._doors_wanted = {slot: getattr(self, slot) is not None for slot in DOOR_SLOTS}

    @property
    def lan(self) -> bool:
        """Other people may be at this table: chat, rejoin and the lobby are offered."""
        return not self.solo

    @property
    def hints(self) -> bool:
        """Whether the table lets players ask for hints (a host's lobby setting)."""
        if self.host is not None:
            return self.host.lobby.settings.hints
        lobby = self.session.lobby or {}
        return bool(lobby.get("settings", {}).get("hints", True))

    @property
    def state(self) -> Message | None:
        """The newest state message of this seat, None before a game started."""
        return self.session.state

    @property
    def game_id(self) -> str:
        if self.host is not None:
            return self.host.lobby.game_id
        assert isinstance(self.session, ClientSession) and self.session.welcome is not None
        return str(self.session.welcome["game"])

    @property
    def table_name(self) -> str:
        """The table's name as last announced (the host may rename it in the lobby), in the
        reader's language when the host made it up (tui/base/table_names.py)."""
        if self.host is not None:
            return table_title(self.host.table_name, self.host.table_words)
        told = self.session.lobby if self.session.lobby is not None else self.session.welcome
        assert isinstance(self.session, ClientSession) and told is not None
        return table_title(told["table"], told.get("table_words"))

    @property
    def leave_question(self) -> str:
        if self.solo:
            return t("Leave this game? g continues it later from the menu (Resume solo game).")
        if self.host is not None:
            return t("Close the table? Everyone at it is disconnected.")
        if self.club_table and self.session.seat is not None:
            return t("Back to the club? Your seat stays yours: Enter there takes you back.")
        if self.club_table:
            return t("Stop watching this table and go back to the club?")
        if self.session.seat is None:
            return t("Stop watching this table?")
        if self.way_back is not None:  # a door refuses a name typed again: its way back
            return t("Leave the table? Your seat stays yours: {way_back}", way_back=self.way_back)
        return t("Leave the table? Your seat stays yours: join again with the same name.")

    def start(self) -> None:
        """Receive the session's messages (those already queued first); shows the first screen."""
        self.session.connect(self._receive)

    # ---- listening ------------------------------------------------------------------------
    def listen(self, push: Callable[[Message], None]) -> None:
        self._listeners.append(push)

    def unlisten(self, push: Callable[[Message], None]) -> None:
        with contextlib.suppress(ValueError):
            self._listeners.remove(push)

    def _receive(self, message: Message) -> None:
        if self.left:
            return
        kind = message["type"]
        if kind == "chat" and not self._fresh(message):
            return
        if kind in ("chat", "notice"):
            self.talk = [*self.talk[-TALK_KEPT + 1 :], message]
        elif kind == "error" and message.get("fatal") and message.get("code") in FINAL_ERRORS:
            self.gone = words(FINAL_ERRORS[str(message["code"])])
        elif kind == "closed":
            self.dropped = str(message.get("reason"))
            if self.gone is None and message.get("by_host"):
                self.gone = words("The host closed the table.")
        elif kind == "welcome":
            self.dropped = None
            self.gone = None
            if self.host is None and self.seen is None:
                self.seen = SeatViews(message.get("table_id"))
        elif kind == "lobby" and self.showing != "lobby" and not self.solo:
            self._show("lobby")
        elif kind == "state" and self.showing != "game":
            self._show("game")
        if kind == "state" and self.seen is not None:
            kept = self.seen.hear(message)
            if kept is not None and self.on_kept is not None:
                self.on_kept(kept)
        for push in list(self._listeners):
            push(message)

    def _fresh(self, line: Message) -> bool:
        """Whether a chat line is new here: the host tells the table's earlier talk to whoever
        comes (back) in, and a rejoin of this link has shown those lines already."""
        number = line.get("n")
        if not isinstance(number, int):
            return True
        if line.get("earlier") and number <= self.heard:
            return False
        self.heard = max(self.heard, number)
        return True

    def _show(self, screen: str) -> None:
        self.showing = screen
        self.app.post_message(ShowTable(self, screen))

    def ready(self) -> None:
        """This seat has read the round's summary: the table's pause need not wait for it."""
        self.session.ready()

    def hurry(self) -> None:
        """Ask for the pause before the next bot move to be skipped (only a host has bots)."""
        self.session.hurry()

    # ---- acting ---------------------------------------------------------------------------
    async def act(self, action: dict[str, Any], version: int) -> None:
        """Send an intent; IllegalMove with the host's reason, or when the host stays silent."""
        try:
            await asyncio.wait_for(self.session.act(action, version), ACT_TIMEOUT)
        except TimeoutError:
            raise IllegalMove(words("the table did not answer; check the connection")) from None

    def chat(self, text: str) -> None:
        self.session.chat(text)

    def play_again(self) -> str | None:
        """The host person reopens the lobby for another game (a solo table deals again at
        once, with the same seats); for others, why they cannot (the app notifies it)."""
        if self.host is None:
            return t("Only the host starts another game; you are taken to the lobby when they do.")
        try:
            self.host.new_game()
            if self.solo:
                self.showing = None  # the new game's first state brings its screen
                self.host.start()
        except (ValueError, OSError) as err:  # not over yet; the journal could not be closed
            return t("Cannot play again: {err}", err=err)
        return None

    @property
    def may_rejoin(self) -> bool:
        """A joined player whose connection dropped, from a table that may still take them."""
        return self.host is None and self.dropped is not None and self.gone is None

    async def rejoin(self) -> None:
        """Connect again after a drop; the saved token gives the seat back. A refusal for good
        (kicked, replaced) marks the table gone, so rejoin is offered no more."""
        assert isinstance(self.session, ClientSession)
        try:
            await self.session.reconnect()
        except HandshakeError as err:
            if err.code in FINAL_ERRORS:
                self.gone = words(FINAL_ERRORS[err.code])
            raise

    # ---- doors --------------------------------------------------------------------------
    @property
    def hosts(self) -> list[str]:
        """The addresses the lobby shows, without their ports: where a door listens by default."""
        return [address.rpartition(":")[0] for address in self.addresses]

    async def switch_door(self, slot: str, wanted: bool) -> None:
        """Open (`wanted`) or close the hosted table's door kept in `slot` ("ssh_door",
        "web_door"); OSError or ValueError say why one cannot open.

        A door that opens after the table was left, after it was switched off again, or after
        a quicker off-on opened another meanwhile, is closed at once: the table keeps one door
        of each kind, and only while it is wanted."""
        from tui.table.doors import open_door

        self._doors_wanted[slot] = wanted
        door: Door | None = getattr(self, slot)
        if not wanted:
            setattr(self, slot, None)
            if door is not None:
                await door.close(table_closed=False)  # the table goes on without it
            return
        if door is not None:
            return
        assert self.host is not None, "only a hosted table has doors"
        door = await open_door(slot, self.host, self.hosts)
        if self.left or not self._doors_wanted[slot] or getattr(self, slot) is not None:
            await door.close()
            return
        setattr(self, slot, door)

    async def leave(self) -> None:
        """Stop advertising, then leave: a client says bye, a host closes the table."""
        self.left = True
        self._listeners.clear()
        try:
            if self.ssh_door is not None:
                await self.ssh_door.close()
            if self.web_door is not None:
                await self.web_door.close()
            if self.advertiser is not None:
                await self.advertiser.close()
        finally:  # a failed goodbye to discovery must not keep the table (or connection) open
            await self.session.close()


class ShowTable(TextualMessage):
    """`table` calls for a screen: its "lobby", its "game", or the "final" table (with the
    last state message). The app ignores it once it has left that table."""

    def __init__(self, table: TableLink, screen: str, state: Message | None = None) -> None:
        super().__init__()
        self.table = table
        self.screen = screen
        self.state = state


class TakeSeat(TextualMessage):
    """Sit at a table the screen connected to (a joined LAN table), or enter a club (a
    `tui.table.club_link.ClubLink`, which meets what the app reads of it)."""

    def __init__(self, table: Any, player: str) -> None:
        super().__init__()
        self.table = table
        self.player = player
