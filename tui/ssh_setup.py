"""`gamenight host --ssh PORT`: the SSH door's settings, and opening it beside a hosted table.

The plan is plain data, so the command line builds it without importing `net` or asyncssh
(the menu must open fast); `open_ssh_door` imports them once a door is really opened.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tui.door_listen import door_addresses, serve_on

if TYPE_CHECKING:
    from net.host import Host
    from net.ssh_door import SshDoor

DEFAULT_SSH_PORT = 2222
"""The SSH door's port unless told otherwise (a free one if another program has it): fixed, so
the command friends were given works again next time."""


@dataclass(frozen=True)
class SshPlan:
    """An SSH door to open: its port, the keys that may come in, where it listens.

    `port` None: DEFAULT_SSH_PORT, or a free one if that is taken (the lobby shows it). `bind`
    None listens on the addresses the lobby shows (and loopback), never on every interface
    unless asked for with 0.0.0.0."""

    port: int | None = None
    authorized_keys: Path | None = None
    bind: str | None = None


def add_ssh_arguments(host: argparse.ArgumentParser) -> None:
    host.add_argument(
        "--ssh",
        type=int,
        nargs="?",
        const=0,
        metavar="PORT",
        help=f"also open an SSH door (on PORT; default {DEFAULT_SSH_PORT}, or a free one): "
        "friends join with only an ssh client (the lobby shows the command); see "
        "--door-password and --ssh-authorized-keys",
    )
    host.add_argument(
        "--ssh-authorized-keys",
        type=Path,
        metavar="FILE",
        help="public keys (authorized_keys format) that may come in through the SSH door",
    )
    host.add_argument(
        "--ssh-bind",
        metavar="ADDR",
        help="the address the SSH door listens on (default: the addresses the lobby shows; "
        "0.0.0.0 for every interface)",
    )


def ssh_plan(args: argparse.Namespace) -> SshPlan | None:
    if args.ssh is None:
        return None
    return SshPlan(args.ssh or None, args.ssh_authorized_keys, args.ssh_bind)


async def open_ssh_door(plan: SshPlan, host: Host, addresses: list[str]) -> SshDoor:
    """Open the door to `host`'s table (serving); OSError/ValueError say why not (port taken,
    unreadable keys file).

    The door's programs join from loopback, so the host stops counting loopback joins: the
    door counts each SSH peer's instead (net/ssh_door.py)."""
    from net.ssh_door import SshDoor
    from tui.door import door_command
    from tui.screens.door_join import DOOR_HOST

    port = host.port
    assert port is not None
    door = SshDoor(
        lambda visitor: door_command(port, visitor, host.table_name),
        authorized_keys=plan.authorized_keys,
    )
    host.admission.unlimited.add(DOOR_HOST)
    bind = door_addresses(plan.bind, addresses)
    await serve_on(lambda port: door.serve(bind, port), plan.port, DEFAULT_SSH_PORT)
    return door
