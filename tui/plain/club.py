"""A club night as lines, for a member who joined it or the organiser who hosts it: where the
evening stands and the standings read out when they change, each round's table sat at as soon
as the club draws it (the same seat token the app uses), and back to the club once that table
is left. Anyone may read the round's tables (`tables`), who is here (`members`) and watch a
running table (`watch 2`); the organiser starts each round (`start`), as `s` does on the club
screen (tui/screens/club.py), and `quit` closes the club."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from tui.base.i18n import N_, numeral, words, words_n
from tui.base.names import not_ready_words, plain
from tui.base.table_names import table_title
from tui.plain.commands import Command, call, find, help_lines
from tui.plain.lines import Lines
from tui.screens.club import member_status, phase_line, plan_line, table_line
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
                points=numeral(float(row["points"]), ".2f"),  # 2.50, 2,50 (hu, cs, ro)
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
        club = table_title(state["club"], state.get("club_words"))
        lines = [club, phase_line(state), plan_line(state)]
        return [*lines, *standings_lines(state), *self.organiser_lines(state)]

    def organiser_lines(self, state: dict[str, Any]) -> list[str]:
        """For the organiser between rounds: whether the next one can start, and how."""
        if not self.link.hosting or state["phase"] not in ("gathering", "between"):
            return []
        reason = not_ready_words(state)
        if reason:
            return [words("Cannot start: {reason}.", reason=reason)]
        return [words("start begins the next round.")]

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
        hosting = self.link.hosting
        return [
            Command(
                "start",
                N_("start the next round: everyone drawn is seated at once"),
                self.start_round,
                keys=("s",),
                now=lambda: hosting,
            ),
            Command(
                "look",
                N_("where the evening stands, and the standings"),
                lambda _: self.lines.say(*self.club_lines()),
                keys=("l",),
            ),
            Command("tables", N_("the tables of the round"), self.tables, keys=("t",)),
            Command("members", N_("who is at the club, and what they are doing"), self.members),
            Command("watch", N_("watch a running table of the round"), self.watch, usage="N"),
            Command(
                "help",
                N_("the commands you can use now"),
                lambda _: self.lines.say(*help_lines(self.commands())),
                keys=("?",),
            ),
            Command(
                "quit",
                N_("close the club for everyone") if hosting else N_("leave the club"),
                lambda _: self.done.set(),
                keys=("q",),
            ),
        ]

    def start_round(self, _rest: str) -> None:
        refused = self.link.start_round()
        self.lines.say(refused if refused else words("Drawing the round's seats…"))

    def tables(self, _rest: str) -> None:
        state = self.link.state
        if state is None or not state["tables"]:
            self.lines.say(words("No table is being played now."))
            return
        self.lines.say(*(table_line(table, state) for table in state["tables"]))

    def members(self, _rest: str) -> None:
        state = self.link.state
        if state is None:
            return
        doing = member_status(state)
        self.lines.say(
            *(words("{name}: {doing}", name=plain(name), doing=now) for name, now in doing.items())
        )

    async def watch(self, rest: str) -> None:
        """Watch table N of the round (as the club screen's Enter on a table does)."""
        state = self.link.state
        tables = state["tables"] if state is not None else []
        if not tables:
            self.lines.say(words("No table is being played now."))
            return
        if not rest.isdigit() or not 1 <= int(rest) <= len(tables):
            self.lines.say(words("Choose a number from 1 to {last}.", last=len(tables)))
            return
        table = tables[int(rest) - 1]
        if table["over"]:
            self.lines.say(words("Table {number} has finished.", number=table["table"] + 1))
            return
        try:
            link = await self.link.watch(int(table["port"]))
        except Exception as err:  # refused, gone, unreachable: said, never a crash
            self.lines.say(words("Cannot watch that table: {err}", err=plain(err)))
            return
        link.club_table = True
        await self.sit(self.lines, link)
        self.lines.say(*self.club_lines())

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
