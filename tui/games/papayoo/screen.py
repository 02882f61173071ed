"""The Papayoo table on the game-screen frame: the hand with a cursor, the pass, the tricks."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button

from tui.base.messages import StateMessage
from tui.base.seats import plural, seat_names
from tui.games.papayoo.widgets import (
    HandPanel,
    PlayersPanel,
    TablePanel,
    card_text,
    log_line,
    score_table,
)
from tui.screens.game import GameScreen

SEND_PASS = "Send pass \\[enter]"  # the one button says what Enter does now
PLAY_CARD = "Play card \\[enter]"


class PapayooScreen(GameScreen):
    """←/→ move over the hand; in the pass space marks cards and enter sends them; in play
    enter (or space) plays the card under the cursor. A click on a card does what space does
    with the cursor on it."""

    GAME_ID = "papayoo"
    CSS_PATH = "papayoo.tcss"
    HINT = "core.papayoo.hints:hint"
    SCORE_WORD = "point"
    HELP = (
        "Cards: ♠S spades, ♥H hearts, ♦D diamonds, ♣C clubs, ¤P Payoos. [ ] is the cursor, "
        "✓ a card chosen to pass, * a card you received, • a card you may play. "
        "Mouse: click a card to mark it (pass) or play it; click Send pass to send the pass."
    )
    FINAL_HELP = "Payoos score their number, the Papayoo 40. The fewest points win."
    PLAY_ACTIONS = frozenset({"cursor", "toggle", "confirm"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "Card ←", show=False),
        Binding("right", "cursor(1)", "Card →", show=False),
        Binding("space", "toggle", "Mark/play"),
        Binding("enter", "confirm", "Send/play"),
    ]

    cursor: int = 0
    chosen: set[str]
    _deal_phase: tuple[int, str] | None = None

    def compose_table(self) -> ComposeResult:
        self.chosen = set()
        with Horizontal(id="table"):
            yield TablePanel(id="trick")
            yield PlayersPanel(id="players")
        yield HandPanel(id="hand")

    def compose_actions(self) -> ComposeResult:
        yield Button(SEND_PASS, id="confirm", action="screen.confirm", compact=True)

    def on_mount(self) -> None:
        """(Textual runs GameScreen.on_mount next: it connects the screen to the table.)"""
        self.query_one("#trick").border_title = "Table"
        self.query_one("#players").border_title = "Players"
        self.query_one("#hand").border_title = "Your hand"

    # ---- drawing ------------------------------------------------------------------------
    def draw(self, state: StateMessage) -> None:
        view = state["view"]
        key = (view["deal"], view["phase"])
        if key != self._deal_phase:  # a new hand to choose from: forget the old marks
            self._deal_phase = key
            self.chosen = set()
            self.cursor = 0
        self._snap_cursor(0)
        self._redraw()

    def _redraw(self) -> None:
        assert self.state is not None
        view = self.state["view"]
        names = seat_names(self.state)
        self.query_one(TablePanel).show(self.state, names)
        self.query_one(PlayersPanel).show(self.state)
        cursor = self.cursor if self.my_move else None
        self.query_one(HandPanel).show(view, cursor, self.chosen)
        confirm = self.query_one("#confirm", Button)
        confirm.label = SEND_PASS if view["phase"] == "pass" else PLAY_CARD
        confirm.disabled = not self.my_move

    def my_prompt(self, state: StateMessage) -> str:
        view = state["view"]
        if view["phase"] == "pass":
            need = view["pass_count"]
            return (
                f"Pass {plural(need, 'card')} left ({len(self.chosen)} marked): ←/→ move, "
                "space marks, enter sends."
            )
        card = self._card()
        lead = "You lead" if not view["trick"] else "Follow suit if you can"
        under = f"; enter plays {card_text(card)}" if card else ""
        return f"{lead}: ←/→ pick a • card{under}."

    # ---- the hand and its cursor ----------------------------------------------------------
    def _hand(self) -> list[str]:
        return list(self.state["view"]["hand"] or []) if self.state else []

    def _pickable(self) -> list[int]:
        """Where the cursor may rest: any card in the pass, legal cards in play."""
        if self.state is None:
            return []
        view = self.state["view"]
        hand = self._hand()
        if view["phase"] == "play":
            legal = set(view["legal"])
            return [i for i, card in enumerate(hand) if card in legal]
        return list(range(len(hand)))

    def _snap_cursor(self, step: int) -> None:
        """Move the cursor `step` places among the pickable cards (0: onto the nearest)."""
        places = self._pickable()
        if not places:
            return
        if self.cursor not in places:
            self.cursor = min(places, key=lambda i: (abs(i - self.cursor), i))
        index = places.index(self.cursor)
        self.cursor = places[max(0, min(len(places) - 1, index + step))]

    def _card(self) -> str | None:
        hand = self._hand()
        return hand[self.cursor] if self.my_move and 0 <= self.cursor < len(hand) else None

    def action_cursor(self, step: int) -> None:
        if self.state is None or not self.my_move:
            return
        self._snap_cursor(step)
        self._redraw()
        self.say(self.prompt())

    async def action_toggle(self) -> None:
        """Space: mark or unmark in the pass, play in a trick."""
        if self.state is None or self.state["view"]["phase"] != "pass":
            await self.action_confirm()
            return
        card = self._card()
        if card is None:
            return
        self.chosen ^= {card}
        self._redraw()
        self.say(self.prompt())

    async def action_confirm(self) -> None:
        """Enter: send the marked cards in the pass, play the card under the cursor in a trick."""
        if self.state is None:
            return
        view = self.state["view"]
        if view["phase"] == "pass":
            if self.my_move and len(self.chosen) != view["pass_count"]:
                self.say(
                    f"Mark exactly {plural(view['pass_count'], 'card')} "
                    f"(now {len(self.chosen)}) with space, then enter."
                )
                return
            hand = self._hand()
            await self.send({"kind": "pass_cards", "cards": [c for c in hand if c in self.chosen]})
            return
        await self.send({"kind": "play", "card": self._card()})

    async def on_hand_panel_picked(self, event: HandPanel.Picked) -> None:
        """A click on a card: the cursor goes there and it is marked, unmarked or played, as
        space does. Any other click is sent as a play: the refusal says why (not our move, or
        PY-13's follow suit)."""
        hand = self._hand()
        if event.index >= len(hand):
            return
        if self.my_move and event.index in self._pickable():
            self.cursor = event.index
            await self.action_toggle()
            return
        await self.send({"kind": "play", "card": hand[event.index]})

    @classmethod
    def log_line(cls, entry: dict[str, Any], names: list[str]) -> str | None:
        return log_line(entry, names)

    @classmethod
    def final_summary(cls, state: StateMessage) -> RenderableType:
        return score_table(state)
