"""The messages screens and the app exchange, so that no screen imports the app.

`SeatMessage` carries what the table sent the seat a screen shows. The others are where a
screen asks to go: the app (`tui.app.GamenightApp`), the one navigator, switches screens. That
keeps imports flowing one way — app → screens → widgets — instead of every screen reaching back
into the app that imports it. They carry plain data and import nothing of tui; the messages that
carry a table link or a set-up plan live beside what they carry (`tui.table.link.ShowTable`,
`TakeSeat`; `tui.table.plans.StartSolo`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.message import Message

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


class ShowRules(Message):
    """Open the rules for players, at this game's tab (the app knows the games' rules)."""

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id


class OpenReplay(Message):
    """Watch the finished game kept in this record file (on seat `own`'s eyes, when given)."""

    def __init__(self, path: Path, own: int | None = None) -> None:
        super().__init__()
        self.path = path
        self.own = own
