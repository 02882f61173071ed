"""The Papayoo table on the game-screen frame: the hand with a cursor, the pass, the tricks."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button

from tui.base.i18n import key_label, t, words, words_n
from tui.base.messages import StateMessage
from tui.base.seats import POINTS, name_list, seat_names
from tui.games.papayoo.tricks import just_taken, last_trick, on_table
from tui.games.papayoo.widgets import (
    HandPanel,
    PlayersPanel,
    TablePanel,
    card_text,
    log_line,
    score_table,
)
from tui.screens.game import GameScreen
from tui.screens.round_summary import last_entry, round_over

SEND_PASS = key_label(t("Send pass"), "enter")  # the one button says what Enter does now
PLAY_CARD = key_label(t("Play card"), "enter")
PASS_SENT = t("Pass sent")


class PapayooScreen(GameScreen):
    """←/→ move over the hand; in the pass space marks cards and enter sends them; in play
    enter (or space) plays the card under the cursor. A click on a card does what space does
    with the cursor on it."""

    GAME_ID = "papayoo"
    CSS_PATH = "papayoo.tcss"
    HINT = "core.papayoo.hints:hint"
    HELP = t(
        "Cards: ♠S spades, ♥H hearts, ♦D diamonds, ♣C clubs, ¤P Payoos. [ ] is the cursor, "
        "✓ a card chosen to pass, * a card you received, • a card you may play. "
        "Mouse: click a card to mark it (pass) or play it; click Send pass to send the pass. "
        "A trick just taken stays on the table, its taker marked 'took', until the next card; "
        "t shows the last trick taken at any time, t again hides it."
    )
    FINAL_HELP = t("Payoos score their number, the Papayoo 40. The fewest points win.")
    PLAY_ACTIONS = frozenset({"cursor", "toggle", "confirm"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", t("Card ←"), show=False),
        Binding("right", "cursor(1)", t("Card →"), show=False),
        Binding("space", "toggle", t("Mark/play")),
        Binding("enter", "confirm", t("Send/play")),
        Binding("t", "last_trick", t("Last trick")),
    ]

    cursor: int = 0
    chosen: set[str]
    _deal_phase: tuple[int, str] | None = None
    want_last = False  # t asked for the last trick, until the next card is played
    _asked_at = 0  # the log's length when t asked: a longer log means a card was played

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
        self.query_one("#trick").border_title = t("Table")
        self.query_one("#players").border_title = t("Players")
        self.query_one("#hand").border_title = t("Your hand")

    # ---- drawing ------------------------------------------------------------------------
    def draw(self, state: StateMessage) -> None:
        view = state["view"]
        key = (view["deal"], view["phase"])
        if key != self._deal_phase:  # a new hand to choose from: forget the old marks
            self._deal_phase = key
            self.chosen = set()
            self.cursor = 0
        if len(view["log"]) != self._asked_at:
            self.want_last = False
        self._snap_cursor(0)
        self._redraw()

    def _redraw(self) -> None:
        assert self.state is not None
        view = self.state["view"]
        names = seat_names(self.state)
        shown = on_table(view, self.want_last)
        self.query_one(TablePanel).show(self.state, names, shown)
        self.query_one(PlayersPanel).show(self.state, shown)
        cursor = self.cursor if self.my_move else None
        self.query_one(HandPanel).show(view, cursor, self.chosen)
        confirm = self.query_one("#confirm", Button)
        if view["phase"] != "pass":
            confirm.label = PLAY_CARD
        else:
            confirm.label = SEND_PASS if self.my_move or self.watching else PASS_SENT
        confirm.disabled = not self.my_move

    def turn_text(self) -> str:
        """During the pass nobody has a turn: the title says whose passes the table awaits."""
        assert self.state is not None
        view = self.state["view"]
        if view["phase"] != "pass":
            return super().turn_text()
        if self.my_move:
            return words("choose your pass")
        waiting = view["to_act"]
        who = (
            seat_names(self.state)[waiting[0]]
            if len(waiting) == 1
            else words_n("{count} player", "{count} players", len(waiting))
        )
        if self.watching:
            return words("waiting for {who}", who=who)
        return words("pass sent, waiting for {who}", who=who)

    def waiting_text(self, waiting: list[int]) -> str:
        if self.state is None or self.state["view"]["phase"] != "pass":
            return super().waiting_text(waiting)
        names = name_list([seat_names(self.state)[s] for s in waiting])
        text = words_n(
            "{who} is choosing the cards to pass…",
            "{who} are choosing the cards to pass…",
            len(waiting),
            who=names,
        )
        return text if self.watching else words("Your pass is sent: {text}", text=text)

    def my_prompt(self, state: StateMessage) -> str:
        view = state["view"]
        if view["phase"] == "pass":
            need = view["pass_count"]
            return words_n(
                "Pass {count} card left ({marked} marked): ←/→ move, space marks, enter sends.",
                "Pass {count} cards left ({marked} marked): ←/→ move, space marks, enter sends.",
                need,
                marked=len(self.chosen),
            )
        card = self._card()
        lead = words("You lead") if not view["trick"] else words("Follow suit if you can")
        under = words("; enter plays {card}", card=card_text(card)) if card else ""
        return words("{lead}: ←/→ pick a • card{under}.", lead=lead, under=under)

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
        need = self.state["view"]["pass_count"]
        if card not in self.chosen and len(self.chosen) >= need:
            self.say(
                words_n(
                    "You pass {count} card and {count} is marked: space on a ✓ card unmarks "
                    "it, enter sends it.",
                    "You pass {count} cards and {count} are marked: space on a ✓ card unmarks "
                    "it, enter sends them.",
                    need,
                )
            )
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
                    words_n(
                        "Mark exactly {count} card (now {marked}) with space, then enter.",
                        "Mark exactly {count} cards (now {marked}) with space, then enter.",
                        view["pass_count"],
                        marked=len(self.chosen),
                    )
                )
                return
            hand = self._hand()
            await self.send({"kind": "pass_cards", "cards": [c for c in hand if c in self.chosen]})
            return
        await self.send({"kind": "play", "card": self._card()})

    def action_last_trick(self) -> None:
        """t: the last trick taken in the Trick column, or back to the trick being played."""
        if self.state is None:
            return
        view = self.state["view"]
        if last_trick(view) is None:
            self.say(words("No trick has been taken yet: t shows the last one once there is one."))
            return
        if just_taken(view) is not None:
            self.say(words("The trick just taken is on the table until the next card is played."))
            return
        self.want_last = not self.want_last
        self._asked_at = len(view["log"])
        self._redraw()
        if self.want_last:
            self.say(words("The last trick taken is in the Last trick column; t again hides it."))
        else:
            self.say(self.prompt())

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

    @classmethod
    def round_summary(cls, state: StateMessage) -> tuple[str, RenderableType]:
        """PY-7: the deal just scored — each player's points in it and the totals, fewest
        first — while the next deal waits to be passed."""
        view = state["view"]
        end = last_entry(view, "deal_end")
        if end is None:
            return super().round_summary(state)
        title = t("Deal {deal} of {deals} is over", deal=end["deal"], deals=view["deals"])
        heads = (t("This deal"), t("Total"))
        return round_over(seat_names(state), title, end["points"], end["totals"], heads, POINTS)
