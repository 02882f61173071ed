"""A sparring partner for the hard No Thanks! bot: information-set MCTS as the strongest open
bots play it (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree Search").

It is no bot level of the game, only a yardstick for `bench/bench_nothanks_hard.py`. The tree
search itself is `core.nothanks.search` (one tree over information sets, the next card drawn
uniformly from the unseen cards as the tree is descended, one node added per iteration, every
decision node minimising the final score (NT-11) of its own mover by the lower confidence
bound `mean - C sqrt(ln N / n)`, the most visited root action played); this module configures
it as the published bots do:

- `C` = 30 on the scale of scores;
- leaves are played out with a run-aware heuristic (`core.nothanks.bots.eager_takes`);
- a fixed number of iterations a move (400 by default).

The hard bot runs the same search with ten times the budget; this yardstick keeps its own
constants, so tuning hard never moves it.

Honest: it reads only its view (through `Position.from_view`), never the state.
"""

from __future__ import annotations

import random
from typing import Any

from core.api import Action, View
from core.nothanks.bots import PASS, TAKE, Position, eager_takes, sample_world
from core.nothanks.search import Search, chooses_take

EXPLORATION = 30.0  # on the scale of final scores (tens of points)


class IsmctsBot:
    """Single-observer IS-MCTS with `iterations` iterations a decision."""

    def __init__(self, iterations: int = 400, **_settings: Any) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.search = Search(iterations, EXPLORATION, eager_takes)

    def act(self, view: View, rng: random.Random) -> Action:
        position = Position.from_view(view)
        if position.tokens[position.seat] == 0:  # NT-8
            return TAKE
        root = self.search.run(lambda r: sample_world(position, r), rng)
        return TAKE if chooses_take(root) else PASS
