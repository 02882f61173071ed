"""How No Thanks! looks: the offered card, the players' rows, log lines in plain words, and
the final scores.

Everything here reads a "state" message (`tui.base.messages.StateMessage`), never a table. Nothing
is told by colour alone: the player to act has a ▶ marker, winners a ★, hidden token counts a
"?".
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from core.nothanks import card_points, runs
from tui.base.i18n import N_, t, tn, words, words_in, words_n
from tui.base.messages import StateMessage
from tui.base.reading_table import ReadingTable
from tui.base.seats import PLAYER_WIDTH, is_you, seat_label


def runs_text(cards: list[int]) -> str:
    """Cards grouped into runs (NT-11), e.g. '3–5 · 17 · 29–30'; a dash for none.

    A run is written as a range: its lowest card, the one that scores, comes first, and a
    range has no space inside, so a long hand wraps between runs, never inside one.
    """
    parts = [str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs(cards)]
    return " · ".join(parts) or "—"


def tokens(count: int) -> str:
    """'1 token', '3 tokens', in the reader's language (reading order)."""
    return words_n("{count} token", "{count} tokens", count)


def log_line(entry: dict[str, Any], names: list[str]) -> str:
    """One log entry in plain words, e.g. 'Ana passed on 27 — 3 tokens on it'; a sentence
    about the reader has its own words ('You took 28 with 1 token')."""
    who, card = names[entry["seat"]], entry["card"]
    you = is_you(who)
    if entry["type"] == "turn_up":
        if you:
            return words("You turned up {card}", card=card)
        return words("{who} turned up {card}", who=who, card=card)
    if entry["type"] == "pass":
        on_it = tokens(entry["pot"])
        if you:
            return words("You passed on {card} — {tokens} on it", card=card, tokens=on_it)
        return words("{who} passed on {card} — {tokens} on it", who=who, card=card, tokens=on_it)
    pot = entry["pot"]
    paid = tokens(pot) if pot else words("no tokens")
    if you:
        return words("You took {card} with {tokens}", card=card, tokens=paid)
    return words("{who} took {card} with {tokens}", who=who, card=card, tokens=paid)


def tokens_text(tokens: int | None) -> str:
    """A token count, '?' while hidden (NT-14)."""
    return "?" if tokens is None else str(tokens)


def seats_table(points: str = N_("Pts"), *, score: bool = False) -> Table:
    """The table both the players panel and the final scores draw their seats in: a marker
    column, the player, card points headed `points`, tokens, at the end of a game (`score`)
    the score, and last their cards in runs — the numbers stay beside the names however wide
    the terminal, and only the cards use the room that is left."""
    table = ReadingTable(box=None, expand=True, padding=(0, 1), show_edge=False)
    table.add_column("", width=1, no_wrap=True)
    table.add_column(t("Player"), no_wrap=True, max_width=PLAYER_WIDTH)
    table.add_column(t(points), justify="right", no_wrap=True)
    table.add_column(t("Tokens"), justify="right", no_wrap=True)
    if score:  # the sheet's own word for it where a language has one (Persian: امتیاز منفی)
        table.add_column(words_in("a No Thanks! score", "Score"), justify="right", no_wrap=True)
    table.add_column(t("Cards (runs)"), ratio=1)
    return table


class OfferPanel(Static):
    """The offered card drawn as a card, the tokens on it and what is left of the deck."""

    def show(self, view: dict[str, Any]) -> None:
        """Draw the offer of `view` (a No Thanks! view)."""
        card = view["card"]
        face = "--" if card is None else f"{card:>2}"
        text = Text()
        text.append(f"╭────╮\n│    │\n│ {face} │\n│    │\n╰────╯\n", style="bold")
        on_it = words("{tokens} on it", tokens=tokens(view["pot"]))
        text.append(on_it + "\n", style="bold")
        text.append(tn("{count} card in the deck", "{count} cards in the deck", view["deck_left"]))
        self.update(text)


class PlayersPanel(Static):
    """One row per seat: who acts, name and level, cards in runs, card points, tokens."""

    def show(self, message: StateMessage) -> None:
        """Draw the seats of `message`; the seat to act is marked ▶ and reversed."""
        view = message["view"]
        table = seats_table()
        for index, cards in enumerate(view["cards"]):
            acting = index in view["to_act"]
            table.add_row(
                "▶" if acting else "",
                seat_label(message, index),
                str(card_points(cards)),
                tokens_text(view["tokens"][index]),
                runs_text(cards),
                style="reverse" if acting else "bold" if index == message["seat"] else "",
            )
        self.update(table)


def score_table(state: StateMessage) -> Table:
    """Players from best to worst score (NT-11, NT-12); winners marked ★ and bold."""
    view = state["view"]
    result = view["result"]
    table = seats_table(N_("Card pts"), score=True)
    for seat in sorted(range(view["players"]), key=lambda s: (result["scores"][s], s)):
        won = seat in result["winners"]
        table.add_row(
            "★" if won else "",
            seat_label(state, seat),
            str(card_points(view["cards"][seat])),
            str(view["tokens"][seat]),
            str(result["scores"][seat]),
            runs_text(view["cards"][seat]),
            style="bold reverse" if won else "",
        )
    return table
