"""The host lobby's line about the SSH door: the exact command to give friends, the host key's
fingerprint for them to check, and who may come in. Hidden when the table has no SSH door."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

if TYPE_CHECKING:
    from net.ssh_door import SshDoor
    from tui.table import TableLink

SSH_USER = "play"  # any user name works; the lobby shows one, so friends need not choose


def door_text(door: SshDoor, hosts: list[str]) -> str:
    """'SSH: ssh -p 2222 play@192.168.1.20 · key SHA256:… · password asked', in words."""
    commands = " or ".join(f"ssh -p {door.port} {SSH_USER}@{host}" for host in hosts)
    if door.open_to_all:
        access = "open to anyone who reaches it (no password, no keys)"
    elif door.keys is not None:
        access = "authorized keys only" if door.password is None else "password or key"
    else:
        access = "the table password is asked"
    return f"SSH: {commands} · {access}\nSSH host key {door.fingerprint}"


class SshDoorLine(Static):
    """Two lines under the address players join at."""

    DEFAULT_CSS = "SshDoorLine { height: auto; padding: 0 1; }"

    def __init__(self, table: TableLink) -> None:
        door = table.ssh_door
        hosts = [address.rpartition(":")[0] for address in table.addresses]
        super().__init__("" if door is None else door_text(door, hosts), markup=False)
        self.display = door is not None
