"""How Pásovec looks: the players' rows, the dice (chosen or rolled) and your hand with the
odds or the cost of every card.

Widgets read a "state" message (`tui.base.messages.StateMessage`) and what the screen chose (dice,
the selected card); they never send anything. Nothing is told by colour alone: dice carry
their letter, the roller a ▶, the selected card reverse video and a ▲ below it.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Static

from core.pasovec.dice import COLOURS, LETTERS, sum_span
from core.pasovec.odds import card_chances, card_costs, roll_odds
from core.pasovec.rules import CARDS, MAX_COST
from tui.base.i18n import numeral, t, worded, words
from tui.base.messages import StateMessage
from tui.base.reading_table import ReadingTable
from tui.base.seats import is_you, seat_label
from tui.games.pasovec.words import TOKENS, decision_short, dice_text, own_choice

HAND_SLOTS = 10  # PA-5: a hand never holds more cards than it is dealt
Combo = tuple[int, int, int]


def percent(p: float) -> str:
    """A chance for a narrow cell: '47%', '<1%' for a small but real one, '0%' for none, the
    language's way (Czech '47 %', Persian '۴۷٪')."""
    return "<" + numeral(0.01, ".0%") if 0 < p < 0.005 else numeral(p, ".0%")


def last_decisions(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The decisions of the last roll of this round, by seat (empty before the first reveal)."""
    for entry in reversed(view["log"]):
        if entry["type"] == "reveal":
            return {d["seat"]: d for d in entry["decisions"]}
        if entry["type"] == "deal":
            break
    return {}


def last_roll(view: dict[str, Any]) -> str:
    """The previous roll of this round in words (reading order), or nothing before the first."""
    for entry in reversed(view["log"]):
        if entry["type"] == "roll":
            return t("Last roll: {dice} = {sum}", dice=dice_text(entry["roll"]), sum=entry["sum"])
        if entry["type"] == "deal":
            break
    return ""


def decision_cells() -> int:
    """The cells of the players table's decision column: its widest text in this language
    ('deciding…', '12 for 4', '+0 (max 5)', its headings; Persian 'آخرین پرتاب' is eleven), so
    that none is cut and the column keeps its width as the decisions come in."""
    top = max(CARDS)
    texts = [t("Decision"), t("Last roll"), t("deciding…"), t("decided ✓"), words("token")]
    texts += [
        decision_short({"kind": "discard", "card": top, "cost": MAX_COST}),
        decision_short({"kind": "discard", "card": top, "cost": 0}),
        decision_short({"kind": "token", "gained": True}),
        decision_short({"kind": "token", "gained": False}),
    ]
    return max(cell_len(text) for text in texts)


DECISION_CELLS = decision_cells()
CARDS_HEAD, TOKENS_HEAD, PENALTIES_HEAD = t("Cards"), t("Tok."), t("Pen.")  # the numbers' heads
# Cells of the players' table besides the names: the marker, Cards, Tok., Pen. and the
# decision, with a cell of padding between columns and at each edge.
OTHER_CELLS = (
    1
    + cell_len(CARDS_HEAD)
    + cell_len(TOKENS_HEAD)
    + cell_len(PENALTIES_HEAD)
    + DECISION_CELLS
    + 5
    + 2
)
NAME_CELLS = 14  # the names' cells before the panel has a width: 'Bruno (normal)'


class PlayersPanel(Static):
    """One row per seat: the roller ▶, name, cards in hand, tokens, penalties so far and the
    decision — who has decided while deciding (what, only for yourself), the last roll's
    decisions once revealed (PA-9, PA-16).

    The names take the cells the other columns leave (at 80 columns 'Bruno (normal)' whole,
    not 'Bruno (norm…'), and the numbers follow them closely however wide the panel: the
    table is only as wide as its rows (at 160 columns they sat at the far right)."""

    message: StateMessage | None = None

    def on_resize(self) -> None:
        if self.message is not None:
            self.show(self.message)

    def name_cells(self) -> int:
        """The cells a seat's label may take in this panel."""
        width = self.content_region.width
        return max(width - OTHER_CELLS, NAME_CELLS) if width else NAME_CELLS

    def show(self, message: StateMessage) -> None:
        self.message = message
        view = message["view"]
        me = message["seat"]
        deciding = view["phase"] == "decide"
        last = {} if deciding else last_decisions(view)
        table = ReadingTable(box=None, padding=(0, 1), collapse_padding=True, show_edge=False)
        table.add_column("", min_width=1, no_wrap=True)  # (width=1 hides it when collapsed)
        table.add_column(t("Player"), no_wrap=True)
        table.add_column(CARDS_HEAD, justify="right", no_wrap=True)
        table.add_column(TOKENS_HEAD, justify="right", no_wrap=True)
        table.add_column(PENALTIES_HEAD, justify="right", no_wrap=True)
        heading = t("Decision") if deciding else t("Last roll")
        table.add_column(heading, no_wrap=True, width=DECISION_CELLS)
        for seat in range(view["players"]):
            if deciding and seat == me and view["decision"] is not None:
                decision = own_choice(view["decision"], view["sum"])
            elif deciding:
                decision = t("decided ✓") if seat in view["decided"] else t("deciding…")
            else:
                decision = decision_short(last[seat]) if seat in last else ""
            rolling = seat == view["active"] and not view["over"]
            table.add_row(
                "▶" if rolling else "",
                seat_label(message, seat, self.name_cells()),
                str(view["hand_sizes"][seat]),
                str(view["tokens"][seat]),
                str(view["penalties"][seat]),
                decision,
                style="bold" if seat == me else "",
            )
        self.update(table)


class DieButton(Button, can_focus=False):
    """A die chooser: keys drive the game, so it never takes the focus (nor Enter with it)."""


class DicePanel(Vertical):
    """The dice: while you choose, three choosers (B, Y, R; keys 1, 2, 3 or a click) with the
    exact odds of the chosen dice for your hand; once rolled, the dice and the sum."""

    def compose(self) -> ComposeResult:
        yield Static(id="dice-head", markup=False)
        with Horizontal(id="choosers"):
            for index, colour in enumerate(COLOURS):
                yield DieButton(
                    "", id=f"die-{colour}", action=f"screen.dice({index})", compact=True
                )
        yield Static(id="dice-body", markup=False)

    def choosing(self, view: dict[str, Any], seat: int, combo: Combo) -> None:
        """Your roll: the chosen dice and what they give your hand before you roll (PA-7)."""
        self.query_one("#choosers").display = True
        for colour, count in zip(COLOURS, combo, strict=True):
            key = COLOURS.index(colour) + 1
            self.query_one(f"#die-{colour}", Button).label = f"{LETTERS[colour]}×{count} \\[{key}]"
        head = Text(t("Your roll: choose dice"), style="bold")
        self.query_one("#dice-head", Static).update(head)
        body = Text()
        if any(combo):
            body.append(t("Sums {sums}", sums=worded(sum_span(combo))) + "\n")
            tokens = view["tokens"][seat]
            free, within = roll_odds(view["hand"], tokens, combo)
            body.append(t("Some card exact: {chance}", chance=percent(free)) + "\n")
            within_text = t(
                "Within {tokens}: {chance}", tokens=TOKENS.of(tokens), chance=percent(within)
            )
            body.append(within_text)
        else:
            body.append(t("Choose at least one die."))
        self.query_one("#dice-body", Static).update(body)

    def rolled(
        self, message: StateMessage, names: list[str], faces: list[list[Any]], tumbling: bool
    ) -> None:
        """The roller, the dice (`faces`: the real ones, or while `tumbling` passing faces)
        and the sum once they settle."""
        view = message["view"]
        self.query_one("#choosers").display = False
        if view["phase"] == "decide":
            who = names[view["active"]]
            head = t("You rolled") if is_you(who) else t("{who} rolled", who=who)
            body = Text(" ".join(f"[{die}]" for die in dice_text(faces).split()) + "\n\n")
            if not tumbling:
                body.append(t("Sum {sum}", sum=view["sum"]), style="bold reverse")
                body.append("\n" + t("Everyone decides at once."))
            else:
                body.append(t("rolling…"))
        elif view["over"]:
            head, body = t("Game over"), Text(last_roll(view))
        else:
            who = names[view["active"]]
            you = is_you(who)
            head = t("You choose dice…") if you else t("{who} chooses dice…", who=who)
            body = Text(last_roll(view))
        self.query_one("#dice-head", Static).update(Text(head, style="bold"))
        self.query_one("#dice-body", Static).update(body)


class CardCell(Static):
    """One card of your hand: its number and, below, its odds or its cost; a click selects it."""

    class Picked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__(markup=False, classes="card")
        self.set_class(index == 0, "first")  # no blank before the first card
        self.index = index

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.index))


class HandPanel(Horizontal):
    """Your hand, card by card. Rolling: each card's exact chance and its chance within your
    tokens for the chosen dice (`card_chances`). Deciding: each card's cost for the sum (free,
    1–4 tokens, — out of reach, `card_costs`) and the selected card ▲."""

    def compose(self) -> ComposeResult:
        yield Static(id="hand-labels", markup=False)
        for index in range(HAND_SLOTS):
            yield CardCell(index)

    def show(
        self, message: StateMessage, combo: Combo | None, selected: int | None, mine: bool
    ) -> None:
        """`combo`: the dice being chosen (odds shown); `selected`: the card ▲ while deciding."""
        view = message["view"]
        hand = view["hand"] or []
        tokens = view["tokens"][message["seat"]] if message["seat"] is not None else 0
        labels = [t("Card"), "", ""]
        cells: list[tuple[str, str]] = [("", "") for _ in hand]
        if combo is not None and any(combo):
            labels = [t("Card"), t("Exact"), t("In reach")]
            odds = card_chances(hand, tokens, combo)
            cells = [(percent(odds[c][0]), percent(odds[c][1])) for c in hand]
        elif view["phase"] == "decide" and hand:
            labels = [t("Card"), t("Cost"), ""]
            costs = card_costs(hand, tokens, view["sum"])
            cells = [(self.cost_text(costs[c]), "") for c in hand]
        if message["seat"] is None:  # three lines of one sentence, a translator sees it whole
            labels = t("Hands are\nprivate:\nwatching").split("\n")
        self.query_one("#hand-labels", Static).update("\n".join(labels))
        for cell in self.query(CardCell):
            cell.display = cell.index < len(hand)
            if not cell.display:
                continue
            mark = "▲" if cell.index == selected and mine else cells[cell.index][1]
            cell.update(f"{hand[cell.index]}\n{cells[cell.index][0]}\n{mark}")
            cell.set_class(cell.index == selected, "selected")

    @staticmethod
    def cost_text(cost: int | None) -> str:
        if cost is None:
            return "—"
        return t("free") if cost == 0 else t("{cost} tok", cost=cost)
