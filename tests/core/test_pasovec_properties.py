"""Invariants of Pásovec over random play (hypothesis), and the twin-state check that views
leak nothing: others' hands, the set-aside cards and others' undecided choices (PA-15/17)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.pasovec import PasovecState
from core.pasovec.rules import CARDS, MAX_TOKENS

GAME = core.get_game("pasovec")

games = st.tuples(
    st.integers(min_value=2, max_value=6),  # players
    st.integers(min_value=0, max_value=2**64 - 1),  # seed
    st.integers(min_value=0, max_value=2**32),  # choice of the random moves
)


def random_play(players: int, seed: int, moves_seed: int, limit: int = 400) -> Iterator[tuple]:
    """Yield (state, seat, action, next state) through random play (at most `limit` actions);
    the seat to move is any of `to_act`, so simultaneous decisions come in every order."""
    rng = random.Random(moves_seed)
    state = GAME.new(players, seed)
    for _ in range(limit):
        if GAME.is_over(state):
            return
        seat = rng.choice(GAME.to_act(state))
        action = GAME.random_action(state, seat, rng)
        after = GAME.apply(state, seat, action)
        yield state, seat, action, after
        state = after


@settings(max_examples=40, deadline=None)
@given(games)
def test_cards_and_tokens_stay_within_the_rules(game: tuple) -> None:
    """PA-1/3/5: every card is in a hand, set aside or discarded this round; tokens stay in
    0..5; a hand loses at most one card per roll (PA-8)."""
    for before, _, action, state in random_play(*game):
        held = [c for hand in state.hands for c in hand]
        assert sorted(held + list(state.aside) + list(state.discards)) == list(CARDS)
        assert all(0 <= t <= MAX_TOKENS for t in state.tokens)
        assert all(list(hand) == sorted(hand) for hand in state.hands)
        if state.round == before.round:
            for old, new in zip(before.hands, state.hands, strict=True):
                assert len(old) - len(new) in (0, 1)
        assert action in GAME.legal_actions(before, _) or action["kind"] == "roll"


def hidden_cards(state: PasovecState, seat: int | None) -> int:
    return sum(len(h) for i, h in enumerate(state.hands) if i != seat) + len(state.aside)


def hidden_differs(state: PasovecState, twin: PasovecState, seat: int | None) -> bool:
    others = [i for i in range(state.players) if i != seat]
    return any(state.hands[i] != twin.hands[i] for i in others) or state.aside != twin.aside


@settings(max_examples=40, deadline=None)
@given(games, st.integers(min_value=0, max_value=2**32))
def test_twins_give_equal_views_so_views_hide_what_a_seat_may_not_know(
    game: tuple, twin_seed: int
) -> None:
    """PA-15/17 the strong way: a twin differs in others' hands, the set-aside cards, others'
    undecided choices and the seed, and every seat's view of it is the same."""
    rng = random.Random(twin_seed)
    for state, _, _, _ in random_play(*game, limit=120):
        for seat in [None, *range(state.players)]:
            twin = GAME.twin(state, seat, rng)
            view = GAME.view(state, seat)
            assert GAME.view(twin, seat) == view
            assert twin.seed != state.seed
            if hidden_cards(state, seat) >= 10:  # fewer could be dealt the same by chance
                assert hidden_differs(state, twin, seat)
            if seat is not None:
                assert twin.choices[seat] == state.choices[seat]
            if state.seed > 10**6:  # short seeds collide with ordinary numbers in a view
                assert str(state.seed) not in json.dumps(view)


def test_twin_redraws_others_decided_choices() -> None:
    state = GAME.new(4, seed=5, options={"first": 0})
    state = GAME.apply(state, 0, {"kind": "roll", "dice": {"red": 1}})
    for seat in (1, 2, 3):
        state = GAME.apply(state, seat, {"kind": "token"})
    rng = random.Random(1)
    twins = [GAME.twin(state, 0, rng) for _ in range(20)]
    assert any(t.choices != state.choices for t in twins)
    for twin in twins:
        assert twin.choices[0] is None and GAME.view(twin, 0) == GAME.view(state, 0)
        for seat in (1, 2, 3):  # still legal for the hands the twin dealt
            choice = twin.choices[seat]
            assert choice == 0 or choice in twin.hands[seat]
        assert GAME.to_act(GAME.apply(twin, 0, {"kind": "token"})) == [1]  # revealed, PA-10
