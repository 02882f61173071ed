"""The hard bot's search: every candidate scored on the same sampled deals, within a budget of
work.

Deals are sampled from the seat's view only (`core.papayoo.knowledge`: voids, the cards it
passed, the public hand sizes), so the search cannot cheat. Each candidate card (or pass) is
played on each deal and the deal is finished by `core.papayoo.rollout`: its policy play-out,
or an exact solution once every hand holds at most `exact_cards` cards and few are left.

The budget is work, never time (`core` has no clock, and a busy machine must not make the bot
slower than its budget): one unit per card played in a play-out, per position an exact
solution visits and per unseen card dealt. Deals are added until the budget is spent (at least
`min_worlds`, at most `max_worlds`); the last deal may overrun the budget by its own cost,
which is bounded (a play-out by the cards left times the candidates, a solution by
`EXACT_LIMIT` cards in all).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.api import View
from core.papayoo.cards import DIE_FACES, cards_in_play, papayoo_of
from core.papayoo.knowledge import Knowledge, assign
from core.papayoo.play import CARD_INT, Deal, normal_pass, normal_play
from core.papayoo.rollout import play_out, points, solve, winner_of

EXACT_LIMIT = 12  # an exact solution only with at most this many cards in all hands


@dataclass
class Budget:
    """The work a decision may do, and what it did."""

    work: int
    min_worlds: int
    max_worlds: int
    spent: int = 0
    worlds: int = 0
    normal: bool = False

    def more(self) -> bool:
        """Another deal: always up to `min_worlds`, then while work is left."""
        if self.worlds < self.min_worlds:
            return True
        return self.spent < self.work and self.worlds < self.max_worlds


@dataclass
class Scores:
    """Total points the seat took per candidate over `worlds` deals; `exact` when the last
    tricks were solved rather than played out."""

    totals: list[float]
    worlds: int
    exact: bool


def _bits(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def score_plays(
    view: View,
    knowledge: Knowledge,
    candidates: list[int],
    rng: random.Random,
    budget: Budget,
    exact_cards: int,
) -> Scores:
    """Each candidate card played on the same sampled deals, the deal then finished."""
    seat, players = view["seat"], view["players"]
    mine = [CARD_INT[c] for c in view["hand"]]
    unseen = knowledge.unseen()
    cards = [CARD_INT[c] for c in unseen]
    allowed = [knowledge.allowed(c) for c in unseen]
    capacity = [0 if s == seat else knowledge.sizes[s] for s in range(players)]
    trick = [CARD_INT[c] for _, c in view["trick"]]
    papayoo = CARD_INT[view["papayoo"]]
    sizes = view["hand_sizes"]
    exact = max(sizes) <= exact_cards and sum(sizes) <= EXACT_LIMIT
    totals = [0.0] * len(candidates)
    while budget.more():
        hands = assign(cards, allowed, capacity, rng)
        hands[seat] = mine
        out = _bits(mine) | _bits(cards)
        budget.spent += len(cards)
        budget.worlds += 1
        for index, card in enumerate(candidates):
            copy = [hand[:] for hand in hands]
            copy[seat].remove(card)
            totals[index] += _finish(copy, [*trick, card], seat, papayoo, out, exact, budget)
    return Scores(totals, budget.worlds, exact)


def _finish(
    hands: list[list[int]],
    trick: list[int],
    seat: int,
    papayoo: int,
    out: int,
    exact: bool,
    budget: Budget,
) -> float:
    """The points `seat` takes from the moment its card lies on `trick` to the deal's end."""
    players = len(hands)
    out &= ~(1 << trick[-1])
    taken = 0
    turn = (seat + 1) % players
    if len(trick) == players:
        turn = winner_of(trick, seat, players)
        if turn == seat:
            taken = sum(points(c, papayoo) for c in trick)
        trick = []
    if exact:
        nodes = [0]
        result = solve(hands, trick, turn, papayoo, nodes)
        budget.spent += nodes[0]
        return taken + result[seat]
    budget.spent += sum(len(hand) for hand in hands)
    if budget.normal:
        deal = Deal(hands, trick, turn, [0] * players, papayoo, ~out)
        deal.play_out([normal_play] * players)
        return taken + deal.points[seat]
    return taken + play_out(hands, trick, turn, papayoo, out, seat)


def score_passes(
    view: View, candidates: list[list[int]], rng: random.Random, budget: Budget
) -> Scores:
    """Each candidate pass tried on the same sampled deals: the others' hands, their passes
    (the normal policy's: everyone chooses at once, PY-9/10, so none depends on this seat's)
    and the die (PY-11), the deal then played out from the dealer's lead (PY-12)."""
    seat, players, count = view["seat"], view["players"], view["pass_count"]
    hand = [CARD_INT[c] for c in view["hand"]]
    mine = set(view["hand"])
    unseen = [CARD_INT[c] for c in cards_in_play(players) if c not in mine]
    size = len(hand)
    totals = [0.0] * len(candidates)
    dealer = view["dealer"]
    while budget.more():
        rng.shuffle(unseen)
        others = iter(unseen[i : i + size] for i in range(0, len(unseen), size))
        dealt = [hand if s == seat else next(others) for s in range(players)]
        passes = [[] if s == seat else normal_pass(dealt[s], count) for s in range(players)]
        papayoo = CARD_INT[papayoo_of(rng.choice(DIE_FACES))]
        budget.spent += len(unseen)
        budget.worlds += 1
        for index, candidate in enumerate(candidates):
            passes[seat] = candidate
            hands = [
                [c for c in dealt[s] if c not in passes[s]] + passes[s - 1] for s in range(players)
            ]
            budget.spent += size * players
            out = _bits(unseen) | _bits(hand)
            if budget.normal:
                deal = Deal(hands, [], dealer, [0] * players, papayoo, 0)
                deal.play_out([normal_play] * players)
                totals[index] += deal.points[seat]
                continue
            totals[index] += play_out(hands, [], dealer, papayoo, out, seat)
    return Scores(totals, budget.worlds, False)
