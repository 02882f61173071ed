"""A sparring partner for the hard Papayoo bot: determinized Monte Carlo, as Skat and Bridge
programs play (issue 38), written from the rules (../shared/rules/papayoo.md) and sharing no
code with the game's bots, so that tuning hard never moves its yardstick.

It is no bot level of the game; load it in the arena as `bench.papayoo_mc:MonteCarloBot`
(`--set bench.papayoo_mc:MonteCarloBot.samples=48` to change its samples). At each card:

- it reads from its view's public history what every seat can know: the cards played this
  deal, the suits each seat has shown void in (a seat that did not follow has none, PY-13),
  and the cards it passed itself, which its left neighbour holds until they are played (PY-9);
- it deals the unseen cards `samples` times (24 by default) consistently with all of that and
  with the public hand sizes;
- for each legal card and each deal it plays the card and then the deal to the end, every seat
  with one duck-under / dump-the-costliest policy (`policy`), on the same deals for every card;
- it keeps the card that takes it the fewest points over the deals.

Its pass is a rule of thumb (`choose_pass`): the costliest cards (high Payoos, high ordinary
cards), with a short suit emptied when that costs little. Honest: it reads only its view.
"""

from __future__ import annotations

import random
from typing import Any

from core.api import Action, View
from core.papayoo.cards import cards_in_play

SUITS = "SHDCP"
PAYOO = 4  # the suit index of the Payoos (PY-2)


def to_int(code: str) -> int:
    """`suit * 32 + rank`: `card >> 5` is the suit, `card & 31` the rank (PY-1/2)."""
    return SUITS.index(code[0]) * 32 + int(code[1:])


def to_code(card: int) -> str:
    return f"{SUITS[card >> 5]}{card & 31}"


def cost(card: int, papayoo: int) -> int:
    """PY-4/5/6: a Payoo its number, the Papayoo 40, anything else nothing."""
    if card == papayoo:
        return 40
    return card & 31 if card >> 5 == PAYOO else 0


def policy(hand: list[int], trick: list[int], papayoo: int, players: int) -> int:
    """Duck under the trick when you can; dump the costliest card when you cannot follow.

    - leading: the cheapest card, lowest first;
    - following: the highest card under the trick's best; if none is under it, the highest
      card (not a point card) when last to play, since the trick is yours anyway, else the
      lowest;
    - void in the suit led: the Papayoo, else the highest Payoo, else the highest card.
    """
    if not trick:
        best, key = hand[0], 1 << 30
        for card in hand:
            k = cost(card, papayoo) * 32 + (card & 31)
            if k < key:
                best, key = card, k
        return best
    lead = trick[0] >> 5
    top = -1
    for card in trick:
        if card >> 5 == lead and card > top:
            top = card
    under = -1
    lowest = highest = -1
    for card in hand:
        if card >> 5 == lead:
            if card < top and card > under:
                under = card
            if lowest < 0 or card < lowest:
                lowest = card
            if card > highest:
                highest = card
    if under >= 0:
        return under
    if lowest < 0:  # void: dump the costliest
        best, key = hand[0], -1
        for card in hand:
            k = cost(card, papayoo) * 32 + (card & 31)
            if k > key:
                best, key = card, k
        return best
    if len(trick) == players - 1 and lead != PAYOO and highest != papayoo:
        return highest
    return lowest


def play_out(hands: list[list[int]], trick: list[int], turn: int, papayoo: int, me: int) -> int:
    """Play the deal to its end (PY-13 to PY-16) with `policy` in every seat; the points
    seat `me` takes from here on. `hands` and `trick` are used up."""
    players = len(hands)
    taken = 0
    while hands[turn]:
        hand = hands[turn]
        card = policy(hand, trick, papayoo, players)
        hand.remove(card)
        trick.append(card)
        if len(trick) < players:
            turn = (turn + 1) % players
            continue
        lead = trick[0] >> 5
        best = 0
        for index in range(1, players):
            if trick[index] >> 5 == lead and trick[index] > trick[best]:
                best = index
        turn = (turn + 1 + best) % players  # the leader sat just after the last to play
        if turn == me:
            taken += sum(cost(c, papayoo) for c in trick)
        trick = []
    return taken


class Table:
    """What the seat knows of the hidden cards this deal, read from its view."""

    def __init__(self, view: View) -> None:
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        self.hand = [to_int(c) for c in view["hand"]]
        self.sizes: list[int] = list(view["hand_sizes"])
        self.voids: list[set[int]] = [set() for _ in range(self.players)]
        played: set[int] = set()
        log = view["log"]
        start = max(i for i, e in enumerate(log) if e["type"] == "deal")
        lead = None
        for entry in log[start + 1 :]:
            if entry["type"] == "play":
                card = to_int(entry["card"])
                played.add(card)
                if lead is None:
                    lead = card >> 5
                elif card >> 5 != lead:
                    self.voids[entry["seat"]].add(lead)
            elif entry["type"] == "trick":
                lead = None
        known = played | set(self.hand)
        self.unseen = [c for c in map(to_int, cards_in_play(self.players)) if c not in known]
        left = (self.seat + 1) % self.players
        passed = {to_int(c) for c in view["my_pass"] or []}
        self.pinned = {c: left for c in passed if c not in played}

    def seats_for(self, card: int) -> list[int]:
        if card in self.pinned:
            return [self.pinned[card]]
        return [
            s
            for s in range(self.players)
            if s != self.seat and self.sizes[s] and card >> 5 not in self.voids[s]
        ]

    def deal(self, rng: random.Random) -> list[list[int]]:
        """The unseen cards dealt to the other seats, every constraint kept: the most
        constrained cards first, each to a random seat with room; a dead end starts again
        (and after many, the voids of seats that ran short are dropped, never the sizes)."""
        options = {c: self.seats_for(c) for c in self.unseen}
        order = sorted(self.unseen, key=lambda c: (len(options[c]), rng.random()))
        for attempt in range(200):
            hands: list[list[int]] = [[] for _ in range(self.players)]
            room = [0 if s == self.seat else self.sizes[s] for s in range(self.players)]
            for card in order:
                seats = [s for s in options[card] if room[s]]
                if not seats:
                    if attempt < 199:
                        break
                    seats = [s for s in range(self.players) if room[s]]
                seat = rng.choice(seats)
                hands[seat].append(card)
                room[seat] -= 1
            else:
                hands[self.seat] = self.hand[:]
                return hands
            rng.shuffle(order)
            order.sort(key=lambda c: len(options[c]))
        raise AssertionError("unreachable: the last attempt ignores the voids")


def choose_pass(hand: list[int], count: int) -> list[int]:
    """The costliest cards to keep: high Payoos (a Payoo costs in a trick you win), high
    ordinary cards (they win tricks), the rest of a suit of one or two cards (a void lets you
    dump later)."""
    lengths = [0] * 5
    for card in hand:
        lengths[card >> 5] += 1

    def danger(card: int) -> float:
        suit, rank = card >> 5, card & 31
        if suit == PAYOO:
            return rank * 0.8
        return rank * 1.5 + (6 if lengths[suit] <= 2 else 0)

    return sorted(hand, key=danger)[-count:]


class MonteCarloBot:
    """Determinized Monte Carlo with `samples` deals per decision."""

    def __init__(self, samples: int = 24, **_settings: Any) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        self.samples = samples

    def act(self, view: View, rng: random.Random) -> Action:
        if view["phase"] == "pass":
            cards = choose_pass([to_int(c) for c in view["hand"]], view["pass_count"])
            return {"kind": "pass_cards", "cards": [to_code(c) for c in cards]}
        legal = [to_int(c) for c in view["legal"]]
        if len(legal) == 1:
            return {"kind": "play", "card": view["legal"][0]}
        table = Table(view)
        papayoo = to_int(view["papayoo"])
        trick = [to_int(c) for _, c in view["trick"]]
        seat = table.seat
        totals = [0] * len(legal)
        for _ in range(self.samples):
            hands = table.deal(rng)
            for index, card in enumerate(legal):
                copy = [h[:] for h in hands]
                copy[seat].remove(card)
                totals[index] += self._after(copy, [*trick, card], seat, papayoo)
        best = min(range(len(legal)), key=lambda i: (totals[i], legal[i]))
        return {"kind": "play", "card": to_code(legal[best])}

    @staticmethod
    def _after(hands: list[list[int]], trick: list[int], seat: int, papayoo: int) -> int:
        """The points `seat` takes from the moment its card is on `trick`."""
        players = len(hands)
        if len(trick) < players:
            return play_out(hands, trick, (seat + 1) % players, papayoo, seat)
        lead = trick[0] >> 5
        best = 0
        for index in range(1, players):
            if trick[index] >> 5 == lead and trick[index] > trick[best]:
                best = index
        winner = (seat + 1 + best) % players
        taken = sum(cost(c, papayoo) for c in trick) if winner == seat else 0
        return taken + play_out(hands, [], winner, papayoo, seat)
