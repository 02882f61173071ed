"""Sitting down at a table in lines: a solo table (its set-up asked), the solo game cut off, a
LAN table hosted or joined (by address, or from the tables found), a club night hosted or
joined, a door's one table.

A table link expects an app to post its "show this screen" messages to; here nothing switches
screens (the conversation follows the state messages), so `Courier` takes them and lets them
go. Everything else is the link the full-screen app uses: a solo table is the same host in
this process, with the same bots, journal and clock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tui.base import settings
from tui.base.i18n import listing, words
from tui.base.names import plain
from tui.plain.browse import found_table
from tui.plain.club import club_night, seat_drawn
from tui.plain.frame import PlainTable
from tui.plain.lines import Lines
from tui.plain.setup import solo_setup
from tui.table.link import TableLink
from tui.table.plans import ClubHostPlan, HostPlan, JoinPlan, parse_address


class Courier:
    """Stands in for the app toward a table link: the screens it asks for need no switching
    in a conversation of lines (the state messages themselves say what to say); a hosted
    table's bots pause as the app's would ($GAMENIGHT_BOT_DELAY)."""

    def __init__(self, heard: Callable[[Any], None] | None = None) -> None:
        self.bot_delay = settings.default_bot_delay()
        self.heard = heard  # a club's draws are heard here (tui/plain/club.py)

    def post_message(self, message: Any) -> bool:
        if self.heard is not None:
            self.heard(message)
        return True


async def solo(lines: Lines, game_id: str | None) -> int:
    from tui.table.solo import open_solo

    setup = await solo_setup(lines, game_id)
    if setup is None:
        return 0
    try:
        link = open_solo(Courier(), setup)  # type: ignore[arg-type]
    except (ValueError, OSError) as err:
        lines.say(words("Cannot start the game: {err}", err=err))
        return 1
    await sit(lines, link)
    return 0


async def sit(lines: Lines, link: TableLink) -> None:
    """Converse at the table until the player leaves, then leave it."""
    table = PlainTable(lines, link)
    link.start()  # after the table listens: the lobby and the first state are heard
    try:
        await table.run()
    finally:
        await link.leave()
        lines.say(words("You left the table."))


async def resumed(lines: Lines) -> int:
    """The newest solo game a crash or leaving cut off, continued."""
    from tui.table.solo import resume_solo

    try:
        link = resume_solo(Courier(), settings.default_bot_delay())  # type: ignore[arg-type]
    except (ValueError, OSError) as err:
        lines.say(words("Cannot start the game: {err}", err=err))
        return 1
    await sit(lines, link)
    return 0


async def hosting(lines: Lines, plan: HostPlan) -> int:
    """Host a LAN table and sit at it: its lobby, then the game."""
    from tui.table.hosting import open_host

    try:
        link = await open_host(Courier(), plan)  # type: ignore[arg-type]
    except (OSError, ValueError) as err:
        lines.say(words("Cannot open the table: {err}", err=err))
        return 1
    where = listing(link.addresses) or words("this machine only")
    lines.say(words("Your table is open: friends join it at {where}.", where=where))
    await sit(lines, link)
    return 0


async def club_hosting(lines: Lines, plan: ClubHostPlan) -> int:
    """Host a club night and be its first member: the organiser's lines (tui/plain/club.py),
    each round's table sat at when the club draws it. Leaving closes the club."""
    from tui.table.club_hosting import open_club

    seats: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    courier = Courier(lambda message: seat_drawn(message, seats))
    try:
        link = await open_club(courier, plan, courier.bot_delay)  # type: ignore[arg-type]
    except Exception as err:  # a port taken, a bad journal, no network: said, not raised
        lines.say(words("Cannot host: {err}", err=plain(err)))
        return 1
    if link.addresses:
        where = listing(link.addresses)
        lines.say(words("Friends join at {addresses} or from their list", addresses=where))
    await club_night(lines, link, seats, sit)
    return 0


async def joining(lines: Lines, plan: JoinPlan) -> int:
    """Join a table by its address, or by its number in the list of tables found."""
    from tui.screens.join import refusal
    from tui.table.joining import open_join

    typed = plan.address or await found_table(lines, plan)
    if typed is None:
        return 0
    try:
        address, port = parse_address(typed)
    except ValueError as err:
        lines.say(words("Not an address: {err}.", err=err))
        return 1
    where = f"{address}:{port}"
    lines.say(words("Joining {where}…", where=where))
    seats: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    courier = Courier(lambda message: seat_drawn(message, seats))
    try:
        link = await open_join(courier, address, port, plan, spectate=plan.spectate)  # type: ignore[arg-type]
    except Exception as err:  # any failure to connect is said, never a crash
        lines.say(refusal(err, where))
        return 1
    if not isinstance(link, TableLink):
        await club_night(lines, link, seats, sit)
        return 0
    await sit(lines, link)
    return 0


async def door(lines: Lines, port: int, table: str, offered: str, again: str) -> int:
    """Welcome the person to the door's table, ask their name, and join it."""
    from tui.base.names import DEFAULT_PLAYER_NAME
    from tui.plain.setup import Questions
    from tui.table.doors import DOOR_HOST

    lines.say(words("Welcome to {where}", where=plain(table) or words("the Gamenight table")))
    if again:
        lines.say(words("Dropped? Come back to your seat with:"), again)
    name = await Questions(lines).name(offered or words(DEFAULT_PLAYER_NAME))
    if name is None:
        return 0
    return await joining(lines, JoinPlan(player=name, address=f"{DOOR_HOST}:{port}"))
