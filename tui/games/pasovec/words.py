"""Pásovec in words: dice, decisions, log lines and the final table.

Everything here reads a "state" message or one of its log entries, never a table. Dice always
carry their colour's letter (B, Y, R) so no colour is told by colour alone; winners are marked
with a ★.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from core.pasovec import cost
from core.pasovec.dice import LETTERS, combo_label
from tui.base.messages import StateMessage
from tui.base.seats import name_list, plural, seat_names
from tui.screens.round_summary import last_entry
from tui.widgets.score_history import ScoreHistory

PLAYER_WIDTH = 16  # cells of the Player column, so six seats and five columns fit 80 columns


def dice_text(roll: list[list[Any]]) -> str:
    """Rolled dice by letter and value, e.g. 'B2 R8'."""
    return " ".join(f"{LETTERS[colour]}{value}" for colour, value in roll)


def combo_of(dice: dict[str, int]) -> tuple[int, int, int]:
    """A view's or log's dice map as the (blue, yellow, red) counts `core.pasovec.dice` uses."""
    return (dice.get("blue", 0), dice.get("yellow", 0), dice.get("red", 0))


def price_text(cost: int) -> str:
    return "for free" if cost == 0 else f"for {plural(cost, 'token')}"


def decision_phrase(decision: dict[str, Any], who: str) -> str:
    """One revealed decision: 'Ana discarded 12 for 2 tokens', 'Bruno took a token'."""
    if decision["kind"] == "discard":
        return f"{who} discarded {decision['card']} {price_text(decision['cost'])}"
    if decision["gained"]:
        return f"{who} took a token"
    return f"{who} stayed at 5 tokens"  # PA-3: the most a player holds


def decision_short(decision: dict[str, Any]) -> str:
    """A revealed decision in a players-table cell: '12 free', '12 for 2', '+1 token'."""
    if decision["kind"] == "discard":
        cost = decision["cost"]
        return f"{decision['card']} free" if cost == 0 else f"{decision['card']} for {cost}"
    return "+1 token" if decision["gained"] else "+0 (max 5)"


def own_choice(action: dict[str, Any], total: int) -> str:
    """The viewer's own hidden decision, e.g. '12 for 2' or 'token'."""
    if action["kind"] == "token":
        return "token"
    return decision_short(
        {"kind": "discard", "card": action["card"], "cost": cost(action["card"], total)}
    )


def log_line(entry: dict[str, Any], names: list[str]) -> str | None:
    """One log entry in plain words (the log wraps it to its width)."""
    kind = entry["type"]
    if kind == "deal":
        who = names[entry["starter"]]
        verb = "roll" if who == "You" else "rolls"
        return f"Round {entry['round']}: 10 cards each; {who} {verb} first."
    if kind == "roll":
        dice = combo_label(combo_of(entry["dice"]))
        return f"{names[entry['seat']]} rolled {dice}: {dice_text(entry['roll'])} = {entry['sum']}"
    if kind == "reveal":
        phrases = [decision_phrase(d, names[d["seat"]]) for d in entry["decisions"]]
        return f"Sum {entry['sum']}: {', '.join(phrases)}."
    if kind == "round_end":
        left = ", ".join(f"{names[i]} {p}" for i, p in enumerate(entry["penalties"]))
        return f"Round {entry['round']} over. Cards left = penalties: {left}."
    winners = name_list([names[s] for s in entry["winners"]])
    if entry["tie_break"] == "tokens":
        return f"Game over: a tie on penalties, broken by tokens in favour of {winners}."
    if entry["tie_break"] == "shared":
        return f"Game over: {winners} tie on penalties and tokens and share the win."
    return None  # the final table's title names the winner


def tie_note(state: StateMessage) -> str:
    """Why the winners won, when penalties alone did not decide it (PA-14)."""
    view = state["view"]
    result = view["result"]
    ending = last_entry(view, "game_end")
    rule = ending["tie_break"] if ending else None
    best = result["scores"][result["winners"][0]]
    tied = [s for s, score in enumerate(result["scores"]) if score == best]
    names = seat_names(state)
    listed = name_list([f"{names[s]} ({plural(view['tokens'][s], 'token')})" for s in tied])
    if rule == "tokens":
        return f"Tie on {plural(best, 'penalty point')}: {listed}. More tokens wins."
    if rule == "shared":
        return f"Tie on penalties and tokens: {listed} share the win."
    return "Fewest penalty points wins; a tie would go to the player with more tokens."


def final_table(state: StateMessage) -> RenderableType:
    """Every seat, best first: penalties per round, the total, tokens (the tie-breaker)."""
    view = state["view"]
    result = view["result"]
    order = sorted(
        range(view["players"]), key=lambda s: (result["scores"][s], -view["tokens"][s], s)
    )
    totals = [("Penalties", result["scores"]), ("Tokens", view["tokens"])]
    rounds = view["round_penalties"]
    table = ScoreHistory(state, order, result["winners"], "Round", rounds, totals, PLAYER_WIDTH + 4)
    return Group(table, Text(""), Text(tie_note(state)))
