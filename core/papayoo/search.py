"""The hard bot's search: every candidate scored on the same sampled deals, within a budget of
work.

Deals are sampled from the seat's view only (`core.papayoo.knowledge`: voids, the cards it
passed, the public hand sizes), so the search cannot cheat. Each candidate card (or pass) is
played on each deal and the deal is finished by `core.papayoo.rollout`: its policy play-out,
or an exact solution once every hand holds at most `exact_cards` cards and few are left.
Every candidate is rated by the points the seat takes less a share of what the others take
(`rival_weights`: the seat best placed to beat it counts most), since the game is won on
totals (PY-18), not on one deal.

The budget is work, never time (`core` has no clock, and a busy machine must not make the bot
slower than its budget): one unit per card played in a play-out, per position an exact
solution visits and per unseen card dealt. Deals are added until the budget is spent (at least
`min_worlds`, at most `max_worlds`); the last deal may overrun the budget by its own cost,
which is bounded (a play-out by the cards left times the candidates, a solution by
`EXACT_LIMIT` cards in all).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from core.api import View
from core.papayoo.cards import DIE_FACES, cards_in_play, papayoo_of
from core.papayoo.habits import Reading, pass_policies, policies
from core.papayoo.knowledge import Knowledge, assign
from core.papayoo.play import CARD_INT, Deal, Policy
from core.papayoo.rollout import play_out, points, solve, winner_of

EXACT_LIMIT = 12  # an exact solution only with at most this many cards in all hands
RIVAL_SPREAD = 25.0  # points of standing over which a rival's weight falls by e


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
    """Per candidate over `worlds` deals: `totals`, what the search minimises (the seat's
    points less `rival` times a rival's, `rival_weights`), and `own`, the points the seat took;
    `exact` when the last tricks were solved rather than played out; `read`, the habit each
    seat read was dealt and played as (`core.papayoo.habits`), one name per seat."""

    totals: list[float]
    own: list[float]
    worlds: int
    exact: bool
    read: tuple[str, ...] = ()


def rival_weights(view: View, rival: float) -> list[float]:
    """How much each other seat's points this deal count in the seat's favour.

    The game goes to the lowest total (PY-18), so points taken by the seat best placed to beat
    this one help it more than points taken by the seat already far behind. Each other seat
    weighs `exp(-gap / RIVAL_SPREAD)` by its gap to the best placed of them, the weights scaled
    to sum to `rival`. Equal standings (the first tricks of a game) give equal weights, and
    since a deal's points add up to a constant, equal weights change no choice.
    """
    seat, players = view["seat"], view["players"]
    standing = [view["totals"][s] + view["points"][s] for s in range(players)]
    others = [s for s in range(players) if s != seat]
    if not others or rival <= 0:
        return [0.0] * players
    best = min(standing[s] for s in others)
    raw = [
        0.0 if s == seat else math.exp(-(standing[s] - best) / RIVAL_SPREAD) for s in range(players)
    ]
    total = sum(raw)
    return [rival * w / total for w in raw]


def _names(habits: list[Reading | None]) -> tuple[str, ...]:
    return tuple(reading.habit.name for reading in habits if reading is not None)


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
    weights: list[float] | None = None,
    habits: list[Reading | None] | None = None,
) -> Scores:
    """Each candidate card played on the same sampled deals, the deal then finished. The
    search minimises the seat's points less the others' weighted by `weights`
    (`rival_weights`; None: the seat's own points only). `habits`
    (`core.papayoo.habits.read_habits`) marks the seats read as playing by a habit, with the
    cards each cannot hold: they are dealt without those cards and play out by the habit.
    When no deal fits them (a reading that went wrong), they are dropped and every seat plays
    as normal."""
    seat, players = view["seat"], view["players"]
    weights = weights or [0.0] * players
    mine = [CARD_INT[c] for c in view["hand"]]
    unseen = knowledge.unseen()
    cards = [CARD_INT[c] for c in unseen]
    capacity = [0 if s == seat else knowledge.sizes[s] for s in range(players)]
    allowed, habits = _habit_allowed(knowledge, unseen, capacity, habits or [None] * players, rng)
    played_by = policies(habits)
    trick = [CARD_INT[c] for _, c in view["trick"]]
    papayoo = CARD_INT[view["papayoo"]]
    sizes = view["hand_sizes"]
    exact = max(sizes) <= exact_cards and sum(sizes) <= EXACT_LIMIT
    totals = [0.0] * len(candidates)
    own = [0.0] * len(candidates)
    while budget.more():
        hands = assign(cards, allowed, capacity, rng)
        hands[seat] = mine
        out = _bits(mine) | _bits(cards)
        budget.spent += len(cards)
        budget.worlds += 1
        for index, card in enumerate(candidates):
            copy = [hand[:] for hand in hands]
            copy[seat].remove(card)
            taken = _finish(copy, [*trick, card], seat, papayoo, out, exact, budget, played_by)
            own[index] += taken[seat]
            totals[index] += taken[seat] - sum(w * t for w, t in zip(weights, taken, strict=True))
    return Scores(totals, own, budget.worlds, exact, _names(habits))


def _habit_allowed(
    knowledge: Knowledge,
    unseen: list[str],
    capacity: list[int],
    habits: list[Reading | None],
    rng: random.Random,
) -> tuple[list[list[int]], list[Reading | None]]:
    """Each unseen card's allowed seats, less the seats whose habit rules it out; and the
    habits kept (all dropped when no deal fits them: `assign` finds a deal whenever one
    exists, so one try tells)."""
    allowed = [knowledge.allowed(card) for card in unseen]
    ruled_out = [0 if reading is None else reading.ruled_out for reading in habits]
    if not any(ruled_out):
        return allowed, habits
    read = [
        [s for s in seats if not (ruled_out[s] >> CARD_INT[card]) & 1]
        for card, seats in zip(unseen, allowed, strict=True)
    ]
    try:
        assign(unseen, read, capacity, rng)
    except ValueError:
        return allowed, [None] * len(habits)
    return read, habits


def _finish(
    hands: list[list[int]],
    trick: list[int],
    seat: int,
    papayoo: int,
    out: int,
    exact: bool,
    budget: Budget,
    played_by: list[Policy],
) -> list[int]:
    """The points each seat takes from the moment `seat`'s card lies on `trick` to the deal's
    end, each seat playing out with its policy in `played_by` (the fast play-out counts
    `seat`'s only)."""
    players = len(hands)
    out &= ~(1 << trick[-1])
    taken = [0] * players
    turn = (seat + 1) % players
    if len(trick) == players:
        turn = winner_of(trick, seat, players)
        taken[turn] = sum(points(c, papayoo) for c in trick)
        trick = []
    if exact:
        nodes = [0]
        result = solve(hands, trick, turn, papayoo, nodes)
        budget.spent += nodes[0]
        return [t + r for t, r in zip(taken, result, strict=True)]
    budget.spent += sum(len(hand) for hand in hands)
    if budget.normal:
        deal = Deal(hands, trick, turn, taken, papayoo, ~out)
        deal.play_out(played_by)
        return deal.points
    taken[seat] += play_out(hands, trick, turn, papayoo, out, seat)
    return taken


def score_passes(
    view: View,
    candidates: list[list[int]],
    rng: random.Random,
    budget: Budget,
    weights: list[float] | None = None,
    habits: list[Reading | None] | None = None,
) -> Scores:
    """Each candidate pass tried on the same sampled deals: the others' hands, their passes
    (the normal policy's, or its habit's for a seat `habits` reads: everyone chooses at
    once, PY-9/10, so none depends on this seat's) and the die (PY-11), the deal then played
    out from the dealer's lead (PY-12)."""
    seat, players, count = view["seat"], view["players"], view["pass_count"]
    hand = [CARD_INT[c] for c in view["hand"]]
    mine = set(view["hand"])
    unseen = [CARD_INT[c] for c in cards_in_play(players) if c not in mine]
    size = len(hand)
    weights = weights or [0.0] * players
    totals = [0.0] * len(candidates)
    own = [0.0] * len(candidates)
    dealer = view["dealer"]
    habits = habits or [None] * players
    passing = pass_policies(habits)
    played_by = policies(habits)
    while budget.more():
        rng.shuffle(unseen)
        others = iter(unseen[i : i + size] for i in range(0, len(unseen), size))
        dealt = [hand if s == seat else next(others) for s in range(players)]
        passes = [[] if s == seat else passing[s](dealt[s], count) for s in range(players)]
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
            taken = [0] * players
            if budget.normal:
                deal = Deal(hands, [], dealer, taken, papayoo, 0)
                deal.play_out(played_by)
            else:
                taken[seat] = play_out(hands, [], dealer, papayoo, out, seat)
            own[index] += taken[seat]
            totals[index] += taken[seat] - sum(w * t for w, t in zip(weights, taken, strict=True))
    return Scores(totals, own, budget.worlds, False, _names(habits))
