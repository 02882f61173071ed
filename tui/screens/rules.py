"""The rules viewer: how to play each game the app can seat you at, one tab per game.

The texts are written for players (`tui/games/<id>/rules.md`, and `rules.<lang>.md` in each
language), not the specification the engine implements; a right-to-left language's text is laid
out by tui/widgets/right_to_left.py. Only games with a screen are shown, so the viewer never
describes a game you cannot play.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static, TabbedContent, TabPane

from tui.base.i18n import right_to_left, t
from tui.widgets.footer import FittingFooter
from tui.widgets.right_to_left import RightToLeftMarkdown


class RulesScreen(Screen[None]):
    """Scrollable rules; opened on one game's tab (from a game: that game; from the menu: the
    game last played) with ←/→ to the others."""

    HELP = t(
        "↑/↓, Page Up/Down, Home and End scroll the text; ←/→ (or a click on a tab) switch games."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "left",
            "switch(-1)",
            t("Game"),
            key_display="←/→",
            priority=True,
            tooltip=t("Previous game"),  # the help's words for ← alone
        ),
        Binding("right", "switch(1)", t("Next game"), show=False, priority=True),
        Binding("q,escape", "app.pop_screen", t("Back"), key_display="q"),
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
                    if right_to_left():  # Persian: wrapped, then laid out line by line
                        yield Static(RightToLeftMarkdown(text), classes="rules-rtl")
                    else:
                        yield Markdown(text)
        yield FittingFooter()

    def on_mount(self) -> None:
        if self.first:
            self.query_one(f"#rules-{self.first} .rules-text").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return len(self.texts) > 1 if action == "switch" else True

    def action_switch(self, step: int) -> None:
        """The previous or next game's rules (priority keys: the focused text would take the
        arrows to scroll sideways, which the wrapped rules never need)."""
        tabs = self.query_one(TabbedContent)
        ids = [f"rules-{game_id}" for game_id in self.texts]
        index = ids.index(tabs.active) if tabs.active in ids else 0
        tabs.active = ids[(index + step) % len(ids)]
        self.query_one(f"#{tabs.active} .rules-text").focus()
