"""Everyone connected to a host, and the one place that says whether a seat is connected.

A member is a connection (or the host person's session) bound to a seat or watching. The lobby
shows a seat connected, and the table shows it away, by asking the roster (the table through
the endpoints the host attaches from it), so the answer cannot disagree between them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from net.limits import Window
from net.link import Link
from net.protocol import encode
from net.referee import Endpoint

CHAT_BURST = 8  # chat lines a seat (or a spectator) may send within CHAT_WINDOW seconds
CHAT_WINDOW = 10.0
# All spectators together may send this many lines within CHAT_WINDOW, so a crowd of them
# cannot flood the players' screens; each seat keeps its own CHAT_BURST.
SPECTATOR_CHAT_BURST = 8


@dataclass(eq=False)
class Member:
    """One connection (or the host person's session) and the seat it is bound to."""

    endpoint: Endpoint
    name: str
    seat: int | None  # None: a spectator
    # a spectator's own chat allowance (a seat's is the roster's: it outlives the connection)
    chat: Window = field(default_factory=lambda: Window(CHAT_BURST, CHAT_WINDOW))

    def close(self, reason: str, code: str | None = None) -> None:
        """Hang up a remote member, with a fatal error frame when `code` is given."""
        if isinstance(self.endpoint, Link):
            if code is None:
                self.endpoint.close(reason)
            else:
                self.endpoint.fail(code, reason)


class Roster:
    """The members of one table, in the order they came."""

    def __init__(self) -> None:
        self.members: list[Member] = []
        self.spectator_chat = Window(SPECTATOR_CHAT_BURST, CHAT_WINDOW)
        self.seat_chat: dict[int, Window] = {}  # each seat's allowance, whoever holds it now

    def __iter__(self) -> Iterator[Member]:
        """The members as they are now (a copy: leaving while iterating is fine)."""
        return iter(list(self.members))

    def __contains__(self, member: object) -> bool:
        return member in self.members

    def add(self, member: Member) -> None:
        self.members.append(member)

    def remove(self, member: Member) -> None:
        self.members.remove(member)

    def connected(self, seat: int) -> bool:
        """Whether anyone holds `seat` now."""
        return any(m.seat == seat for m in self.members)

    def seated(self, seat: int) -> list[Member]:
        return [m for m in self.members if m.seat == seat]

    def spectators(self) -> list[Member]:
        return [m for m in self.members if m.seat is None]

    def may_chat(self, member: Member, now: float) -> bool:
        """Rate-limit chat per seat and, for spectators, per spectator and per table: one
        player cannot flood everyone's screen and connection, and neither can a crowd of
        spectators. A seat's allowance is the seat's, not the connection's: rejoining with the
        seat's token (a new connection) does not renew it (issue 34)."""
        if member.seat is None:
            windows = [member.chat, self.spectator_chat]
        else:
            seat = self.seat_chat.setdefault(member.seat, Window(CHAT_BURST, CHAT_WINDOW))
            windows = [seat]
        if any(window.full(now) for window in windows):
            return False
        for window in windows:
            window.add(now)
        return True

    def broadcast(
        self, message: dict[str, Any], to: Callable[[Member], bool] | None = None
    ) -> None:
        """Send `message` to everyone (or those `to` picks), encoded once for all the
        connections (a club's message to hundreds of members costs one encoding)."""
        frame: bytes | None = None
        for member in list(self.members):
            if to is not None and not to(member):
                continue
            endpoint = member.endpoint
            if isinstance(endpoint, Link):
                if frame is None:
                    frame = encoded(message)
                endpoint.push(message, frame or None)
            else:
                endpoint.push(message)


def encoded(message: dict[str, Any]) -> bytes:
    """The frame of `message`, or b"" when it cannot be one (each link then says why)."""
    try:
        return encode(message)
    except (ValueError, TypeError, OverflowError):
        return b""
