"""Rummikub bots. Each sees only its seat's view, so none can cheat.

- easy: lays new sets from its own rack only, biggest first (`greedy`), never touches the
  table; before its initial meld, only when they add up to 30.
- normal: the exact solver's best play (most tiles, then most points), else draws.
- hard: goes out in one turn. It makes the smallest initial meld worth 30, then lays nothing
  until the solver finds a play that places its whole rack (RK-15), drawing meanwhile; once
  the pool is empty it lays the most it can, since a blocked game goes to the lowest rack
  (RK-17).

Why hard holds everything back. Against players who lay what they can every turn (normal is
exactly that), every tile laid is material for the others' rearrangements, a joker on the table
most of all (RK-12), while a tile on the rack is lost to no one: the rack's own sets can be laid
later whatever the table, a joker fits almost anywhere, and the longer the rack the more of it
combines with itself and with the table the others keep growing. The greedy players end up
drawing for their last few tiles: in 100 games measured hard went out 67 times, its rack then
holding 19 tiles (the median; 12 to 27), the others' racks 4 (the median).

Measured against three normal bots, duplicate series of 400 games (seed 1 unless said;
`gamenight arena rummikub --seats hard,normal,normal,normal --games 400 --duplicate`):
- the old hard (jokers kept back while nobody had 5 tiles or fewer, else the solver's play):
  26.2% in 80 games, as normal does;
- keeping back jokers and the rack's own sets but laying the loose tiles that fit: 34.0%
  (32.8% when it laid everything once an opponent was down to 3 tiles), 36.2% with the
  smallest initial meld; jokers alone kept back 33.2%, the rack's sets alone 26.5%;
- laying only to go out: 68.5% after the largest initial meld, 72.0% after the smallest
  (67.0% and 72.8% with seeds 2 and 3); the mean score is +26.8 a game (RK-16);
- the same, but laying everything once an opponent is down to 2 tiles, to lose fewer points:
  53.2%, and a mean score of +26.4, no better (the score is what adds up over a match of
  several games, RK-18), so hard does not hurry.
Against three easy bots: 98.2% (normal: 99.0% in 200 games). No sampled worlds are needed: the
plays worth comparing (go out now or not) are few, and the solver decides them exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from core.api import Action, View
from core.rummikub.best import DRAW, best_action
from core.rummikub.greedy import greedy_sets, set_points
from core.rummikub.play import MELD_POINTS
from core.rummikub.sets import JOKER, read_set
from core.rummikub.solver import DECISION_NODES, Budget, going_out, solve


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
    """The solver's best play, else draw; within `nodes` states a decision (the solver's
    anytime bound)."""

    nodes: int = DECISION_NODES

    def act(self, view: View, rng: random.Random) -> Action:
        return best_action(view, Budget(self.nodes))[0]


@dataclass
class HardBot:
    """Goes out in one turn (module docstring); within `nodes` states a decision. Uses no
    randomness: the same view always gets the same answer."""

    nodes: int = DECISION_NODES

    def act(self, view: View, rng: random.Random) -> Action:
        return self.decide(view, Budget(self.nodes))

    def decide(self, view: View, budget: Budget) -> Action:
        """The decision within `budget` (the hint reads from it whether it was cut short)."""
        if not view["melded"][view["seat"]]:
            return smallest_meld(view, budget)
        if view["pool_left"] == 0:  # RK-17: a blocked game goes to the lowest rack
            return best_action(view, budget)[0]
        table = going_out(view["table"], view["rack"], budget)
        return DRAW if table is None else {"kind": "play", "table": table}


def smallest_meld(view: View, budget: Budget) -> Action:
    """The initial meld (RK-8, RK-9) that lays the fewest tiles: of the sets in the solver's
    best meld, as few tiles as reach 30 points, jokers kept back first; else draw."""
    first_meld_jokers = view.get("jokers_in_first_meld", False)
    found = solve(view["table"], view["rack"], True, first_meld_jokers, budget)
    if found is None:
        return DRAW
    old = len(view["table"])
    chosen = fewest_tiles(found[2][old:])
    return {"kind": "play", "table": [*found[2][:old], *chosen]}


def fewest_tiles(sets: Sequence[Sequence[str]]) -> list[list[str]]:
    """The sets worth at least 30 together (RK-8, a joker counting as what it stands for)
    with the fewest jokers, then the fewest tiles, then the most points; `sets` are worth 30
    together, so there is always a choice."""
    values = [read_set(s).best_value for s in sets]
    options = [
        chosen
        for size in range(1, len(sets) + 1)
        for chosen in combinations(range(len(sets)), size)
        if sum(values[i] for i in chosen) >= MELD_POINTS
    ]

    def cost(chosen: tuple[int, ...]) -> tuple[int, int, int]:
        tiles = [t for i in chosen for t in sets[i]]
        return tiles.count(JOKER), len(tiles), -sum(values[i] for i in chosen)

    return [list(sets[i]) for i in min(options, key=cost)]


BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
