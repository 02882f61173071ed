"""A round's tables: how many, of which sizes, and who sits at them.

The host chooses a preferred size within the game's limits and whether bots may fill seats. With
bots, every table has the preferred number of seats: as few tables as hold everyone, people spread
as evenly as they go and bots in the seats left over. Without bots, people alone fill the tables:
among the table counts whose sizes fit the game, the one whose mean size is closest to the
preferred size, sizes differing by at most one (ties go to fewer, larger tables, so fewer games
run at once and no one waits longer for a smaller table to end).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.api import IllegalMove
from core.registry import get_game


@dataclass(frozen=True)
class TableRule:
    """What a round's tables must be: the game's seat limits, the host's preferred size and
    whether bots may fill seats. `title` names the game in refusals."""

    title: str
    low: int
    high: int
    preferred: int
    bots: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.low <= self.high:
            raise ValueError(f"table limits {self.low} to {self.high} are not a range")
        if not self.low <= self.preferred <= self.high:
            raise ValueError(
                f"{self.title} is played {self.low} to {self.high} at a table, "
                f"so tables of {self.preferred} are not possible"
            )

    @classmethod
    def for_game(cls, game_id: str, preferred: int | None = None, bots: bool = False) -> TableRule:
        """The rule for a registered game; the preferred size defaults to the game's largest
        table. KeyError names the games there are."""
        game = get_game(game_id)
        size = game.max_players if preferred is None else preferred
        return cls(game.title, game.min_players, game.max_players, size, bots)


@dataclass(frozen=True)
class TableSize:
    """One table of a round: how many people sit there and how many bots fill the rest."""

    people: int
    bots: int = 0

    @property
    def seats(self) -> int:
        return self.people + self.bots


@dataclass(frozen=True)
class Table:
    """One table of a drawn round: its people in seat order (ids a club gives its members) and
    the bots that fill the seats after them."""

    people: tuple[str, ...]
    bots: int = 0

    @property
    def seats(self) -> int:
        return len(self.people) + self.bots


Round = tuple[Table, ...]


def split(players: int, rule: TableRule) -> tuple[TableSize, ...]:
    """The tables of a round of `players` people, largest first; ValueError saying why when
    they cannot be seated (too few people without bots, or no split within the limits)."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise ValueError(f"a round needs at least one player, not {players!r}")
    if rule.bots:
        tables = -(-players // rule.preferred)
        return tuple(TableSize(people, rule.preferred - people) for people in even(players, tables))
    if players < rule.low:
        raise IllegalMove("club_too_few", title=rule.title, low=rule.low, players=players)
    counts = [k for k in range(1, players + 1) if rule.low * k <= players <= rule.high * k]
    if not counts:
        raise IllegalMove(
            "club_no_split",
            players=players,
            low=rule.low,
            high=rule.high,
            title=rule.title,
        )
    tables = min(counts, key=lambda k: (abs(Fraction(players, k) - rule.preferred), k))
    return tuple(TableSize(people) for people in even(players, tables))


def even(players: int, tables: int) -> list[int]:
    """`players` spread over `tables` as evenly as they go, the larger tables first."""
    size, extra = divmod(players, tables)
    return [size + 1] * extra + [size] * (tables - extra)
