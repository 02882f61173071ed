"""`gamenight host --ssh PORT`: the SSH door's settings, and opening it beside a hosted table.

The plan is plain data, so the command line builds it without importing `net` or asyncssh
(the menu must open fast); `open_ssh_door` imports them once a door is really opened.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from net.ssh_door import SshDoor

LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class SshPlan:
    """An SSH door to open: its port, the keys that may come in, where it listens.

    `bind` None listens on the addresses the lobby shows (and loopback), never on every
    interface unless asked for with 0.0.0.0."""

    port: int
    authorized_keys: Path | None = None
    bind: str | None = None


def add_ssh_arguments(host: argparse.ArgumentParser) -> None:
    host.add_argument(
        "--ssh",
        type=int,
        metavar="PORT",
        help="also open an SSH door on PORT: friends join with only an ssh client "
        "(ssh -p PORT play@ADDRESS); see --door-password and --ssh-authorized-keys",
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
    return SshPlan(args.ssh, args.ssh_authorized_keys, args.ssh_bind)


async def open_ssh_door(plan: SshPlan, table_port: int, addresses: list[str]) -> SshDoor:
    """Open the door to the table listening on `table_port`; OSError/ValueError say why not
    (port taken, unreadable keys file)."""
    from net.ssh_door import SshDoor
    from tui.door import door_command

    door = SshDoor(lambda who: door_command(table_port, who), authorized_keys=plan.authorized_keys)
    bind = [plan.bind] if plan.bind else sorted({*addresses, LOOPBACK})
    await door.serve(bind, plan.port)
    return door
