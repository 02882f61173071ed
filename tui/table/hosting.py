"""Hosting a table from this app: a LAN table (advertised, with its doors) or a journal's
table resumed.

The host (net/host.py) is the table; `open_host` serves it, advertises it and opens the doors the
plan asks for, and hands the app a `TableLink` to it. A table that cannot be fully opened is
taken down again: nobody may sit at a table nobody could find.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from net.discovery import Advertiser, advertised_addresses, mdns_interfaces
from net.host import Host
from net.journal import unfinished
from tui.base.i18n import N_, listing, words
from tui.base.names import clean_name
from tui.table.link import TableLink
from tui.table.listen import serve_on
from tui.table.plans import DEFAULT_PORT, ClubHostPlan, HostPlan

if TYPE_CHECKING:
    from textual.app import App

    from net.club.club import Club
    from net.ssh_door import SshDoor
    from net.web_door import WebDoor


async def open_host(app: App[None], plan: HostPlan) -> TableLink:
    """Host a table (or resume a journal's) and advertise it; OSError/ValueError say why not
    (an advertisement or a door that fails closes the table again: OSError)."""
    host = await _new_host(app, plan)
    assert host.local is not None
    try:
        port = await serve_on(lambda port: host.serve(plan.bind, port), plan.port, DEFAULT_PORT)
    except BaseException:
        await host.close()
        raise
    advertiser, addresses = await advertise(plan, host)
    ssh_door, web_door = await open_doors(plan, host, addresses, advertiser)
    return TableLink(
        app,
        host.local,
        host=host,
        advertiser=advertiser,
        addresses=[f"{a}:{port}" for a in addresses],
        ssh_door=ssh_door,
        web_door=web_door,
    )


async def _new_host(app: App[None], plan: HostPlan) -> Host:
    """The table: a journal's resumed (it must have the host person's seat), or a new one."""
    if not plan.resume:
        player = clean_name(plan.player)
        return Host(plan.game_id, name=player, table_name=plan.table_name, bot_delay=app.bot_delay)
    path = journal_to_resume(plan.resume_table)
    host = Host.resume(path, bot_delay=app.bot_delay)
    if host.local is None:
        await host.close()
        raise ValueError(
            words("{journal} has no seat for the host person to take back", journal=path.name)
        )
    return host


async def advertise(
    plan: HostPlan | ClubHostPlan, host: Host | Club
) -> tuple[Advertiser | None, list[str]]:
    """Advertise the serving table or club (unless asked not to), and the addresses to show
    players."""
    advertiser = None
    try:
        if plan.discovery:
            advertiser = Advertiser(host, plan.interfaces)
            await advertiser.start()
        if plan.bind not in ("0.0.0.0", ""):
            return advertiser, [plan.bind]
        return advertiser, advertised_addresses(mdns_interfaces(plan.interfaces)) or ["127.0.0.1"]
    except Exception as err:  # no ghost table: nobody could find it, so nobody may sit at it
        await close_quietly(advertiser, host)
        raise OSError(
            words(
                "cannot advertise the table on the network ({err}); host without it "
                "(gamenight host --no-discovery) and give players the address",
                err=err,
            )
        ) from err


async def open_doors(
    plan: HostPlan | ClubHostPlan,
    host: Host | Club,
    addresses: list[str],
    advertiser: Advertiser | None,
) -> tuple[SshDoor | None, WebDoor | None]:
    """The doors the plan asks for; one that cannot open closes the table: it was asked for."""
    from tui.table.doors import open_ssh_door, open_web_door

    ssh_door = web_door = None
    try:
        if plan.ssh is not None:
            what = N_("the SSH door")
            ssh_door = await open_ssh_door(plan.ssh, host, addresses)
        if plan.web is not None:
            what = N_("the browser door")
            web_door = await open_web_door(plan.web, host, addresses)
    except Exception as err:
        if ssh_door is not None:
            await ssh_door.close()
        await close_quietly(advertiser, host)
        raise OSError(words("cannot open {door}: {err}", door=words(what), err=err)) from err
    return ssh_door, web_door


async def close_quietly(advertiser: Advertiser | None, host: Host | Club) -> None:
    """Take a table that could not be fully opened down again: nobody may sit at it."""
    if advertiser is not None:
        with contextlib.suppress(Exception):
            await advertiser.close()
    await host.close()


def journal_to_resume(table_id: str | None = None, *, solo: bool = False) -> Path:
    """The journal to resume: the newest unfinished one (of a solo or a LAN game), or the one
    of `table_id`.

    ValueError lists the tables there are to choose from when none (or no such one) is found.
    """
    found = unfinished(solo=solo)
    if not found:
        if solo:
            raise ValueError(words("no unfinished solo game to resume"))
        raise ValueError(words("no unfinished LAN game to resume"))
    if table_id is None:
        return found[0]
    for path in found:
        if path.stem.startswith(table_id):
            return path
    raise ValueError(
        words(
            "no unfinished game of table {table}; unfinished: {tables}",
            table=repr(table_id),
            tables=listing(path.stem for path in found),
        )
    )
