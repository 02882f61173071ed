"""The pause between rounds: when a deal, a round or a game of a match ends, the table waits
until everyone at it has seen the summary.

The rules go straight on to the next round (the match is one state); the pause is the table's,
not the game's. While it lasts no bot moves and no turn clock runs, so the summary is a moment
rather than a line scrolling away. It ends when every person it waits for says `ready` (or acts,
or leaves: an away seat never holds the table), or, at a LAN table, when `seconds` pass, so one
absent-minded player cannot hold the others. A solo table waits for its one player. Bots are
always ready; the pause is never journaled (a resumed table simply goes on).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

PAUSE_SECONDS = 30.0
"""How long a LAN table waits at most between rounds for the slowest reader."""


class RoundPause:
    """Who the table still waits for, and (at a LAN table) when it stops waiting."""

    def __init__(self, waiting: set[int], seconds: float | None, on_timeout: Callable[[], None]):
        self.waiting = set(waiting)
        self._deadline: float | None = None
        self._timer: asyncio.TimerHandle | None = None
        if seconds is not None:
            loop = asyncio.get_running_loop()
            self._deadline = loop.time() + seconds
            self._timer = loop.call_at(self._deadline, on_timeout)

    def ready(self, seat: int) -> bool:
        """`seat` has seen enough; whether nobody is left to wait for."""
        self.waiting.discard(seat)
        return not self.waiting

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def public(self) -> dict[str, Any]:
        """The state messages' `pause`: the seats waited for, and the seconds left (None: the
        table waits as long as it takes)."""
        left = None
        if self._deadline is not None:
            left = max(0.0, self._deadline - asyncio.get_running_loop().time())
        return {"waiting": sorted(self.waiting), "seconds_left": left}
