"""Pásovec bots. Each sees only its seat's view (never the state), so none can cheat.

- easy: rolls the dice most likely to hit a card exactly, discards only for free or for one
  token when rich.
- normal: also counts the near misses its tokens can pay for when choosing dice, and pays more
  freely when another hand is nearly empty.
- hard: plans. Its own future is a small exact dynamic programme over (cards left, tokens,
  rolls from now): on each coming roll the cheapest card costs 0..4 with odds taken from the
  exact sum distributions against its hand (its own rolls with its best dice, others' rolls
  with the dice players typically choose), and the round stops after each roll with the chance
  that some other hand empties, estimated from the public hand sizes and tokens (PA-16) and,
  for the roll at hand, from the sum itself against the cards nobody shows. The end of the
  round counts cards left (PA-12) against tokens kept (a tool for the next round and the
  tie-breaker, PA-14) and against the cards the best other hand still holds then, so the bot
  races to end a round it leads. Each option adds the "cover" of the hand it leaves (how often
  rolls hit it exactly), so the bot sheds the cards that are hard to hit and keeps the easy
  ones. Its dice are the combination with the best exact expectation over its sums, less what
  each sum gives the other players (who shed their cards equal to it for free).

The hints (`hints.py`) call `hard_act`, so a hint always names the hard bot's move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from core.api import Action, View
from core.pasovec.dice import CHANCES, COMBOS, MAX_SUM, Combo, best_free_combo, combo_action
from core.pasovec.odds import cheapest, reach
from core.pasovec.rules import CARDS, HAND, MAX_COST, MAX_TOKENS, ROUNDS, TOKEN_ACTION, cost


def _typical_sums(samples: int = 200) -> tuple[float, ...]:
    """The sums a roller typically produces: the average distribution of the best free-hit dice
    over random hands (fixed seed, so every bot agrees). Others' rolls are judged with it."""
    rng = random.Random(0)
    acc = [0.0] * (MAX_SUM + 1)
    for _ in range(samples):
        chances = CHANCES[best_free_combo(rng.sample(CARDS, HAND))]
        for total, p in enumerate(chances):
            acc[total] += p / samples
    return tuple(acc)


TYPICAL = _typical_sums()
TOP = max(CARDS)


@dataclass(slots=True)
class Position:
    """The facts a decision rests on, all from the view (PA-15/16)."""

    seat: int
    players: int
    hand: list[int]
    tokens: int
    sizes: list[int]
    purses: list[int]
    active: int
    total: int | None
    round: int
    discards: list[int]

    @classmethod
    def from_view(cls, view: View) -> Position:
        seat = view["seat"]
        return cls(
            seat=seat,
            players=view["players"],
            hand=list(view["hand"]),
            tokens=view["tokens"][seat],
            sizes=list(view["hand_sizes"]),
            purses=list(view["tokens"]),
            active=view["active"],
            total=view["sum"],
            round=view["round"],
            discards=list(view["discards"]),
        )

    def others(self) -> list[int]:
        return [i for i in range(self.players) if i != self.seat]

    def unseen(self) -> tuple[list[float], list[float]]:
        """Per value, the chance a card nobody shows is that value (the 60 minus its own hand
        and this round's discards, PA-16); and per sum, how many other players expect to hold
        a card equal to it, since a sum the bot rolls sheds their cards for free too."""
        left = [3] * (MAX_SUM + 1)
        for card in (*self.hand, *self.discards):
            left[card] -= 1
        pool = len(CARDS) - len(self.hand) - len(self.discards)
        share = [left[v] / pool if pool and v <= TOP else 0.0 for v in range(MAX_SUM + 1)]
        hits = [
            sum(1 - (1 - share[s]) ** self.sizes[i] for i in self.others())
            for s in range(MAX_SUM + 1)
        ]
        return share, hits

    def goes_on(self, share: list[float]) -> list[float]:
        """Per sum, the chance no other player sheds their last card on it (PA-11): a player
        down to one card pays whatever their tokens allow to end the round."""
        out = [1.0] * (MAX_SUM + 1)
        for other in self.others():
            if self.sizes[other] != 1:
                continue
            reach_tokens = self.purses[other]
            for total in range(1, MAX_SUM + 1):
                hit = sum(share[v] for v in range(1, TOP + 1) if cost(v, total) <= reach_tokens)
                out[total] *= 1 - hit
        return out


def discard(card: int) -> Action:
    return {"kind": "discard", "card": card}


def token() -> Action:
    return TOKEN_ACTION.copy()


def cheapest_card(hand: Sequence[int], total: int) -> tuple[int, int]:
    """(cost, card) of the cheapest discard on `total`; among equals the card others' rolls hit
    least often, since it is the hardest to shed later."""
    return min((cost(card, total), TYPICAL[card], card) for card in hand)[::2]


def urgent(position: Position) -> bool:
    """Another hand is nearly empty: the round may end on this roll or the next (PA-11)."""
    return min(position.sizes[i] for i in position.others()) <= 2


# ---- easy and normal -------------------------------------------------------------------------


def easy_act(position: Position) -> Action:
    """Dice for the best exact-hit chance; discard for free, or for 1 token when holding 3+."""
    if position.total is None:
        return combo_action(best_free_combo(position.hand))
    price, card = cheapest_card(position.hand, position.total)
    if price == 0 or (price == 1 and position.tokens >= 3):
        return discard(card)
    return token()


def normal_roll_value(hand: Sequence[int], tokens: int, combo: Combo) -> float:
    """A free hit counts 1, a hit the tokens can pay for counts less the dearer it is."""
    chances = CHANCES[combo]
    value = 0.0
    for total in range(1, MAX_SUM + 1):
        p = chances[total]
        if p:
            price = cheapest(hand, total)
            if price <= min(tokens, 2):
                value += p * (1 - 0.35 * price)
    return value


def normal_act(position: Position) -> Action:
    """Dice weighing near misses too; pay 1 token with 2+, anything when the round is ending."""
    if position.total is None:
        return combo_action(
            max(COMBOS, key=lambda c: normal_roll_value(position.hand, position.tokens, c))
        )
    price, card = cheapest_card(position.hand, position.total)
    if price > position.tokens:
        return token()
    if price == 0 or (price == 1 and position.tokens >= 2) or urgent(position):
        return discard(card)
    return token()


# ---- hard ------------------------------------------------------------------------------------

OPPONENT_HIT = 0.09  # a typical card's chance to be hit exactly by a typical roll
HORIZON = 30  # rolls looked ahead at most; the round is nearly surely over by then
TOKEN_VALUE = 0.1  # a token kept for a later round, in cards
TIE_BREAK_VALUE = 0.05  # a token at the end of the last round only breaks ties (PA-14)
COVER_WEIGHT = 1.0  # cards a unit of per-roll exact-hit chance is worth
RACE_WEIGHT = 0.5  # what a card left in the best other hand at the round's end is worth
RIVAL_WEIGHT = 0.3  # what a card another player sheds on the bot's roll costs the bot


def shed_chance(size: int, purse: int) -> float:
    """How likely another player sheds a card on a roll: an exact hit, or one near enough to
    pay for (players pay a little, and anything once their hand is nearly empty)."""
    reach_tokens = min(purse, MAX_COST if size <= 2 else 1)
    per_card = min(1.0, (2 * reach_tokens + 1) * OPPONENT_HIT)
    return 1 - (1 - per_card) ** size


def continuation(position: Position) -> list[float]:
    """`cont[r]`: the chance no other hand has emptied after roll r (0 = this roll), given that
    none had before (PA-11). For this roll `Position.goes_on` knows better, from the sum."""
    alive = [1.0] * (HORIZON + 2)  # P(no other hand empty after r rolls)
    for other in position.others():
        rho = shed_chance(position.sizes[other], position.purses[other])
        need = position.sizes[other]
        # P(fewer than `need` sheds in r rolls), by a running binomial position.
        dist = [1.0] + [0.0] * need  # dist[s]: P(s sheds so far), s < need
        for r in range(1, HORIZON + 2):
            moved = [0.0] * (need + 1)
            for s, p in enumerate(dist[:need]):
                moved[s] += p * (1 - rho)
                moved[s + 1] += p * rho
            dist = moved
            alive[r] *= sum(dist[:need])
    return [alive[r + 1] / alive[r] if alive[r] > 1e-12 else 0.0 for r in range(HORIZON + 1)]


def _spread(cumulative: Sequence[float], fraction: float) -> list[float]:
    """Odds of the cheapest cost 0..4 for a hand shrunk to `fraction` of its size: each level's
    miss chance scales as if cards were independent."""
    shrunk = [1 - (1 - f) ** fraction for f in cumulative[:MAX_COST]] + [1.0]
    return [shrunk[0]] + [shrunk[j] - shrunk[j - 1] for j in range(1, MAX_COST + 1)]


@dataclass(slots=True)
class Plan:
    """Expected end-of-round values (cards left against tokens) holding k cards and t tokens:
    `ahead[k][t]` at the start of the next roll, `end[k][t]` if the round ends now."""

    ahead: list[list[float]]
    end: list[list[float]]

    def after(self, cards: int, tokens: int, goes_on: float) -> float:
        """The value once this roll's decisions are done, if the round goes on with chance
        `goes_on` (an empty hand ends it, PA-11)."""
        if not cards:
            return self.end[0][tokens]
        return goes_on * self.ahead[cards][tokens] + (1 - goes_on) * self.end[cards][tokens]


def cover(hand: Sequence[int], players: int) -> float:
    """How often a roll hits some card of `hand` exactly: one roll in `players` is the bot's
    own, with its best dice; the others roll the typical sums. A hand that keeps cards others'
    rolls and its own dice hit often sheds them later for free."""
    if not hand:
        return 0.0
    values = set(hand)
    own = max(sum(CHANCES[combo][v] for v in values) for combo in COMBOS)
    return (own + (players - 1) * sum(TYPICAL[v] for v in values)) / players


@dataclass(slots=True)
class Choices:
    """The decisions open to a hand, valued by a plan: a token, or shedding a card at a price.

    Every option is worth its plan value plus `COVER_WEIGHT` times the cover of the hand it
    leaves, so between two sheds the bot keeps the cards that are easier to hit later.
    """

    plan: Plan
    hand: list[int]
    tokens: int
    covers: dict[int, float]
    kept: float
    theirs: list[float]
    goes_on: list[float]

    @classmethod
    def of(cls, chosen: Plan, position: Position) -> Choices:
        hand = position.hand
        covers = {}
        for card in set(hand):
            rest = list(hand)
            rest.remove(card)
            covers[card] = cover(rest, position.players)
        share, theirs = position.unseen()
        return cls(
            chosen,
            hand,
            position.tokens,
            covers,
            cover(hand, position.players),
            theirs,
            position.goes_on(share),
        )

    def token_value(self, total: int) -> float:
        """Value of taking a token on `total` (PA-8, capped at 5)."""
        kept = min(self.tokens + 1, MAX_TOKENS)
        after = self.plan.after(len(self.hand), kept, self.goes_on[total])
        return after + COVER_WEIGHT * self.kept

    def best_shed(self, total: int) -> tuple[float, int | None]:
        """(value, card) of the best affordable shed on `total`; (-inf, None) if none."""
        best: tuple[float, int | None] = (-math.inf, None)
        cards, goes_on = len(self.hand) - 1, self.goes_on[total]
        for card, left in self.covers.items():
            price = cost(card, total)
            if price <= self.tokens:
                value = self.plan.after(cards, self.tokens - price, goes_on)
                value += COVER_WEIGHT * left
                if value > best[0]:
                    best = (value, card)
        return best

    def best_at(self, total: int) -> float:
        return max(self.best_shed(total)[0], self.token_value(total))

    def roll_value(self, combo: Combo) -> float:
        """Exact expectation over the combination's sums of the best decision on each, less
        `RIVAL_WEIGHT` for every other player the sum lets shed a card for free."""
        return sum(
            p * (self.best_at(total) - RIVAL_WEIGHT * self.theirs[total])
            for total, p in enumerate(CHANCES[combo])
            if p
        )


def plan(position: Position) -> Plan:
    """The dynamic programme described in the module docstring."""
    hand = position.hand
    size = len(hand)
    worth = TIE_BREAK_VALUE if position.round >= ROUNDS else TOKEN_VALUE
    end = [[-k + worth * t for t in range(MAX_TOKENS + 1)] for k in range(size + 1)]
    cont = continuation(position)
    mine = reach(hand, MAX_COST, CHANCES[best_free_combo(hand)])
    theirs = reach(hand, MAX_COST, TYPICAL)
    spreads = {
        True: [None, *(_spread(mine, k / size) for k in range(1, size + 1))],
        False: [None, *(_spread(theirs, k / size) for k in range(1, size + 1))],
    }
    roller = position.active
    race = their_cards(position)
    ahead = end  # the value at the start of roll r + 1
    for r in range(HORIZON, 0, -1):
        c = cont[r]
        after = _blend(ahead, _raced(end, race[r + 1]), c)
        odds = spreads[(roller + r) % position.players == position.seat]
        start = [end[0]]
        for k in range(1, size + 1):
            row = []
            spread = odds[k]
            for t in range(MAX_TOKENS + 1):
                keep = after[k][min(t + 1, MAX_TOKENS)]
                shed_row = after[k - 1]
                total = 0.0
                for j, p in enumerate(spread):
                    if p:
                        total += p * (max(keep, shed_row[t - j]) if j <= t else keep)
                row.append(total)
            start.append(row)
        ahead = start
    return Plan(ahead, _raced(end, race[1]))


def their_cards(position: Position) -> list[float]:
    """`race[r]`: the cards the best-placed other player still holds after r more rolls, if
    each sheds at its `shed_chance`. The round ending while they hold many is worth as much
    to the bot as shedding cards of its own: penalties are compared (PA-14)."""
    rates = [
        (position.sizes[i], shed_chance(position.sizes[i], position.purses[i]))
        for i in position.others()
    ]
    return [min(max(0.0, m - rho * r) for m, rho in rates) for r in range(HORIZON + 2)]


def _raced(end: list[list[float]], cards: float) -> list[list[float]]:
    """End-of-round values with `RACE_WEIGHT` per card the best other player is left with."""
    bonus = RACE_WEIGHT * cards
    return [[value + bonus for value in row] for row in end]


def _blend(ahead: list[list[float]], end: list[list[float]], c: float) -> list[list[float]]:
    """After a roll: the round goes on with chance c, else it ends now (an empty hand ends it)."""
    out = [end[0]]
    for k in range(1, len(end)):
        out.append([c * a + (1 - c) * e for a, e in zip(ahead[k], end[k], strict=True)])
    return out


def hard_act(position: Position) -> Action:
    """The hard bot's move: the dice or the decision of highest value (the hints name it)."""
    choices = Choices.of(plan(position), position)
    if position.total is None:
        return combo_action(max(COMBOS, key=choices.roll_value))
    value, card = choices.best_shed(position.total)
    if card is not None and value > choices.token_value(position.total):
        return discard(card)
    return token()


class ViewBot:
    """A bot that plays a policy on the facts its view carries."""

    policy: Callable[[Position], Action]

    def __init__(self, **_settings: Any) -> None:
        """Settings are accepted and ignored, so a referee can hand every bot the same ones."""

    def act(self, view: View, rng: random.Random) -> Action:
        return type(self).policy(Position.from_view(view))


class EasyBot(ViewBot):
    """Chases exact hits; pays only a single token, and only when rich."""

    policy = staticmethod(easy_act)


class NormalBot(ViewBot):
    """Rolls for near misses too and spends when another hand is nearly empty."""

    policy = staticmethod(normal_act)


class HardBot(ViewBot):
    """Plans the rest of the round exactly over its own hand (see the module docstring)."""

    policy = staticmethod(hard_act)


BOTS: dict[str, Callable[..., Any]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
