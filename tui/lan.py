"""A LAN table as the app holds it: one seat's net session, kept across screens.

The session lives as long as the person stays at the table — lobby, game, final table, the
next lobby — while screens come and go and only listen to it. The host's messages decide what
is shown: a `lobby` message brings up the lobby, the first `state` of a game its game screen
(`tui.games.game_screen`, the very screen solo play uses). Leaving (`leave`) is the one place
a connection is closed, or, for the host person, the table and its advertisement.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core import IllegalMove
from net.client import ClientSession, HandshakeError, connect
from net.discovery import Advertiser, advertised_addresses, mdns_interfaces
from net.host import Host
from net.journal import unfinished
from net.session import Message, Session
from tui.lan_setup import DEFAULT_PORT, HostPlan, JoinPlan
from tui.names import clean_name

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.app import GamenightApp

# The `closed` reason net.host.Host sends when the host person closes the table (the protocol's
# `closed` message carries only a reason): after it there is no table left to rejoin.
# Fatal errors after which rejoining cannot work: removed by the host; the seat taken over.
FINAL_ERRORS = {
    "kicked": "The host removed you from this table.",
    "replaced": "You joined this seat from another connection: this one was closed.",
}
ACT_TIMEOUT = 10.0  # seconds to wait for the host's verdict before saying the table is silent
TALK_KEPT = 100  # chat lines and notices kept for the next screen to show


class LanTable:
    """The app's seat at a LAN table, hosted here (`host` set) or joined over TCP."""

    def __init__(
        self,
        app: GamenightApp,
        session: Session,
        *,
        host: Host | None = None,
        advertiser: Advertiser | None = None,
        addresses: list[str] | None = None,
    ) -> None:
        self.app = app
        self.session = session
        self.host = host
        self.advertiser = advertiser
        self.addresses = addresses or []  # host:port players may type to join by hand
        self.talk: list[Message] = []  # recent chat lines and notices, oldest first
        self.dropped: str | None = None  # why the connection ended, while it is down
        self.gone: str | None = None  # why the table is gone for good (no rejoin), in words
        self.in_game = False
        self.left = False  # once leaving, the table's last messages must not bring screens back
        self._listeners: list[Callable[[Message], None]] = []

    @property
    def game_id(self) -> str:
        if self.host is not None:
            return self.host.lobby.game_id
        assert isinstance(self.session, ClientSession) and self.session.welcome is not None
        return str(self.session.welcome["game"])

    @property
    def table_name(self) -> str:
        """The table's name as last announced (the host may rename it in the lobby)."""
        if self.host is not None:
            return self.host.table_name
        if self.session.lobby is not None:
            return str(self.session.lobby["table"])
        assert isinstance(self.session, ClientSession) and self.session.welcome is not None
        return str(self.session.welcome["table"])

    @property
    def leave_question(self) -> str:
        if self.host is not None:
            return "Close the table? Everyone at it is disconnected."
        return "Leave the table? Your seat stays yours: join again with the same name."

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
        if kind in ("chat", "notice"):
            self.talk = [*self.talk[-TALK_KEPT + 1 :], message]
        elif kind == "error" and message.get("fatal") and message.get("code") in FINAL_ERRORS:
            self.gone = FINAL_ERRORS[str(message["code"])]
        elif kind == "closed":
            self.dropped = str(message.get("reason"))
            if self.gone is None and message.get("by_host"):
                self.gone = "The host closed the table."
        elif kind == "welcome":
            self.dropped = None
            self.gone = None
        elif kind == "lobby" and (self.in_game or not self._lobby_shown()):
            self.in_game = False
            self._show(self._lobby_screen())
        elif kind == "state" and not self.in_game:
            from tui.games import game_screen

            self.in_game = True
            self._show(game_screen(self.game_id, LanSeat(self)))
        for push in list(self._listeners):
            push(message)

    def _lobby_screen(self) -> Screen[None]:
        if self.host is not None:
            from tui.screens.host_lobby import HostLobbyScreen

            return HostLobbyScreen(self)
        from tui.screens.lobby import ClientLobbyScreen

        return ClientLobbyScreen(self)

    def _lobby_shown(self) -> bool:
        from tui.screens.lobby import LobbyScreen

        return any(isinstance(screen, LobbyScreen) for screen in self.app.screen_stack)

    def _show(self, screen: Screen[None]) -> None:
        """Put `screen` just above the menu, closing whatever LAN screen (and overlay) was
        there: the stack stays menu + one screen, so leaving is always one step."""
        app = self.app
        while len(app.screen_stack) > 2:
            app.pop_screen()
        if len(app.screen_stack) > 1:
            app.switch_screen(screen)
        else:
            app.push_screen(screen)

    # ---- acting ---------------------------------------------------------------------------
    async def act(self, action: dict[str, Any], version: int) -> None:
        """Send an intent; IllegalMove with the host's reason, or when the host stays silent."""
        try:
            await asyncio.wait_for(self.session.act(action, version), ACT_TIMEOUT)
        except TimeoutError:
            raise IllegalMove("the table did not answer; check the connection") from None

    def chat(self, text: str) -> None:
        self.session.chat(text)

    def play_again(self) -> str | None:
        """The host person reopens the lobby for another game; for others, why they cannot."""
        if self.host is None:
            return "Only the host starts another game; you are taken to the lobby when they do."
        try:
            self.host.new_game()
        except (ValueError, OSError) as err:  # not over yet; the journal could not be closed
            return f"Cannot play again: {err}"
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
                self.gone = FINAL_ERRORS[err.code]
            raise

    async def leave(self) -> None:
        """Stop advertising, then leave: a client says bye, a host closes the table."""
        self.left = True
        self._listeners.clear()
        try:
            if self.advertiser is not None:
                await self.advertiser.close()
        finally:  # a failed goodbye to discovery must not keep the table (or connection) open
            await self.session.close()


class LanSeat:
    """A game screen's hold on the LAN table (a `tui.session.Session`): closing it lets go of
    the table without leaving it, so the final table and the next game keep the connection."""

    def __init__(self, table: LanTable) -> None:
        self.lan: LanTable | None = table
        self.table = table
        self._push: Callable[[Message], None] | None = None

    def connect(self, push: Callable[[Message], None]) -> None:
        self._push = push
        self.table.listen(push)
        if self.table.session.state is not None:
            push(self.table.session.state)

    async def act(self, action: dict[str, Any], version: int) -> None:
        await self.table.act(action, version)

    def hurry(self) -> None:
        self.table.session.hurry()

    async def close(self) -> None:
        if self._push is not None:
            self.table.unlisten(self._push)


async def open_host(app: GamenightApp, plan: HostPlan) -> LanTable:
    """Host a table (or resume a journal's) and advertise it; OSError/ValueError say why not
    (an advertisement that fails closes the table again: OSError)."""
    if plan.resume:
        path = journal_to_resume(plan.resume_table)
        host = Host.resume(path, bot_delay=app.bot_delay)
        if host.local is None:
            await host.close()
            raise ValueError(f"{path.name} has no seat for the host person to take back")
    else:
        player = clean_name(plan.player)
        host = Host(plan.game_id, name=player, table_name=plan.table_name, bot_delay=app.bot_delay)
    assert host.local is not None
    try:
        port = await _serve(host, plan)
    except BaseException:
        await host.close()
        raise
    advertiser = None
    try:
        if plan.discovery:
            advertiser = Advertiser(host, plan.interfaces)
            await advertiser.start()
        if plan.bind not in ("0.0.0.0", ""):
            addresses = [plan.bind]
        else:
            addresses = advertised_addresses(mdns_interfaces(plan.interfaces)) or ["127.0.0.1"]
    except Exception as err:  # no ghost table: nobody could find it, so nobody may sit at it
        if advertiser is not None:
            with contextlib.suppress(Exception):
                await advertiser.close()
        await host.close()
        raise OSError(
            f"cannot advertise the table on the network ({err}); "
            "host without it (gamenight host --no-discovery) and give players the address"
        ) from err
    return LanTable(
        app,
        host.local,
        host=host,
        advertiser=advertiser,
        addresses=[f"{a}:{port}" for a in addresses],
    )


async def _serve(host: Host, plan: HostPlan) -> int:
    """Listen on the asked port; without one, on DEFAULT_PORT, or any free port if taken (a
    second table on this machine), since the lobby shows players the address either way."""
    if plan.port is not None:
        return await host.serve(plan.bind, plan.port)
    try:
        return await host.serve(plan.bind, DEFAULT_PORT)
    except OSError:
        return await host.serve(plan.bind, 0)


async def open_join(
    app: GamenightApp, address: str, port: int, plan: JoinPlan, *, spectate: bool = False
) -> LanTable:
    """Connect to a table; HandshakeError (the host's reason), OSError or TimeoutError if not."""
    session = await connect(address, port, clean_name(plan.player), spectate=spectate)
    return LanTable(app, session)


def journal_to_resume(table_id: str | None = None) -> Path:
    """The journal to resume: the newest unfinished one, or the one of `table_id`.

    ValueError lists the tables there are to choose from when none (or no such one) is found.
    """
    found = unfinished()
    if not found:
        raise ValueError("no unfinished LAN game to resume")
    if table_id is None:
        return found[0]
    for path in found:
        if path.stem.startswith(table_id):
            return path
    raise ValueError(
        f"no unfinished game of table {table_id!r}; unfinished: "
        + ", ".join(path.stem for path in found)
    )
