"""The app's link to one table — a solo table in this process, a LAN table it hosts, or one it
joined — kept across screens.

Every game runs on a host (net/host.py), solo included: a solo table is a host that never
serves, with bots in the other seats, so the clock, the journal and away-bots behave the same
everywhere. The link lives as long as the person stays at the table — lobby, game, final table,
the next game — while screens come and go and only listen to it. The host's messages decide
what is shown: the link asks the app for the lobby or the game screen (`tui.messages.ShowTable`)
and the app builds it. Leaving (`leave`) is the one place a connection is closed, or, for a
host, the table and its advertisement.
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
from net.records import SeatViews
from net.session import Message, Session
from tui.door_listen import serve_on
from tui.lan_setup import DEFAULT_PORT, HostPlan, JoinPlan
from tui.messages import ShowTable
from tui.names import clean_name

if TYPE_CHECKING:
    from textual.app import App

    from net.ssh_door import SshDoor
    from net.web_door import WebDoor

# Fatal errors after which rejoining cannot work: removed by the host; the seat taken over.
FINAL_ERRORS = {
    "kicked": "The host removed you from this table.",
    "replaced": "You joined this seat from another connection: this one was closed.",
}
ACT_TIMEOUT = 10.0  # seconds to wait for the host's verdict before saying the table is silent
TALK_KEPT = 100  # chat lines and notices kept for the next screen to show


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
        self._listeners: list[Callable[[Message], None]] = []

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
        """The table's name as last announced (the host may rename it in the lobby)."""
        if self.host is not None:
            return self.host.table_name
        if self.session.lobby is not None:
            return str(self.session.lobby["table"])
        assert isinstance(self.session, ClientSession) and self.session.welcome is not None
        return str(self.session.welcome["table"])

    @property
    def leave_question(self) -> str:
        if self.solo:
            return "Leave this game? g continues it later from the menu (Resume solo game)."
        if self.host is not None:
            return "Close the table? Everyone at it is disconnected."
        if self.session.seat is None:
            return "Stop watching this table?"
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
        if kind == "chat" and not self._fresh(message):
            return
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
            if self.host is None and self.seen is None:
                self.seen = SeatViews(message.get("table_id"))
        elif kind == "lobby" and self.showing != "lobby" and not self.solo:
            self._show("lobby")
        elif kind == "state" and self.showing != "game":
            self._show("game")
        if kind == "state" and self.seen is not None:
            self.seen.hear(message)
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

    def hurry(self) -> None:
        """Ask for the pause before the next bot move to be skipped (only a host has bots)."""
        self.session.hurry()

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
        """The host person reopens the lobby for another game (a solo table deals again at
        once, with the same seats); for others, why they cannot."""
        if self.host is None:
            return "Only the host starts another game; you are taken to the lobby when they do."
        try:
            self.host.new_game()
            if self.solo:
                self.showing = None  # the new game's first state brings its screen
                self.host.start()
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
            if self.ssh_door is not None:
                await self.ssh_door.close()
            if self.web_door is not None:
                await self.web_door.close()
            if self.advertiser is not None:
                await self.advertiser.close()
        finally:  # a failed goodbye to discovery must not keep the table (or connection) open
            await self.session.close()


async def open_host(app: App[None], plan: HostPlan) -> TableLink:
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
        port = await serve_on(lambda port: host.serve(plan.bind, port), plan.port, DEFAULT_PORT)
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
        await _close_quietly(advertiser, host)
        raise OSError(
            f"cannot advertise the table on the network ({err}); "
            "host without it (gamenight host --no-discovery) and give players the address"
        ) from err
    ssh_door = None
    if plan.ssh is not None:
        from tui.ssh_setup import open_ssh_door

        try:
            ssh_door = await open_ssh_door(plan.ssh, host, addresses)
        except Exception as err:  # a door that cannot open closes the table: it was asked for
            await _close_quietly(advertiser, host)
            raise OSError(f"cannot open the SSH door: {err}") from err
    web_door = None
    if plan.web is not None:
        from tui.web_setup import open_web_door

        try:
            web_door = await open_web_door(plan.web, host, addresses)
        except Exception as err:  # a door that cannot open closes the table: it was asked for
            if ssh_door is not None:
                await ssh_door.close()
            await _close_quietly(advertiser, host)
            raise OSError(f"cannot open the browser door: {err}") from err
    return TableLink(
        app,
        host.local,
        host=host,
        advertiser=advertiser,
        addresses=[f"{a}:{port}" for a in addresses],
        ssh_door=ssh_door,
        web_door=web_door,
    )


async def _close_quietly(advertiser: Advertiser | None, host: Host) -> None:
    """Take a table that could not be fully opened down again: nobody may sit at it."""
    if advertiser is not None:
        with contextlib.suppress(Exception):
            await advertiser.close()
    await host.close()


async def open_join(
    app: App[None], address: str, port: int, plan: JoinPlan, *, spectate: bool = False
) -> TableLink:
    """Connect to a table; HandshakeError (the host's reason), OSError or TimeoutError if not."""
    session = await connect(address, port, clean_name(plan.player), spectate=spectate)
    return TableLink(app, session)


def journal_to_resume(table_id: str | None = None, *, solo: bool = False) -> Path:
    """The journal to resume: the newest unfinished one (of a solo or a LAN game), or the one
    of `table_id`.

    ValueError lists the tables there are to choose from when none (or no such one) is found.
    """
    found = unfinished(solo=solo)
    if not found:
        raise ValueError(f"no unfinished {'solo' if solo else 'LAN'} game to resume")
    if table_id is None:
        return found[0]
    for path in found:
        if path.stem.startswith(table_id):
            return path
    raise ValueError(
        f"no unfinished game of table {table_id!r}; unfinished: "
        + ", ".join(path.stem for path in found)
    )
