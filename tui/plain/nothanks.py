"""No Thanks! as lines: the offer and what the player holds said at their turn; take or pass."""

from __future__ import annotations

from typing import Any

from core.nothanks import card_points, runs
from tui.base.i18n import N_, listing, numeral, words, words_n
from tui.games.nothanks.widgets import log_line, tokens
from tui.plain.commands import Command
from tui.plain.presenter import Presenter

TAKE = {"kind": "take"}
PASS = {"kind": "pass"}


def runs_words(cards: list[int]) -> str:
    """'5–7, 20' (NT-11: a run by its ends), 'none' for no cards, in reading order."""
    parts = [
        numeral(run[0]) if len(run) == 1 else words("{low}–{high}", low=run[0], high=run[-1])
        for run in runs(cards)
    ]
    return listing(parts) or words("none")


class NoThanksLines(Presenter):
    GAME_ID = "nothanks"
    HINT = "core.nothanks.hints:hint"

    def log_line(self, entry: dict[str, Any], names: list[str]) -> str | None:
        return words("{line}.", line=log_line(entry, names))

    def turn(self) -> str:
        view, seat = self.view, self.state["seat"]
        said = {
            "card": view["card"],
            "tokens": tokens(view["pot"]),
            "runs": runs_words(view["cards"][seat]),
        }
        if view["tokens"][seat] == 0:
            return words(
                "Your turn. {card} is on offer with {tokens}; you have no tokens left; your "
                "runs: {runs}. take?",
                **said,
            )
        return words(
            "Your turn. {card} is on offer with {tokens}; you have {mine}; your runs: {runs}. "
            "take or pass?",
            mine=tokens(view["tokens"][seat]),
            **said,
        )

    def commands(self) -> list[Command]:
        mine = lambda: self.table.my_move  # noqa: E731
        return [
            Command("take", N_("take the card and its tokens"), self.take, keys=("t",), now=mine),
            Command("pass", N_("pay a token to pass"), self.pass_, keys=("p",), now=mine),
        ]

    async def take(self, _rest: str) -> None:
        await self.table.send(TAKE)

    async def pass_(self, _rest: str) -> None:
        await self.table.send(PASS)

    def hand(self) -> list[str]:
        seat = self.state["seat"]
        return [
            words(
                "Your cards: {runs}; you have {tokens}.",
                runs=runs_words(self.view["cards"][seat]),
                tokens=tokens(self.view["tokens"][seat]),
            )
        ]

    def board(self) -> list[str]:
        view = self.view
        if view["card"] is None:
            offer = words("Nothing is on offer.")
        else:
            offer = words(
                "{card} is on offer with {tokens}.", card=view["card"], tokens=tokens(view["pot"])
            )
        deck = words_n("{count} card in the deck.", "{count} cards in the deck.", view["deck_left"])
        lines = [f"{offer} {deck}"]
        for name, cards, count in zip(self.names, view["cards"], view["tokens"], strict=True):
            held = words("hidden") if count is None else tokens(count)
            lines.append(
                words("{name}: {runs}; {tokens}.", name=name, runs=runs_words(cards), tokens=held)
            )
        return lines

    def totals(self) -> list[int]:
        return [card_points(cards) for cards in self.view["cards"]]
