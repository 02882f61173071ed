"""The host lobby's lines about the browser door: the address to open, how many browsers are
in, who may come in, and the address as a QR code drawn in the terminal for phones to scan.

Hidden when the table has no browser door. The QR code sits in a collapsible (Enter or a click
opens it) so the lobby still fits 80x24 with the door on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import qrcode
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Collapsible, Static

if TYPE_CHECKING:
    from net.web_door import WebDoor
    from tui.table import TableLink

DARK, LIGHT = "#000000", "#ffffff"
REFRESH = 1.0  # seconds between redraws of the browser count


def qr_text(url: str) -> Text:
    """`url` as a QR code, two modules a character (▀ with the top one in front, the bottom
    one behind), dark on light with a quiet zone, so a phone's camera reads it off the screen."""
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(url)
    code.make(fit=True)
    matrix = code.get_matrix()
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    text = Text(no_wrap=True)
    for top, bottom in zip(matrix[::2], matrix[1::2], strict=True):
        for upper, lower in zip(top, bottom, strict=True):
            text.append("▀", style=f"{DARK if upper else LIGHT} on {DARK if lower else LIGHT}")
        text.append("\n")
    text.rstrip()
    return text


def door_line(door: WebDoor) -> str:
    """'Browsers: open http://192.168.1.20:8080 · 2/16 in · the table password is asked'."""
    from net import door_access

    access = (
        "the table password is asked"
        if door_access.password() is not None
        else "no password: open to anyone on the LAN"
    )
    inside = f"{len(door.sessions)}/{door.max_sessions} in"
    everywhere = " (listening on every interface)" if door.everywhere else ""
    return f"Browsers: open {' or '.join(lan_urls(door))}{everywhere} · {inside} · {access}"


def lan_urls(door: WebDoor) -> list[str]:
    """The door's addresses for friends: the LAN ones, or loopback when there is no other."""
    return [url for url in door.urls if "//127." not in url] or door.urls


class WebDoorPanel(Vertical):
    """The door's line and, folded, its QR code."""

    DEFAULT_CSS = """
    WebDoorPanel { height: auto; padding: 0 1; }
    WebDoorPanel Collapsible { padding: 0; border: none; }
    WebDoorPanel #web-qr { width: auto; height: auto; }
    """

    def __init__(self, table: TableLink) -> None:
        super().__init__()
        self.door = table.web_door
        self.display = self.door is not None

    def compose(self) -> ComposeResult:
        if self.door is None:
            return
        yield Static(door_line(self.door), id="web-line", markup=False)
        with Collapsible(title="QR code of the browser address (for phones)", collapsed=True):
            yield Static(qr_text(lan_urls(self.door)[0]), id="web-qr")

    def on_mount(self) -> None:
        if self.door is not None:
            self.set_interval(REFRESH, self._recount)

    def _recount(self) -> None:
        assert self.door is not None
        self.query_one("#web-line", Static).update(door_line(self.door))
