"""The club host: members gather at its door, and each round it opens the round's tables.

A member joins the club as they would join a table (the same door, net/admission.py: names,
tokens, limits) and is sent the `club` message whenever the club changes: its plan, its
members, the round's tables (anyone may watch one at its port) and the standings. When the host
starts a round, the seats are drawn from the members present (`core.club.draw`), each table is
opened as a plain `Host` on a port of its own, and each person drawn is sent their `club_seat`:
the table's port, their seat and that seat's token, so their program takes the seat as if it
were coming back to it. The club journals the draw before any table opens and each result as
it comes, so a crashed club resumes the evening where it stood (`resume`). The journal is
opened as soon as the club listens, so a club that crashed while still gathering comes back
with its members too; a club closed before its first round leaves none (nothing was played).

Chosen: the people drawn are the members connected when the round starts (someone away then
plays from the next round); a member who drops mid-round keeps their seat as at any table, a bot
standing in after the plan's delay; a member who leaves the club (`leave`) gives their seat to
a bot for good and keeps the standings their finished games earned. The club's `club` messages
are folded to one per CHANGES_EVERY seconds (longer the bigger the club: CHANGES_PER_MEMBER),
so a big club's tables ending together cost each member one message, and members playing at a
table (connected to it) are sent none until they leave it or their game ends.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from core.api import IllegalMove
from core.club.draw import draw_round
from core.club.standings import standing_keys, standings
from core.club.tables import Round, Table
from net import schema
from net.admission import HANDSHAKE_TIMEOUT, Admission, Entry
from net.club import journal as club_journal
from net.club.members import ClubMembers
from net.club.plan import ClubPlan
from net.club.record import club_standings, finished_games, keep_club
from net.club.tables import ClubTable, DrawnTable, TableDraw, TableMaker
from net.host import MAX_TABLE_NAME
from net.journal import Journal
from net.limits import JoinPolicy
from net.link import HEARTBEAT, WRITE_LIMIT, Link
from net.lobby import not_ready_fields
from net.names import check_name
from net.protocol import ERROR_WORDS, PROTOCOL_VERSION, ProtocolError, clean_text, error
from net.roster import Member, Roster
from net.session import Message, Session
from net.table_names import NOBODY, Said, english, said

log = logging.getLogger(__name__)

CHANGES_EVERY = 0.2  # seconds: `club` messages are folded to at most one per this long,
CHANGES_PER_MEMBER = 0.0025  # and this much longer per member (2 s for 800): one costs them all


class Club:
    """One club night: its members, its plan, the rounds drawn and their tables."""

    def __init__(
        self,
        plan: ClubPlan,
        *,
        name: str | None = "Host",
        club_name: str | None = None,
        club_words: Said | None = None,
        bind: str = "0.0.0.0",
        bot_delay: float = 0.0,
        heartbeat: float = HEARTBEAT,
        handshake_timeout: float = HANDSHAKE_TIMEOUT,
        write_limit: int = WRITE_LIMIT,
        joins: JoinPolicy | None = JoinPolicy(),  # noqa: B008 (frozen, so never shared state)
        on_message: Callable[[Message], None] | None = None,
    ) -> None:
        """Open the club; with `name`, the host person is its first member (through `local`),
        drawn to tables like everyone else. With no `club_name` the club is named for its
        host (`club_words`, net/table_names.py: each reader words it), and so are its tables."""
        if name is not None:
            name = check_name(name, (), labels=False)
        self.table_id = secrets.token_hex(6)  # the club's id (named as a table's for doors)
        if not club_name and club_words is None:
            club_words = said("owners_club", owner=name or NOBODY)
        self.table_words = club_words  # None: the name was typed, and is shown as typed
        self.table_name = clean_text(
            club_name or english(club_words or {}), MAX_TABLE_NAME, "the club's name"
        )
        self.plan = plan
        self.bind = bind
        named = club_words or self.table_name
        self.maker = TableMaker(plan, self.table_id, named, bind, bot_delay, heartbeat)
        self.heartbeat = heartbeat
        self.handshake_timeout = handshake_timeout
        self.write_limit = write_limit
        self.lobby = ClubMembers()
        self.roster = Roster()
        self.admission = Admission(self, joins)
        self.listeners: list[Callable[[], None]] = []  # told when `info()` may have changed
        self.port: int | None = None
        self.draws: list[Round] = []  # every round drawn so far
        self.tables: list[DrawnTable] = []  # the tables of the latest round
        self.games: list[dict[str, Any]] = []  # every finished game (ClubTable.finished)
        self.journal: Journal | None = None
        self.local: ClubSession | None = None
        self.local_seat: int | None = None
        self._changes: asyncio.TimerHandle | None = None
        self._starting: asyncio.Task[list[ClubTable]] | None = None
        self._drawn: tuple[tuple[object, ...], Round | ValueError] | None = None  # see `_draw`
        self._closing = False
        if name is not None:
            self.local_seat = self.lobby.claim(name)
            self._local_session(on_message)

    def _local_session(self, on_message: Callable[[Message], None] | None) -> None:
        assert self.local_seat is not None
        self.local = ClubSession(self, on_message)
        member = self.lobby.seats[self.local_seat]
        self.local.member = Member(self.local, member.name, self.local_seat)
        self.roster.add(self.local.member)
        self.local.push(self._welcome(self.local.member))
        self.local.push(self._club_message())

    # ---- what people read -------------------------------------------------------------------
    @property
    def running(self) -> None:
        """Newcomers always become members (the door asks): a late one plays from the next
        round."""
        return None

    @property
    def round_index(self) -> int | None:
        """The latest round drawn (0 the first), None before the first."""
        return len(self.draws) - 1 if self.draws else None

    @property
    def playing(self) -> bool:
        """Whether a round's tables are still playing."""
        return any(not table.over for table in self.tables)

    @property
    def phase(self) -> str:
        if self.playing:
            return "playing"
        if len(self.draws) >= self.plan.rounds:
            return "over"
        return "gathering" if not self.draws else "between"

    def players(self) -> list[str]:
        """Who the next round would seat: members connected now who have not left."""
        return [
            member.name
            for index, member in enumerate(self.lobby.seats)
            if not member.left and self.roster.connected(index)
        ]

    def standings(self) -> list[dict[str, Any]]:
        return club_standings(self.games, [m.name for m in self.lobby.seats])

    def not_ready(self) -> str | None:
        """Why the next round cannot start now (in English), None when it can."""
        reason = self.not_ready_reason()
        return None if reason is None else str(reason)

    def not_ready_reason(self) -> IllegalMove | None:
        """Why the next round cannot start now, as a refusal (each member's program words it
        in their language), None when it can."""
        if self.playing:
            return IllegalMove("round_playing", round=len(self.draws))
        if len(self.draws) >= self.plan.rounds:
            return IllegalMove("evening_over")
        try:
            self._draw()
        except ValueError as err:
            return IllegalMove.of(err)
        return None

    def info(self) -> Message:
        """What a browser shows about the club (the `info` reply and the mDNS TXT record)."""
        phase = {"gathering": "lobby", "between": "playing"}.get(self.phase, self.phase)
        game = self.plan.games[min(len(self.draws), self.plan.rounds - 1)]
        present = sum(not m.left for m in self.lobby.seats)
        return {
            "type": "info",
            "protocol": PROTOCOL_VERSION,
            "table_id": self.table_id,
            "table": self.table_name,
            "table_words": self.table_words,
            "game": game,
            "taken": present,
            "seats": present,
            "phase": phase,
            "kind": "club",
        }

    def _club_message(self) -> Message:
        at = {
            person: t.draw.number
            for t in self.tables
            for person in t.draw.people
            if t.playing_seat(person) is not None
        }
        members = [
            {
                "name": m.name,
                "connected": self.roster.connected(i),
                "left": m.left,
                "table": at.get(m.name),
            }
            for i, m in enumerate(self.lobby.seats)
        ]
        latest = self.round_index
        return {
            "type": "club",
            "club": self.table_name,
            "club_words": self.table_words,
            "phase": self.phase,
            "plan": self.plan.public(),
            "round": latest,
            "members": members,
            "tables": [table.public() for table in self.tables],
            "games": [_brief(game) for game in self.games if game["round"] == latest],
            "standings": self.standings(),
            **not_ready_fields(self.not_ready_reason()),
        }

    def _welcome(self, member: Member) -> Message:
        token = None if member.seat is None else self.lobby.seats[member.seat].token
        return {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "table_id": self.table_id,
            "table": self.table_name,
            "table_words": self.table_words,
            "game": self.info()["game"],
            "seat": member.seat,
            "name": member.name,
            "token": token,
            "club": True,
        }

    def _seat_message(self, person: str) -> Message | None:
        """Where `person` plays in the round being played, None when nowhere."""
        for table in self.tables:
            seat = table.playing_seat(person)
            if seat is not None and table.port is not None:
                return {
                    "type": "club_seat",
                    "round": table.round_index,
                    "table": table.draw.number,
                    "game": table.draw.game,
                    "port": table.port,
                    "seat": seat,
                    "token": table.draw.tokens[seat],
                }
        return None

    # ---- serving ------------------------------------------------------------------------------
    async def serve(self, port: int = 0) -> int:
        """Listen for members (and open the tables of a resumed round); returns the port."""
        self.port = await self.admission.serve(self.bind, port)
        if self.journal is None and not self.draws:
            try:
                self._open_journal()
            except OSError as err:  # the club works without; the next line tries again
                log.error("could not open the club's journal: %s", err)
        reopened = False
        for table in self.tables:
            if isinstance(table, ClubTable) and table.port is None and not table.over:
                await table.open(self.bind)
                self._watch(table)
                reopened = True
        if reopened:
            self._send_seats()  # the host person, back in a resumed club, to their table
        self._changed()
        return self.port

    async def close(self) -> None:
        """Say goodbye to every member and close every table."""
        self._closing = True
        if self._changes is not None:
            self._changes.cancel()
        self.roster.broadcast({"type": "closed", "reason": "the host closed the club"})
        self.admission.shut("the host closed the club")
        tables, self.tables = self.tables, []
        await asyncio.gather(*(table.close() for table in tables), return_exceptions=True)
        if self.journal is not None and not self.draws:
            self.journal.discard()  # closed while gathering: nothing to resume
        elif self.journal is not None:
            self.journal.close()
        await self.admission.wait_closed()

    def seat_member(self, link: Link, entry: Entry) -> Member:
        """A member arrived (new, or back with their token), or a watcher."""
        if entry.rejoin:
            assert entry.seat is not None
            for old in self.roster.seated(entry.seat):
                self.roster.remove(old)
                old.close("you joined the club from another connection", "replaced")
        try:
            if entry.rejoin and entry.seat is not None and self.lobby.seats[entry.seat].left:
                self.lobby.seats[entry.seat].left = False
                self._note({"back": entry.seat})
            self._journal_members()
        except OSError as err:  # the member is in all the same; only a resume would miss it
            log.error("could not journal a club member: %s", err)
        member = Member(link, entry.name, entry.seat)
        self.roster.add(member)
        link.push(self._welcome(member))
        link.push(self._club_message())
        seat = self._seat_message(entry.name) if entry.seat is not None else None
        if seat is not None:
            link.push(seat)
        self._changed()
        return member

    def leave(self, member: Member) -> None:
        """A connection ended; the member stays a member (and keeps any seat they hold)."""
        if member in self.roster:
            self.roster.remove(member)
            self._changed()

    def handle(self, member: Member, message: Message) -> None:
        """A member's message: `leave` (the club, for good) or `bye`; nothing is played here."""
        try:
            schema.check(message)
            kind = message["type"]
            if kind == "leave":
                if member.seat is None:
                    raise ProtocolError("spectator", "watchers are not members: just close")
                self.leave_club(member.seat)
            elif kind == "bye":
                self.leave(member)
                member.close("goodbye")
            elif kind in ("hello", "info"):
                raise ProtocolError("bad_message", f"'{kind}' is only for a connection's start")
            else:
                raise ProtocolError(
                    "club", "this is the club's door: play at your table (its club_seat)"
                )
        except ProtocolError as err:
            member.endpoint.push(error(err.code, str(err), params=err.params))

    def leave_club(self, seat: int) -> None:
        """Member `seat` leaves the evening: a bot plays their seat for the rest of the round
        and they are drawn no more; their finished games stay in the standings."""
        member = self.lobby.seats[seat]
        if member.left:
            return
        self._note({"left": seat})
        member.left = True
        for table in self.tables:
            place = table.playing_seat(member.name)
            if place is not None and isinstance(table, ClubTable):
                table.host.kick(
                    place,
                    reason=ERROR_WORDS["left_club"],
                    notice="{} left the club; a bot plays their seat",
                    code="left_club",
                )
        self._changed()

    # ---- rounds -------------------------------------------------------------------------------
    def _draw(self) -> Round:
        """The next round's draw, or ValueError with why it cannot be. Drawn once for the same
        people, rounds and results: every `club` message and every start asks (`not_ready`),
        and a mixed draw of hundreds of people is a search, not a lookup."""
        players = self.players()
        key = (tuple(players), len(self.draws), len(self.games))
        if self._drawn is None or self._drawn[0] != key:
            try:
                drawn: Round | ValueError = self._new_draw(players)
            except ValueError as err:
                drawn = err
            self._drawn = (key, drawn)
        drawn = self._drawn[1]
        if isinstance(drawn, ValueError):
            raise drawn.with_traceback(None)  # the same refusal each time, not a growing trace
        return drawn

    def _new_draw(self, players: list[str]) -> Round:
        game_id = self.plan.games[len(self.draws)]
        earlier = standing_keys(
            standings(finished_games(self.games), [m.name for m in self.lobby.seats])
        )
        rule = self.plan.rule(game_id)
        return draw_round(self.plan.draw, players, rule, self.draws, self.plan.seed, earlier)

    async def start_round(self) -> list[ClubTable]:
        """Draw the next round and open its tables; ValueError says why not (a round still
        playing, the evening over, too few people without bots), OSError when the journal
        cannot be written (and nothing started)."""
        reason = self.not_ready()
        if reason is not None:
            raise ValueError(reason)
        drawn = self._draw()
        game_id = self.plan.games[len(self.draws)]
        draws = [TableDraw.new(n, game_id, t.people, t.bots) for n, t in enumerate(drawn)]
        self._journal_members()
        self._note({"round": {"index": len(self.draws), "tables": [d.saved() for d in draws]}})
        # The new round's tables are the club's before anything is awaited: a `club` message
        # built meanwhile must show the round being played, never the last round "over".
        opened = [ClubTable.make(draw, self.maker, len(self.draws)) for draw in draws]
        old, self.tables = self.tables, list(opened)
        self.draws.append(drawn)
        for table in old:
            await table.close()
        for table in opened:
            await table.open(self.bind)
            self._watch(table)
        self._send_seats()
        self._changed()
        return opened

    def _send_seats(self) -> None:
        """Tell each member present where they play in the round (`club_seat`)."""
        for member in self.roster:
            seat = None if member.seat is None else self._seat_message(member.name)
            if seat is not None:
                member.endpoint.push(seat)

    @property
    def starting(self) -> bool:
        """Whether a round started from a callback (`start_soon`) is still opening."""
        return self._starting is not None and not self._starting.done()

    def start_soon(self) -> None:
        """Start the next round from a callback (a key, a headless club's own schedule); why
        it could not start is logged."""
        self._starting = asyncio.get_running_loop().create_task(self.start_round())
        self._starting.add_done_callback(_log_refusal)

    def _watch(self, table: ClubTable) -> None:
        table.host.listeners.append(lambda: self._table_changed(table))
        self._table_changed(table)  # a resumed table may have ended as it was journaled

    def _table_changed(self, table: ClubTable) -> None:
        """A table's host changed: when its game just ended, keep the result; else someone
        came to it or left it, and whoever left it is sent the evening as it stands (the
        club screen they came back to)."""
        if self._closing:
            return
        if not table.over:
            self._changed()
            return
        if any(g["table_id"] == table.draw.table_id for g in self.games):
            return
        self._finish(table.finished())

    def _finish(self, game: dict[str, Any]) -> None:
        self.games.append(game)
        try:
            self._note({"result": game})
        except OSError as err:  # the game's own record was kept by its table all the same
            log.error("could not journal a club table's result: %s", err)
        self._changed()
        if not self.playing:
            self._round_over()

    def _round_over(self) -> None:
        """Every table of the round has finished: keep the club record; at the evening's end
        the journal goes (nothing is left to resume)."""
        try:
            keep_club(self.table_id, self.record())
        except OSError as err:
            log.error("could not keep the club's record: %s", err)
        if len(self.draws) >= self.plan.rounds and self.journal is not None:
            self.journal.discard()
            self.journal = None

    def record(self) -> dict[str, Any]:
        """The evening as kept (net/club/record.py): plan, members, every game, standings."""
        return {
            "club_id": self.table_id,
            "name": self.table_name,
            "name_words": self.table_words,
            "plan": self.plan.public(),
            "members": [m.name for m in self.lobby.seats],
            "rounds": len(self.draws),
            "over": self.phase == "over",
            "games": self.games,
            "standings": self.standings(),
        }

    # ---- the journal ----------------------------------------------------------------------------
    def _journal_members(self) -> None:
        """Journal members who came since the last line."""
        for member in list(self.lobby.added):
            self._note({"member": {"name": member.name, "token": member.token}})
            self.lobby.added.remove(member)

    def _note(self, entry: dict[str, Any]) -> None:
        if self.journal is None:
            if self.draws and len(self.draws) >= self.plan.rounds and "round" not in entry:
                return  # the evening is over and its journal gone
            self._open_journal()
        assert self.journal is not None
        self.journal.note(entry)

    def _open_journal(self) -> None:
        """The journal's header: the club, its plan and the members so far."""
        self.journal = club_journal.create(
            self.table_id,
            {
                "club_id": self.table_id,
                "name": self.table_name,
                "name_words": self.table_words,
                "plan": self.plan.public(),
                "local": self.local_seat,
                "members": [m.saved() for m in self.lobby.seats],
            },
        )
        self.lobby.added.clear()

    @classmethod
    def resume(
        cls, path: Path, on_message: Callable[[Message], None] | None = None, **kwargs: Any
    ) -> Club:
        """The evening of a crashed club, from its journal: members (with their tokens), the
        rounds drawn, the results, and the round in progress, each table's game from its own
        journal; `serve` opens those tables again. Members come back with their tokens."""
        saved = club_journal.load(path)
        header = saved.header
        club = cls(
            ClubPlan.from_saved(header["plan"]),
            name=None,
            club_name=header["name"],
            club_words=header.get("name_words"),
            **kwargs,
        )
        club.table_id = header["club_id"]
        club.maker = replace(club.maker, club_id=club.table_id)
        for member in [*header["members"], *saved.members]:
            club.lobby.restore(member)
        for index in saved.left:
            club.lobby.seats[index].left = True
        club.games = saved.results
        for tables in saved.rounds:
            draws = [TableDraw.from_saved(t) for t in tables]
            club.draws.append(tuple(Table(d.people, d.bots) for d in draws))
        if saved.rounds:
            club._reopen([TableDraw.from_saved(t) for t in saved.rounds[-1]])
        club.journal = Journal.reopen(path)
        club.local_seat = header.get("local")
        if club.local_seat is not None:
            club._local_session(on_message)
        return club

    def _reopen(self, draws: list[TableDraw]) -> None:
        """The latest round's tables: those whose games had not ended made again from their
        journals (`serve` opens them), the others listed as they ended."""
        done = {game["table_id"] for game in self.games}
        latest = len(self.draws) - 1
        for draw in draws:
            if draw.table_id in done:
                self.tables.append(DrawnTable(draw, latest))
            else:
                self.tables.append(ClubTable.make(draw, self.maker, latest))

    # ---- telling people -------------------------------------------------------------------------
    def _changed(self) -> None:
        """Tell everyone what changed, folded: one `club` message per CHANGES_EVERY seconds."""
        for listener in list(self.listeners):
            listener()
        if self._changes is None and not self._closing:
            wait = max(CHANGES_EVERY, CHANGES_PER_MEMBER * len(self.lobby.seats))
            self._changes = asyncio.get_running_loop().call_later(wait, self._send_changes)

    def _send_changes(self) -> None:
        """The `club` message to everyone but those playing at a table now (connected at a
        table of the round whose game runs): they are sent the evening as it stands when
        they leave it, or when its game ends (the next fold after it)."""
        self._changes = None
        playing = {
            person
            for table in self.tables
            if not table.over
            for seat, person in enumerate(table.draw.people)
            if table.host.roster.connected(seat)
        }

        def idle(member: Member) -> bool:
            return member.seat is None or self.lobby.seats[member.seat].name not in playing

        self.roster.broadcast(self._club_message(), to=idle)


def _log_refusal(task: asyncio.Task[list[ClubTable]]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("the round could not start: %s", task.exception())


def _brief(game: dict[str, Any]) -> dict[str, Any]:
    """A finished game in the `club` message: its table, who sat where, the scores."""
    return {
        "round": game["round"],
        "table": game["table"],
        "game": game["record"]["game"],
        "names": game["names"],
        "scores": game["result"]["scores"],
        "winners": game["result"]["winners"],
    }


class ClubSession(Session):
    """The club host person's membership, in this process. Their games are played at the
    tables over loopback like anyone's (net/client.py)."""

    def __init__(self, club: Club, on_message: Callable[[Message], None] | None) -> None:
        super().__init__(on_message)
        self.club = club
        self.member: Member | None = None

    def send(self, message: Message) -> None:
        asyncio.get_running_loop().call_soon(self.club.handle, self.member, message)

    async def close(self) -> None:
        """The host person leaving closes the club for everyone."""
        await self.club.close()
