"""The host lobby's lines about the browser door: the address to open, how many browsers are
in, who may come in, and the address as a QR code drawn in the terminal for phones to scan.

Hidden when the table has no browser door. The QR code is folded under the door's line (Enter
or a click on the line opens it; the lobby then scrolls), so the lobby fits 80x24 with both
doors on. The switch is the lobby's `DoorSwitch` (tui/widgets/door_switch.py), shared with the
SSH door. The door lives in the table layer (`TableLink.web_door`, closed with the table); the
lobby hands the panel the door to show (`show_door`) after each change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import qrcode
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Collapsible, Static

from tui.base.i18n import N_, words
from tui.widgets.door_switch import DoorKind, DoorSwitch

if TYPE_CHECKING:
    from net.web_door import WebDoor

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
    """'Browsers: http://192.168.1.20:8080 · 2/16 in · the table password is asked': one line
    of an 80-column lobby for one LAN address; laid out."""
    from net import door_access

    access = (
        words("the table password is asked")
        if door_access.password() is not None
        else words("open to anyone on the LAN")
    )
    inside = words("{count}/{most} in", count=len(door.sessions), most=door.max_sessions)
    everywhere = words(" (listening on every interface)") if door.everywhere else ""
    urls = words(" or ").join(lan_urls(door))
    return words(
        "Browsers: {urls}{everywhere} · {inside} · {access}",
        urls=urls,
        everywhere=everywhere,
        inside=inside,
        access=access,
    )


def lan_urls(door: WebDoor) -> list[str]:
    """The door's addresses for friends: the LAN ones, or loopback when there is no other."""
    return [url for url in door.urls if "//127." not in url] or door.urls


class WebDoorPanel(Vertical):
    """The door's line, which folds the QR code out under it (Enter or a click); hidden while
    the table has no browser door. One row while folded: with both doors on, a seven-seat
    lobby still fits 80x24."""

    DEFAULT_CSS = """
    WebDoorPanel { height: auto; padding: 0 1; }
    WebDoorPanel Collapsible { padding: 0; border: none; background: $background; }
    WebDoorPanel CollapsibleTitle { padding: 0; }
    WebDoorPanel #web-qr { width: auto; height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._door: WebDoor | None = None  # the door shown
        self._drawn: WebDoor | None = None  # the door whose QR code is drawn

    def compose(self) -> ComposeResult:
        with Collapsible(collapsed=True, id="web-line"):
            yield Static(id="web-qr")

    def on_mount(self) -> None:
        self.set_interval(REFRESH, self.redraw)  # the browsers coming and going

    def show_door(self, door: WebDoor | None) -> None:
        """Show `door` (None: the table has none)."""
        self._door = door
        self.redraw()

    def redraw(self) -> None:
        """Draw the door as it is now (browsers in)."""
        door = self._door
        self.display = door is not None
        if door is None:
            return
        self.query_one(Collapsible).title = Content(door_line(door))  # type: ignore[assignment]
        if door is not self._drawn:
            self._drawn = door
            self.query_one("#web-qr", Static).update(qr_text(lan_urls(door)[0]))


class WebDoorSwitch(DoorSwitch):
    """off / on: the browser door (on its default port, else a free one)."""

    kind = DoorKind(N_("Web door"), N_("the browser door"), "web_door")
