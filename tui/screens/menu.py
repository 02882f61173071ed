"""The main menu: the first frame `gamenight` draws, so it imports nothing but Textual."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

BANNER = "G A M E N I G H T"
TAGLINE = "a terminal game table"

# (option id / app action, label): every entry is also a key of MENU_KEYS.
ENTRIES = (
    ("solo", "[s]  Solo game against bots"),
    ("host", "[h]  Host a LAN table"),
    ("join", "[j]  Join a LAN table"),
    ("rules", "[r]  Rules"),
    ("help", "[?]  Help and keys"),
    ("quit", "[q]  Quit"),
)


class MenuScreen(Screen[None]):
    """Pick what to do; arrows + Enter, a letter, or a click."""

    HELP = "Arrows and Enter pick an entry; each entry also has its own key. Ctrl+Q quits."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "app.solo", "Solo"),
        Binding("h", "app.host", "Host"),
        Binding("j", "app.join", "Join"),
        Binding("r", "app.rules", "Rules"),
        Binding("q,escape", "app.quit", "Quit", key_display="q"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(BANNER, id="banner")
            yield Static(TAGLINE, id="tagline")
            yield OptionList(
                *(Option(Text(label), id=key) for key, label in ENTRIES), id="menu-options"
            )
        yield Footer()

    @on(OptionList.OptionSelected, "#menu-options")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        await self.app.run_action(f"app.{event.option_id}")
