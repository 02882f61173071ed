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
from core.pasovec.dice import LETTERS, combo_phrase
from tui.base.i18n import Counted, listing, numeral, t, worded, words, words_in
from tui.base.messages import StateMessage
from tui.base.seats import among_them, in_line, is_you, name_list, seat_names
from tui.screens.round_summary import last_entry
from tui.widgets.score_history import ScoreHistory

PLAYER_WIDTH = 16  # cells of the Player column, so six seats and five columns fit 80 columns
TOKENS = Counted("{count} token", "{count} tokens")
PENALTY_POINTS = Counted("{count} penalty point", "{count} penalty points")
"""A Pásovec score's unit (`PasovecScreen.SCORE_UNIT`): a card left in hand at a round's end."""


def combo_words(combo: tuple[int, int, int]) -> str:
    """A combination of dice in the reader's words, colours by name: "blue+red", "2 yellow"
    (`core.pasovec.dice.combo_phrase`, as the hints name it), in reading order (a part of a
    line)."""
    return str(worded(combo_phrase(combo)))


def dice_text(roll: list[list[Any]]) -> str:
    """Rolled dice by letter and value, e.g. 'B2 R8'."""
    return " ".join(f"{LETTERS[colour]}{value}" for colour, value in roll)


def combo_of(dice: dict[str, int]) -> tuple[int, int, int]:
    """A view's or log's dice map as the (blue, yellow, red) counts `core.pasovec.dice` uses."""
    return (dice.get("blue", 0), dice.get("yellow", 0), dice.get("red", 0))


def decision_phrase(decision: dict[str, Any], who: str) -> str:
    """One revealed decision: 'Ana discarded 12 for 2 tokens', 'Bruno took a token' (the
    verb agrees with You in some languages: the You case is its own sentence)."""
    you = is_you(who)
    if decision["kind"] == "discard":
        card, price = decision["card"], decision["cost"]
        if price == 0:
            if you:
                return words("You discarded {card} for free", card=card)
            return words("{who} discarded {card} for free", who=who, card=card)
        tokens = TOKENS.of(price)
        if you:
            return words("You discarded {card} for {tokens}", card=card, tokens=tokens)
        return words("{who} discarded {card} for {tokens}", who=who, card=card, tokens=tokens)
    if decision["gained"]:
        return words("You took a token") if you else words("{who} took a token", who=who)
    if you:  # PA-3: the most a player holds
        return words("You stayed at 5 tokens")
    return words("{who} stayed at 5 tokens", who=who)


def in_line_phrase(decision: dict[str, Any], who: str) -> str:
    """A decision inside the reveal's line ("Sum 12: you discarded 12 for free, Ana …"): the
    reader's sentence without the capital it takes at a line's start."""
    said = decision_phrase(decision, who)
    return said[:1].lower() + said[1:] if is_you(who) else said


def decision_short(decision: dict[str, Any]) -> str:
    """A revealed decision in a players-table cell: '12 free', '12 for 2', '+1 token' (in
    reading order: the table lays it out)."""
    if decision["kind"] == "discard":
        card, price = decision["card"], decision["cost"]
        if price == 0:
            return words("{card} free", card=card)
        return words("{card} for {cost}", card=card, cost=price)
    return words("+1 token") if decision["gained"] else words("+0 (max 5)")


def own_choice(action: dict[str, Any], total: int) -> str:
    """The viewer's own hidden decision, e.g. '12 for 2' or 'token' (in reading order)."""
    if action["kind"] == "token":
        return words("token")
    return decision_short(
        {"kind": "discard", "card": action["card"], "cost": cost(action["card"], total)}
    )


def log_line(entry: dict[str, Any], names: list[str]) -> str | None:
    """One log entry in plain words, in reading order (the log lays it out and wraps it)."""
    kind = entry["type"]
    if kind == "deal":
        who, number = names[entry["starter"]], entry["round"]
        if is_you(who):
            return words("Round {round}: 10 cards each; you roll first.", round=number)
        return words("Round {round}: 10 cards each; {who} rolls first.", round=number, who=who)
    if kind == "roll":
        who = names[entry["seat"]]
        said = {
            "dice": combo_words(combo_of(entry["dice"])),
            "roll": dice_text(entry["roll"]),
            "sum": entry["sum"],
        }
        if is_you(who):
            return words("You rolled {dice}: {roll} = {sum}", **said)
        return words("{who} rolled {dice}: {roll} = {sum}", who=who, **said)
    if kind == "reveal":
        phrases = [in_line_phrase(d, names[d["seat"]]) for d in entry["decisions"]]
        return words("Sum {sum}: {decisions}.", sum=entry["sum"], decisions=listing(phrases))
    if kind == "round_end":
        penalties = enumerate(entry["penalties"])
        left = listing(f"{in_line(names[i])} {numeral(p)}" for i, p in penalties)
        return words(
            "Round {round} over. Cards left = penalties: {left}.", round=entry["round"], left=left
        )
    winners = name_list([in_line(names[s]) for s in entry["winners"]])  # after a colon
    if entry["tie_break"] == "tokens":
        return words(
            "Game over: a tie on penalties, broken by tokens in favour of {winners}.",
            winners=winners,
        )
    if entry["tie_break"] == "shared" and among_them([names[s] for s in entry["winners"]]):
        return words_in(
            "you among them",
            "Game over: {winners} tie on penalties and tokens and share the win.",
            winners=winners,
        )
    if entry["tie_break"] == "shared":
        return words(
            "Game over: {winners} tie on penalties and tokens and share the win.", winners=winners
        )
    return None  # the final table's title names the winner


def tie_note(state: StateMessage) -> str:
    """Why the winners won, when penalties alone did not decide it (PA-14), in reading order."""
    view = state["view"]
    result = view["result"]
    ending = last_entry(view, "game_end")
    rule = ending["tie_break"] if ending else None
    best = result["scores"][result["winners"][0]]
    tied = [s for s, score in enumerate(result["scores"]) if score == best]
    names = seat_names(state)
    listed = name_list([f"{in_line(names[s])} ({TOKENS.of(view['tokens'][s])})" for s in tied])
    if rule == "tokens":
        return t(
            "Tie on {points}: {listed}. More tokens wins.",
            points=PENALTY_POINTS.of(best),
            listed=listed,
        )
    if rule == "shared" and among_them([names[s] for s in tied]):
        return words_in("you among them", "Tie on penalties and tokens: {listed} share the win.",
                        listed=listed)  # fmt: skip
    if rule == "shared":
        return t("Tie on penalties and tokens: {listed} share the win.", listed=listed)
    return t("Fewest penalty points wins; a tie would go to the player with more tokens.")


def final_table(state: StateMessage) -> RenderableType:
    """Every seat, best first: penalties per round, the total, tokens (the tie-breaker)."""
    view = state["view"]
    result = view["result"]
    order = sorted(
        range(view["players"]), key=lambda s: (result["scores"][s], -view["tokens"][s], s)
    )
    totals = [(t("Penalties"), result["scores"]), (t("Tokens"), view["tokens"])]
    rounds = view["round_penalties"]
    table = ScoreHistory(
        state, order, result["winners"], t("Round"), rounds, totals, PLAYER_WIDTH + 4
    )
    return Group(table, Text(""), Text(tie_note(state)))
