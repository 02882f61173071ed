"""The rules viewer: how to play each game the app can seat you at, one tab per game.

The texts are written for players (`tui/games/<id>/rules.md`), not the specification the engine
implements; only games with a screen are shown, so the viewer never describes a game you cannot
play.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, TabbedContent, TabPane


class RulesScreen(Screen[None]):
    """Scrollable rules; opened from the menu or from inside a game (that game's tab first)."""

    HELP = (
        "Arrows, Page Up/Down, Home and End scroll the text; Tab then ←/→ switch games when "
        "there are several."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "app.pop_screen", "Back", key_display="q"),
    ]

    def __init__(self, texts: dict[str, tuple[str, str]], game_id: str | None = None) -> None:
        """`texts`: each game's title and rules (Markdown) by game id, in the menu's order."""
        super().__init__()
        self.texts = texts
        self.first = game_id if game_id in self.texts else next(iter(self.texts), None)

    def compose(self) -> ComposeResult:
        with TabbedContent(initial=f"rules-{self.first}" if self.first else ""):
            for game_id, (title, text) in self.texts.items():
                with TabPane(title, id=f"rules-{game_id}"), VerticalScroll(classes="rules-text"):
                    yield Markdown(text)
        yield Footer()

    def on_mount(self) -> None:
        if self.first:
            self.query_one(f"#rules-{self.first} .rules-text").focus()
