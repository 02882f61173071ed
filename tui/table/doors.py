"""A hosted table's doors (SSH, browser): the program they run for each person, and opening
them beside the table.

The table layer owns the door servers (`TableLink.ssh_door`, `.web_door`, closed with the
table); the lobby's widgets only show them. A door runs the door program (tui/programs/door.py)
for each person; this module names that program by its command line, never imports it, so the
table layer stays below the programs. `net` and the door libraries (asyncssh, aiohttp) are
imported once a door is really opened: the menu must open fast.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Protocol

from tui.base.table_names import table_title
from tui.table.door_words import CatalogWording, door_language
from tui.table.listen import door_addresses, serve_on
from tui.table.plans import DEFAULT_SSH_PORT, DEFAULT_WEB_PORT, SshPlan, WebPlan

if TYPE_CHECKING:
    from net.club.club import Club
    from net.door_access import Visitor
    from net.host import Host
    from net.ssh_door import SshDoor
    from net.table_names import Said
    from net.web_door import WebDoor

DOOR_HOST = "127.0.0.1"
"""Where a door's program finds the table: the doors run on the host's machine."""
DOOR_PROGRAM = "tui.programs.cli"
"""The module `python -m` runs for a door's person (its hidden `door` command)."""


class Door(Protocol):
    """What the table needs of an open door: to close it with the table (or by itself,
    `table_closed` False), telling the people behind it which."""

    async def close(self, table_closed: bool = True) -> None: ...


def door_command(
    port: int, visitor: Visitor, secrets_fd: int, table: str = "", said: Said | None = None
) -> list[str]:
    """The program a door runs for a person at the table listening on 127.0.0.1:`port`, named
    `table` on its welcome (the name when this person comes in; argv, never a shell), or, when
    the host made the name up, worded from `said` in the person's language. Who they
    are and their way back are secrets: the program reads them from the inherited file
    descriptor `secrets_fd` (net/handoff.py), never from its command line, which `ps` shows."""
    language = door_language(visitor.languages)
    first = [f"--lang={language}"] if language else []  # the person's, not the host's
    extra = [f"--table={table}"] if table else []
    extra += [f"--table-words={json.dumps(said)}"] if said else []
    extra += [f"--name={visitor.name}"] if visitor.name else []
    first += ["--plain"] if visitor.plain else []  # lines for a screen reader (tui/plain/)
    door = [sys.executable, "-m", DOOR_PROGRAM, *first, "door", str(port)]
    return [*door, *extra, f"--secrets-fd={secrets_fd}"]


async def open_ssh_door(plan: SshPlan, host: Host | Club, addresses: list[str]) -> SshDoor:
    """Open the door to `host`'s table (serving); OSError/ValueError say why not (port taken,
    unreadable keys file).

    The door's programs join from loopback, so the host stops counting loopback joins: the
    door counts each SSH peer's instead (net/ssh_door.py)."""
    from net.ssh_door import SshDoor

    speak_in_languages()
    port = host.port
    assert port is not None
    door = SshDoor(
        lambda visitor, fd: door_command(port, visitor, fd, host.table_name, host.table_words),
        authorized_keys=plan.authorized_keys,
    )
    await _serve(door, host, plan.bind, plan.port, DEFAULT_SSH_PORT, addresses)
    return door


async def open_web_door(plan: WebPlan, host: Host | Club, addresses: list[str]) -> WebDoor:
    """Open the door to `host`'s table (serving); OSError says why not (the port taken).

    The door clients join from loopback, so the host stops counting loopback joins: the door
    paces new browsers per address instead (net/web_door.py)."""
    from net.paths import data_dir
    from net.web_door import WebDoor

    speak_in_languages()
    table_port, title = host.port, table_title(host.table_name, host.table_words)
    assert table_port is not None
    door = WebDoor(
        lambda visitor, fd: door_command(
            table_port, visitor, fd, host.table_name, host.table_words
        ),
        max_sessions=plan.max_sessions,
        idle_seconds=plan.idle_seconds,
        title=title,
        error_log=data_dir() / "web-door.log",
    )
    await _serve(door, host, plan.bind, plan.port, DEFAULT_WEB_PORT, addresses)
    if door.everywhere:  # on every interface: give friends the lobby's addresses
        door.shown = door_addresses(None, addresses)
    return door


def speak_in_languages() -> None:
    """The doors say their own words from the catalogs, in each person's language."""
    from net import door_access

    door_access.set_wording(CatalogWording())


async def _serve(
    door: SshDoor | WebDoor,
    host: Host | Club,
    bind: str | None,
    port: int | None,
    default: int,
    addresses: list[str],
) -> None:
    """Listen for a door (where `bind` says, else on the lobby's `addresses` and loopback); its
    programs all join from loopback, so the host stops counting loopback joins."""
    host.admission.unlimited.add(DOOR_HOST)
    where = door_addresses(bind, addresses)
    await serve_on(lambda port: door.serve(where, port), port, default)


async def open_door(slot: str, host: Host | Club, addresses: list[str]) -> Door:
    """The lobby's switch: the door kept in `slot` ("ssh_door", "web_door") with its defaults
    (the default port, else a free one)."""
    if slot == "ssh_door":
        return await open_ssh_door(SshPlan(), host, addresses)
    if slot == "web_door":
        return await open_web_door(WebPlan(), host, addresses)
    raise ValueError(f"no such door: {slot}")
