"""A turn clock's countdown, for any game whose host runs one (the `clock` of a state message).

Generic: it reads only `{seats, seconds, seconds_left}` and counts down from the moment the
message arrived, as the protocol asks (no clock sync). Hidden when a state carries no clock.
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.widgets import Static

from tui.base.i18n import t

TICK = 0.5  # seconds between redraws


class Countdown(Static):
    """'⏱ 42 s' while a turn clock runs; the seat being played sees '⏱ you: 42 s'."""

    def on_mount(self) -> None:
        self.display = False
        self.clock: dict[str, Any] | None = None
        self.mine = False
        self.received = 0.0
        self.set_interval(TICK, self._tick)

    def show(self, clock: dict[str, Any] | None, seat: int | None) -> None:
        self.clock = clock
        self.mine = clock is not None and seat in clock.get("seats", [])
        self.received = time.monotonic()
        self.display = clock is not None
        self._tick()

    def _tick(self) -> None:
        if self.clock is None:
            return
        left = max(0.0, float(self.clock["seconds_left"]) - (time.monotonic() - self.received))
        seconds = round(left)  # short: the clock shares the status line at 80 columns
        if self.mine:
            self.update(Text(t("⏱ you: {seconds} s", seconds=seconds), style="bold"))
        else:
            self.update(Text(t("⏱ {seconds} s", seconds=seconds)))
