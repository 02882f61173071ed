"""A generic turn clock: when a turn runs out, the host applies the game's `timeout_action`.

It knows nothing of any game beyond the core contract: after every action it restarts for the
seats in `to_act`, and on expiry acts for those still there. Only games that list a
`turn_seconds` option get one (Rummikub); the rules decide what a timeout does. State messages
carry `seconds_left` rather than a wall-clock deadline, so a client whose clock is off still
counts down correctly.

The clock imports the referee it drives and never the reverse: the referee knows a clock only
as `net.referee.Clock`, the one method its state messages need.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from core import IllegalMove
from net.referee import SAVE_RETRY, Referee

log = logging.getLogger(__name__)


class TurnClock:
    """Restart with `restart()` after each action; reported through `referee.clock`."""

    def __init__(self, referee: Referee, seconds: float) -> None:
        self.referee = referee
        self.seconds = seconds
        self.seats: list[int] = []
        self._deadline: float | None = None
        self._timer: asyncio.TimerHandle | None = None
        referee.clock = self

    def restart(self) -> None:
        """Give the seats to act now a fresh `seconds` (none when the game is over, none while
        the table pauses between rounds: the referee restarts it when the pause ends)."""
        self.stop()
        self.seats = list(self.referee.game.to_act(self.referee.state))
        if self.seats and self.referee.pause is None:  # no clock runs while the table pauses
            loop = asyncio.get_running_loop()
            self._deadline = loop.time() + self.seconds
            self._timer = loop.call_at(self._deadline, self._expire)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._deadline = None

    def public(self) -> dict[str, Any] | None:
        if self._deadline is None:
            return None
        left = self._deadline - asyncio.get_running_loop().time()
        return {"seats": self.seats, "seconds": self.seconds, "seconds_left": max(0.0, left)}

    def _expire(self) -> None:
        self._timer = None
        for seat in self.seats:
            if seat in self.referee.game.to_act(self.referee.state):
                try:
                    self.referee.act(
                        seat, self.referee.game.timeout_action(self.referee.state, seat)
                    )
                except IllegalMove as err:
                    log.error("the game refused a timeout for seat %s: %s", seat, err)
                except OSError as err:  # not journaled, so not applied: time it out again soon
                    log.error("could not save the timeout of seat %s (%s); retrying", seat, err)
                    loop = asyncio.get_running_loop()
                    self._timer = loop.call_later(SAVE_RETRY, self._expire)
                    return
