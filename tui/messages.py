"""The messages screens and the app exchange, so that no screen imports the app.

`SeatMessage` carries what the table sent the seat a screen shows. The others are where a
screen asks to go: the app (`tui.app.GamenightApp`), the one navigator, switches screens. That
keeps imports flowing one way — app → screens → widgets — instead of every screen reaching back
into the app that imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from tui.solo import SoloSetup
    from tui.table import TableLink

StateMessage = dict[str, Any]
"""{"type": "state", "version", "seat", "seats": [{"name", "kind", "level", "away"}], "view",
"clock"}, or another of the host's messages (net/PROTOCOL.md): chat, notice, lobby, closed…"""


class SeatMessage(Message):
    """A message from the table arrived for the screen that shows this seat."""

    def __init__(self, message: StateMessage) -> None:
        super().__init__()
        self.message = message


class GoToMenu(Message):
    """Back to the main menu, leaving any table (a LAN table is left, a solo one closed)."""


class PlayAgain(Message):
    """Another game at the same table: solo starts at once, a host reopens the lobby."""


class StartSolo(Message):
    """Seat the player at a new solo table set up like this."""

    def __init__(self, setup: SoloSetup) -> None:
        super().__init__()
        self.setup = setup


class ShowTable(Message):
    """`table` calls for a screen: its "lobby", its "game", or the "final" table (with the
    last state message). The app ignores it once it has left that table."""

    def __init__(self, table: TableLink, screen: str, state: StateMessage | None = None) -> None:
        super().__init__()
        self.table = table
        self.screen = screen
        self.state = state


class TakeSeat(Message):
    """Sit at a table the screen connected to (a joined LAN table)."""

    def __init__(self, table: TableLink, player: str) -> None:
        super().__init__()
        self.table = table
        self.player = player
