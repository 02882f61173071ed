"""What a seat knows about the hidden cards, and deals sampled consistently with it.

Both the hard bot's determinizations and the contract's `twin` come from here, and both start
from the seat's *view*: a sample can then only use what the seat may know (the lesson of
OpenSpiel's Gin Rummy resampler, which returned the true hands). The constraints honoured are
the ones the issue lists, since ignoring any of them makes impossible worlds (OpenSpiel's
Hearts and Oh Hell resamplers ignored voids):

- cards played this deal are gone, and the seat's own hand is its own;
- the cards the seat passed sit in its left neighbour's hand until that neighbour plays them;
- a seat that did not follow a suit holds none of it (PY-13);
- every other hand has exactly its public size.

The rules' `twin` calls `twin_state`, so the rules import this module and it never imports
them: what sampling needs of the game is only a seat's view (`SeatViews`, which the rules'
`Papayoo` meets), and the state comes from core/papayoo/state.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from core.api import View, shuffle
from core.papayoo.cards import SUIT, cards_in_play, pass_count, sort_cards
from core.papayoo.state import PapayooState


class SeatViews(Protocol):
    """What sampling needs of the game: the view one seat (None: a spectator) has of a state."""

    def view(self, state: PapayooState, seat: int | None) -> View: ...


@dataclass
class Knowledge:
    """The hidden-card facts of one view. `seat` None is a spectator, who holds no hand."""

    seat: int | None
    players: int
    hand: list[str]
    sizes: list[int]
    played: list[tuple[int, str]] = field(default_factory=list)
    voids: list[set[str]] = field(default_factory=list)
    pinned: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_view(cls, view: View) -> Knowledge:
        seat, players = view["seat"], view["players"]
        k = cls(
            seat=seat,
            players=players,
            hand=list(view["hand"] or []),
            sizes=list(view["hand_sizes"]),
            voids=[set() for _ in range(players)],
        )
        start = max(i for i, e in enumerate(view["log"]) if e["type"] == "deal")
        lead = None
        for entry in view["log"][start + 1 :]:
            if entry["type"] == "play":
                suit = SUIT[entry["card"]]
                if lead is None:
                    lead = suit
                elif suit != lead:
                    k.voids[entry["seat"]].add(lead)
                k.played.append((entry["seat"], entry["card"]))
            elif entry["type"] == "trick":
                lead = None
        if seat is not None and view["phase"] != "pass" and view["my_pass"]:
            gone = {card for _, card in k.played}
            left = (seat + 1) % players
            k.pinned = {card: left for card in view["my_pass"] if card not in gone}
        return k

    def unseen(self) -> list[str]:
        """The cards in other hands: in play, not played this deal, not in the own hand."""
        known = set(self.hand)
        known.update(card for _, card in self.played)
        return [card for card in cards_in_play(self.players) if card not in known]

    def allowed(self, card: str) -> list[int]:
        """The seats that may hold `card`."""
        if card in self.pinned:
            return [self.pinned[card]]
        suit = SUIT[card]
        return [
            s
            for s in range(self.players)
            if s != self.seat and self.sizes[s] and suit not in self.voids[s]
        ]

    def sample(self, rng: random.Random) -> list[list[str]]:
        """Every seat's hand in one deal consistent with this knowledge (own hand as is)."""
        cards = self.unseen()
        capacity = [0 if s == self.seat else self.sizes[s] for s in range(self.players)]
        hands = assign(cards, [self.allowed(c) for c in cards], capacity, rng)
        if self.seat is not None:
            hands[self.seat] = list(self.hand)
        return hands


def assign(
    cards: list[str], allowed: list[list[int]], capacity: list[int], rng: random.Random
) -> list[list[str]]:
    """Cards dealt at random into seats of the given capacities, each card to one of its
    allowed seats.

    The most constrained cards go first, each to a random allowed seat with room; when none
    has room, an augmenting path moves earlier cards along (Kuhn's matching with capacities),
    so a consistent deal is always found when one exists.
    """
    held: list[list[int]] = [[] for _ in capacity]
    order = list(range(len(cards)))
    shuffle(rng, order)
    order.sort(key=lambda i: len(allowed[i]))

    def place(i: int, visited: set[int]) -> bool:
        seats = allowed[i][:]
        shuffle(rng, seats)  # rng.shuffle's draws, without its two calls per draw
        for s in seats:
            if s not in visited and len(held[s]) < capacity[s]:
                held[s].append(i)
                return True
        for s in seats:
            if s in visited:
                continue
            visited.add(s)
            for j in held[s]:
                if place(j, visited):
                    held[s].remove(j)
                    held[s].append(i)
                    return True
        return False

    for i in order:
        if not place(i, set()):
            raise ValueError("no deal fits what this seat knows")
    return [[cards[i] for i in seat_cards] for seat_cards in held]


def twin_state(
    game: SeatViews, state: PapayooState, seat: int | None, rng: random.Random
) -> PapayooState:
    """`state` with everything `seat` may not know drawn again: other hands (from the seat's
    own view, so only consistent deals), others' chosen passes, and the seed."""
    knowledge = Knowledge.from_view(game.view(state, seat))
    hands = knowledge.sample(rng)
    twin = state.copy()
    twin.hands = tuple(sort_cards(hand) for hand in hands)
    twin.seed = rng.getrandbits(63)
    count = pass_count(state.players)
    if state.phase == "pass":
        twin.chosen = tuple(
            chosen if chosen is None or s == seat else sort_cards(rng.sample(hands[s], count))
            for s, chosen in enumerate(state.chosen)
        )
    elif state.passes:
        twin.passes = (*state.passes[:-1], _other_passes(state, knowledge, hands, rng))
    return twin


def _other_passes(
    state: PapayooState, knowledge: Knowledge, hands: list[list[str]], rng: random.Random
) -> tuple[tuple[str, ...], ...]:
    """This deal's passes redrawn where `seat` knows neither end: seat j's pass is any packet
    of what its left neighbour held after the pass (its hand now plus what it played)."""
    players, seat = state.players, knowledge.seat
    count = pass_count(players)
    holdings: list[list[Any]] = [list(hand) for hand in hands]
    for s, card in knowledge.played:
        holdings[s].append(card)
    out = []
    for j, given in enumerate(state.passes[-1]):
        keep = seat is not None and seat in (j, (j + 1) % players)
        out.append(given if keep else sort_cards(rng.sample(holdings[(j + 1) % players], count)))
    return tuple(out)
