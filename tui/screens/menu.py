"""The main menu: the first frame `gamenight` draws, so it imports nothing but Textual (and
the footer widget, itself only Textual, and the translation function).

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

from tui.base.game_names import game_name
from tui.base.i18n import LANGUAGES, N_, current, right_to_left, t
from tui.widgets.footer import FittingFooter

BANNER = "G A M E N I G H T"  # not words
TAGLINE = N_("a terminal game table")

# (option id / app action, key, label): every entry is also a key binding of the menu.
ENTRIES = (
    ("solo", "s", N_("Solo game against bots")),
    ("host", "h", N_("Host a LAN table")),
    ("join", "j", N_("Join a LAN table or club")),
    ("club", "c", N_("Host a club night (several tables, standings)")),
    ("replays", "p", N_("Replays of finished games")),
    ("rules", "r", N_("Rules")),
    ("language", "l", N_("Language: {language}")),
    ("help", "?", N_("Help and keys")),
    ("quit", "q", N_("Quit")),
)


RESUME_ENTRY = ("resume_solo", "g", N_("Resume solo game"))


def entry_text(key: str, label: str) -> Text:
    """'[s]  Solo game against bots', the key first: on the side a reader starts from once
    the line is laid out (on the right in Persian)."""
    return Text(f"[{key}]  {t(label, language=LANGUAGES[current()])}")


def menu_options(resume: str | None) -> list[Option]:
    """The entries, with "resume" after "solo" while a solo game waits to be resumed; `resume`
    is that game's title ("" when it cannot be told), None when there is none."""
    options = [Option(entry_text(key, label), id=name) for name, key, label in ENTRIES]
    if resume is not None:
        name, key, label = RESUME_ENTRY
        text = entry_text(key, label)
        options.insert(1, Option(text + f" ({resume})" if resume else text, id=name))
    return options


def resumable_title() -> str | None:
    """The title of the solo game "Resume" continues (the newest a crash or leaving cut
    off), "" if its journal no longer tells; None when there is none. Reads the journals."""
    from net.journal import load, unfinished

    found = unfinished(solo=True)
    if not found:
        return None
    try:
        return game_name(str(load(found[0])[1]["game"]))
    except (ValueError, KeyError, OSError):  # gone or garbled since: offer it all the same
        return ""


class MenuScreen(Screen[None]):
    """Pick what to do; arrows + Enter, a letter, or a click."""

    HELP = t("Arrows and Enter pick an entry; each entry also has its own key.")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "app.solo", t("Solo")),
        Binding("g", "resume", t("Resume")),
        Binding("h", "app.host", t("Host")),
        Binding("j", "app.join", t("Join")),
        Binding("c", "app.club", t("Club")),
        Binding("p", "app.replays", t("Replays")),
        Binding("r", "app.rules", t("Rules")),
        Binding("l", "app.language", t("Language")),
        Binding("q,escape", "app.quit", t("Quit"), key_display="q"),
    ]
    # With a solo game to resume, g joins the keys and one row of 80 columns no longer holds
    # them in Czech, Hungarian, Romanian or Persian (q, l and r fell off): the footer takes a
    # second row then (tui/widgets/footer.py); the menu's box leaves the room.
    FOOTER_ROWS = 2

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(BANNER, id="banner")
            yield Static(t(TAGLINE), id="tagline")
            options = OptionList(*menu_options(None), id="menu-options")
            options.set_class(right_to_left(), "right-to-left")
            yield options
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
