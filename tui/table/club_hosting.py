"""Hosting a club night from this app: the club served, advertised and given its doors like a
table (tui/table/hosting.py), or a crashed club resumed from its journal.

The host person is the club's first member: their `ClubLink` holds the club itself, and their
tables are reached over loopback like anyone's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from net.club import journal as club_journal
from net.club.club import Club
from net.club.journal import unfinished_clubs
from net.club.plan import ClubPlan
from net.referee import new_seed
from tui.base.i18n import words
from tui.base.names import clean_name
from tui.table.club_link import ClubLink
from tui.table.hosting import advertise, open_doors
from tui.table.listen import serve_on
from tui.table.plans import DEFAULT_CLUB_PORT, ClubHostPlan

if TYPE_CHECKING:
    from textual.app import App

    from tui.table.doors import Door

LOOPBACK = "127.0.0.1"


def club_to_resume() -> Path:
    """The newest club night a crash cut off that a person hosted here (a headless club's
    journal has no host person to take back); ValueError when there is none."""
    for path in unfinished_clubs():
        try:
            header = club_journal.load(path).header
        except (OSError, ValueError):  # unreadable, or not a club's: not one to resume
            continue
        if header.get("local") is not None:
            return path
    raise ValueError(words("no unfinished club night to resume"))


def new_club(app: App[None], plan: ClubHostPlan, bot_delay: float) -> Club:
    """The club of the plan, or the newest one a crash cut off (ValueError when none, or when
    its journal has no seat for the host person)."""
    if plan.resume:
        path = club_to_resume()
        club = Club.resume(path, bind=plan.bind, bot_delay=bot_delay)
        if club.local is None:
            said = words("{journal} has no member for the host person", journal=path.name)
            raise ValueError(said)
        return club
    evening = ClubPlan(
        plan.games,
        table_size=plan.table_size,
        draw=plan.draw,
        bots=plan.bots,
        bot_level=plan.bot_level,
        turn_seconds=plan.turn_seconds,
        seed=new_seed() if plan.seed is None else plan.seed,
    )
    return Club(
        evening,
        name=clean_name(plan.player),
        club_name=plan.club_name,
        bind=plan.bind,
        bot_delay=bot_delay,
    )


async def open_club(app: App[None], plan: ClubHostPlan, bot_delay: float) -> ClubLink:
    """Serve the club, advertise it and open its doors; OSError/ValueError say why not (and a
    club that cannot be fully opened is closed again)."""
    club = new_club(app, plan, bot_delay)
    assert club.local is not None
    try:
        port = await serve_on(club.serve, plan.port, DEFAULT_CLUB_PORT)
    except BaseException:
        await club.close()
        raise
    advertiser, addresses = await advertise(plan, club)
    ssh_door, web_door = await open_doors(plan, club, addresses, advertiser)
    doors: list[Door] = [door for door in (ssh_door, web_door) if door is not None]
    return ClubLink(
        app,
        club.local,
        LOOPBACK,
        club=club,
        advertiser=advertiser,
        addresses=[f"{a}:{port}" for a in addresses],
        doors=doors,
    )
