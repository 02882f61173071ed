"""The host lobby's switch for one of the table's doors (SSH, browser): off / on.

One switch for both doors, so they behave alike: the door opens in a worker (the lobby keeps
answering meanwhile); one that cannot open is said in a notice and the switch flips back to
off; one that opened after the table was left, or after the switch went off again, is closed
at once; off closes it. The door lives in the table link (`TableLink.ssh_door`, `.web_door`),
the one place it is kept and closed with the table, and the lobby's line about the door is told
to draw it again after each change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

from textual import on
from textual.app import ComposeResult
from textual.widgets import Label

from tui.names import plain
from tui.widgets.cycler import Cycler

if TYPE_CHECKING:
    from tui.table import TableLink


class Door(Protocol):
    """What the switch needs of a door once it is open."""

    async def close(self) -> None: ...


def hosts_of(table: TableLink) -> list[str]:
    """The addresses the lobby shows, without their ports: where a door listens by default."""
    return [address.rpartition(":")[0] for address in table.addresses]


@dataclass(frozen=True)
class DoorKind:
    """Which door a switch is for."""

    label: str  # the form's label: "SSH door"
    what: str  # the door in a sentence: "the SSH door"
    slot: str  # the TableLink attribute the door lives in (also the switch's id): "ssh_door"


class DoorSwitch(Cycler):
    """off / on for the door kept in `TableLink.<kind.slot>`; a subclass for each door opens it
    and redraws its line."""

    kind: ClassVar[DoorKind]

    def __init__(self, table: TableLink) -> None:
        is_open = getattr(table, self.kind.slot) is not None
        super().__init__([("off", False), ("on", True)], is_open, id=self.kind.slot)
        self.table = table

    @property
    def door(self) -> Door | None:
        return getattr(self.table, self.kind.slot)

    @door.setter
    def door(self, door: Door | None) -> None:
        setattr(self.table, self.kind.slot, door)

    def rows(self) -> ComposeResult:
        """The lobby form's row: the label and this switch."""
        yield Label(self.kind.label)
        yield self

    # ---- what each door does ---------------------------------------------------------------
    async def open_door(self) -> Door:
        """Open the door beside the hosted table; OSError or ValueError say why not."""
        raise NotImplementedError

    def show_door(self) -> None:
        """Tell the lobby's line about this door to draw it as it is now."""
        raise NotImplementedError

    # ---- switching -------------------------------------------------------------------------
    @on(Cycler.Changed)
    def _switched(self, event: Cycler.Changed) -> None:
        event.stop()
        if self.value != (self.door is not None):
            self.run_worker(self._open() if self.value else self._close())

    async def _open(self) -> None:
        try:
            door = await self.open_door()
        except (OSError, ValueError) as err:
            said = f"Cannot open {self.kind.what}: {plain(err)}"
            self.notify(said, severity="error", markup=False)
            self.index = 0
            return
        if self.table.left or not self.value or self.door is not None:
            # the table closed, the switch went off, or a quicker off-on opened one meanwhile
            await door.close()
            return
        self.door = door
        self.show_door()

    async def _close(self) -> None:
        door, self.door = self.door, None
        self.show_door()
        if door is not None:
            await door.close()
