"""Reading the others' habits from the public history: which seats play the easy way.

A player who always leads their lowest card, ducks with the highest card that stays under the
trick and, when void, throws their biggest card, tells the table what they do *not* hold with
every card they play: a lead of the 6 of clubs says no lower ordinary card is left in that hand.
The hard bot's search (`core.papayoo.search`) otherwise assumes the normal policy in every seat;
a seat whose every card this game fits the easy habit (`easy_play`) is dealt only hands the
habit could have played from, and plays its cards out with the habit. One card the habit would
not have played, in any deal of the game, and the seat is read as any other for the rest of it.

Only what the whole table sees is read: the plays, the tricks and the die in the view's log
(PY-20), so hard still sees nothing another player could not. The pass is not read: the cards a
seat keeps mix with those it receives from an unseen hand.

Cards are the ints of `core.papayoo.play` (`suit * 32 + rank`, the Payoos suit 4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.api import View
from core.papayoo.cards import ORDINARY
from core.papayoo.play import (
    CARD_INT,
    PAYOO_SUIT,
    SUIT_MASK,
    Deal,
    Policy,
    easy_play,
    normal_play,
)


def _easy_key(card: int, papayoo: int) -> tuple[bool, bool, int]:
    """The order `easy_play` leads low and throws high by: the Papayoo last, the Payoos after
    the ordinary cards, then by rank."""
    return (card == papayoo, card >> 5 == PAYOO_SUIT, card & 31)


def _keyed_masks(papayoo: int, below: bool) -> dict[int, int]:
    """For each card, the cards whose easy order is strictly below (or above) its own."""
    masks = {}
    for card in CARD_INT.values():
        key = _easy_key(card, papayoo)
        masks[card] = sum(
            1 << other
            for other in CARD_INT.values()
            if ((_easy_key(other, papayoo) < key) if below else (_easy_key(other, papayoo) > key))
        )
    return masks


PAPAYOOS = [CARD_INT[f"{suit}7"] for suit in ORDINARY]  # PY-5: one of the four 7s
LOWER = {papayoo: _keyed_masks(papayoo, below=True) for papayoo in PAPAYOOS}
HIGHER = {papayoo: _keyed_masks(papayoo, below=False) for papayoo in PAPAYOOS}


def _between(suit: int, low: int, high: int) -> int:
    """The cards of `suit` strictly between the ints `low` and `high`."""
    if high <= low + 1:
        return 0
    return SUIT_MASK[suit] & ((1 << high) - (1 << (low + 1)))


def easy_excludes(trick: list[int], card: int, papayoo: int, players: int) -> int:
    """The cards a seat playing the easy habit cannot have held when it played `card` on
    `trick` (`easy_play`'s rules read backwards; ties of equal rank left open):

    - leading its lowest card: nothing lower in the easy order;
    - void in the suit led (PY-13): none of that suit, and nothing higher in the easy order;
    - following under the trick's best card: nothing of the suit between its card and the best;
    - going over: nothing of the suit under the best, and then as the last player nothing
      higher (the Papayoo only when nothing else of the suit is left), or else nothing lower.
    """
    if not trick:
        return LOWER[papayoo][card]
    lead = trick[0] >> 5
    suit = SUIT_MASK[lead]
    if card >> 5 != lead:
        return suit | HIGHER[papayoo][card]
    best = max(c for c in trick if c >> 5 == lead)
    if card < best:
        return _between(lead, card, best)
    if len(trick) < players - 1:
        return suit & ((1 << card) - 1)
    under = suit & ((1 << best) - 1)
    if card == papayoo:
        return suit & ~(1 << card)
    return under | (suit & ~((1 << (card + 1)) - 1) & ~(1 << papayoo))


@dataclass
class _Deal:
    """One deal of the log: its Papayoo, its plays in order, and whether it was played out."""

    papayoo: int
    plays: list[tuple[int, int]] = field(default_factory=list)
    over: bool = False


def _deals(log: list[dict[str, Any]]) -> list[_Deal]:
    deals: list[_Deal] = []
    for entry in log:
        kind = entry["type"]
        if kind == "die":
            deals.append(_Deal(CARD_INT[entry["papayoo"]]))
        elif kind == "play":
            deals[-1].plays.append((entry["seat"], CARD_INT[entry["card"]]))
        elif kind == "deal_end":
            deals[-1].over = True
    return deals


def _replay(deal: _Deal, players: int, fits: list[bool], differs: list[bool]) -> None:
    """A deal played out, checked card by card: once it is over, the hand a seat held at each
    of its plays is exactly the cards it played from then on, so each play can be asked of
    `easy_play` and `normal_play` themselves. `fits[s]` falls when the easy habit would have
    played another card; `differs[s]` rises when the normal policy would have."""
    plays = deal.plays
    gone = 0
    for index, (seat, card) in enumerate(plays):
        hand = sorted(c for s, c in plays[index:] if s == seat)  # hands are held sorted
        start = index - index % players
        hands: list[list[int]] = [[] for _ in range(players)]
        hands[seat] = hand
        table = Deal(
            hands, [c for _, c in plays[start:index]], seat, [0] * players, deal.papayoo, gone
        )
        fits[seat] = fits[seat] and easy_play(table, seat) == card
        differs[seat] = differs[seat] or normal_play(table, seat) != card
        gone |= 1 << card


def read_easy(view: View) -> list[int | None]:
    """For each seat read as playing the easy habit, the cards it cannot hold now (a bit mask);
    None for the others and the viewing seat.

    A seat is read so when every card it played in the deals already over is the one
    `easy_play` plays from the hand it then held, at least one is not the one `normal_play`
    plays (so two policies that agree are not told apart on a guess), and none of its cards
    this deal breaks what its earlier ones ruled out (`easy_excludes`). In the first deal
    nobody is read: there is nothing yet to read from.
    """
    players, me = view["players"], view["seat"]
    deals = _deals(view["log"])
    fits, differs = [True] * players, [False] * players
    for deal in deals:
        if deal.over:
            _replay(deal, players, fits, differs)
    masks: list[int | None] = [
        0 if fits[s] and differs[s] and s != me else None for s in range(players)
    ]
    if deals and not deals[-1].over:
        current = deals[-1]
        for index, (seat, card) in enumerate(current.plays):
            mask = masks[seat]
            if mask is None:
                continue
            if (mask >> card) & 1:
                masks[seat] = None
                continue
            start = index - index % players
            trick = [c for _, c in current.plays[start:index]]
            masks[seat] = mask | easy_excludes(trick, card, current.papayoo, players)
    return masks


def policies(masks: list[int | None]) -> list[Policy]:
    """The play-out policy of each seat: the easy habit where it fits, the normal policy else."""
    return [normal_play if mask is None else easy_play for mask in masks]
