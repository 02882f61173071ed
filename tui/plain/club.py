"""A club night as lines, for a member who joined it: where the evening stands and the
standings read out when they change, each round's table sat at as soon as the club draws it
(the same seat token the app uses), and back to the club once that table is left."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from tui.base.i18n import N_, numeral, words, words_n
from tui.base.names import plain
from tui.plain.commands import Command, call, find, help_lines
from tui.plain.lines import Lines
from tui.screens.club import phase_line, plan_line
from tui.table.club_link import ClubLink, SitAtClubTable
from tui.table.link import TableLink

Sit = Callable[[Lines, TableLink], Awaitable[None]]


def standings_lines(state: dict[str, Any]) -> list[str]:
    """'1. Ana: 2.50 points, 3 games' per member, best first (a shared place as '2=')."""
    lines = []
    for row in state["standings"]:
        rank = f"{row['rank']}=" if row.get("tied") else str(row["rank"])
        games = words_n("{count} game", "{count} games", int(row["games"]))
        lines.append(
            words(
                "{place}. {name}: {points} points, {games}",
                place=rank,
                name=plain(row["player"]),
                points=numeral(float(row["points"]), ".2f"),  # '2,50' in cs
                games=games,
            )
        )
    return lines


class PlainClub:
    """The member's evening: what the club says, the tables it draws them to."""

    def __init__(
        self, lines: Lines, link: ClubLink, seats: asyncio.Queue[dict[str, Any]], sit: Sit
    ) -> None:
        self.lines = lines
        self.sit = sit  # tui.plain.tables.sit: the conversation at one table
        self.link = link
        self.seats = seats  # the club's draws (`club_seat`), as the courier hands them over
        self.said: tuple[str, ...] = ()
        self.done = asyncio.Event()
        link.listen(self.hear)

    def club_lines(self) -> list[str]:
        state = self.link.state
        if state is None:
            return []
        return [plain(state["club"]), phase_line(state), plan_line(state), *standings_lines(state)]

    def hear(self, message: dict[str, Any]) -> None:
        if message["type"] == "club":
            lines = tuple(self.club_lines())
            if lines != self.said:
                self.said = lines
                self.lines.say(*lines)
                self.lines.prompt()
        elif message["type"] == "closed":
            self.lines.say(
                words("The table closed: {reason}.", reason=plain(message.get("reason")))
            )
            self.done.set()

    def commands(self) -> list[Command]:
        return [
            Command(
                "look",
                N_("where the evening stands, and the standings"),
                lambda _: self.lines.say(*self.club_lines()),
                keys=("l",),
            ),
            Command(
                "help",
                N_("the commands you can use now"),
                lambda _: self.lines.say(*help_lines(self.commands())),
                keys=("?",),
            ),
            Command("quit", N_("leave the club"), lambda _: self.done.set(), keys=("q",)),
        ]

    async def run(self) -> None:
        """Read commands, and sit at each table the club draws, until the member leaves."""
        while not self.done.is_set():
            self.lines.prompt()
            reading = asyncio.ensure_future(self.lines.read())
            drawn = asyncio.ensure_future(self.seats.get())
            ending = asyncio.ensure_future(self.done.wait())
            await asyncio.wait({reading, drawn, ending}, return_when=asyncio.FIRST_COMPLETED)
            for task in (reading, drawn, ending):
                if not task.done():
                    task.cancel()
            if drawn.done() and not drawn.cancelled():
                await self.sit(self.lines, await self.link.table_link(drawn.result()))
                self.lines.say(*self.club_lines())
            if reading.done() and not reading.cancelled():
                typed = reading.result()
                if typed is None:
                    return
                await self.command(typed)

    async def command(self, typed: str) -> None:
        word, _, rest = typed.strip().partition(" ")
        if not word:
            return
        found = find(word, self.commands())
        if isinstance(found, str):
            self.lines.say(found)
        else:
            await call(found, rest)


async def club_night(
    lines: Lines, link: ClubLink, seats: asyncio.Queue[dict[str, Any]], sit: Sit
) -> None:
    """Be a member of the club joined until leaving it; then leave it for the evening."""
    club = PlainClub(lines, link, seats, sit)
    link.start()
    try:
        await club.run()
    finally:
        await link.leave()


def seat_drawn(message: object, seats: asyncio.Queue[dict[str, Any]]) -> None:
    """The courier's part: a club's draw goes to the member's queue of tables."""
    if isinstance(message, SitAtClubTable):
        seats.put_nowait(message.seat)
