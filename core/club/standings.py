"""The evening's standings: each finished game gives each seat its share of the places (1st of n
gets 1, last 0, ties share; `places.shares`), summed over the evening.

The tie-break is each game's own score, brought to one scale since the games' scores cannot be
added up (Rummikub counts hundreds of points won, No Thanks! dozens of points lost): in each game
a seat scores 1 for the game's best score, 0 for its worst and in between in proportion
(`places.score_shares`), summed over the evening. So of two players with the same places, the one
who won by more and lost by less stands higher; players equal in both share their rank.

A game counts for the people in its seats when it finished: a seat a bot held (None) counts for
no one, though it took its place. Someone who left the club keeps what their finished games
earned; `members` lists everyone to show, with or without games (0 points).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.club.places import score_shares, shares
from core.match import replay
from core.registry import get_game

COLUMNS = ("rank", "player", "points", "games", "tie_break")


@dataclass(frozen=True)
class Finished:
    """One finished game of the evening: who held each seat (None for a bot) and the game's
    result as `game.result(state)` gives it."""

    seats: tuple[str | None, ...]
    result: dict[str, list[int]]

    def __post_init__(self) -> None:
        if len(self.seats) != len(self.result["scores"]):
            raise ValueError(
                f"{len(self.seats)} seats for a result of {len(self.result['scores'])} scores"
            )
        people = [p for p in self.seats if p is not None]
        if len(set(people)) != len(people):
            raise ValueError(f"someone holds two seats of one game: {people}")


def finished_game(record: dict[str, Any], seats: Sequence[str | None]) -> Finished:
    """A finished game from its match record, replayed; ValueError when it is not over."""
    game = get_game(record["game"])
    state = replay(record)
    if not game.is_over(state):
        raise ValueError(f"this game of {game.title} is not over")
    return Finished(tuple(seats), game.result(state))


@dataclass(frozen=True)
class Standing:
    """One player's line: the exact sums, and `rank` from 1 (players equal in points and
    tie-break share a rank, and the next rank skips: 1, 2, 2, 4)."""

    rank: int
    player: str
    points: Fraction
    games: int
    tie_break: Fraction
    tied: bool

    def row(self) -> dict[str, Any]:
        """Plain values for a table, JSON, a CSV or a bar chart (points to four places)."""
        return {
            "rank": self.rank,
            "player": self.player,
            "points": round(float(self.points), 4),
            "games": self.games,
            "tie_break": round(float(self.tie_break), 4),
            "tied": self.tied,
        }


def standings(games: Iterable[Finished], members: Iterable[str] = ()) -> list[Standing]:
    """Everyone who played a game or is in `members`, best first (ties by name)."""
    points: dict[str, Fraction] = dict.fromkeys(members, Fraction(0))
    breaks: dict[str, Fraction] = dict.fromkeys(points, Fraction(0))
    played: dict[str, int] = dict.fromkeys(points, 0)
    for game in games:
        worth, scored = shares(game.result), score_shares(game.result)
        for seat, person in enumerate(game.seats):
            if person is not None:
                points[person] = points.get(person, Fraction(0)) + worth[seat]
                breaks[person] = breaks.get(person, Fraction(0)) + scored[seat]
                played[person] = played.get(person, 0) + 1
    order = sorted(points, key=lambda p: (-points[p], -breaks[p], p))
    keys = [(points[p], breaks[p]) for p in order]
    lines = []
    for i, person in enumerate(order):
        rank = keys.index(keys[i]) + 1
        tied = keys.count(keys[i]) > 1
        lines.append(Standing(rank, person, points[person], played[person], breaks[person], tied))
    return lines


def standing_keys(lines: Iterable[Standing]) -> dict[str, tuple[Fraction, Fraction]]:
    """Each player's (points, tie-break): what the Swiss draw orders by."""
    return {line.player: (line.points, line.tie_break) for line in lines}


def csv_text(lines: Iterable[Standing]) -> str:
    """The standings as CSV text with a header row (the caller writes it where it belongs)."""
    return rows_csv(line.row() for line in lines)


def rows_csv(rows: Iterable[dict[str, Any]]) -> str:
    """Standings rows (`Standing.row`, as a club's messages carry them) as CSV text."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
