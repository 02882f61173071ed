"""Admission: who a new connection's first frame lets in, and what outsiders may multiply.

The first frame must be `hello` (or `info`), checked against its schema. A `hello` carrying a
seat's token takes that seat back, unless the token was kicked or is the host person's own; a
seated player coming back is never turned away nor slowed. Anyone else is a newcomer, and what
newcomers can multiply is bounded per table: connections yet to say `hello` (the oldest waiting
is dropped past MAX_HANDSHAKES), spectators (MAX_SPECTATORS), and joins per peer address
(net/limits.py's JoinLimiter). A newcomer's name must be free and plain (net/names.py).

The host (net/host.py) makes its door and so imports this module; the door does not import the
host back. What it needs of its table is written down as `Table`, which `net.host.Host` meets.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from net import schema
from net.limits import JoinLimiter, JoinPolicy
from net.link import Link, LinkClosed
from net.names import check_name, name_key
from net.protocol import ERROR_WORDS, PROTOCOL_VERSION, ProtocolError, brief
from net.roster import Member, Roster
from net.session import Message

log = logging.getLogger(__name__)

HANDSHAKE_TIMEOUT = 5.0
# Seated players are never turned away: there is one connection per seat at most (a rejoin
# replaces the older one). What an outsider could multiply is limited instead, per table:
MAX_SPECTATORS = 64  # a hello without a seat's token is refused ("full") past this many
MAX_HANDSHAKES = 16  # connections yet to say hello; a new one past this drops the oldest


@dataclass(frozen=True)
class Entry:
    """What a `hello` was granted: `seat` taken back (`rejoin`), claimed, or None to watch."""

    name: str
    seat: int | None
    rejoin: bool = False


class Named(Protocol):
    @property
    def name(self) -> str | None: ...


class Places(Protocol):
    """What a `hello` is checked against: a table's lobby (`net.lobby.Lobby`), or a club's
    members (`net.club.members.ClubMembers`): the places a token gives back, the names taken,
    and a new place for a newcomer (None when there is none)."""

    @property
    def seats(self) -> Sequence[Named]: ...

    def find(self, token: object) -> int | None: ...

    def was_kicked(self, token: object) -> bool: ...

    def names(self, but: int | None = None) -> set[str]: ...

    def claim(self, name: str) -> int | None: ...


class Table(Protocol):
    """What the door needs of its table (`net.host.Host`, or a club, `net.club.club.Club`):
    the settings of a connection, the places and roster a `hello` is checked against, and
    where admitted connections go."""

    @property
    def heartbeat(self) -> float: ...

    @property
    def handshake_timeout(self) -> float: ...

    @property
    def write_limit(self) -> int: ...

    @property
    def lobby(self) -> Places: ...

    @property
    def roster(self) -> Roster: ...

    @property
    def local_seat(self) -> int | None: ...

    @property
    def running(self) -> object | None:
        """The game once started (newcomers then only watch), None in the lobby."""

    def info(self) -> Message: ...

    def seat_member(self, link: Link, entry: Entry) -> Member: ...

    def handle(self, member: Member, message: Message) -> None: ...

    def leave(self, member: Member) -> None: ...


class Admission:
    """The door of one table: its listening socket, every connection's first frame, the checks
    on it and the limits on newcomers. Admitted connections are the host's (`Host.seat_member`,
    `Host.handle`, `Host.leave`); the door keeps only what it needs to close them all."""

    def __init__(self, host: Table, joins: JoinPolicy | None) -> None:
        self.host = host
        self.joins = None if joins is None else JoinLimiter(joins)
        # Peer addresses whose joins are not counted: a door's programs all come from loopback,
        # one per remote person, and the door counts those people's joins itself.
        self.unlimited: set[str] = set()
        self.links: set[Link] = set()  # every open connection, admitted or not
        self._waiting: dict[Link, None] = {}  # yet to say hello, oldest first
        self._tasks: set[asyncio.Task[None]] = set()  # one per connection, awaited on close
        self._server: asyncio.Server | None = None

    async def serve(self, bind: str, port: int) -> int:
        """Listen on `bind`:`port` (0: any free port); returns the port."""
        self._server = await asyncio.start_server(self._connection, bind, port)
        return int(self._server.sockets[0].getsockname()[1])

    def shut(self, reason: str) -> None:
        """Stop listening and close every connection (after what is queued for it)."""
        if self._server is not None:
            self._server.close()
        for link in list(self.links):
            link.close(reason)

    async def wait_closed(self) -> None:
        """Wait until every connection's task has ended and the socket is closed."""
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        host = self.host
        link = Link(reader, writer, heartbeat=host.heartbeat, write_limit=host.write_limit)
        self._arrive(link)
        self.links.add(link)
        member = None
        try:
            # One deadline for the whole handshake: its first frame must be hello or info.
            hello = await link.read(host.handshake_timeout)
            if link not in self._waiting:  # dropped by a flood while its hello was queued
                raise LinkClosed("evicted before the handshake ended")
            del self._waiting[link]
            delay = self._pace(hello, link.address)
            if delay:  # a peer joining too often is answered late
                await asyncio.sleep(delay)
            member = self._first_frame(link, hello)
            if member is None:
                return
            link.start_heartbeat()
            while True:
                host.handle(member, await link.recv())
        except ProtocolError as refused:  # joined too often: refused before the handshake
            link.fail(refused.code, str(refused), refused.params)
        except LinkClosed as closed:
            log.info("connection %s closed: %s", link.peer, closed.reason)
        except Exception:  # a bug must cost one connection, never the host
            log.exception("connection %s failed", link.peer)
            link.fail("internal", ERROR_WORDS["internal"])
        finally:
            if member is not None:
                host.leave(member)
            link.close()
            self.links.discard(link)
            self._waiting.pop(link, None)
            self._tasks.discard(task)

    def _arrive(self, link: Link) -> None:
        """A new connection waits for its `hello`; past MAX_HANDSHAKES the oldest is dropped."""
        if len(self._waiting) >= MAX_HANDSHAKES:
            oldest = next(iter(self._waiting))
            del self._waiting[oldest]
            oldest.fail("full", ERROR_WORDS["full"])
        self._waiting[link] = None

    def _pace(self, hello: Message, address: str) -> float:
        """Count a newcomer's `hello` from `address`: seconds to wait before answering it, or
        ProtocolError `too_many_joins`. A seat's token (or `info`) costs nothing."""
        if self.joins is None or hello["type"] != "hello" or address in self.unlimited:
            return 0.0
        if self.host.lobby.find(hello.get("token")) is not None:
            return 0.0
        return self.joins.admit(address, asyncio.get_running_loop().time())

    def _first_frame(self, link: Link, hello: Message) -> Member | None:
        """Answer `info`, or admit a `hello` (the member it seats) or refuse it (None)."""
        if link.closed:  # the host closed while a slowed hello waited
            return None
        if hello["type"] == "info":
            link.push(self.host.info())
            link.close("info sent")
            return None
        try:
            entry = self._check(hello, link.peer)
        except ProtocolError as err:
            link.fail(err.code, str(err), err.params)
            return None
        return self.host.seat_member(link, entry)

    def _check(self, hello: Message, peer: str) -> Entry:
        """The entry a first frame other than `info` grants, or ProtocolError with the code."""
        if hello["type"] != "hello":
            raise ProtocolError("bad_message", "the first message must be 'hello' (or 'info')")
        schema.check(hello)
        if hello["protocol"] != PROTOCOL_VERSION:
            version = brief(hello["protocol"])
            log.warning("refused %s: protocol %s, not %s", peer, version, PROTOCOL_VERSION)
            raise ProtocolError("version", host=PROTOCOL_VERSION, yours=version)
        host, lobby, token = self.host, self.host.lobby, hello.get("token")
        if lobby.was_kicked(token):
            raise ProtocolError("kicked")
        seat = lobby.find(token)
        if seat is not None and seat == host.local_seat:
            # The host person plays that seat in this process; another connection holding its
            # token (a copied journal, say) must not sit beside them and act for them.
            raise ProtocolError("host_seat")
        if seat is not None:
            return Entry(lobby.seats[seat].name or "?", seat, rejoin=True)
        spectators = host.roster.spectators()
        name = check_name(hello["name"], lobby.names() | {name_key(m.name) for m in spectators})
        if sum(m.endpoint in self.links for m in spectators) >= MAX_SPECTATORS:
            raise ProtocolError("full")
        if hello.get("spectate") or host.running is not None:
            return Entry(name, None)
        return Entry(name, lobby.claim(name))
