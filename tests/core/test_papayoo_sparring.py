"""The Papayoo sparring partner (bench/papayoo_mc.py): legal answers from views alone, deals
that honour what its seat knows, and a place in the arena as `module:attribute`."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.papayoo_mc import MonteCarloBot, Table, policy, to_code, to_int
from core.arena import bot_factory, play_series
from core.papayoo.cards import SUIT
from tests.core.papayoo_helpers import GAME, SUITED_PASSES, pass_all, play, position, suited_game

SPEC = "bench.papayoo_mc:MonteCarloBot"


@settings(max_examples=25, deadline=None)
@given(
    st.integers(min_value=3, max_value=8),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=60),
)
def test_it_answers_legally_and_deterministically(players: int, seed: int, moves: int) -> None:
    state = position(players, seed, moves)
    seat = GAME.to_act(state)[-1]
    view = GAME.view(state, seat)
    bot = MonteCarloBot(samples=3)
    action = bot.act(view, random.Random(2))
    assert action == bot.act(view, random.Random(2))
    GAME.apply(state, seat, action)  # raises if illegal
    if view["phase"] == "play":
        hand = [to_int(c) for c in view["hand"]]
        trick = [to_int(c) for _, c in view["trick"]]
        card = policy(hand, trick, to_int(view["papayoo"]), players)
        GAME.apply(state, seat, {"kind": "play", "card": to_code(card)})  # PY-13 kept


def test_its_deals_keep_voids_passes_and_hand_sizes() -> None:
    """PY-13: seat 2 showed it has no spades; PY-9: seat 0's pass sits with seat 1."""
    state = play(pass_all(suited_game(first=0), SUITED_PASSES), "S1", "S10", "C1")
    table = Table(GAME.view(state, 0))
    for sample in range(30):
        hands = table.deal(random.Random(sample))
        assert [len(h) for h in hands] == [len(h) for h in state.hands]
        assert not any(SUIT[to_code(c)] == "S" for c in hands[2])
        assert {to_int(c) for c in SUITED_PASSES[0] if c != "S10"} <= set(hands[1])
        assert sorted(hands[0]) == sorted(to_int(c) for c in state.hands[0])


def test_the_arena_loads_and_tunes_it() -> None:
    bot = bot_factory("papayoo", SPEC)(samples=5)
    assert bot.samples == 5
    with pytest.raises(ValueError):
        MonteCarloBot(samples=0)
    result = play_series(
        "papayoo",
        [SPEC, "easy", "easy", "easy"],
        4,
        1,
        time.perf_counter,
        bot_settings={SPEC: {"samples": 4}},
    ).summary()
    mc, *easy = (seat["mean_score"] for seat in result["seats"])
    assert result["games"] == 4 and mc < max(easy)
