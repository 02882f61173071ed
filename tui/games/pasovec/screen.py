"""The Pásovec table on the game-screen frame: choose dice and roll, then everyone decides.

Your roll: 1, 2 and 3 change how many blue, yellow and red dice you roll (0, 1, 2, 0, …),
Enter rolls. After every roll, everyone decides at once: ←/→ pick a card, d discards it (free
or for tokens), t takes a token. The dice you chose stay chosen for your next roll.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Button

from core.pasovec import cost
from core.pasovec.dice import FACES, MAX_EACH, combo_action
from core.pasovec.odds import card_costs
from tui.base.i18n import key_label, t, words, words_n
from tui.base.messages import StateMessage
from tui.base.seats import is_you, name_list, seat_names
from tui.games.pasovec.widgets import CardCell, DicePanel, HandPanel, PlayersPanel
from tui.games.pasovec.words import (
    PENALTY_POINTS,
    TOKENS,
    combo_of,
    combo_words,
    final_table,
    log_line,
    own_choice,
)
from tui.screens.game import GameScreen
from tui.screens.round_summary import last_entry, round_over

TOKEN = {"kind": "token"}
FIRST_DICE = (1, 1, 1)  # one die of each colour until you choose: sums 12 to 18
TUMBLES = 5  # frames of the short roll animation
TUMBLE_SECONDS = 0.07
ROLL_ACTIONS = frozenset({"dice", "roll"})
DECIDE_ACTIONS = frozenset({"pick", "discard", "token"})


class PasovecScreen(GameScreen):
    """Choose dice and roll (1/2/3, Enter); decide on every sum (←/→, d, t)."""

    GAME_ID = "pasovec"
    CSS_PATH = "pasovec.tcss"
    HINT = "core.pasovec.hints:hint"
    SCORE_UNIT = PENALTY_POINTS
    HELP = t(
        "Your roll: 1, 2, 3 (or a click on B, Y, R) change the blue, yellow and red dice; the "
        "odds below are exact for the dice chosen (Exact: the sum equals the card; In reach: "
        "your tokens can pay for it). Enter rolls. Deciding: ←/→ (or a click) pick a card, "
        "d discards it, t takes a token. A card's cost: free, 1–4 tokens, or — out of reach."
    )
    FINAL_HELP = t(
        "1 penalty point per card left at the end of each round; the fewest wins, a tie goes "
        "to more tokens."
    )
    PLAY_ACTIONS = ROLL_ACTIONS | DECIDE_ACTIONS
    # The dice keys' labels are the dice letters B, Y, R, written so in every language.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "dice(0)", "B", tooltip=t("Change the blue dice (B) before the roll")),
        Binding("2", "dice(1)", "Y", tooltip=t("Change the yellow dice (Y) before the roll")),
        Binding("3", "dice(2)", "R", tooltip=t("Change the red dice (R) before the roll")),
        Binding("enter", "roll", t("Roll"), tooltip=t("Roll the dice chosen")),
        Binding(
            "left", "pick(-1)", t("Card"), key_display="←/→", tooltip=t("Pick the previous card")
        ),
        Binding("right", "pick(1)", t("Next card"), show=False, tooltip=t("Pick the next card")),
        Binding(
            "d", "discard", t("Discard"), tooltip=t("Discard the card picked (its cost is shown)")
        ),
        Binding("t", "token", t("Token"), tooltip=t("Take a token instead of a card")),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.combo: tuple[int, int, int] = FIRST_DICE
        self.selected = 0
        self.rolled = 0  # rolls seen: a new one resets the selection and tumbles the dice
        self.tumbles = 0
        self.tumbler: Timer | None = None

    def compose_table(self) -> ComposeResult:
        with Horizontal(id="table"):
            yield PlayersPanel(id="players")
            yield DicePanel(id="dice")
        yield HandPanel(id="hand")

    def compose_actions(self) -> ComposeResult:
        roll, discard, token = t("Roll"), t("Discard"), t("Token")
        yield Button(key_label(roll, "⏎"), id="roll", action="screen.roll", compact=True)
        yield Button(key_label(discard, "d"), id="discard", action="screen.discard", compact=True)
        yield Button(key_label(token, "t"), id="token", action="screen.token", compact=True)

    def on_mount(self) -> None:
        """(Textual runs GameScreen.on_mount next: it connects the screen to the table.)"""
        self.query_one("#players").border_title = t("Players")
        self.query_one("#dice").border_title = t("Dice")
        self.query_one("#hand").border_title = t("Your hand")

    # ---- drawing ------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return "" if self.state is None else str(self.state["view"]["phase"])

    def draw(self, state: StateMessage) -> None:
        view = state["view"]
        rolls = sum(1 for entry in view["log"] if entry["type"] == "roll")
        if rolls != self.rolled:
            self.rolled = rolls
            self.selected = self._cheapest(state)
            animate = getattr(self.app, "bot_delay", 0) > 0  # no pause chosen: no tumbling
            self.tumbles = TUMBLES if animate and view["phase"] == "decide" else 0
            if self.tumbles:
                self.tumbler = self.set_interval(TUMBLE_SECONDS, self._tumble)
        self._draw_table(state)

    def _draw_table(self, state: StateMessage) -> None:
        view = state["view"]
        mine = self.my_move
        choosing = mine and view["phase"] == "roll"
        self.query_one(PlayersPanel).show(state)
        dice = self.query_one(DicePanel)
        if choosing:
            dice.choosing(view, state["seat"], self.combo)
        else:
            dice.rolled(state, seat_names(state), self._shown_dice(view), bool(self.tumbles))
        deciding = mine and view["phase"] == "decide"
        self.query_one(HandPanel).show(
            state, self.combo if choosing else None, self.selected, deciding
        )
        self.query_one("#roll", Button).disabled = not choosing or not any(self.combo)
        self.query_one("#discard", Button).disabled = not deciding
        self.query_one("#token", Button).disabled = not deciding

    def _shown_dice(self, view: dict[str, Any]) -> list[list[Any]]:
        """The rolled dice, or while tumbling faces that run through each die's values."""
        roll = view["roll"] or []
        if not self.tumbles:
            return roll
        return [
            [colour, FACES[colour][(self.tumbles + i) % 3]] for i, (colour, _) in enumerate(roll)
        ]

    def _tumble(self) -> None:
        self.tumbles = max(self.tumbles - 1, 0)
        if not self.tumbles and self.tumbler is not None:
            self.tumbler.stop()
        if self.state is not None:
            self._draw_table(self.state)
            if not self.tumbles:
                self.say(self.prompt())  # the dice have landed: now the sum can be told

    def _rolling_text(self) -> str:
        """The status while the dice tumble: who rolls what, the sum not told yet."""
        assert self.state is not None
        view = self.state["view"]
        who = seat_names(self.state)[view["active"]]
        dice = combo_words(combo_of(view["dice"]))
        if is_you(who):
            return words("You roll {dice}…", dice=dice)
        return words("{who} rolls {dice}…", who=who, dice=dice)

    def _cheapest(self, state: StateMessage) -> int:
        """The card selected when a sum comes up: the cheapest, the first of equals."""
        view = state["view"]
        hand = view["hand"] or []
        if view["phase"] != "decide" or not hand:
            return 0
        return min(range(len(hand)), key=lambda i: cost(hand[i], view["sum"]))

    def my_prompt(self, state: StateMessage) -> str:
        view = state["view"]
        if view["phase"] == "roll":
            if not any(self.combo):
                return words("Your roll: 1, 2, 3 add blue, yellow, red dice (at least one).")
            return words(
                "Your roll: 1, 2, 3 change the dice; Enter rolls {dice}.",
                dice=combo_words(self.combo),
            )
        if self.tumbles:
            return self._rolling_text()
        hand, total = view["hand"], view["sum"]
        card = hand[self.selected]
        price = card_costs(hand, view["tokens"][state["seat"]], total)[card]
        token = (
            words("t takes a token")
            if view["tokens"][state["seat"]] < 5
            else words("t passes (5 tokens)")
        )
        if price is None:
            return words(
                "Sum {sum}: {card} costs {tokens}, out of reach; ←/→ pick a card, {token}.",
                sum=total,
                card=card,
                tokens=TOKENS.of(cost(card, total)),
                token=token,
            )
        if price == 0:
            return words(
                "Sum {sum}: d discards {card} for free, ←/→ pick another, {token}.",
                sum=total,
                card=card,
                token=token,
            )
        return words(
            "Sum {sum}: d discards {card} for {tokens}, ←/→ pick another, {token}.",
            sum=total,
            card=card,
            tokens=TOKENS.of(price),
            token=token,
        )

    def waiting_text(self, waiting: list[int]) -> str:
        """Whom the table waits for, in this phase's words: the roller choosing dice (nobody
        decides before the sum is known, PA-7), the dice tumbling, or the players still
        deciding on the sum, with the viewer's own hidden choice once made (PA-8, PA-15)."""
        assert self.state is not None
        view = self.state["view"]
        names = seat_names(self.state)
        who = name_list([names[s] for s in waiting])
        if view["phase"] == "roll":
            return words("{who} is choosing dice to roll…", who=who)
        if self.tumbles:
            return self._rolling_text()
        total = view["sum"]
        if view["decision"] is not None:
            decision = view["decision"]
            if decision["kind"] == "token":
                return words(
                    "You take a token; waiting for {who} to decide on {sum}…", who=who, sum=total
                )
            return words(
                "You chose {choice}; waiting for {who} to decide on {sum}…",
                choice=own_choice(decision, total),
                who=who,
                sum=total,
            )
        return words_n(
            "{who} is deciding on the sum {sum}…",
            "{who} are deciding on the sum {sum}…",
            len(waiting),
            who=who,
            sum=total,
        )

    @classmethod
    def log_line(cls, entry: dict[str, Any], names: list[str]) -> str | None:
        return log_line(entry, names)

    @classmethod
    def final_summary(cls, state: StateMessage) -> RenderableType:
        return final_table(state)

    @classmethod
    def round_summary(cls, state: StateMessage) -> tuple[str, RenderableType]:
        """PA-12/PA-14: the round just ended — the cards each player was left with (their
        penalty) and the penalties so far, fewest first — before the next round is dealt."""
        view = state["view"]
        end = last_entry(view, "round_end")
        if end is None:
            return super().round_summary(state)
        title = t("Round {round} of {rounds} is over", round=end["round"], rounds=view["rounds"])
        heads = (t("This round"), t("Penalties"))
        penalties, totals = end["penalties"], view["penalties"]
        return round_over(seat_names(state), title, penalties, totals, heads, PENALTY_POINTS)

    # ---- the player's actions -----------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)
        if not allowed or action not in self.PLAY_ACTIONS:
            return allowed
        if action in ROLL_ACTIONS:
            return self.phase == "roll" and self.my_move
        return self.phase == "decide" and (None if not self.my_move else True)

    def _redraw(self) -> None:
        if self.state is not None:
            self._draw_table(self.state)
            self.say(self.prompt())

    def action_dice(self, colour: int) -> None:
        """One more die of a colour, from two back to none (PA-7)."""
        counts = list(self.combo)
        counts[colour] = (counts[colour] + 1) % (MAX_EACH + 1)
        self.combo = (counts[0], counts[1], counts[2])
        self._redraw()

    def action_pick(self, step: int) -> None:
        if self.state is not None and self.state["view"]["hand"]:
            self.selected = (self.selected + step) % len(self.state["view"]["hand"])
            self._redraw()

    def on_card_cell_picked(self, event: CardCell.Picked) -> None:
        if self.phase == "decide" and self.my_move:
            self.selected = event.index
            self._redraw()

    async def action_roll(self) -> None:
        if not any(self.combo):
            self.say(words("Choose at least one die first: 1, 2, 3 add blue, yellow, red."))
            return
        await self.send(combo_action(self.combo))

    async def action_discard(self) -> None:
        if self.state is None or self.phase != "decide":
            return
        hand = self.state["view"]["hand"] or []
        if hand:
            await self.send({"kind": "discard", "card": hand[self.selected % len(hand)]})

    async def action_token(self) -> None:
        await self.send(TOKEN)
