"""Rummikub bots. Each sees only its seat's view, so none can cheat.

- easy: lays new sets from its own rack only, biggest first (`greedy`), never touches the
  table; before its initial meld, only when they add up to 30.
- normal: the exact solver's best play (most tiles, then most points), else draws.
- hard: the solver with a strategy around it: while nobody is close to going out it keeps its
  jokers back when it can still play without them (a joker on the rack is worth most later and
  costs 30 only if the game ends), and it empties its rack as fast as it can once an opponent is
  down to a few tiles or the pool is low.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.api import Action, View
from core.rummikub.greedy import greedy_sets, set_points
from core.rummikub.hints import DRAW, best_action
from core.rummikub.play import MELD_POINTS
from core.rummikub.sets import JOKER
from core.rummikub.solver import best_play


@dataclass
class EasyBot:
    """New sets from the rack alone, greedily (RK-8 before the initial meld)."""

    def act(self, view: View, rng: random.Random) -> Action:
        sets = greedy_sets(view["rack"])
        melded = view["melded"][view["seat"]]
        if sets and (melded or set_points(sets) >= MELD_POINTS):
            return {"kind": "play", "table": [*view["table"], *sets]}
        return DRAW


@dataclass
class NormalBot:
    """The solver's best play, else draw."""

    def act(self, view: View, rng: random.Random) -> Action:
        return best_action(view)[0]


@dataclass
class HardBot:
    """The solver, keeping jokers back while the game is young (module docstring)."""

    danger_rack: int = 5  # an opponent with this many tiles or fewer may go out soon
    low_pool: int = 10

    def act(self, view: View, rng: random.Random) -> Action:
        seat, rack = view["seat"], view["rack"]
        others = [n for i, n in enumerate(view["rack_sizes"]) if i != seat]
        calm = min(others) > self.danger_rack and view["pool_left"] > self.low_pool
        if calm and view["melded"][seat] and JOKER in rack:
            plain = [t for t in rack if t != JOKER]
            table = best_play(view["table"], plain)
            if table is not None and len(plain) > 0:
                return {"kind": "play", "table": table}
        return best_action(view)[0]


BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
