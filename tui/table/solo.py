"""A solo game: a host in this process that never serves, with bots in every other seat.

Solo play runs the very host code a LAN table runs (net/host.py) — only without a port or
discovery — so the turn clock, the journal (a crashed solo game resumes: `gamenight solo
--resume`, or the menu's "Resume solo game"), away-bots and finished-game records behave the same
everywhere. The set-up screen's `SoloSetup` (tui/table/plans.py) says how the table is laid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from net.host import Host
from tui.base.names import clean_name
from tui.table.hosting import journal_to_resume
from tui.table.link import TableLink
from tui.table.plans import SoloSetup

if TYPE_CHECKING:
    from textual.app import App


def open_solo(app: App[None], setup: SoloSetup, seed: int | None = None) -> TableLink:
    """Seat the player in seat 1 of a new solo table, bots around them, and deal.

    ValueError (an option the game refuses) or OSError (the journal cannot be written) if not."""
    host = Host(
        setup.game_id,
        name=clean_name(setup.player),
        players=setup.players,
        options=setup.options,
        bot_delay=setup.bot_delay,
        seed=seed,
        solo=True,
    )
    assert host.local is not None
    for seat, level in enumerate(setup.levels, start=1):
        host.set_bot(seat, level)
    host.start()
    return TableLink(app, host.local, host=host, solo=True)


def resume_solo(app: App[None], bot_delay: float) -> TableLink:
    """The newest solo game cut off by a crash, continued; ValueError when there is none."""
    host = Host.resume(journal_to_resume(solo=True), bot_delay=bot_delay)
    assert host.local is not None
    return TableLink(app, host.local, host=host, solo=True)
