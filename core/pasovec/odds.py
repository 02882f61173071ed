"""Exact odds of a hand against the dice (PA-2, PA-7, PA-8), for bots, hints and the screen.

Everything here is a pure function of a hand, a purse of tokens and a distribution of sums
from `dice`, so the percentages a player is shown are exactly the ones the hard bot weighs.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.pasovec.dice import CHANCES, MAX_SUM, Combo
from core.pasovec.rules import MAX_COST, cost

Chances = Sequence[float]
"""The probability of every sum 0..36, indexed by the sum (`dice.CHANCES` rows)."""

OUT_OF_REACH = None
"""A card's cost when the tokens held cannot pay it."""


def cheapest(hand: Sequence[int], total: int) -> int:
    """The fewest tokens that discard some card of `hand` on the sum `total` (PA-8)."""
    return min(cost(card, total) for card in hand)


def card_costs(hand: Sequence[int], tokens: int, total: int) -> dict[int, int | None]:
    """For a sum, what each distinct card of `hand` costs: 0 (free), 1-4 tokens, or None when
    the tokens held cannot pay it — what the screen shows beside each card while deciding."""
    out: dict[int, int | None] = {}
    for card in sorted(set(hand)):
        price = cost(card, total)
        out[card] = price if price <= tokens else OUT_OF_REACH
    return out


def card_chances(hand: Sequence[int], tokens: int, combo: Combo) -> dict[int, tuple[float, float]]:
    """For a choice of dice, each distinct card's chance of being discardable (free, within the
    tokens held), from the exact distribution of the sum — what the screen shows before a roll."""
    chances = CHANCES[combo]
    out: dict[int, tuple[float, float]] = {}
    for card in sorted(set(hand)):
        within = sum(
            chances[s] for s in range(1, MAX_SUM + 1) if chances[s] and cost(card, s) <= tokens
        )
        out[card] = (chances[card], within)
    return out


def reach(hand: Sequence[int], tokens: int, chances: Chances) -> tuple[float, ...]:
    """P(the cheapest card costs at most j) for j = 0..4, capped by what `tokens` can pay:
    entries above `tokens` repeat the last affordable one."""
    spread = [0.0] * (MAX_COST + 1)
    for total in range(1, MAX_SUM + 1):
        p = chances[total]
        if p:
            spread[cheapest(hand, total)] += p
    out = []
    running = 0.0
    for j in range(MAX_COST + 1):
        if j <= tokens:
            running += spread[j]
        out.append(running)
    return tuple(out)


def roll_odds(hand: Sequence[int], tokens: int, combo: Combo) -> tuple[float, float]:
    """For a choice of dice: the chance to shed some card for free, and within the tokens held."""
    spread = reach(hand, tokens, CHANCES[combo])
    return spread[0], spread[min(tokens, MAX_COST)]
