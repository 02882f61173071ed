"""Shared set-ups for the Papayoo tests: fixed deals through the `deck` and `first` options,
and random legal play through the contract."""

from __future__ import annotations

import random
from collections.abc import Iterator

import core
from core.papayoo import PapayooState
from core.papayoo.cards import ALL_CARDS
from tests.core.random_play import random_position

GAME = core.get_game("papayoo")

# 3 players, 20 cards each: seat 0 the spades and low Payoos, seat 1 the hearts and high
# Payoos, seat 2 the diamonds and clubs.
SUITED_DECK = [
    *(f"S{r}" for r in range(1, 11)),
    *(f"P{r}" for r in range(1, 11)),
    *(f"H{r}" for r in range(1, 11)),
    *(f"P{r}" for r in range(11, 21)),
    *(f"D{r}" for r in range(1, 11)),
    *(f"C{r}" for r in range(1, 11)),
]
assert sorted(SUITED_DECK) == sorted(ALL_CARDS)


def suited_game(deals: int = 1, first: int = 0) -> PapayooState:
    """The suited deal, everyone still to pass."""
    return GAME.new(3, 5, {"deck": SUITED_DECK, "first": first, "deals": deals})


def pass_all(state: PapayooState, passes: dict[int, list[str]]) -> PapayooState:
    for seat, cards in passes.items():
        state = GAME.apply(state, seat, {"kind": "pass_cards", "cards": cards})
    return state


# After these passes: seat 0 holds S1-S5, P1-P10 and D6-D10; seat 1 H1-H5, P11-P20 and
# S6-S10; seat 2 D1-D5, C1-C10 and H6-H10.
SUITED_PASSES = {
    0: ["S6", "S7", "S8", "S9", "S10"],
    1: ["H6", "H7", "H8", "H9", "H10"],
    2: ["D6", "D7", "D8", "D9", "D10"],
}


def play(state: PapayooState, *cards: str) -> PapayooState:
    """Each card played in turn by the seat to act."""
    for card in cards:
        state = GAME.apply(state, state.turn, {"kind": "play", "card": card})
    return state


def random_play(
    players: int, seed: int, moves_seed: int, deals: int = 1
) -> Iterator[tuple[PapayooState, int, dict, PapayooState]]:
    """Yield (state, seat, action, next state) through one whole random game."""
    rng = random.Random(moves_seed)
    state = GAME.new(players, seed, {"deals": deals})
    while not GAME.is_over(state):
        to_act = GAME.to_act(state)
        seat = rng.choice(to_act)
        action = GAME.random_action(state, seat, rng)
        after = GAME.apply(state, seat, action)
        yield state, seat, action, after
        state = after


def position(players: int, seed: int, moves: int) -> PapayooState:
    """A running one-deal game after up to `moves` random actions (fewer if it would end)."""
    state: PapayooState = random_position(GAME, players, seed, moves, {"deals": 1})
    return state
