"""One sampled No Thanks! game as plain lists, played fast: what the hard bot's search runs on.

A `World` is a determinization (the public facts of a view plus a sampled deck), a seat's cards a
bit mask (bit `c` set when it holds card `c`, as in core/nothanks/bots.py), and a `Policy` the
one signature of every take-or-pass rule a world is played out with. It lives apart from the
bots so that the search (core/nothanks/search.py) can name it without importing the bots that
import the search: the bots make worlds (`sample_world`) and policies, the search plays them,
and this module imports neither.
"""

from __future__ import annotations

from collections.abc import Callable

# A policy answers "does `seat` take the offered card?" from public facts only:
# (card, pot, masks, tokens, seat) -> bool.
Policy = Callable[[int, int, list[int], list[int], int], bool]


def mask_points(mask: int) -> int:
    """NT-11 card points of a mask: the lowest card of each run, i.e. cards without a left
    neighbour."""
    lows = mask & ~(mask << 1)
    total = 0
    while lows:
        low_bit = lows & -lows
        total += low_bit.bit_length() - 1
        lows ^= low_bit
    return total


class World:
    """One determinization: the view's public facts plus a sampled deck, as plain lists.

    The deck is a list popped from the end, so turning up a card costs nothing.
    """

    __slots__ = ("card", "deck", "masks", "pot", "tokens", "turn")

    def __init__(
        self, card: int, pot: int, masks: list[int], tokens: list[int], turn: int, deck: list[int]
    ) -> None:
        self.card = card
        self.pot = pot
        self.masks = masks
        self.tokens = tokens
        self.turn = turn
        self.deck = deck

    def step(self, take: bool) -> bool:
        """Apply take (NT-6) or pass (NT-7) for the seat to act; False once the game ended."""
        turn = self.turn
        if take:
            self.masks[turn] |= 1 << self.card
            self.tokens[turn] += self.pot
            self.pot = 0
            if not self.deck:  # NT-10
                return False
            self.card = self.deck.pop()
        else:
            self.tokens[turn] -= 1
            self.pot += 1
            self.turn = (turn + 1) % len(self.masks)
        return True

    def play_out(self, policy: Policy) -> None:
        """Play to the end, every seat following `policy`."""
        while self.step(
            self.tokens[self.turn] == 0
            or policy(self.card, self.pot, self.masks, self.tokens, self.turn)
        ):
            pass

    def scores(self) -> list[int]:
        """NT-11 scores as they stand: card points minus tokens."""
        return [mask_points(m) - t for m, t in zip(self.masks, self.tokens, strict=True)]
