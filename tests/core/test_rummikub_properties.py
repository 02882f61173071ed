"""Rummikub invariants over random play (hypothesis): games end, all 106 tiles stay in play,
records replay, views leak nothing (twins), bots answer with legal actions."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.rummikub import GAME
from core.rummikub.bots import BOTS
from core.rummikub.sets import full_deck

games = st.tuples(
    st.integers(2, 4),
    st.integers(0, 2**63),
    st.integers(0, 2**32),
    st.sampled_from([{}, {"games": 2}, {"jokers_in_first_meld": True}]),
)


def random_game(players: int, seed: int, moves: int, options: dict):
    """Yield (state, seat, action) through one whole random match, timeouts included."""
    rng = random.Random(moves)
    state = GAME.new(players, seed, options)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        roll = rng.random()
        if roll < 0.05:
            action = {"kind": "timeout"}
        elif roll < 0.4 and state.melded[seat]:
            action = BOTS["normal"]().act(GAME.view(state, seat), rng)
        else:
            action = GAME.random_action(state, seat, rng)
        yield state, seat, action
        state = GAME.apply(state, seat, action)
    yield state, None, None


@settings(max_examples=10, deadline=None)
@given(games)
def test_random_matches_end_and_conserve_106_tiles(game: tuple) -> None:
    """RK-1: no tile made or lost; RK-15/17: every game ends; RK-18: scores add to zero-ish."""
    for turns, (state, _, _) in enumerate(random_game(*game)):
        tiles = Counter(state.pool) + Counter(t for r in state.racks for t in r)
        tiles += Counter(t for s in state.table for t in s)
        assert tiles == Counter(full_deck())
        assert turns < 2000
    result = GAME.result(state)
    assert result["winners"] and abs(sum(result["scores"])) < 4 * game[3].get("games", 1)
    json.dumps(GAME.view(state, 0))  # views are plain data


@settings(max_examples=6, deadline=None)
@given(games)
def test_records_replay_and_twins_look_the_same(game: tuple) -> None:
    players, seed, _, options = game
    record = core.new_record("rummikub", players, seed, options)
    rng = random.Random(seed)
    for state, seat, action in random_game(*game):
        for viewer in [None, *range(players)]:
            twin = GAME.twin(state, viewer, rng)
            assert GAME.view(twin, viewer) == GAME.view(state, viewer)
            if viewer is not None and state.pool:
                assert twin.pool != state.pool or twin.racks != state.racks
        if action is not None:
            core.record_action(record, seat, action)
    assert core.replay(record) == state


def test_every_bot_plays_legal_moves_to_the_end() -> None:
    for level in ("easy", "normal", "hard"):
        state = GAME.new(4, 3, {"first": 0})
        rng = random.Random(3)
        bots = [core.get_bot("rummikub", lvl) for lvl in (level, "easy", "normal", "hard")]
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, bots[seat].act(GAME.view(state, seat), rng))
        assert GAME.result(state)["winners"]
