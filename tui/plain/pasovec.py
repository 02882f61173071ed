"""Pásovec as lines: at your roll, the dice choices numbered, best first, with their exact
chance of a free discard (`roll 1`, or just `1`); on a sum, every choice numbered (discard a
card for its cost, or take a token)."""

from __future__ import annotations

from typing import Any

from core.pasovec import cost
from core.pasovec.dice import COMBOS, Combo, combo_action, free_chance, sum_span
from core.pasovec.odds import card_costs
from tui.base.i18n import N_, listing, worded, words
from tui.base.seats import name_list
from tui.games.pasovec.words import PENALTY_POINTS, TOKENS, combo_words, log_line
from tui.plain.commands import Command
from tui.plain.faces import groups
from tui.plain.presenter import Presenter
from tui.screens.round_summary import leaders_line

SHOWN_ROLLS = 5  # dice choices the turn reads out (`dice` lists all 26)
MAX_TOKENS = 5  # PA-3


class PasovecLines(Presenter):
    GAME_ID = "pasovec"
    HINT = "core.pasovec.hints:hint"
    SCORE_UNIT = PENALTY_POINTS

    def log_line(self, entry: dict[str, Any], names: list[str]) -> str | None:
        return log_line(entry, names)

    # ---- the choices ----------------------------------------------------------------------
    def rolls(self) -> list[Combo]:
        """Every choice of dice, the likeliest free discard first (ties in core's order)."""
        hand = self.view["hand"] or []
        return sorted(COMBOS, key=lambda combo: -free_chance(hand, combo))

    def roll_words(self, number: int, combo: Combo) -> str:
        chance = free_chance(self.view["hand"] or [], combo)
        return words(
            "{number}. {dice} (sums {span}): {chance:.0%} free",
            number=number,
            dice=combo_words(combo),
            span=worded(sum_span(combo)),
            chance=chance,
        )

    def decisions(self) -> list[dict[str, Any]]:
        """The actions open on this sum: each card within reach, cheapest first, then a token;
        two cards of one number are one choice (PA-8: one card of that number goes)."""
        view, seat = self.view, self.state["seat"]
        costs = card_costs(view["hand"], view["tokens"][seat], view["sum"])
        cards = sorted(
            {c for c in view["hand"] if costs[c] is not None}, key=lambda c: (costs[c], c)
        )
        return [*({"kind": "discard", "card": c} for c in cards), {"kind": "token"}]

    def decision_words(self, number: int, action: dict[str, Any]) -> str:
        if action["kind"] == "token":
            if self.view["tokens"][self.state["seat"]] >= MAX_TOKENS:
                return words("{number}. keep your 5 tokens", number=number)
            return words("{number}. take a token", number=number)
        price = cost(action["card"], self.view["sum"])
        if price == 0:
            return words("{number}. discard {card} for free", number=number, card=action["card"])
        return words(
            "{number}. discard {card} for {tokens}",
            number=number,
            card=action["card"],
            tokens=TOKENS.of(price),
        )

    # ---- the turn -----------------------------------------------------------------------
    def turn(self) -> str:
        view = self.view
        hand = listing(str(c) for c in view["hand"])
        mine = TOKENS.of(view["tokens"][self.state["seat"]])
        if view["phase"] == "roll":
            best = [self.roll_words(i, c) for i, c in enumerate(self.rolls()[:SHOWN_ROLLS], 1)]
            return words(
                "Your roll. Your hand: {hand}; you have {tokens}. {choices}. Type a "
                "number (dice lists all 26).",
                hand=hand,
                tokens=mine,
                choices=groups(best),
            )
        choices = [self.decision_words(i, a) for i, a in enumerate(self.decisions(), 1)]
        return words(
            "Your decision on the sum {sum}. Your hand: {hand}; you have {tokens}. "
            "{choices}. Type a number.",
            sum=view["sum"],
            hand=hand,
            tokens=mine,
            choices=groups(choices),
        )

    def waiting(self, waiting: list[int]) -> str | None:
        who = name_list([self.names[s] for s in waiting])
        if self.view["phase"] == "roll":
            return words("{who} is choosing dice to roll…", who=who)
        return None

    # ---- commands -----------------------------------------------------------------------
    def commands(self) -> list[Command]:
        mine = lambda: self.table.my_move  # noqa: E731
        rolling = lambda: mine() and self.view["phase"] == "roll"  # noqa: E731
        deciding = lambda: mine() and self.view["phase"] == "decide"  # noqa: E731
        return [
            Command("roll", N_("roll the dice of this choice"), self.roll, usage="N", now=rolling),
            Command("dice", N_("every choice of dice, by number"), self.dice, now=rolling),
            Command(
                "discard",
                N_("discard this card"),
                self.discard,
                keys=("d",),
                usage="12",
                now=deciding,
            ),
            Command(
                "token", N_("take a token instead of a card"), self.token, keys=("t",), now=deciding
            ),
        ]

    async def number(self, number: int) -> None:
        """A bare number: that choice of the turn (dice to roll, or a decision)."""
        if self.view["phase"] == "roll":
            await self.roll(str(number))
            return
        choices = self.decisions()
        if not 1 <= number <= len(choices):
            self.table.say(words("Choose a number from 1 to {last}.", last=len(choices)))
            return
        await self.table.send(choices[number - 1])

    async def roll(self, rest: str) -> None:
        rolls = self.rolls()
        if not rest.isdigit() or not 1 <= int(rest) <= len(rolls):
            self.table.say(words("Choose a number from 1 to {last}.", last=len(rolls)))
            return
        await self.table.send(combo_action(rolls[int(rest) - 1]))

    def dice(self, _rest: str) -> None:
        self.table.say(*(self.roll_words(i, c) for i, c in enumerate(self.rolls(), 1)))

    async def discard(self, rest: str) -> None:
        if not rest.isdigit():
            self.table.say(words("Say which card: discard 12."))
            return
        await self.table.send({"kind": "discard", "card": int(rest)})

    async def token(self, _rest: str) -> None:
        await self.table.send({"kind": "token"})

    # ---- on request ---------------------------------------------------------------------
    def hand(self) -> list[str]:
        view, seat = self.view, self.state["seat"]
        return [
            words(
                "Your hand: {hand}; you have {tokens}.",
                hand=listing(str(c) for c in view["hand"]) or words("none"),
                tokens=TOKENS.of(view["tokens"][seat]),
            )
        ]

    def board(self) -> list[str]:
        view = self.view
        lines = [words("Round {round} of {rounds}.", round=view["round"], rounds=view["rounds"])]
        if view["sum"] is not None and view["phase"] == "decide":
            lines.append(words("The sum is {sum}.", sum=view["sum"]))
        lines += [
            words(
                "{name}: {cards} in hand, {tokens}.", name=name, cards=size, tokens=TOKENS.of(count)
            )
            for name, size, count in zip(
                self.names, view["hand_sizes"], view["tokens"], strict=True
            )
        ]
        return lines

    def totals(self) -> list[int]:
        return list(self.view["penalties"])

    def order(self) -> list[int]:
        scores, tokens = self.view["result"]["scores"], self.view["tokens"]
        return sorted(range(len(scores)), key=lambda s: (scores[s], -tokens[s], s))

    def round_lines(self) -> list[str]:
        return [leaders_line(self.names, self.view["penalties"], self.SCORE_UNIT)]
