"""Reading the others' habits from the public history: which seats play as the easy or the
normal bot does.

A player who always leads their lowest card, ducks with the highest card that stays under the
trick and, when void, throws their biggest card, tells the table what they do *not* hold with
every card they play: a lead of the 6 of clubs says no lower ordinary card is left in that hand.
The normal bot tells less (its lead weighs the whole hand) but its discards and its following
still rule cards out. The hard bot's search (`core.papayoo.search`) otherwise assumes the normal
policy in every seat and deals the hidden cards knowing only the voids; a seat whose every card
in the deals already over is what exactly one habit would have played is dealt only hands its
cards this deal leave possible, and plays its cards out by the habit. One card the habit would
not have played, in any deal of the game, and the seat is read as any other for the rest of it.
The first deal is played unread, there being nothing yet to read from. A person rarely plays a
whole deal exactly as a bot does, so against people hard plays as it did before.

Only what the whole table sees is read: the plays, the tricks and the die in the view's log
(PY-20), so hard still sees nothing another player could not. The pass is not read: the cards a
seat keeps mix with those it receives from an unseen hand.

Cards are the ints of `core.papayoo.play` (`suit * 32 + rank`, the Payoos suit 4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.api import View
from core.papayoo.cards import ORDINARY
from core.papayoo.play import (
    CARD_INT,
    PAYOO_SUIT,
    SUIT_MASK,
    Deal,
    PassPolicy,
    Policy,
    easy_order,
    easy_pass,
    easy_play,
    normal_pass,
    normal_play,
)


def _keyed_masks(papayoo: int, below: bool) -> dict[int, int]:
    """For each card, the cards whose easy order is strictly below (or above) its own."""
    masks = {}
    for card in CARD_INT.values():
        key = easy_order(card, papayoo)
        masks[card] = sum(
            1 << other
            for other in CARD_INT.values()
            if ((easy_order(other, papayoo) < key) if below else (easy_order(other, papayoo) > key))
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


def easy_excludes(trick: list[int], card: int, papayoo: int, players: int, gone: int) -> int:
    """The cards a seat playing the easy habit cannot have held when it played `card` on
    `trick` (`easy_play`'s rules read backwards; ties of equal rank left open; `gone`, the
    cards played before, is not needed):

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


def _shed_first(trick: list[int], card: int, papayoo: int, players: int, gone: int) -> int:
    """The cards `normal_play`, void in the suit led, would have thrown before `card`: asked of
    the policy itself, a hand of the two at a time (`card` first, so a card it weighs the same
    is left open)."""
    lead = trick[0] >> 5
    mask = 0
    for other in CARD_INT.values():
        if other == card or other >> 5 == lead:
            continue
        hands: list[list[int]] = [[] for _ in range(players)]
        hands[0] = [card, other]
        if normal_play(Deal(hands, trick, 0, [0] * players, papayoo, gone), 0) == other:
            mask |= 1 << other
    return mask


def normal_excludes(trick: list[int], card: int, papayoo: int, players: int, gone: int) -> int:
    """The cards a seat playing as `normal_play` cannot have held when it played `card` on
    `trick`, `gone` the cards played before it this deal (ties left open):

    - leading: nothing is ruled out (the safest lead weighs the whole hand);
    - void in the suit led (PY-13): none of that suit, and nothing it would have thrown first
      (the Papayoo, then the most dangerous cards to keep);
    - following under the best card: nothing of the suit between its card and the best, and
      the Papayoo when it would have fitted under;
    - going over: nothing of the suit under the best; then as the last player nothing higher
      (the lowest of a Payoo lead: nothing lower), or else nothing lower but the Papayoo.
    """
    if not trick:
        return 0
    lead = trick[0] >> 5
    suit = SUIT_MASK[lead]
    if card >> 5 != lead:
        return suit | _shed_first(trick, card, papayoo, players, gone)
    best = max(c for c in trick if c >> 5 == lead)
    if card == papayoo and card < best:
        return 0  # thrown under whatever else the hand held
    if card < best:
        fitted = 1 << papayoo if papayoo >> 5 == lead and papayoo < best else 0
        return _between(lead, card, best) | fitted
    under = suit & ((1 << best) - 1)
    if len(trick) < players - 1:
        if card == papayoo:
            return suit & ~(1 << card)
        return under | (suit & ((1 << card) - 1) & ~(1 << papayoo))
    if lead == PAYOO_SUIT:
        return suit & ((1 << card) - 1)
    if card == papayoo:
        return suit & ~(1 << card)
    return under | (suit & ~((1 << (card + 1)) - 1) & ~(1 << papayoo))


@dataclass(frozen=True)
class Habit:
    """A way of playing the table can recognise: its policies, and what each of its cards
    rules out of the hand that played it."""

    name: str
    play: Policy
    passing: PassPolicy
    excludes: Callable[[list[int], int, int, int, int], int]


EASY = Habit("easy", easy_play, easy_pass, easy_excludes)
NORMAL = Habit("normal", normal_play, normal_pass, normal_excludes)
HABITS = (EASY, NORMAL)


@dataclass(frozen=True)
class Reading:
    """A seat read as playing by `habit`, and the cards it cannot hold now (a bit mask)."""

    habit: Habit
    ruled_out: int


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


def _replay(deal: _Deal, players: int, fits: dict[Habit, list[bool]]) -> None:
    """A deal played out, checked card by card: once it is over, the hand a seat held at each
    of its plays is exactly the cards it played from then on, so each play can be asked of
    each habit's policy itself. `fits[habit][s]` falls when the habit would have played
    another card."""
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
        for habit, fit in fits.items():
            fit[seat] = fit[seat] and habit.play(table, seat) == card
        gone |= 1 << card


def read_habits(view: View) -> list[Reading | None]:
    """For each seat read as playing by one of the `HABITS`, that habit and the cards the seat
    cannot hold now; None for the others and the viewing seat.

    A seat is read so when every card it played in the deals already over is the one the
    habit plays from the hand it then held, and some card is not the one any other habit
    plays (two habits that agree are not told apart on a guess), and none of its cards this
    deal breaks what its earlier ones ruled out (`Habit.excludes`). In the first deal nobody
    is read: there is nothing yet to read from.
    """
    players, me = view["players"], view["seat"]
    deals = _deals(view["log"])
    fits = {habit: [True] * players for habit in HABITS}
    for deal in deals:
        if deal.over:
            _replay(deal, players, fits)
    readings: list[Reading | None] = [None] * players
    for seat in range(players):
        fitting = [habit for habit in HABITS if fits[habit][seat]]
        if seat != me and len(fitting) == 1:
            readings[seat] = Reading(fitting[0], 0)
    if deals and not deals[-1].over:
        current = deals[-1]
        gone = 0
        for index, (seat, card) in enumerate(current.plays):
            reading = readings[seat]
            if reading is not None:
                start = index - index % players
                trick = [c for _, c in current.plays[start:index]]
                if (reading.ruled_out >> card) & 1:
                    readings[seat] = None
                else:
                    more = reading.habit.excludes(trick, card, current.papayoo, players, gone)
                    readings[seat] = Reading(reading.habit, reading.ruled_out | more)
            gone |= 1 << card
    return readings


def policies(readings: list[Reading | None]) -> list[Policy]:
    """The play-out policy of each seat: its habit's where it is read, the normal policy else."""
    return [normal_play if r is None else r.habit.play for r in readings]


def pass_policies(readings: list[Reading | None]) -> list[PassPolicy]:
    """The pass policy of each seat: its habit's where it is read, the normal policy else."""
    return [normal_pass if r is None else r.habit.passing for r in readings]
