"""Choosing the language Gamenight speaks: each language named as its speakers name it.

The choice is remembered; the program then starts again in it (the screens' key labels are
read when they are first imported, tui/base/i18n.py).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.base.i18n import LANGUAGES, current, t


class LanguageScreen(ModalScreen[str | None]):
    """Dismissed with the chosen language's code, or None (Escape) to keep the one in use."""

    HELP = t("↑/↓ pick a language, Enter chooses it; Escape keeps the one in use.")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "keep", t("Back"), key_display="esc"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(t("Language"), classes="screen-title")
        yield OptionList(
            *(Option(name, id=code) for code, name in LANGUAGES.items()), id="languages"
        )

    def on_mount(self) -> None:
        languages = self.query_one("#languages", OptionList)
        languages.highlighted = list(LANGUAGES).index(current())
        languages.focus()

    @on(OptionList.OptionSelected, "#languages")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_keep(self) -> None:
        self.dismiss(None)
