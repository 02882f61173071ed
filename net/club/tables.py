"""One table of a club's round: a plain `Host` whose seats the club named before it opened.

The people drawn to the table sit in the seats the draw gave them, each with a token the club
hands to that person alone (`club_seat`); bots fill the seats after them. Nobody else may take
a seat (every seat is named), so anyone else who comes to the table watches it. A person who
is not there when the game starts is away, and the club's away bot plays for them after the
plan's delay, as at any table; they take the seat back with their token.

The table is journaled like any LAN table (net/journal.py), under the table id the club wrote
in its own journal first, so a resumed club finds each table's game again (`resume`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from net.club.plan import ClubPlan
from net.host import Host
from net.journal import journal_dir
from net.link import HEARTBEAT
from net.lobby import LobbySeat, Settings
from net.table_names import Said, said


@dataclass(frozen=True)
class TableMaker:
    """How the club's tables are made: where they listen and the host settings they share."""

    plan: ClubPlan
    club_id: str
    club_name: str | Said  # as typed, or as data when the club is named for its host
    bind: str = "0.0.0.0"
    bot_delay: float = 0.0
    heartbeat: float = HEARTBEAT

    def host(self, game_id: str, seats: int, name: Said) -> Host:
        host = Host(
            game_id,
            name=None,
            table_words=name,
            players=seats,
            options=self.plan.options(game_id),
            settings=Settings(
                away_bot_seconds=self.plan.away_bot_seconds, away_bot_level=self.plan.bot_level
            ),
            bot_delay=self.bot_delay,
            heartbeat=self.heartbeat,
        )
        host.club = self.club_id
        return host


@dataclass(frozen=True)
class TableDraw:
    """A table as the club journals it before opening it: enough to open it again."""

    number: int
    game: str
    table_id: str
    people: tuple[str, ...]
    tokens: tuple[str, ...]
    bots: int

    @classmethod
    def new(cls, number: int, game: str, people: tuple[str, ...], bots: int) -> TableDraw:
        tokens = tuple(secrets.token_urlsafe(18) for _ in people)
        return cls(number, game, secrets.token_hex(6), people, tokens, bots)

    def saved(self) -> dict[str, Any]:
        return {**self.__dict__, "people": list(self.people), "tokens": list(self.tokens)}

    @classmethod
    def from_saved(cls, saved: dict[str, Any]) -> TableDraw:
        return cls(
            saved["number"],
            saved["game"],
            saved["table_id"],
            tuple(saved["people"]),
            tuple(saved["tokens"]),
            saved["bots"],
        )

    @property
    def journal(self) -> Path:
        return journal_dir() / f"{self.table_id}.jsonl"


class DrawnTable:
    """A table of a round as it was drawn. As such (not a `ClubTable`) it is one whose game
    had ended before the club crashed: a resumed club lists it with the round's other tables,
    finished (its game is among the club's results), with nothing to open or play."""

    def __init__(self, draw: TableDraw, round_index: int) -> None:
        self.draw = draw
        self.round_index = round_index
        self.port: int | None = None

    @property
    def over(self) -> bool:
        return True

    def seat_of(self, person: str) -> int | None:
        """The seat `person` was drawn to here, None when they were drawn elsewhere."""
        return self.draw.people.index(person) if person in self.draw.people else None

    def playing_seat(self, person: str) -> int | None:
        """The seat `person` plays here now: drawn here, the game running, and the seat still
        theirs (a member who left the club gave theirs to a bot for good, and the table
        refuses their token even once they are back at the club)."""
        return None

    def public(self) -> dict[str, Any]:
        """The table in the club's `club` message: anyone may watch it at `port`."""
        return {
            "table": self.draw.number,
            "game": self.draw.game,
            "port": self.port,
            "people": list(self.draw.people),
            "bots": self.draw.bots,
            "over": self.over,
        }

    async def close(self) -> None:
        """Nothing is open."""


class ClubTable(DrawnTable):
    """A drawn table and its host, from opening to the end of its game."""

    def __init__(self, draw: TableDraw, host: Host, round_index: int) -> None:
        super().__init__(draw, round_index)
        self.host = host

    @classmethod
    def make(cls, draw: TableDraw, maker: TableMaker, round_index: int) -> ClubTable:
        """The table as drawn; or, when its journal exists (a club resumed after a crash),
        its game as the journal has it."""
        if draw.journal.exists():
            host = Host.resume(draw.journal, bot_delay=maker.bot_delay, heartbeat=maker.heartbeat)
            return cls(draw, host, round_index)
        name = said(
            "club_table", club=maker.club_name, round=round_index + 1, table=draw.number + 1
        )
        host = maker.host(draw.game, len(draw.people) + draw.bots, name)
        host.table_id = draw.table_id
        for seat, (person, token) in enumerate(zip(draw.people, draw.tokens, strict=True)):
            host.lobby.seats[seat] = LobbySeat("human", person, token=token)
        for seat in range(len(draw.people), len(draw.people) + draw.bots):
            host.set_bot(seat, maker.plan.bot_level)
        return cls(draw, host, round_index)

    async def open(self, bind: str) -> int:
        """Listen (on a free port) and start the game if it is not already running."""
        self.port = await self.host.serve(bind, 0)
        if self.host.running is None:
            self.host.start()
        return self.port

    @property
    def over(self) -> bool:
        running = self.host.running
        return running is not None and running.over

    def playing_seat(self, person: str) -> int | None:
        seat = self.seat_of(person)
        if seat is None or self.over or self.host.lobby.seats[seat].kind != "human":
            return None
        return seat

    def finished(self) -> dict[str, Any]:
        """The finished game as the club keeps it: its match record, who held each seat (None:
        a bot's, or a seat whose person left and a bot took), and the result."""
        referee = self.host.referee
        assert referee is not None and self.over
        seats: list[str | None] = [
            person if self.host.lobby.seats[i].kind == "human" else None
            for i, person in enumerate(self.draw.people)
        ]
        seats += [None] * self.draw.bots
        return {
            "round": self.round_index,
            "table": self.draw.number,
            "table_id": self.draw.table_id,
            "record": referee.record,
            "seats": seats,
            "names": [seat.name for seat in referee.seats],
            "result": referee.game.result(referee.state),
        }

    async def close(self) -> None:
        await self.host.close()
