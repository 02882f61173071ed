"""Invariants of No Thanks! over random legal play (hypothesis)."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.nothanks import NoThanksState, start_tokens

GAME = core.get_game("nothanks")

games = st.tuples(
    st.integers(min_value=3, max_value=7),  # players
    st.integers(min_value=0, max_value=2**64 - 1),  # seed
    st.integers(min_value=0, max_value=2**32),  # choice of the random moves
    st.floats(min_value=0.05, max_value=0.95),  # how often to take
)


def random_play(players: int, seed: int, moves_seed: int, take_share: float):
    """Yield (state, seat, action, next state) through one whole random game."""
    rng = random.Random(moves_seed)
    state = GAME.new(players, seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = legal[0] if len(legal) == 1 or rng.random() < take_share else legal[1]
        after = GAME.apply(state, seat, action)
        yield state, seat, action, after
        state = after


@settings(max_examples=60, deadline=None)
@given(games)
def test_tokens_and_cards_are_conserved(game: tuple) -> None:
    """NT-1/2/3: no token or card is ever made or lost, and hands stay sorted."""
    players = game[0]
    for _, _, _, state in random_play(*game):
        assert sum(state.tokens) + state.pot == players * start_tokens(players)
        held = [c for cards in state.cards for c in cards]
        in_play = held + ([state.card] if state.card is not None else []) + list(state.deck)
        assert sorted(in_play + list(state.removed)) == list(range(3, 36))
        assert len(set(in_play)) == 24
        assert all(list(c) == sorted(c) for c in state.cards)
        assert min(state.tokens) >= 0


def with_hidden_shuffled(state: NoThanksState, rng: random.Random) -> NoThanksState:
    """The same table with the unseen cards (deck order, removed nine) dealt differently."""
    hidden = list(state.deck) + list(state.removed)
    rng.shuffle(hidden)
    other = copy.copy(state)
    other.deck = tuple(hidden[: len(state.deck)])
    other.removed = tuple(hidden[len(state.deck) :])
    other.seed = rng.getrandbits(64)
    return other


def with_others_tokens_moved(state: NoThanksState, seat: int) -> NoThanksState:
    """The same table where two other seats' hidden token counts differ (NT-14)."""
    others = [i for i in range(state.players) if i != seat]
    tokens = list(state.tokens)
    a, b = others[0], others[1]
    if tokens[a] == 0:
        a, b = b, a
    tokens[a] -= 1  # with both at 0 this goes negative: still a state the view must not tell
    tokens[b] += 1
    other = copy.copy(state)
    other.tokens = tuple(tokens)
    return other


@settings(max_examples=40, deadline=None)
@given(games, st.integers(min_value=0, max_value=2**32))
def test_views_hide_what_a_seat_may_not_know(game: tuple, shuffle_seed: int) -> None:
    """NT-14/15 the strong way: states differing only in hidden facts give equal views."""
    rng = random.Random(shuffle_seed)
    for state, _, _, _ in random_play(*game):
        twin = with_hidden_shuffled(state, rng)
        for seat in [None, *range(state.players)]:
            view = GAME.view(state, seat)
            assert GAME.view(twin, seat) == view
            if state.seed > 10**6:  # short seeds collide with ordinary numbers in a view
                assert str(state.seed) not in json.dumps(view)
            if seat is not None:
                moved = with_others_tokens_moved(state, seat)
                assert GAME.view(moved, seat) == view
