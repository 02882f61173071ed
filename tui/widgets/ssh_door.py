"""The host lobby's SSH door: a switch to open or close it, and the line that tells friends the
exact command to type, the host key's fingerprint for them to check, and who may come in.

The switch is the lobby's `DoorSwitch` (tui/widgets/door_switch.py), shared with the browser
door. The door lives in the table layer (`TableLink.ssh_door`, closed with the table); the lobby
hands the line the door to show (`show_door`) after each change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

from tui.base.i18n import N_, words
from tui.widgets.door_switch import DoorKind, DoorSwitch

if TYPE_CHECKING:
    from net.ssh_door import SshDoor

SSH_USER = "play"  # any user name works; the lobby shows one, so friends need not choose


def door_text(door: SshDoor, hosts: list[str]) -> str:
    """'SSH: ssh -p 2222 play@192.168.1.20 · password asked', the key's fingerprint, and the
    newest refusal (wrong password, a command…) once there is one; laid out."""
    commands = words(" or ").join(f"ssh -p {door.port} {SSH_USER}@{host}" for host in hosts)
    if door.open_to_all:
        access = words("open to anyone (no password, no keys)")
    elif door.keys is not None:
        access = (
            words("authorized keys only") if door.password is None else words("password or key")
        )
    else:
        access = words("the table password is asked")
    line = words("SSH: {commands} · {access}", commands=commands, access=access)
    key = words("SSH host key {fingerprint}", fingerprint=door.fingerprint)
    if door.last_refusal is not None:
        key = words(
            "{line} · {count} refused, last: {last}",
            line=key,
            count=door.refused,
            last=door.last_refusal,
        )
    return f"{line}\n{key}"


class SshDoorLine(Static):
    """Two lines under the address players join at; hidden while the door is closed."""

    DEFAULT_CSS = "SshDoorLine { height: auto; padding: 0 1; }"

    def __init__(self, hosts: list[str]) -> None:
        """`hosts`: the addresses the lobby shows, where the door listens."""
        super().__init__(markup=False)
        self.hosts = hosts
        self._door: SshDoor | None = None  # the door shown, and listened to

    def on_unmount(self) -> None:
        self._listen(None)

    def show_door(self, door: SshDoor | None) -> None:
        """Show `door` (None: the table has none) and redraw it on each refusal."""
        self._listen(door)
        self.redraw()

    def redraw(self) -> None:
        """Draw the door as it is now (a refusal since)."""
        door = self._door
        self.display = door is not None
        if door is not None:
            self.update(door_text(door, self.hosts))

    def _listen(self, door: SshDoor | None) -> None:
        if door is self._door:
            return
        if self._door is not None:
            self._door.listeners.remove(self.redraw)
        if door is not None:
            door.listeners.append(self.redraw)
        self._door = door


class SshDoorSwitch(DoorSwitch):
    """off / on: the SSH door (on its default port, else a free one)."""

    kind = DoorKind(N_("SSH door"), N_("the SSH door"), "ssh_door")
