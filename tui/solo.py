"""A solo game: a table in this process, bots in every seat but the player's.

`SoloSetup` is what the set-up screen produces and "play again" reuses; `LocalSession` is the
`tui.session.Session` of its one human seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from net.table import Seat, Table
from tui.names import bot_names, clean_name
from tui.session import StateMessage

HUMAN_SEAT = 0


@dataclass(frozen=True)
class SoloSetup:
    """A solo table as the player chose it: the game, their name, one bot level per other seat,
    and how long bots pause before moving so that a person can follow them."""

    game_id: str
    player: str
    levels: tuple[str, ...]
    bot_delay: float = 0.8

    @property
    def players(self) -> int:
        return 1 + len(self.levels)

    def seats(self) -> list[Seat]:
        """The player in seat 0, then the bots clockwise."""
        names = bot_names(self.player, len(self.levels))
        bots = [Seat(name, "bot", level) for name, level in zip(names, self.levels, strict=True)]
        return [Seat(clean_name(self.player)), *bots]


class _Endpoint:
    """Adapts the table's `push` endpoint to the screen's callback."""

    def __init__(self, push: Callable[[StateMessage], None]) -> None:
        self.push = push


class LocalSession:
    """The human seat of an in-process table. Bots start moving once the screen connects."""

    lan = None

    def __init__(self, setup: SoloSetup, *, seed: int | None = None) -> None:
        self.table = Table(setup.game_id, setup.seats(), seed=seed, bot_delay=setup.bot_delay)

    def connect(self, push: Callable[[StateMessage], None]) -> None:
        self.table.attach(HUMAN_SEAT, _Endpoint(push))
        self.table.start()

    async def act(self, action: dict[str, Any], version: int) -> None:
        self.table.act(HUMAN_SEAT, action, version)

    def hurry(self) -> None:
        self.table.hurry()

    async def close(self) -> None:
        await self.table.close()
