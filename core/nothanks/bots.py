"""No Thanks! bots. Each sees only its seat's view (never the state), so none can cheat.

All three levels share one representation: a seat's cards as a bit mask (bit `c` set when it
holds card `c`), which makes the marginal score of a card (NT-11) a constant-time test of its two
neighbours. The easy and normal policies, and the run-aware playout policy of the hard bot's
search, are plain functions of public facts with one signature (`Policy`). That signature, the
mask's score and the sampled game the search plays (`World`) are in core/nothanks/world.py,
which both this module and the search import: the search never imports the bots.

Other seats' tokens are hidden (NT-14) but every pass and every take is public (NT-13), so each
bot deduces them exactly from the log: start tokens, minus passes, plus pots taken.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.api import Action, View
from core.nothanks.rules import CARDS
from core.nothanks.search import Search, chooses_take
from core.nothanks.world import Policy, World
from core.nothanks.world import mask_points as mask_points  # re-exported: tests use it

TAKE: Action = {"kind": "take"}
PASS: Action = {"kind": "pass"}


def mask_of(cards: list[int]) -> int:
    """The cards as a bit mask: bit `c` is set when card `c` is held."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def points_delta(mask: int, card: int) -> int:
    """How much taking `card` changes the holder's card points (NT-11), tokens aside.

    A card below an existing run replaces that run's lowest card; a card above one is free; a
    card bridging two runs removes the upper run's lowest card.
    """
    below = 0 if (mask >> (card - 1)) & 1 else card
    above = card + 1 if (mask >> (card + 1)) & 1 else 0
    return below - above


def deduce_tokens(view: View) -> list[int]:
    """Every seat's tokens: others' counted from the public log (NT-13/14 note: legitimate
    counting), the bot's own taken from its view, the authority on it."""
    tokens = [view["start_tokens"]] * view["players"]
    for entry in view["log"]:
        if entry["type"] == "pass":
            tokens[entry["seat"]] -= 1
        elif entry["type"] == "take":
            tokens[entry["seat"]] += entry["pot"]
    tokens[view["seat"]] = view["tokens"][view["seat"]]
    return tokens


def easy_takes(card: int, pot: int, masks: list[int], tokens: list[int], seat: int) -> bool:
    """Take when out of tokens (NT-8) or when the card costs at most 6 points net of the pot."""
    return tokens[seat] == 0 or points_delta(masks[seat], card) - pot <= 6


MILK_MARGIN = 6  # tuned with `take_threshold` against the easy bot


def taken_before_return(
    card: int, pot: int, masks: list[int], tokens: list[int], seat: int
) -> bool:
    """Whether another seat would likely take the card before it comes back to `seat`, if
    `seat` passed it now with `pot` tokens on it.

    A seat is assumed to take when it must (no tokens, NT-8) or when the card, with the pot it
    would find, costs it at most `MILK_MARGIN` points: the caution that makes milking safe.
    """
    players = len(masks)
    for step in range(1, players):
        other = (seat + step) % players
        price = points_delta(masks[other], card) - (pot + step)  # my pass, then step - 1 more
        if tokens[other] == 0 or price <= MILK_MARGIN:
            return True
    return False


def take_threshold(tokens: int) -> float:
    """The net cost the normal bot accepts. It rises steeply as tokens run out: every pass
    then brings the forced take of NT-8 closer, and a token is worth more when few are left.
    Constants tuned against the easy bot (2000-game series)."""
    return 5 + 25 / (tokens + 1)


def normal_takes(card: int, pot: int, masks: list[int], tokens: list[int], seat: int) -> bool:
    """A token-aware heuristic that milks its own cards and forces cards onto broke seats.

    - A card touching one of my runs costs me little: pass it round once more (it comes back
      with a token from each seat) unless someone else would take it meanwhile.
    - If the next seat has no tokens it must take (NT-8): a card I do not want costs me one
      token to hand to them.
    - Otherwise take when the net cost (card points minus pot) is under `take_threshold`.
    """
    mine = tokens[seat]
    if mine == 0:
        return True
    delta = points_delta(masks[seat], card)
    if delta < card:
        return taken_before_return(card, pot, masks, tokens, seat)
    cost = delta - pot
    if tokens[(seat + 1) % len(masks)] == 0 and cost > 0:
        return False
    return cost <= take_threshold(mine)


def eager_takes(card: int, pot: int, masks: list[int], tokens: list[int], seat: int) -> bool:
    """The run-aware playout policy of the published search bots: take at once any card
    touching one of my runs (NT-11: it costs nothing), else a card whose net cost (card points
    minus the pot) is small for the tokens I have left.

    A poor player (it never milks), but a good playout: it ends games in few steps, so a search
    affords many of them, and the searching bots it stands in for do take run cards early.
    """
    mine = tokens[seat]
    if mine == 0:
        return True
    delta = points_delta(masks[seat], card)
    if delta < card:
        return True
    return delta - pot <= max(3, 14 - mine)


@dataclass(slots=True)
class Position:
    """The public facts a decision rests on, distilled from a view (NT-13/14/15).

    `unseen` are the cards nobody can see, not offered and not in front of anyone: the deck
    and the 9 removed cards are among them, in an order nobody knows.
    """

    card: int
    pot: int
    masks: list[int]
    tokens: list[int]
    seat: int
    deck_left: int
    unseen: list[int]

    @classmethod
    def from_view(cls, view: View) -> Position:
        visible = {view["card"]}
        for cards in view["cards"]:
            visible.update(cards)
        return cls(
            card=view["card"],
            pot=view["pot"],
            masks=[mask_of(cards) for cards in view["cards"]],
            tokens=deduce_tokens(view),
            seat=view["seat"],
            deck_left=view["deck_left"],
            unseen=[card for card in CARDS if card not in visible],
        )

    def decide(self, policy: Policy) -> bool:
        """Whether `policy` takes here."""
        return policy(self.card, self.pot, self.masks, self.tokens, self.seat)


class ViewBot:
    """A bot that plays a policy on the public facts its view carries."""

    policy: Policy

    def __init__(self, **_settings: Any) -> None:
        """Settings are accepted and ignored, so a table can hand every bot the same ones."""

    def act(self, view: View, rng: random.Random) -> Action:
        return TAKE if Position.from_view(view).decide(type(self).policy) else PASS


class EasyBot(ViewBot):
    """Takes a card when it costs little: it extends a run, or enough tokens sit on it."""

    policy = staticmethod(easy_takes)


class NormalBot(ViewBot):
    """Counts everyone's tokens, milks its own cards and sizes its greed to its tokens."""

    policy = staticmethod(normal_takes)


def sample_world(position: Position, rng: random.Random) -> World:
    """A world consistent with the position: `deck_left` unseen cards in a random order.

    Every unseen card is equally likely to be in the deck or among the 9 removed ones (NT-4),
    so a uniform sample of the unseen cards is the exact posterior; the view carries nothing
    else about the deck.
    """
    deck = rng.sample(position.unseen, position.deck_left)
    return World(
        position.card, position.pot, position.masks[:], position.tokens[:], position.seat, deck
    )


@dataclass(frozen=True, slots=True)
class Choice:
    """The hard bot's decision and by how much it beats the other move: `edge` is the other
    move's mean final score minus this one's, in points of the mover's own score (None when
    the move was forced, NT-8)."""

    take: bool
    edge: float | None


EXPLORATION = 30.0
"""On the scale of final scores (tens of points), as the published IS-MCTS bots use it; 20 was
no better in paired series."""


class HardBot:
    """Information-set Monte Carlo tree search (`core.nothanks.search`) with a deep budget.

    One tree over the public history; every iteration samples an order of the unseen cards
    (NT-15) and descends with every seat, the bot's own and the others', choosing by the lower
    confidence bound on its own final score (NT-11): the others are modelled as playing the
    same search, which is what strong players and the published search bots do. Leaves are
    played out with the run-aware `eager_takes`: cheap playouts buy many iterations, and that
    budget is what wins (see bench/bench_nothanks_hard.py). An earlier version that recognised
    our heuristics in the log and played out with the milking `normal_takes` lost to the
    published bots: its playouts were slow and its model of a searching opponent wrong.

    The budget is a number of iterations, not a time: `core` has no clock, and a fixed count
    keeps the bot deterministic for a given rng; the search stops early once the answer can no
    longer change.
    """

    def __init__(self, simulations: int = 4000, **_settings: Any) -> None:
        if simulations < 2:  # each move is tried once before the tree can compare them
            raise ValueError(f"simulations must be at least 2, not {simulations}")
        self.search = Search(simulations, EXPLORATION, eager_takes)

    def act(self, view: View, rng: random.Random) -> Action:
        return TAKE if self.choose(view, rng).take else PASS

    def choose(self, view: View, rng: random.Random) -> Choice:
        """The move and its edge; what `act` plays and what a hint explains."""
        position = Position.from_view(view)
        if position.tokens[position.seat] == 0:  # NT-8: nothing to decide
            return Choice(take=True, edge=None)
        root = self.search.run(lambda r: sample_world(position, r), rng)
        take = chooses_take(root)
        chosen, other = (1, 0) if take else (0, 1)
        return Choice(take=take, edge=root.mean(other) - root.mean(chosen))


BOTS: dict[str, Callable[..., Any]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
