"""Positions for the bots' and views' tests of any game: a running game reached by random
play through the core contract, so a test meets the positions a real table meets."""

from __future__ import annotations

import random
from typing import Any

from core.api import Game


def random_position(
    game: Game, players: int, seed: int, moves: int, options: dict[str, Any] | None = None
) -> Any:
    """`game` after up to `moves` random actions (fewer if the next would end it)."""
    rng = random.Random(seed)
    state = game.new(players, seed, options)
    for _ in range(moves):
        seat = rng.choice(game.to_act(state))
        after = game.apply(state, seat, game.random_action(state, seat, rng))
        if game.is_over(after):
            break
        state = after
    return state
