"""A yes/no question in front of the screen it is about (e.g. leaving a game in progress)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.base.i18n import t


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True for yes; Escape and n are the safe answer, no."""

    HELP = t("y answers yes, n or Escape answers no.")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", t("Yes")),
        Binding("n,escape", "answer(False)", t("No"), key_display="n"),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes or t("Yes"), no or t("No")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(classes="buttons"):
                yield Button(f"{self.yes} \\[y]", id="yes", action="screen.answer(True)")
                yield Button(f"{self.no} \\[n]", id="no", action="screen.answer(False)")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
