"""What a game writes for the plain mode, beside its TUI screen: a `Presenter` subclass says
the game's turn, its table and hand in words, reads its commands, and reuses the game's own
log wording (`log_line`) and hint (`HINT`), as its screen does."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from tui.base.i18n import Counted, words
from tui.base.messages import StateMessage
from tui.base.seats import POINTS, seat_names
from tui.plain.commands import Command


class Table(Protocol):
    """What a presenter uses of the conversation at its table (tui/plain/frame.py)."""

    state: StateMessage | None

    @property
    def my_move(self) -> bool: ...

    def say(self, *texts: str) -> None: ...

    async def send(self, action: dict[str, Any]) -> bool: ...


class Presenter:
    """One game's side of the conversation; the frame (`table`) does the rest."""

    GAME_ID: ClassVar[str]
    HINT: ClassVar[str]  # "module:function" giving (action, reason) for a view
    SCORE_UNIT: ClassVar[Counted] = POINTS
    BEST_LOW: ClassVar[bool] = True  # the lowest score wins (Rummikub: the highest)

    def __init__(self, table: Table) -> None:
        self.table = table

    @property
    def state(self) -> StateMessage:
        assert self.table.state is not None
        return self.table.state

    @property
    def view(self) -> dict[str, Any]:
        return self.state["view"]

    @property
    def names(self) -> list[str]:
        return seat_names(self.state)

    def log_line(self, entry: dict[str, Any], names: list[str]) -> str | None:
        """One log entry in words: the game screen's own function."""
        raise NotImplementedError

    def turn(self) -> str:
        """The player's turn: what the decision needs, and the commands that make it."""
        raise NotImplementedError

    def waiting(self, waiting: list[int]) -> str | None:
        """Whom the table waits for, in this game's words; None: the frame's."""
        return None

    def commands(self) -> list[Command]:
        """The game's own commands (the frame adds look, hand, table, scores, log, hint…)."""
        raise NotImplementedError

    def hand(self) -> list[str]:
        raise NotImplementedError

    def board(self) -> list[str]:
        """The table as lines (`table`)."""
        raise NotImplementedError

    def scores(self) -> list[str]:
        """Every seat's score so far, one line each."""
        totals = self.view["result"]["scores"] if self.view.get("result") else self.totals()
        return [
            words("{name}: {score}", name=name, score=self.SCORE_UNIT.of(score))
            for name, score in zip(self.names, totals, strict=True)
        ]

    def totals(self) -> list[int]:
        """The running scores (before the game's `result`)."""
        raise NotImplementedError

    def order(self) -> list[int]:
        """The seats best first, for the final table."""
        scores = self.view["result"]["scores"]
        sign = 1 if self.BEST_LOW else -1
        return sorted(range(len(scores)), key=lambda s: (sign * scores[s], s))

    def round_lines(self) -> list[str]:
        """The summary of a round just ended, said when the table pauses for it."""
        return []

    def new_state(self) -> None:
        """A new state arrived (Rummikub drops a stale draft)."""

    def hinted(self, action: dict[str, Any]) -> None:
        """The last hint's action (Rummikub's `apply` lays it out)."""
