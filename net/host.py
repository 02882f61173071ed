"""The host: a lobby, then a table, served over TCP to remote players and in-process to one.

Everything that reaches the table passes the master checks in the order boardgame.io learned
(anchors.md): a known message type, a connection bound to a seat, the seat it acts for is its
own, the game started and not over, the action's version not stale, then the rules themselves
(`Table.act`). Every connection is pushed only its own seat's view, by the table. The host person
plays through a `Session` whose intents take exactly the same path as a remote player's.

Faults are contained per connection: a bad frame, a silent or slow peer, or a peer that stops
reading closes that connection only (net/link.py). A dropped player keeps their seat, shown as
away; their reconnect token gives it back, and a bot may stand in meanwhile (net/seating.py).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core import IllegalMove
from net import journal, records
from net.clock import TurnClock
from net.link import HEARTBEAT, WRITE_LIMIT, Link, LinkClosed
from net.lobby import Lobby, LobbySeat, Settings
from net.protocol import (
    MAX_CHAT,
    MAX_NAME,
    PROTOCOL_VERSION,
    ProtocolError,
    brief,
    clean_text,
    error,
    request_id,
)
from net.seating import Seating
from net.session import Message, Session
from net.table import Endpoint, Table

log = logging.getLogger(__name__)

HANDSHAKE_TIMEOUT = 5.0
MAX_TABLE_NAME = 180  # what fits in the mDNS TXT record
# Seated players are never turned away: there is one connection per seat at most (a rejoin
# replaces the older one). What an outsider could multiply is limited instead, per table:
MAX_SPECTATORS = 64  # a hello without a seat's token is refused ("full") past this many
MAX_HANDSHAKES = 16  # connections yet to say hello; a new one past this drops the oldest
CHAT_BURST = 8  # chat lines a member may send within CHAT_WINDOW seconds
CHAT_WINDOW = 10.0


@dataclass(eq=False)
class Member:
    """One connection (or the host person's session) and the seat it is bound to."""

    endpoint: Endpoint
    name: str
    seat: int | None  # None: a spectator
    chat_times: deque[float] = field(default_factory=deque)  # when its recent chat lines came

    def may_chat(self, now: float) -> bool:
        """Rate-limit chat so one member cannot flood everyone's screen and connection."""
        while self.chat_times and now - self.chat_times[0] > CHAT_WINDOW:
            self.chat_times.popleft()
        if len(self.chat_times) >= CHAT_BURST:
            return False
        self.chat_times.append(now)
        return True

    def close(self, reason: str, code: str | None = None) -> None:
        """Hang up a remote member, with a fatal error frame when `code` is given."""
        if isinstance(self.endpoint, Link):
            if code is None:
                self.endpoint.close(reason)
            else:
                self.endpoint.fail(code, reason)


class Host:
    """One table: its lobby, its match once started, and everyone connected to it."""

    def __init__(
        self,
        game_id: str,
        *,
        name: str | None = "Host",
        table_name: str | None = None,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        settings: Settings | None = None,
        bot_delay: float = 0.0,
        heartbeat: float = HEARTBEAT,
        handshake_timeout: float = HANDSHAKE_TIMEOUT,
        write_limit: int = WRITE_LIMIT,
        on_message: Callable[[Message], None] | None = None,
        seed: int | None = None,
        solo: bool = False,
    ) -> None:
        """Open a lobby; with `name`, the host person takes seat 0 through `self.local`.

        `seed` fixes the first game's deal (tests, screenshots). A `solo` host is one person
        and bots in this process: it never serves, and its journals resume as solo games.

        A name that is not printable text raises ProtocolError (a ValueError), as does an
        option the game refuses (ValueError)."""
        if name is not None:
            name = clean_text(name, MAX_NAME, "your name")
        self.table_id = secrets.token_hex(6)
        self.table_name = clean_text(
            table_name or f"{name or 'Gamenight'}'s table", MAX_TABLE_NAME, "the table name"
        )
        self.lobby = Lobby(game_id, settings=settings or Settings())
        if players is not None:
            self.lobby.set_players(players)
        if options:
            self.lobby.set_options(options)
        self.bot_delay = bot_delay
        self.seed = seed
        self.solo = solo
        self.heartbeat = heartbeat
        self.handshake_timeout = handshake_timeout
        self.write_limit = write_limit
        self.table: Table | None = None
        self.journal: journal.Journal | None = None
        self.clock: TurnClock | None = None
        self.members: list[Member] = []
        self.listeners: list[Callable[[], None]] = []  # told when `info()` may have changed
        self.port: int | None = None
        self._server: asyncio.Server | None = None
        self.seating: Seating | None = None  # while a table runs
        self._tasks: set[asyncio.Task[None]] = set()  # one per connection, awaited on close
        self._closing: set[asyncio.Task[None]] = set()  # finished tables stopping their bots
        self._links: set[Link] = set()
        self._handshaking: dict[Link, None] = {}  # oldest first
        self.local: HostSession | None = None
        self.local_seat: int | None = None
        if name is not None:
            self.local_seat = self.lobby.claim(name)
            self.local = self._local_session(name, self.local_seat, on_message)

    def _local_session(
        self, name: str, seat: int | None, on_message: Callable[[Message], None] | None
    ) -> HostSession:
        session = HostSession(self, on_message)
        session.member = Member(session, name, seat)
        self.members.append(session.member)
        session.push(self._welcome(session.member))
        return session

    # ---- serving ------------------------------------------------------------------------------
    async def serve(self, host: str = "0.0.0.0", port: int = 0) -> int:
        """Listen for players; returns the port (pick a free one with 0)."""
        self._server = await asyncio.start_server(self._connection, host, port)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.table is None:  # a resumed host is already playing: no lobby to show
            self._send_lobby()
        return self.port

    async def close(self) -> None:
        """Say goodbye to everyone, stop the server, the bots and the clock."""
        if self._server is not None:
            self._server.close()
        self._broadcast({"type": "closed", "reason": "the host closed the table"})
        for link in list(self._links):
            link.close("the host closed the table")
        if self.seating is not None:
            self.seating.stop()
        if self.clock is not None:
            self.clock.stop()
        if self.table is not None:
            await self.table.close()
        await asyncio.gather(*self._tasks, *self._closing, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        link = Link(reader, writer, heartbeat=self.heartbeat, write_limit=self.write_limit)
        if len(self._handshaking) >= MAX_HANDSHAKES:
            oldest = next(iter(self._handshaking))
            del self._handshaking[oldest]
            oldest.fail("full", "this table is busy with new connections; try again")
        self._links.add(link)
        self._handshaking[link] = None
        member = None
        try:
            # One deadline for the whole handshake: its first frame must be hello or info.
            hello = await link.read(self.handshake_timeout)
            if link not in self._handshaking:  # evicted by a flood while its hello was queued
                raise LinkClosed("evicted before the handshake ended")
            del self._handshaking[link]
            member = self._handshake(link, hello)
            if member is None:
                return
            link.start_heartbeat()
            while True:
                self.handle(member, await link.recv())
        except LinkClosed as closed:
            log.info("connection %s closed: %s", link.peer, closed.reason)
        except Exception:  # a bug must cost one connection, never the host
            log.exception("connection %s failed", link.peer)
            link.fail("internal", "the host hit an internal error; reconnect to continue")
        finally:
            if member is not None:
                self._leave(member)
            link.close()
            self._links.discard(link)
            self._handshaking.pop(link, None)
            self._tasks.discard(task)

    def _handshake(self, link: Link, hello: Message) -> Member | None:
        """Bind a new connection to a seat (or spectating), or refuse it with the reason."""
        if hello["type"] == "info":
            link.push(self.info())
            link.close("info sent")
            return None
        if hello["type"] != "hello":
            link.fail("bad_message", "the first message must be 'hello' (or 'info')")
            return None
        version = brief(hello.get("protocol"))
        if hello.get("protocol") != PROTOCOL_VERSION:
            log.warning("refused %s: protocol %s, not %s", link.peer, version, PROTOCOL_VERSION)
            link.fail(
                "version",
                f"this table speaks Gamenight protocol {PROTOCOL_VERSION} and your program "
                f"speaks {version}; use the same Gamenight version as the host",
            )
            return None
        try:
            name = clean_text(hello.get("name"), MAX_NAME, "your name")
        except ProtocolError as err:
            link.fail(err.code, str(err))
            return None
        token = hello.get("token")
        if self.lobby.was_kicked(token):
            link.fail("kicked", "the host removed you from this table")
            return None
        seat = self.lobby.find(token)
        if seat is not None and seat == self.local_seat:
            # The host person plays that seat in this process; another connection holding its
            # token (a copied journal, say) must not sit beside them and act for them.
            link.fail("host_seat", "that seat is the host's own; it cannot be joined from afar")
            return None
        if seat is not None:
            return self._rejoin(link, seat)
        spectators = sum(1 for m in self.members if m.seat is None and m.endpoint in self._links)
        if spectators >= MAX_SPECTATORS:
            link.fail("full", "this table has too many connections; try again later")
            return None
        if not hello.get("spectate") and self.table is None:
            seat = self.lobby.claim(name)
        member = Member(link, name, seat)
        self.members.append(member)
        link.push(self._welcome(member))
        self._notice(f"{name} {'joined' if seat is not None else 'is watching'}")
        self._show(member)
        return member

    def _rejoin(self, link: Link, seat: int) -> Member:
        """Give a returning player their seat back, replacing any older connection of theirs."""
        for old in [m for m in self.members if m.seat == seat and m.endpoint is not self.local]:
            self._remove(old)
            old.close("you joined this seat from another connection", "replaced")
        lobby_seat = self.lobby.seats[seat]
        member = Member(link, lobby_seat.name or "?", seat)
        self.members.append(member)
        lobby_seat.connected = True
        link.push(self._welcome(member))
        if self.seating is not None:
            self.seating.back(seat, member.name)
        self._notice(f"{member.name} is back")
        self._show(member)
        return member

    def _welcome(self, member: Member) -> Message:
        token = None if member.seat is None else self.lobby.seats[member.seat].token
        return {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "table_id": self.table_id,
            "table": self.table_name,
            "game": self.lobby.game_id,
            "seat": member.seat,
            "name": member.name,
            "token": token,
        }

    def _show(self, member: Member) -> None:
        """Send a newcomer the lobby, or attach them to the running table; tell the others."""
        if self.table is None:
            self._send_lobby()
        else:
            self.table.attach(member.seat, member.endpoint)
        self._changed()

    def _leave(self, member: Member) -> None:
        """A connection ended: its seat stays theirs, shown away, maybe played by a bot."""
        if member not in self.members:
            return
        self._remove(member)
        seat = member.seat
        if seat is not None and not any(m.seat == seat for m in self.members):
            self.lobby.seats[seat].connected = False
            if self.seating is not None:
                self.seating.away(seat)
            else:
                self._send_lobby()
        self._notice(f"{member.name} left" if seat is None else f"{member.name} dropped")

    def _remove(self, member: Member) -> None:
        self.members.remove(member)
        if self.table is not None:
            self.table.detach(member.endpoint)

    # ---- messages from players -----------------------------------------------------------------
    def handle(self, member: Member, message: Message) -> None:
        """One message from a connected player; anything wrong is answered with an error frame.

        An `act` with an integer `id` also gets an `acted` reply once applied (after the new
        state), and its refusal carries the same `id`.
        """
        request = request_id(message)
        try:
            kind = message["type"]
            if kind == "act":
                version = self._act(member, message)
                if request is not None:
                    member.endpoint.push({"type": "acted", "id": request, "version": version})
            elif kind == "chat":
                text = clean_text(message.get("text"), MAX_CHAT, "a chat line")
                if not member.may_chat(asyncio.get_running_loop().time()):
                    raise ProtocolError("slow_down", "too many chat lines; wait a few seconds")
                self._broadcast(
                    {"type": "chat", "seat": member.seat, "name": member.name, "text": text}
                )
            elif kind == "bye":
                self._leave(member)
                member.close("goodbye")
            else:
                raise ProtocolError("unknown_type", f"unknown message type {brief(kind)}")
        except ProtocolError as err:
            member.endpoint.push(error(err.code, str(err), request=request))
        except IllegalMove as err:
            member.endpoint.push(error("illegal", str(err), request=request))
        except OSError:  # the journal could not be written; the table did not change
            log.exception("could not journal seat %s's action", member.seat)
            message = "the host could not save that move (is its disk full?); nothing changed"
            member.endpoint.push(error("not_saved", message, request=request))

    def _act(self, member: Member, message: Message) -> int:
        """Apply a member's intent after the master checks; returns the new version."""
        if self.table is None:
            raise ProtocolError("not_started", "the game has not started yet")
        if member.seat is None:
            raise ProtocolError("spectator", "spectators cannot play")
        if message.get("seat", member.seat) != member.seat:
            raise ProtocolError(
                "wrong_seat", f"you sit in seat {member.seat}; you cannot act for another seat"
            )
        version, action = message.get("version"), message.get("action")
        if isinstance(version, bool) or not isinstance(version, int):
            raise ProtocolError(
                "bad_message", "an action must carry the state 'version' it was made on"
            )
        if not isinstance(action, dict):
            raise ProtocolError("bad_message", "'action' must be a map with a 'kind'")
        if action.get("kind") == "timeout":
            raise IllegalMove("only the host's clock can time a turn out")
        self.table.act(member.seat, action, version)
        return self.table.version

    # ---- the host person's controls (lobby) ----------------------------------------------------
    def set_players(self, players: int) -> None:
        self._lobby_change(lambda: self.lobby.set_players(players))

    def set_bot(self, seat: int, level: str) -> None:
        self._lobby_change(lambda: self.lobby.set_bot(seat, level))

    def set_options(self, options: dict[str, Any]) -> None:
        self._lobby_change(lambda: self.lobby.set_options(options))

    def set_game(self, game_id: str) -> None:
        """Switch the lobby to another game (ValueError when a seated person does not fit)."""
        self._lobby_change(lambda: self.lobby.set_game(game_id))

    def set_settings(self, settings: Settings) -> None:
        self._lobby_change(lambda: setattr(self.lobby, "settings", settings))

    def rename(self, table_name: str | None = None, player: str | None = None) -> None:
        """Rename the table and/or the host person (lobby only); ProtocolError if unprintable."""
        if table_name is not None:
            table_name = clean_text(table_name, MAX_TABLE_NAME, "the table name")
        if player is not None:
            player = clean_text(player, MAX_NAME, "your name")

        def change() -> None:
            if table_name is not None:
                self.table_name = table_name
            if player is not None and self.local is not None and self.local.member is not None:
                self.local.member.name = player
                if self.local_seat is not None:
                    self.lobby.seats[self.local_seat].name = player

        self._lobby_change(change)

    def new_game(self) -> None:
        """Back to the lobby after a finished game, keeping everyone seated, so the host can
        change the seats and start again; players stay connected (they are sent the lobby)."""
        if self.table is None or not self.table.finished.is_set():
            raise ValueError("the game is not over yet")
        if self.clock is not None:
            self.clock.stop()
            self.clock = None
        if self.seating is not None:
            self.seating.stop()
            self.seating = None
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        table, self.table = self.table, None
        self._close_in_background(table)
        self._send_lobby()
        self._changed()

    def _close_in_background(self, table: Table) -> None:
        """Stop a finished table's bots in the background; their results no longer matter."""
        task = asyncio.get_running_loop().create_task(table.close())
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def kick(self, seat: int) -> None:
        """Remove whoever sits in `seat`: in the lobby the seat opens, in a game a bot takes it.

        A kick mid-game is journaled before it is done, like an action, so a host resumed from
        the journal refuses the token too; OSError if it cannot be, and nothing changed."""
        if seat == self.local_seat:
            raise ValueError("the host cannot kick themselves")
        old = self.lobby.seat(seat)
        if self.table is None:
            self._lobby_change(lambda: self.lobby.kick(seat, LobbySeat()))
        else:
            if self.journal is not None:
                self.journal.kick(seat)
            self._bot_for_kicked(seat)
            assert self.seating is not None
            self.seating.to_bot(seat, old.name or "?")
        for member in [m for m in self.members if m.seat == seat]:
            self._remove(member)
            member.close("the host removed you from the table", "kicked")
        if old.kind == "human":
            self._notice(f"{old.name} was removed by the host")

    def stand_in(self, seat: int) -> None:
        """During a game, a bot of the away level plays an away player's seat until they are
        back (the host's key, whatever the away-bot setting); ValueError says why not."""
        if self.seating is None:
            raise ValueError("no game is being played")
        self.seating.stand_in(seat)

    def _bot_for_kicked(self, seat: int) -> None:
        """A seat kicked mid-game (or its journal line, on resume): a bot of the away level
        takes it for good under the same name, and the token is refused from now on."""
        name = self.lobby.seats[seat].name
        self.lobby.kick(seat, LobbySeat("bot", name, self.lobby.settings.away_bot_level))

    def _lobby_change(self, change: Callable[[], object]) -> None:
        if self.table is not None:
            raise ValueError("the game has started; the lobby is closed")
        change()
        self._send_lobby()
        self._changed()

    def start(self) -> Table:
        """Start the match once every seat is filled; ValueError says why it cannot."""
        if self.table is not None:
            raise ValueError("the game has already started")
        reason = self.lobby.not_ready()
        if reason is not None:
            raise ValueError(reason)
        return self._open_table(None)

    def _new_journal(self, table: Table) -> journal.Journal:
        """Start the journal: the record's header plus what a resumed host needs (the seats'
        tokens, and the tokens kicked so far, which it must go on refusing)."""
        header = {key: value for key, value in table.record.items() if key != "actions"}
        header |= {
            "table_id": self.table_id,
            "table": self.table_name,
            "local_seat": self.local_seat,
            "solo": self.solo,
            "settings": self.lobby.settings.public(),
            "seats": [
                {"kind": s.kind, "name": s.name, "level": s.level, "token": s.token}
                for s in self.lobby.seats
            ],
            "kicked": sorted(self.lobby.kicked),
        }
        return journal.Journal.create(journal.journal_dir() / f"{self.table_id}.jsonl", header)

    @classmethod
    def resume(
        cls,
        path: Path,
        on_message: Callable[[Message], None] | None = None,
        **kwargs: Any,
    ) -> Host:
        """Continue a crashed host's match from its journal; players rejoin with their tokens.

        The host person, if the journal had one, gets their seat back through `self.local`.
        Every token kicked before the crash is still refused, and a seat kicked mid-game stays
        the bot's (it is not in the header's seats, written at the start). The journal goes on
        being appended to, and the lobby keeps the match's options, so a game started after this
        one is journaled and set up like it.
        """
        header, record = journal.load(path)
        host = cls(
            header["game"],
            name=None,
            table_name=header["table"],
            players=header["players"],
            options=header["options"],
            settings=Settings(**header["settings"]),
            solo=header.get("solo", False),
            **kwargs,
        )
        host.table_id = header["table_id"]
        host.local_seat = header["local_seat"]
        host.lobby.seats = [
            LobbySeat(s["kind"], s["name"], s["level"], s["token"], connected=i == host.local_seat)
            for i, s in enumerate(header["seats"])
        ]
        host.lobby.kicked = set(header.get("kicked", []))  # absent from older journals
        for seat in header["kicks"]:
            host._bot_for_kicked(seat)
        if host.local_seat is not None:
            name = host.lobby.seats[host.local_seat].name or "Host"
            host.local = host._local_session(name, host.local_seat, on_message)
        host.journal = journal.Journal.reopen(path)
        host._open_table(record)
        return host

    def _open_table(self, record: dict[str, Any] | None) -> Table:
        """Make the table (new, or continuing a journal's record), journal it before any action
        can happen, start its clock, show it to everyone and let the bots play.

        A journal that cannot be created raises OSError before the table is the host's: the
        lobby stays open, as if `start` had not been called."""
        table = Table(
            self.lobby.game_id,
            self.lobby.table_seats(),
            seed=self.seed,
            options=self.lobby.options,
            bot_delay=self.bot_delay,
            record=record,
            write_ahead=self._journal_action,
            on_action=self._on_action,
        )
        if record is None:
            self.journal = self._new_journal(table)
        self.table = table
        seconds = table.record["options"].get("turn_seconds")
        if "turn_seconds" in table.game.options and seconds:
            self.clock = TurnClock(table, float(seconds))
            self.clock.restart()
        for member in self.members:
            table.attach(member.seat, member.endpoint)
        self.seating = Seating(table, self.lobby.settings, self._notice)
        for seat, lobby_seat in enumerate(self.lobby.seats):
            if lobby_seat.kind == "human" and not lobby_seat.connected:
                self.seating.schedule(seat)
        table.start()
        self._changed()
        return table

    def _journal_action(self, seat: int, action: dict[str, Any]) -> None:
        """Journal an action before the table takes it, so no one ever sees an unsaved move."""
        if self.journal is not None:
            self.journal.append(seat, action)

    def _on_action(self, seat: int, action: dict[str, Any]) -> None:
        """Restart the clock; at the end, delete the journal (nothing is left to resume)."""
        if self.clock is not None:
            self.clock.restart()
        assert self.table is not None
        if self.table.game.is_over(self.table.state):
            self.seed = None  # a fixed seed deals the first game only
            try:
                records.keep(
                    self.table.record, [s.public() for s in self.table.seats], self.table_id
                )
            except OSError as err:  # the game is over either way; only its keepsake is lost
                log.error("could not keep the record of the finished game: %s", err)
            if self.journal is not None:
                self.journal.discard()
                self.journal = None
            self._changed()

    # ---- telling people -------------------------------------------------------------------------
    def info(self) -> Message:
        """What a browser shows about this table (the `info` reply and the mDNS TXT record)."""
        if self.table is None:
            phase = "lobby"
        else:
            phase = "over" if self.table.game.is_over(self.table.state) else "playing"
        return {
            "type": "info",
            "protocol": PROTOCOL_VERSION,
            "table_id": self.table_id,
            "table": self.table_name,
            "game": self.lobby.game_id,
            "taken": self.lobby.taken(),
            "seats": len(self.lobby.seats),
            "phase": phase,
        }

    def _send_lobby(self) -> None:
        self._broadcast({"type": "lobby", "table": self.table_name, **self.lobby.public()})

    def _notice(self, text: str) -> None:
        self._broadcast({"type": "notice", "text": text})

    def _broadcast(self, message: Message) -> None:
        for member in list(self.members):
            member.endpoint.push(message)

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()


class HostSession(Session):
    """The host person's seat. Intents are handled on the next loop turn, like a remote
    player's, so one sent from inside a message callback never re-enters a broadcast."""

    def __init__(self, host: Host, on_message: Callable[[Message], None] | None) -> None:
        super().__init__(on_message)
        self.host = host
        self.member: Member | None = None

    def send(self, message: Message) -> None:
        asyncio.get_running_loop().call_soon(self.host.handle, self.member, message)

    def hurry(self) -> None:
        if self.host.table is not None:
            self.host.table.hurry()

    async def close(self) -> None:
        """The host person leaving closes the table for everyone."""
        await self.host.close()
