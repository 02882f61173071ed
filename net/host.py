"""The host: a lobby, then a game, served over TCP to remote players and in-process to one.

Everything that reaches the table passes the master checks in the order boardgame.io learned
(anchors.md): a known message type with well-typed fields (net/schema.py), a connection bound to
a seat, the seat it acts for is its own, the game started and not over, the action's version
not stale, then the rules themselves (`Referee.act`). Every connection is pushed only its own
seat's view, by the table. The host person plays through a `HostSession` whose intents take
exactly the same path as a remote player's.

The host's jobs live beside it: who a new connection lets in (net/admission.py), who is
connected (net/roster.py, the one place that says so), the lobby's bookkeeping (net/lobby.py),
a started game with its journal, clock and away seats (net/running.py), and notices of people
coming and going (net/notices.py). This module wires them to connections and to the host
person's controls.

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
from pathlib import Path
from typing import Any

from core import IllegalMove
from net import journal, schema
from net.admission import HANDSHAKE_TIMEOUT, Admission, Entry
from net.limits import JoinPolicy
from net.link import HEARTBEAT, WRITE_LIMIT, Link
from net.lobby import Lobby, LobbySeat, Settings
from net.names import check_name, name_key
from net.notices import Notices
from net.pause import PAUSE_SECONDS
from net.protocol import (
    ERROR_WORDS,
    MAX_CHAT,
    PROTOCOL_VERSION,
    ProtocolError,
    clean_text,
    error,
    request_id,
)
from net.referee import Referee
from net.roster import Member, Roster
from net.running import RunningGame, stop_in_background
from net.session import Message, Session
from net.table_names import NOBODY, OWNERS_TABLE, Said, english, said

log = logging.getLogger(__name__)

MAX_TABLE_NAME = 180  # what fits in the mDNS TXT record
KICKED = "the host removed you from the table"
REMOVED = "{} was removed by the host"
TALK_KEPT = 300  # chat lines the table keeps (and journals) for whoever joins or comes back


def table_naming(
    name: str | None, table_name: str | None, table_words: Said | None
) -> tuple[str, Said | None]:
    """The table's name as sent, and its words (None: the name was typed, shown as typed).

    With neither given, the table is named for its host, and each reader words it."""
    if not table_name and table_words is None:
        table_words = said("owners_table", owner=name or NOBODY)
    text = clean_text(table_name or english(table_words or {}), MAX_TABLE_NAME, "the table name")
    return text, table_words


class Host:
    """One table as people see it: its lobby, its game once started, everyone connected."""

    def __init__(
        self,
        game_id: str,
        *,
        name: str | None = "Host",
        table_name: str | None = None,
        table_words: Said | None = None,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        settings: Settings | None = None,
        bot_delay: float = 0.0,
        heartbeat: float = HEARTBEAT,
        handshake_timeout: float = HANDSHAKE_TIMEOUT,
        write_limit: int = WRITE_LIMIT,
        joins: JoinPolicy | None = JoinPolicy(),  # noqa: B008 (frozen, so never shared state)
        on_message: Callable[[Message], None] | None = None,
        seed: int | None = None,
        solo: bool = False,
    ) -> None:
        """Open a lobby; with `name`, the host person takes seat 0 through `self.local`.

        `seed` fixes the first game's deal (tests, screenshots). A `solo` host is one person
        and bots in this process: it never serves, and its journals resume as solo games.

        A name that is not printable text raises ProtocolError (a ValueError), as does an
        option the game refuses (ValueError). With no `table_name`, the table is named for
        its host (`table_words`, net/table_names.py: each reader words it); a club names its
        tables with both. `joins=None` lifts the limit on joins per peer address (bulk joins)."""
        if name is not None:
            name = check_name(name, (), labels=False)
        self.table_id = secrets.token_hex(6)
        self.table_name, self.table_words = table_naming(name, table_name, table_words)
        self.lobby = Lobby(game_id, settings=settings or Settings())
        if players is not None:
            self.lobby.set_players(players)
        if options:
            self.lobby.set_options(options)
        self.bot_delay = bot_delay
        self.seed = seed
        self.solo = solo
        self.club: str | None = None  # the id of the club whose table this is (net/club)
        self.heartbeat = heartbeat
        self.handshake_timeout = handshake_timeout
        self.write_limit = write_limit
        self.running: RunningGame | None = None
        self.roster = Roster()
        self.admission = Admission(self, joins)
        self.notices = Notices(self._notice)
        self.listeners: list[Callable[[], None]] = []  # told when `info()` may have changed
        self.port: int | None = None
        self._closing: set[asyncio.Task[None]] = set()  # finished games stopping their bots
        # The table's talk, newest last, each line numbered (`n`) so a client that hears the
        # earlier lines again on a rejoin shows each once.
        self.talk: deque[Message] = deque(maxlen=TALK_KEPT)
        self.local: HostSession | None = None
        self.local_seat: int | None = None
        self.arrived: set[int] = set()  # seats held here (a first use of a token: "joined")
        if name is not None:
            self.local_seat = self.lobby.claim(name)
            self.local = self._local_session(name, self.local_seat, on_message)

    def _local_session(
        self, name: str, seat: int | None, on_message: Callable[[Message], None] | None
    ) -> HostSession:
        session = HostSession(self, on_message)
        session.member = Member(session, name, seat)
        self.roster.add(session.member)
        session.push(self._welcome(session.member))
        self._tell_earlier(session.member)
        return session

    # ---- what the rest of the app reads ---------------------------------------------------
    @property
    def referee(self) -> Referee | None:
        """The running game's referee, None in the lobby."""
        return None if self.running is None else self.running.referee

    @property
    def journal(self) -> journal.Journal | None:
        """The running game's journal, None in the lobby or once the game is over."""
        return None if self.running is None else self.running.journal

    @property
    def members(self) -> list[Member]:
        return self.roster.members

    def connected(self, seat: int) -> bool:
        """Whether someone holds `seat` now (the roster's answer, the only one there is)."""
        return self.roster.connected(seat)

    # ---- serving ------------------------------------------------------------------------------
    async def serve(self, host: str = "0.0.0.0", port: int = 0) -> int:
        """Listen for players; returns the port (pick a free one with 0)."""
        self.port = await self.admission.serve(host, port)
        if self.running is None:  # a resumed host is already playing: no lobby to show
            self._send_lobby()
        return self.port

    async def close(self) -> None:
        """Say goodbye to everyone, stop the server, the bots and the clock."""
        self.notices.close()
        self.roster.broadcast({"type": "closed", "reason": "the host closed the table"})
        self.admission.shut("the host closed the table")
        game, self.running = self.running, None
        if game is not None:
            await game.close()
        await asyncio.gather(*self._closing, return_exceptions=True)
        await self.admission.wait_closed()

    def seat_member(self, link: Link, entry: Entry) -> Member:
        """Bind an admitted connection (net/admission.py) to its seat, or to watching.

        The order a newcomer is sent things is fixed (net/PROTOCOL.md, lifecycle): `welcome`,
        then `lobby` or `state`, then anything else, notices of their own arrival included."""
        if entry.rejoin:
            assert entry.seat is not None
            for old in self.roster.seated(entry.seat):
                self._remove(old)
                old.close("you joined this seat from another connection", "replaced")
        member = Member(link, entry.name, entry.seat)
        self.roster.add(member)
        link.push(self._welcome(member))
        self._show(member, entry)
        return member

    def _welcome(self, member: Member) -> Message:
        token = None if member.seat is None else self.lobby.seats[member.seat].token
        return {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "table_id": self.table_id,
            "table": self.table_name,
            "table_words": self.table_words,
            "game": self.lobby.game_id,
            "seat": member.seat,
            "name": member.name,
            "token": token,
        }

    def _show(self, member: Member, entry: Entry) -> None:
        """Show a newcomer the lobby or the game, and tell the others what changed for them: a
        taken seat changes the lobby for everyone, a spectator changes nothing they see."""
        if self.running is None:
            if member.seat is None:
                member.endpoint.push(self._lobby_message())
            else:
                self._send_lobby()
        else:
            self.running.referee.attach(member.seat, member.endpoint)
            if entry.rejoin:
                assert member.seat is not None
                self.running.seating.back(member.seat, member.name)
        self._tell_earlier(member)
        if member.seat is None:  # nothing `info()` reports changed
            self.notices.spectator("watching", member.name)
        else:
            back = entry.rejoin and member.seat in self.arrived
            self.arrived.add(member.seat)
            self.notices.seated("back" if back else "joined", member.name)
            self._changed()

    def _tell_earlier(self, member: Member) -> None:
        """The table's talk so far, to someone who just came in (or back)."""
        for line in self.talk:
            member.endpoint.push({**line, "earlier": True})

    def leave(self, member: Member) -> None:
        """A connection ended: its seat stays theirs, shown away, maybe played by a bot."""
        if member not in self.roster:
            return
        self._remove(member)
        seat = member.seat
        if seat is None:
            self.notices.spectator("left", member.name)
            return
        if not self.roster.connected(seat):
            if self.running is not None:
                self.running.seating.away(seat)
            else:
                self._send_lobby()
            self._changed()  # a club tells the person, back at its screen, the evening again
        self.notices.seated("dropped", member.name)

    def _remove(self, member: Member) -> None:
        self.roster.remove(member)
        if self.running is not None:
            self.running.referee.detach(member.endpoint)

    # ---- messages from players -----------------------------------------------------------------
    def handle(self, member: Member, message: Message) -> None:
        """One message from a connected player; anything wrong is answered with an error frame.

        An `act` with an integer `id` also gets an `acted` reply once applied (after the new
        state), and its refusal carries the same `id`.
        """
        request = request_id(message)
        try:
            schema.check(message)
            kind = message["type"]
            if kind == "act":
                version = self._act(member, message)
                if request is not None:
                    member.endpoint.push({"type": "acted", "id": request, "version": version})
            elif kind == "chat":
                text = clean_text(message["text"], MAX_CHAT, "a chat line")
                if not self.roster.may_chat(member, asyncio.get_running_loop().time()):
                    raise ProtocolError("slow_down")
                self._say(member, text)
            elif kind == "ready":
                if self.running is not None and member.seat is not None:
                    self.running.referee.ready(member.seat)
            elif kind == "bye":
                self.leave(member)
                member.close("goodbye")
            elif kind == "leave":
                raise ProtocolError("bad_message", "'leave' is for a club's door; send bye")
            else:  # hello or info again
                raise ProtocolError("bad_message", f"'{kind}' is only for a connection's start")
        except ProtocolError as err:
            member.endpoint.push(error(err.code, str(err), request=request, params=err.params))
        except IllegalMove as err:
            reason = {"code": err.code, "params": err.params}
            member.endpoint.push(error("illegal", str(err), request=request, reason=reason))
        except OSError:  # the journal could not be written; the table did not change
            log.exception("could not journal seat %s's action", member.seat)
            member.endpoint.push(error("not_saved", ERROR_WORDS["not_saved"], request=request))

    def _say(self, member: Member, text: str) -> None:
        """A chat line: kept with the table (and in its journal, so a resumed host has it),
        then sent to everyone."""
        number = self.talk[-1]["n"] + 1 if self.talk else 1
        line = {"type": "chat", "seat": member.seat, "name": member.name, "text": text, "n": number}
        self.talk.append(line)
        if self.journal is not None:
            try:
                self.journal.chat(line, TALK_KEPT)
            except OSError as err:  # the talk is not the game: it is still said, only not kept
                log.error("could not journal a chat line: %s", err)
        self.roster.broadcast(line)

    def _act(self, member: Member, message: Message) -> int:
        """Apply a member's (schema-checked) intent after the master checks; the new version."""
        if self.running is None:
            raise ProtocolError("not_started")
        if member.seat is None:
            raise ProtocolError("spectator", "spectators cannot play")
        if message.get("seat", member.seat) != member.seat:
            raise ProtocolError(
                "wrong_seat", f"you sit in seat {member.seat}; you cannot act for another seat"
            )
        action = message["action"]
        if action["kind"] == "timeout":
            raise IllegalMove("timeout_not_yours")
        referee = self.running.referee
        referee.act(member.seat, action, message["version"])
        return referee.version

    # ---- the host person's controls (lobby) ----------------------------------------------------
    def set_players(self, players: int) -> None:
        self._lobby_change(lambda: self.lobby.set_players(players))

    def set_bot(self, seat: int, level: str) -> None:
        spectators = {name_key(m.name) for m in self.roster.spectators()}
        self._lobby_change(lambda: self.lobby.set_bot(seat, level, spectators))

    def set_options(self, options: dict[str, Any]) -> None:
        self._lobby_change(lambda: self.lobby.set_options(options))

    def set_game(self, game_id: str) -> None:
        """Switch the lobby to another game (ValueError when a seated person does not fit)."""
        self._lobby_change(lambda: self.lobby.set_game(game_id))

    def set_settings(self, settings: Settings) -> None:
        self._lobby_change(lambda: setattr(self.lobby, "settings", settings))

    def rename(self, table_name: str | None = None, player: str | None = None) -> None:
        """Rename the table and/or the host person (lobby only); ProtocolError if unprintable
        or, for the player, the name of someone else at the table. A table still named for
        its host is named for the host's new name."""
        if table_name is not None:
            table_name = clean_text(table_name, MAX_TABLE_NAME, "the table name")
        if player is not None:
            others = self.lobby.names(but=self.local_seat)
            others |= {name_key(m.name) for m in self.roster.spectators()}
            player = check_name(player, others, labels=False)

        def change() -> None:
            if table_name is not None:
                self.table_name, self.table_words = table_name, None
            elif (
                player is not None and self.table_words and self.table_words["code"] == OWNERS_TABLE
            ):
                self.table_words = said(OWNERS_TABLE, owner=player)
                self.table_name = english(self.table_words)
            if player is not None and self.local is not None and self.local.member is not None:
                self.local.member.name = player
                if self.local_seat is not None:
                    self.lobby.seats[self.local_seat].name = player

        self._lobby_change(change)

    def new_game(self) -> None:
        """Back to the lobby after a finished game, keeping everyone seated, so the host can
        change the seats and start again; players stay connected (they are sent the lobby)."""
        if self.running is None or not self.running.referee.finished.is_set():
            raise ValueError("the game is not over yet")
        game, self.running = self.running, None
        stop_in_background(game, self._closing)
        self._send_lobby()
        self._changed()

    def kick(
        self, seat: int, *, reason: str = KICKED, notice: str = REMOVED, code: str = "removed"
    ) -> None:
        """Remove whoever sits in `seat`: in the lobby the seat opens, in a game a bot takes it.

        The removed player is told (`kicked`, with `reason`) and hung up before anyone is shown
        the change, so they never see their seat open; the others are told `notice` (with the
        name). A kick mid-game is journaled before it is done, like an action, so a host resumed
        from the journal refuses the token too; OSError if it cannot be, and nothing changed.
        (A club replaces a member who left it the same way, in its own words.)"""
        if seat == self.local_seat:
            raise ValueError("the host cannot kick themselves")
        old = self.lobby.seat(seat)
        if self.running is not None and self.running.journal is not None:
            self.running.journal.kick(seat)
        for member in self.roster.seated(seat):
            self._remove(member)
            member.close(reason, "kicked")
        if self.running is None:
            self._lobby_change(lambda: self.lobby.kick(seat, LobbySeat()))
        else:
            self._bot_for_kicked(seat)
            self.running.seating.to_bot(seat, old.name or "?")
        if old.kind == "human":
            self._notice(notice.format(old.name), code, {"name": old.name})

    def stand_in(self, seat: int) -> None:
        """During a game, a bot of the away level plays an away player's seat until they are
        back (the host's key, whatever the away-bot setting); ValueError says why not."""
        if self.running is None:
            raise ValueError("no game is being played")
        self.running.seating.stand_in(seat)

    def _bot_for_kicked(self, seat: int) -> None:
        """A seat kicked mid-game (or its journal line, on resume): a bot of the away level
        takes it for good under the same name, and the token is refused from now on."""
        name = self.lobby.seats[seat].name
        self.lobby.kick(seat, LobbySeat("bot", name, self.lobby.settings.away_bot_level))

    def _lobby_change(self, change: Callable[[], object]) -> None:
        if self.running is not None:
            raise ValueError("the game has started; the lobby is closed")
        change()
        self._send_lobby()
        self._changed()

    def start(self) -> Referee:
        """Start the match once every seat is filled; ValueError says why it cannot."""
        if self.running is not None:
            raise ValueError("the game has already started")
        reason = self.lobby.not_ready()
        if reason is not None:
            raise ValueError(reason)
        return self._start_game(None, journal.journal_dir() / f"{self.table_id}.jsonl")

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
            table_words=header.get("table_words"),
            players=header["players"],
            options=header["options"],
            settings=Settings(**header["settings"]),
            solo=header.get("solo", False),
            **kwargs,
        )
        host.table_id = header["table_id"]
        host.club = header.get("club")
        host.local_seat = header["local_seat"]
        host.talk.extend(header["talk"])
        host.lobby.restore(header)
        host.arrived = {i for i, seat in enumerate(host.lobby.seats) if seat.kind == "human"}
        for seat in header["kicks"]:
            host._bot_for_kicked(seat)
        if host.local_seat is not None:
            name = host.lobby.seats[host.local_seat].name or "Host"
            host.local = host._local_session(name, host.local_seat, on_message)
        host._start_game(record, path)
        return host

    def _start_game(self, record: dict[str, Any] | None, path: Path) -> Referee:
        """Start the game (new, or continuing a journal's record), show it to everyone and let
        the bots play. A journal that cannot be created raises OSError before the game is the
        host's: the lobby stays open, as if `start` had not been called."""
        game = RunningGame(
            self.lobby,
            seed=self.seed,
            bot_delay=self.bot_delay,
            record=record,
            journal_path=path,
            pause_seconds=None if self.solo else PAUSE_SECONDS,
            header={
                "table_id": self.table_id,
                "table": self.table_name,
                "table_words": self.table_words,
                "local_seat": self.local_seat,
                "solo": self.solo,
                "club": self.club,
                "talk": list(self.talk),
                **self.lobby.saved(),
            },
            notice=self._notice,
            on_over=self._changed,
            before_move=self.notices.before_move,
        )
        self.seed = None  # a fixed seed deals the first game only
        self.running = game
        game.referee.attach_all([(member.seat, member.endpoint) for member in self.roster])
        for seat, lobby_seat in enumerate(self.lobby.seats):
            if lobby_seat.kind == "human" and not self.roster.connected(seat):
                game.seating.schedule(seat)
        game.referee.start()
        self._changed()
        return game.referee

    # ---- telling people -------------------------------------------------------------------------
    def info(self) -> Message:
        """What a browser shows about this table (the `info` reply and the mDNS TXT record)."""
        phase = "lobby" if self.running is None else "over" if self.running.over else "playing"
        return {
            "type": "info",
            "protocol": PROTOCOL_VERSION,
            "table_id": self.table_id,
            "table": self.table_name,
            "table_words": self.table_words,
            "game": self.lobby.game_id,
            "taken": self.lobby.taken(),
            "seats": len(self.lobby.seats),
            "phase": phase,
        }

    def _lobby_message(self) -> Message:
        return {
            "type": "lobby",
            "table": self.table_name,
            "table_words": self.table_words,
            **self.lobby.public(self.connected),
        }

    def _send_lobby(self) -> None:
        self.roster.broadcast(self._lobby_message())

    def _notice(self, text: str, code: str = "", params: dict[str, Any] | None = None) -> None:
        """Tell everyone: `text` in English, and `code` with `params` for clients that word
        notices in their own language (net/PROTOCOL.md, `notice`)."""
        message: Message = {"type": "notice", "text": text}
        if code:
            message |= {"code": code, "params": params or {}}
        self.roster.broadcast(message)

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
        if self.host.referee is not None:
            self.host.referee.hurry()

    async def close(self) -> None:
        """The host person leaving closes the table for everyone."""
        await self.host.close()
