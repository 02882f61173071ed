"""What a game screen talks to: the seat it plays, not the table behind it.

A game screen never touches a `Table`. It is given a `Session`, receives "state" messages
through the callback it hands to `connect`, and sends intents with `act`. A solo game's session
wraps a table in this process (`tui.solo`); a LAN client will wrap a TCP connection and deliver
the very same messages, so the screens work unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

StateMessage = dict[str, Any]
"""{"type": "state", "version", "seat", "seats": [{"name", "kind", "level", "away"}], "view"}."""


class Session(Protocol):
    """One seat at a table, seen from the screen that plays it."""

    def connect(self, push: Callable[[StateMessage], None]) -> None:
        """Start delivering state messages to `push` (at once, then after every change)."""

    async def act(self, action: dict[str, Any], version: int) -> None:
        """Send an intent decided on the state of `version`; raises core.IllegalMove if refused."""

    def hurry(self) -> None:
        """Ask for the pause before the next bot move to be skipped."""

    async def close(self) -> None:
        """Leave the table; no more messages are delivered."""
