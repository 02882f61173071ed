"""The No Thanks! table on the game-screen frame: the offer, the players' rows, two keys."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button

from tui.base.i18n import key_label, t, words
from tui.base.messages import StateMessage
from tui.games.nothanks.widgets import OfferPanel, PlayersPanel, log_line, score_table, tokens
from tui.screens.game import GameScreen

TAKE = {"kind": "take"}
PASS = {"kind": "pass"}


class NoThanksScreen(GameScreen):
    """Take the card (t) or pay a token to pass (p); bots move in between."""

    GAME_ID = "nothanks"
    CSS_PATH = "nothanks.tcss"
    HINT = "core.nothanks.hints:hint"
    HELP = t(
        "Mouse: click Take or No thanks!. Your own token count is shown; the others' stay "
        "hidden (?) until the end. Pts counts only the lowest card of each run."
    )
    FINAL_HELP = t("Score = the lowest card of each run, minus your tokens. The lowest score wins.")
    PLAY_ACTIONS = frozenset({"take", "pass"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "take", t("Take")),
        Binding("p,space", "pass", t("No thanks!")),
    ]

    def compose_table(self) -> ComposeResult:
        with Horizontal(id="table"):
            yield OfferPanel(id="offer")
            yield PlayersPanel(id="players")

    def compose_actions(self) -> ComposeResult:
        yield Button(key_label(t("Take"), "t"), id="take", action="screen.take", compact=True)
        yield Button(key_label(t("No thanks!"), "p"), id="pass", action="screen.pass", compact=True)

    def on_mount(self) -> None:
        """(Textual runs GameScreen.on_mount next: it connects the screen to the table.)"""
        self.query_one("#offer").border_title = t("On offer")
        self.query_one("#players").border_title = t("Players")

    def draw(self, state: StateMessage) -> None:
        view = state["view"]
        self.query_one(OfferPanel).show(view)
        self.query_one(PlayersPanel).show(state)
        mine = self.my_move
        self.query_one("#take", Button).disabled = not mine
        broke = mine and view["tokens"][state["seat"]] == 0
        self.query_one("#pass", Button).disabled = not mine or broke

    def my_prompt(self, state: StateMessage) -> str:
        view = state["view"]
        take = words("t takes {card} (+{tokens})", card=view["card"], tokens=tokens(view["pot"]))
        if view["tokens"][state["seat"]] == 0:
            return words("No tokens left: {take}.", take=take)
        return words("Your turn: {take}, p passes.", take=take)

    @classmethod
    def log_line(cls, entry: dict[str, Any], names: list[str]) -> str:
        return log_line(entry, names)

    @classmethod
    def final_summary(cls, state: StateMessage) -> RenderableType:
        return score_table(state)

    async def action_take(self) -> None:
        await self.send(TAKE)

    async def action_pass(self) -> None:
        await self.send(PASS)
