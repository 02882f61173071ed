"""A club member played by a bot: it joins the club, takes each seat the club gives it and
plays it to the end with a core bot, which sees only the views its seat is sent.

For filling a club to try it, the club tests and the benchmark. It is a client like any
other: it reaches its tables by the `club_seat` messages alone, reads a round's summary at
once (`ready`), and never sees a frame a person at its seat would not.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

from core import IllegalMove, get_bot
from net.client import ClientSession, connect
from net.session import Message


class MemberBot:
    """One member at the club at `address`:`port`."""

    def __init__(
        self, address: str, port: int, name: str, *, level: str = "easy", seed: int = 0
    ) -> None:
        self.address = address
        self.port = port
        self.name = name
        self.level = level
        self.rng = random.Random(seed)
        self.club: Message | None = None  # the latest `club` message
        self.session: ClientSession | None = None
        self.table: ClientSession | None = None
        self.seat: Message | None = None  # the latest `club_seat`
        self.finished: list[Message] = []  # the last state of each game played to its end
        self.errors: list[Message] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._acting = False
        self.hold = False  # while True the bot neither acts nor reads summaries (tests)

    async def open(self) -> None:
        self.session = await connect(self.address, self.port, self.name, on_message=self._club)

    def _club(self, message: Message) -> None:
        kind = message["type"]
        if kind == "club":
            self.club = message
        elif kind == "club_seat":
            self.seat = message
            self._spawn(self._sit(message))
        elif kind == "error":
            self.errors.append(message)

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _sit(self, seat: Message) -> None:
        """Take the seat given (leaving the table before, if any) and play it."""
        if self.table is not None:
            await self.table.close()
        session = ClientSession(self.address, seat["port"], self.name)
        session.token = seat["token"]
        bot = get_bot(seat["game"], self.level)
        session.on_message = lambda message: self._play(session, bot, message)
        self.table = session
        await session.open()

    def _play(self, session: ClientSession, bot: Any, message: Message) -> None:
        if message["type"] == "error":
            self.errors.append(message)
        if message["type"] != "state":
            return
        view, pause = message["view"], message.get("pause")
        if view["over"]:
            self.finished.append(message)
            return
        if self.hold:
            return
        if pause is not None and message["seat"] in pause["waiting"]:
            session.ready()
        if message["seat"] in view["to_act"] and not self._acting:
            self._spawn(self._act(session, bot))

    async def _act(self, session: ClientSession, bot: Any) -> None:
        """Act on the newest state until it is not this seat's turn: one intent at a time,
        each waiting for the host's verdict, so no intent is ever stale."""
        self._acting = True
        try:
            while session.state is not None:
                state, view = session.state, session.state["view"]
                if view["over"] or state["seat"] not in view["to_act"]:
                    return
                try:
                    await session.act(bot.act(view, self.rng), state["version"])
                except IllegalMove as err:
                    self.errors.append({"type": "error", "message": str(err)})
                    return
        finally:
            self._acting = False

    @property
    def idle(self) -> bool:
        """Not waiting for the host's verdict on an intent."""
        return not self._acting

    def go_on(self) -> None:
        """Stop holding: act on the newest state if it is this seat's turn."""
        self.hold = False
        table = self.table
        if table is not None and table.state is not None and table.on_message is not None:
            table.on_message(table.state)

    async def drop(self) -> None:
        """Lose both connections without a word (a crash, a cable pulled)."""
        for session in (self.table, self.session):
            if session is not None and session._link is not None:
                session._link.abort("dropped")
        await asyncio.sleep(0)

    async def back(self) -> None:
        """Come back after a drop: to the club (its `club_seat` brings the table back)."""
        assert self.session is not None
        await self.session.reconnect()

    async def leave(self) -> None:
        """Leave the club for good."""
        if self.session is not None:
            self.session.send({"type": "leave"})

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for session in (self.table, self.session):
            if session is not None:
                with contextlib.suppress(Exception):
                    await session.close()


async def fill(address: str, port: int, count: int, level: str, prefix: str) -> None:
    """`count` bot members at the club until interrupted."""
    bots = [MemberBot(address, port, f"{prefix}{i + 1}", level=level, seed=i) for i in range(count)]
    try:
        for bot in bots:
            await bot.open()
        await asyncio.Event().wait()
    finally:
        for bot in bots:
            await bot.close()


def main(argv: list[str] | None = None) -> int:
    """`python -m net.club.member_bot HOST:PORT [--count N]`: fill a club with bot members
    (to try a club night alone, or to make up the numbers)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m net.club.member_bot", description=main.__doc__)
    parser.add_argument("address", metavar="HOST:PORT")
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--prefix", default="Bot member ")
    args = parser.parse_args(argv)
    host, _, port = args.address.rpartition(":")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(fill(host, int(port), args.count, args.level, args.prefix))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
