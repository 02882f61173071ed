"""Papayoo's cards (../shared/rules/papayoo.md, PY-1 to PY-8): codes, values and the deal table.

Cards travel as their codes (`S7`, `P20`); the lookup tables below turn a code into its suit,
rank and place in the sorted order without parsing, because the engine and the bots' play-outs
ask for them millions of times.
"""

from __future__ import annotations

ORDINARY = ("S", "H", "D", "C")  # PY-1
PAYOO = "P"  # PY-2
SUITS = (*ORDINARY, PAYOO)
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "P": "Payoos"}
DIE_FACES = ORDINARY * 2  # PY-3: each ordinary suit twice on the eight faces
PAPAYOO_POINTS = 40  # PY-5
DEAL_POINTS = 250  # PY-6: 1 + ... + 20 + 40


def _codes() -> tuple[str, ...]:
    out = [f"{suit}{rank}" for suit in ORDINARY for rank in range(1, 11)]
    return (*out, *(f"{PAYOO}{rank}" for rank in range(1, 21)))


ALL_CARDS = _codes()  # PY-1/2, in display order: by suit, then by rank
SUIT = {card: card[0] for card in ALL_CARDS}
RANK = {card: int(card[1:]) for card in ALL_CARDS}
ORDER = {card: index for index, card in enumerate(ALL_CARDS)}
SAME_SUIT = {
    card: frozenset(other for other in ALL_CARDS if other[0] == card[0]) for card in ALL_CARDS
}  # the cards of a card's suit, for C-speed filters: `filter(SAME_SUIT[c].__contains__, hand)`
REMOVED_ONES = ("S1", "H1", "D1", "C1")  # PY-8, with 7 or 8 players

# PY-8: players -> (cards each, cards passed)
DEAL_TABLE = {3: (20, 5), 4: (15, 5), 5: (12, 4), 6: (10, 3), 7: (8, 3), 8: (7, 3)}


def cards_in_play(players: int) -> tuple[str, ...]:
    """PY-8: the 60 cards, or 56 with 7 or 8 players (the four 1s removed)."""
    if players >= 7:
        return tuple(card for card in ALL_CARDS if card not in REMOVED_ONES)
    return ALL_CARDS


def hand_size(players: int) -> int:
    return DEAL_TABLE[players][0]


def pass_count(players: int) -> int:
    return DEAL_TABLE[players][1]


def papayoo_of(face: str) -> str:
    """PY-11: the 7 of the suit the die shows."""
    return f"{face}7"


def card_points(card: str, papayoo: str | None) -> int:
    """PY-4/5/6: a Payoo is worth its number, the Papayoo 40, anything else 0."""
    if card == papayoo:
        return PAPAYOO_POINTS
    return RANK[card] if SUIT[card] == PAYOO else 0


POINTS = {
    papayoo_of(face): {card: card_points(card, papayoo_of(face)) for card in ALL_CARDS}
    for face in ORDINARY
}  # PY-4/5/6 per Papayoo: what each card is worth in a trick, looked up once per card


def sort_cards(cards: object) -> tuple[str, ...]:
    """Cards in display order (suit by suit, rank ascending)."""
    return tuple(sorted(cards, key=ORDER.__getitem__))  # type: ignore[call-overload]


def trick_winner(trick: tuple[tuple[int, str], ...] | list[tuple[int, str]]) -> int:
    """PY-14: the seat of the highest card of the suit led (the leader's if nobody followed)."""
    lead = SUIT[trick[0][1]]
    best_seat, best_rank = trick[0][0], RANK[trick[0][1]]
    for seat, card in trick[1:]:
        if SUIT[card] == lead and RANK[card] > best_rank:
            best_seat, best_rank = seat, RANK[card]
    return best_seat
