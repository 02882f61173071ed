"""The seats of a running table whose humans come and go, so the host need not juggle timers.

A human whose connection drops keeps their seat, shown away. With the host's
`away_bot_seconds` set, a bot of `away_bot_level` plays it after that long (BGA's "zombie
mode") and hands it back when the human returns. A kicked human's seat goes to a bot for good.
One `Seating` per game: the settings cannot change while it runs, and `stop` cancels its timers.
"""

from __future__ import annotations

import asyncio

from net.lobby import Settings
from net.notices import Say
from net.referee import Referee, Seat


class Seating:
    """Away seats, stand-in bots and kicked seats of one table."""

    def __init__(
        self,
        referee: Referee,
        settings: Settings,
        notice: Say,
    ) -> None:
        self.referee = referee
        self.settings = settings
        self.notice = notice  # tells everyone at the table something happened, in words
        self._timers: dict[int, asyncio.TimerHandle] = {}

    def away(self, seat: int) -> None:
        """The seat's human dropped (their endpoint is detached): show them away to everyone,
        and send a bot in later."""
        self.referee.broadcast()
        self.schedule(seat)

    def schedule(self, seat: int) -> None:
        """Send a bot into the (away) seat after the settings' delay, if there is one."""
        delay = self.settings.away_bot_seconds
        if delay is None or self.referee.finished.is_set():
            return
        self._timers[seat] = asyncio.get_running_loop().call_later(delay, self._stand_in, seat)

    def back(self, seat: int, name: str) -> None:
        """The seat's human returned (attached again): they take over from any stand-in bot."""
        self._cancel(seat)
        if self.referee.seats[seat].stand_in:
            self.referee.set_seat(seat, Seat(name))
        else:
            self.referee.broadcast()

    def to_bot(self, seat: int, name: str) -> None:
        """The host removed the seat's human: a bot plays it to the end."""
        self._cancel(seat)
        self.referee.set_seat(seat, Seat(name, "bot", self.settings.away_bot_level))

    def stand_in(self, seat: int) -> None:
        """A bot plays the away seat now (the host asked), until its human is back."""
        if not self.referee.seats[seat].away or self.referee.seats[seat].kind == "bot":
            raise ValueError("only a player who is away can be replaced by a bot")
        self._cancel(seat)
        self._stand_in(seat)

    def stop(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()

    def _stand_in(self, seat: int) -> None:
        self._timers.pop(seat, None)
        human = self.referee.seats[seat]
        self.referee.set_seat(
            seat, Seat(human.name, "bot", self.settings.away_bot_level, stand_in=True)
        )
        self.notice(
            f"a bot plays for {human.name} until they are back", "stand_in", {"name": human.name}
        )

    def _cancel(self, seat: int) -> None:
        handle = self._timers.pop(seat, None)
        if handle is not None:
            handle.cancel()
