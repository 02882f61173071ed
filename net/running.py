"""A started game at a host: its referee, and what the host keeps beside it while it runs.

The journal (net/journal.py) lets a crashed host resume: every action is written before the
table takes it, every mid-game kick before it is done, and the journal of a finished game is
deleted. The turn clock (net/clock.py) is made here and nowhere else, for games that declare a
`turn_seconds` option. The seating (net/seating.py) sends bots into away or kicked seats. The
lobby's seats, options and settings are the game's set-up; they cannot change while it runs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from net import journal, records
from net.clock import TurnClock
from net.lobby import Lobby
from net.notices import Say
from net.pause import PAUSE_SECONDS
from net.referee import Referee
from net.seating import Seating

log = logging.getLogger(__name__)


class RunningGame:
    """One game from its start (or resume) to the host reopening the lobby or closing."""

    def __init__(
        self,
        lobby: Lobby,
        *,
        seed: int | None = None,
        bot_delay: float,
        record: dict[str, Any] | None,
        journal_path: Path,
        header: dict[str, Any],
        notice: Say,
        on_over: Callable[[], None],
        pause_seconds: float | None = PAUSE_SECONDS,
        before_move: Callable[[], None] | None = None,
    ) -> None:
        """Make the referee (new, or continuing the journal at `journal_path` with its `record`)
        and journal it before any action can happen. A new journal starts with the record's
        header plus `header` (what a resumed host needs beside the record).

        A journal that cannot be created raises OSError, and nothing was started. A finished
        game is kept as its match record (net/records.py) under `header["table_id"]`.
        `pause_seconds`: the longest pause between rounds (None: a solo table waits for its
        player). `before_move` is told of each accepted move before anyone is shown it (the
        host tells gathered arrivals first)."""
        self.on_over = on_over
        self.before_move = before_move
        self.table_id = str(header.get("table_id", "table"))
        self.journal: journal.Journal | None = None
        self.referee = Referee(
            lobby.game_id,
            lobby.table_seats(),
            seed=seed,
            options=lobby.options,
            bot_delay=bot_delay,
            record=record,
            write_ahead=self._journal_action,
            on_action=self._on_action,
            pause_seconds=pause_seconds,
        )
        if record is None:
            first = {key: value for key, value in self.referee.record.items() if key != "actions"}
            self.journal = journal.Journal.create(journal_path, first | header)
        else:
            self.journal = journal.Journal.reopen(journal_path)
        self.clock: TurnClock | None = None
        # The options in force, defaults included: a table left at its defaults has the
        # default clock (RK-14), not none because no one chose one.
        game, record = self.referee.game, self.referee.record
        seconds = {**game.options, **record["options"]}.get("turn_seconds")
        if "turn_seconds" in game.options and seconds:
            self.clock = TurnClock(self.referee, float(seconds))
            self.clock.restart()
        self.seating = Seating(self.referee, lobby.settings, notice)

    @property
    def over(self) -> bool:
        return self.referee.game.is_over(self.referee.state)

    def stop(self) -> None:
        """Stop the clock, the away timers and the journal; the referee's bots stop in the
        background (see `close` to wait for them)."""
        if self.clock is not None:
            self.clock.stop()
        self.seating.stop()
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    async def close(self) -> None:
        """`stop`, and wait until the referee's bots have stopped."""
        self.stop()
        await self.referee.close()

    def _journal_action(self, seat: int, action: dict[str, Any]) -> None:
        """Journal an action before the referee takes it, so no one ever sees an unsaved move;
        then let what must be said before it be said (`before_move`)."""
        if self.journal is not None:
            self.journal.append(seat, action)
        if self.before_move is not None:
            self.before_move()

    def _on_action(self, seat: int, action: dict[str, Any]) -> None:
        """Restart the clock; at the end, keep the record and delete the journal (nothing is
        left to resume)."""
        if self.clock is not None:
            self.clock.restart()
        if self.over:
            try:
                seats = [s.public() for s in self.referee.seats]
                game, state = self.referee.game, self.referee.state
                records.keep(self.referee.record, seats, self.table_id, game.result(state))
            except OSError as err:  # the game is over either way; only its keepsake is lost
                log.error("could not keep the record of the finished game: %s", err)
            if self.journal is not None:
                self.journal.discard()
                self.journal = None
            self.on_over()


def stop_in_background(game: RunningGame, tasks: set[asyncio.Task[None]]) -> None:
    """Stop a finished game whose bots' results no longer matter, without waiting; the task
    is kept in `tasks` until it ends (so a closing host can still wait for it)."""
    game.stop()
    task = asyncio.get_running_loop().create_task(game.referee.close())
    tasks.add(task)
    task.add_done_callback(tasks.discard)
