"""The host lobby's SSH door: a switch to open or close it, and the line that tells friends the
exact command to type, the host key's fingerprint for them to check, and who may come in.

The switch is the lobby's `DoorSwitch` (tui/widgets/door_switch.py), shared with the browser
door; the door lives in `TableLink.ssh_door` (closed with the table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

from tui.widgets.door_switch import DoorKind, DoorSwitch, hosts_of

if TYPE_CHECKING:
    from net.ssh_door import SshDoor
    from tui.table import TableLink

SSH_USER = "play"  # any user name works; the lobby shows one, so friends need not choose


def door_text(door: SshDoor, hosts: list[str]) -> str:
    """'SSH: ssh -p 2222 play@192.168.1.20 · password asked', the key's fingerprint, and the
    newest refusal (wrong password, a command…) once there is one."""
    commands = " or ".join(f"ssh -p {door.port} {SSH_USER}@{host}" for host in hosts)
    if door.open_to_all:
        access = "open to anyone (no password, no keys)"
    elif door.keys is not None:
        access = "authorized keys only" if door.password is None else "password or key"
    else:
        access = "the table password is asked"
    text = f"SSH: {commands} · {access}\nSSH host key {door.fingerprint}"
    if door.last_refusal is not None:
        text += f" · {door.refused} refused, last: {door.last_refusal}"
    return text


class SshDoorLine(Static):
    """Two lines under the address players join at; hidden while the door is closed."""

    DEFAULT_CSS = "SshDoorLine { height: auto; padding: 0 1; }"

    def __init__(self, table: TableLink) -> None:
        super().__init__(markup=False)
        self.table = table
        self._door: SshDoor | None = None  # the door listened to

    def on_mount(self) -> None:
        self.show_door()

    def on_unmount(self) -> None:
        self._listen(None)

    def show_door(self) -> None:
        """Draw the table's door as it is now (opened, closed, a refusal)."""
        door = self.table.ssh_door
        self._listen(door)
        self.display = door is not None
        if door is not None:
            self.update(door_text(door, hosts_of(self.table)))

    def _listen(self, door: SshDoor | None) -> None:
        if door is self._door:
            return
        if self._door is not None:
            self._door.listeners.remove(self.show_door)
        if door is not None:
            door.listeners.append(self.show_door)
        self._door = door


class SshDoorSwitch(DoorSwitch):
    """off / on: opens the SSH door (default port, else a free one) or closes it."""

    kind = DoorKind("SSH door", "the SSH door", "ssh_door")

    async def open_door(self) -> SshDoor:
        from tui.ssh_setup import SshPlan, open_ssh_door

        assert self.table.host is not None
        return await open_ssh_door(SshPlan(), self.table.host, hosts_of(self.table))

    def show_door(self) -> None:
        self.screen.query_one(SshDoorLine).show_door()
