"""The main menu: the first frame `gamenight` draws, so it imports nothing but Textual (and
the footer widget, itself only Textual).

Whether a solo game waits to be resumed is looked up after the first frame, in a thread (it
reads the journals, which needs the rules library): the entry appears once one is found, named
after its game ("Resume solo game (Papayoo)"), and is looked up again each time the menu is
back in front.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.footer import FittingFooter

BANNER = "G A M E N I G H T"
TAGLINE = "a terminal game table"

# (option id / app action, label): every entry is also a key of MENU_KEYS.
ENTRIES = (
    ("solo", "[s]  Solo game against bots"),
    ("host", "[h]  Host a LAN table"),
    ("join", "[j]  Join a LAN table or club"),
    ("club", "[c]  Host a club night (several tables, standings)"),
    ("replays", "[p]  Replays of finished games"),
    ("rules", "[r]  Rules"),
    ("help", "[?]  Help and keys"),
    ("quit", "[q]  Quit"),
)


RESUME_ENTRY = ("resume_solo", "[g]  Resume solo game")


def menu_options(resume: str | None) -> list[Option]:
    """The entries, with "resume" after "solo" while a solo game waits to be resumed; `resume`
    is that game's title ("" when it cannot be told), None when there is none."""
    entries = list(ENTRIES)
    if resume is not None:
        key, label = RESUME_ENTRY
        entries.insert(1, (key, f"{label} ({resume})" if resume else label))
    return [Option(Text(label), id=key) for key, label in entries]


def resumable_title() -> str | None:
    """The title of the solo game "Resume" continues (the newest a crash or leaving cut
    off), "" if its journal no longer tells; None when there is none. Reads the journals."""
    from core import get_game
    from net.journal import load, unfinished

    found = unfinished(solo=True)
    if not found:
        return None
    try:
        return get_game(load(found[0])[1]["game"]).title
    except (ValueError, KeyError, OSError):  # gone or garbled since: offer it all the same
        return ""


class MenuScreen(Screen[None]):
    """Pick what to do; arrows + Enter, a letter, or a click."""

    HELP = "Arrows and Enter pick an entry; each entry also has its own key."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "app.solo", "Solo"),
        Binding("g", "resume", "Resume"),
        Binding("h", "app.host", "Host"),
        Binding("j", "app.join", "Join"),
        Binding("c", "app.club", "Club"),
        Binding("p", "app.replays", "Replays"),
        Binding("r", "app.rules", "Rules"),
        Binding("q,escape", "app.quit", "Quit", key_display="q"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(BANNER, id="banner")
            yield Static(TAGLINE, id="tagline")
            yield OptionList(*menu_options(None), id="menu-options")
        yield FittingFooter()

    resume: str | None = None  # the title of the solo game g resumes, None: no such game

    @property
    def resumable(self) -> bool:
        return self.resume is not None

    def on_mount(self) -> None:
        self.run_worker(self._look_for_a_solo_game, thread=True, exit_on_error=False)

    def _look_for_a_solo_game(self) -> None:
        title = resumable_title()
        self.app.call_from_thread(self._offer_resume, title)

    def _offer_resume(self, title: str | None) -> None:
        """Show (or drop, or rename) the resume entry for the game there is to resume now."""
        if title == self.resume:
            return
        self.resume = title
        options = self.query_one("#menu-options", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        options.add_options(menu_options(self.resume))
        options.highlighted = highlighted
        self.refresh_bindings()

    def on_screen_resume(self) -> None:
        """Back from a game: the game to resume may have changed (left, finished, another)."""
        self.run_worker(self._look_for_a_solo_game, thread=True, exit_on_error=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.resumable if action == "resume" else True

    async def action_resume(self) -> None:
        await self.app.run_action("app.resume_solo")

    @on(OptionList.OptionSelected, "#menu-options")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        await self.app.run_action(f"app.{event.option_id}")
