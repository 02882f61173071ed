"""Joining from afar: a LAN table, or a club night, told apart by the host's welcome."""

from __future__ import annotations

from typing import TYPE_CHECKING

from net.client import connect
from tui.base.names import clean_name
from tui.table.club_link import ClubLink
from tui.table.link import TableLink
from tui.table.plans import JoinPlan

if TYPE_CHECKING:
    from textual.app import App


async def open_join(
    app: App[None], address: str, port: int, plan: JoinPlan, *, spectate: bool = False
) -> TableLink | ClubLink:
    """Connect to a table, or to a club night (its welcome says so); HandshakeError (the
    host's reason), OSError or TimeoutError if not."""
    session = await connect(address, port, clean_name(plan.player), spectate=spectate)
    if session.welcome is not None and session.welcome.get("club") is True:
        return ClubLink(app, session, address)
    return TableLink(app, session)
