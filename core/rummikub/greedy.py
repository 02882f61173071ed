"""New sets from a rack alone, found greedily: the easy bot's play and random play's moves.

Deliberately not optimal (the solver is): it takes the biggest set it can see, then the
biggest of what is left, which is how a beginner lays down tiles.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from core.rummikub.sets import TILE_OF, code


def candidate_sets(rack: Iterable[str]) -> list[list[str]]:
    """Every jokerless run (longest per start) and group (all colours there are) in a rack."""
    have = Counter(t for t in rack if t in TILE_OF)
    found: list[list[str]] = []
    for colour in range(4):
        start = 1
        while start <= 13:
            end = start
            while end <= 13 and have[code(colour, end)]:
                end += 1
            if end - start >= 3:
                found.append([code(colour, n) for n in range(start, end)])
            start = end + 1
    for number in range(1, 14):
        colours = [code(c, number) for c in range(4) if have[code(c, number)]]
        if len(colours) >= 3:
            found.append(colours)
    return found


def greedy_sets(rack: Iterable[str], rng: random.Random | None = None) -> list[list[str]]:
    """Disjoint sets from the rack: the biggest (then most points) first, or in random order
    when `rng` is given."""
    left = Counter(rack)
    chosen: list[list[str]] = []
    while True:
        options = candidate_sets(left.elements())
        if not options:
            return chosen
        if rng is None:
            best = max(options, key=lambda s: (len(s), sum(TILE_OF[t][1] for t in s)))
        else:
            best = rng.choice(options)
        chosen.append(best)
        left.subtract(best)


def set_points(sets: Iterable[Iterable[str]]) -> int:
    """The numbers on jokerless sets added up (an initial meld needs 30, RK-8)."""
    return sum(TILE_OF[t][1] for s in sets for t in s)
