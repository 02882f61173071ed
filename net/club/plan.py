"""The evening as the club host sets it: the game of each round, the table size, how seats are
drawn, whether bots fill empty seats and at which level, and the turn clocks.

Checked once, when set, against each game's own limits (`core.club.tables.TableRule`), so a
round never fails to start because of the plan; kept as plain data in the club's journal and
in its `club` messages.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from core import BOT_LEVELS, get_game
from core.club.draw import METHODS
from core.club.tables import TableRule

MAX_ROUNDS = 12
AWAY_BOT_SECONDS = 30.0  # a bot plays a club seat whose player is away this long


@dataclass(frozen=True)
class ClubPlan:
    """`games` holds one game id per round; `table_size` is the preferred size (None: each
    game's largest); `turn_seconds` the clock of games that have one (None: each game's
    default, which for Rummikub is its own clock, RK-14)."""

    games: tuple[str, ...]
    table_size: int | None = None
    draw: str = "mix"
    bots: bool = True
    bot_level: str = "normal"
    turn_seconds: int | None = None
    away_bot_seconds: float = AWAY_BOT_SECONDS
    seed: int = 0

    def __post_init__(self) -> None:
        if not 1 <= len(self.games) <= MAX_ROUNDS:
            raise ValueError(f"an evening has 1 to {MAX_ROUNDS} rounds, not {len(self.games)}")
        if self.draw not in METHODS:
            raise ValueError(f"no seat draw {self.draw!r}; the draws are {', '.join(METHODS)}")
        if self.bot_level not in BOT_LEVELS:
            raise ValueError(f"no bot level {self.bot_level!r}")
        if self.turn_seconds is not None and not 5 <= self.turn_seconds <= 600:
            raise ValueError("a turn clock runs 5 to 600 seconds")
        if self.away_bot_seconds < 0:
            raise ValueError("the away bot's delay cannot be negative")
        for game_id in self.games:
            self.rule(game_id)  # every round's tables are possible

    @property
    def rounds(self) -> int:
        return len(self.games)

    def rule(self, game_id: str) -> TableRule:
        """The tables a round of `game_id` must have; a size beyond the game's limits is
        brought within them (a plan of tables of 6 plays Rummikub at 4)."""
        game = get_game(game_id)
        size = self.table_size or game.max_players
        size = max(game.min_players, min(game.max_players, size))
        return TableRule.for_game(game_id, size, self.bots)

    def options(self, game_id: str) -> dict[str, Any]:
        """The game options of a table of this evening: the clock where the game has one."""
        game = get_game(game_id)
        if self.turn_seconds is not None and "turn_seconds" in game.options:
            return {"turn_seconds": self.turn_seconds}
        return {}

    def public(self) -> dict[str, Any]:
        """Plain data for a `club` message and the journal (`from_saved` reads it back)."""
        return {**asdict(self), "games": list(self.games)}

    @classmethod
    def from_saved(cls, saved: dict[str, Any]) -> ClubPlan:
        return cls(**{**saved, "games": tuple(saved["games"])})
