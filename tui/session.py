"""What a game screen talks to: the seat it plays, not the table behind it.

A game screen never touches a `Table`. It is given a `Session`, receives messages through the
callback it hands to `connect`, and sends intents with `act`. A solo game's session wraps a
table in this process (`tui.solo`); a LAN seat (`tui.lan.LanSeat`) wraps the host person's
session or a TCP connection and delivers the very same "state" messages, plus the table's talk
(chat, notices, a dropped connection), so the screens work unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from textual.message import Message

if TYPE_CHECKING:
    from tui.lan import LanTable

StateMessage = dict[str, Any]
"""{"type": "state", "version", "seat", "seats": [{"name", "kind", "level", "away"}], "view",
"clock"}; LAN seats also deliver the protocol's other host messages (net/PROTOCOL.md)."""


class SeatMessage(Message):
    """A message from the table arrived for the screen that shows this seat."""

    def __init__(self, message: StateMessage) -> None:
        super().__init__()
        self.message = message


class Session(Protocol):
    """One seat at a table, seen from the screen that plays it."""

    lan: LanTable | None
    """The LAN table behind the seat (chat, rejoin, who hosts), or None for a solo game."""

    def connect(self, push: Callable[[StateMessage], None]) -> None:
        """Start delivering state messages to `push` (at once, then after every change)."""

    async def act(self, action: dict[str, Any], version: int) -> None:
        """Send an intent decided on the state of `version`; raises core.IllegalMove if refused."""

    def hurry(self) -> None:
        """Ask for the pause before the next bot move to be skipped."""

    async def close(self) -> None:
        """Stop delivering messages; a solo table closes, a LAN table stays joined."""
