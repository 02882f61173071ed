"""The host lobby's switch for one of the table's doors (SSH, browser): off / on.

One switch for both doors, so they behave alike. The switch only shows the choice: flipping it
posts `Cycler.Changed`, and the lobby asks the table to open or close the door
(`TableLink.switch_door`: the table layer owns the door's server, closed with the table); a door
that cannot open is said and the lobby flips the switch back to off.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.widgets import Label

from tui.base.i18n import t
from tui.widgets.cycler import Cycler


@dataclass(frozen=True)
class DoorKind:
    """Which door a switch is for."""

    label: str  # the form's label: "SSH door" (marked N_, translated where shown)
    what: str  # the door in a sentence: "the SSH door" (marked N_, translated where shown)
    slot: str  # the TableLink attribute the door lives in (also the switch's id): "ssh_door"


class DoorSwitch(Cycler):
    """off / on for the door of `kind`; `is_open` is how the table has it now."""

    kind: ClassVar[DoorKind]

    def __init__(self, is_open: bool) -> None:
        super().__init__([(t("off"), False), (t("on"), True)], is_open, id=self.kind.slot)

    def rows(self) -> ComposeResult:
        """The lobby form's row: the label and this switch."""
        yield Label(t(self.kind.label))
        yield self
