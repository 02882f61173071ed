"""Who met whom: the pairs that sat at one table in earlier rounds, and what a new round repeats.

A pair is a `frozenset` of two people, so the order they were seated in does not matter. Bots
meet no one: only people are counted.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from core.club.tables import Round

Pair = frozenset[str]


def pairs(round_: Round) -> Iterator[Pair]:
    """Every pair of people seated at one table in the round."""
    for table in round_:
        for a, b in itertools.combinations(table.people, 2):
            yield frozenset((a, b))


def meetings(rounds: Iterable[Round]) -> Counter[Pair]:
    """How many times each pair has sat at one table over the rounds."""
    met: Counter[Pair] = Counter()
    for round_ in rounds:
        met.update(pairs(round_))
    return met


def repeats(round_: Round, earlier: Sequence[Round] | Counter[Pair]) -> int:
    """How many pairs of the round had already met in an earlier round (each pair once)."""
    met = earlier if isinstance(earlier, Counter) else meetings(earlier)
    return sum(1 for pair in pairs(round_) if met[pair])


def earlier_meetings(round_: Round, earlier: Sequence[Round] | Counter[Pair]) -> int:
    """The earlier meetings of the round's pairs added up: a pair meeting for the third time
    counts two. Of two rounds repeating as many pairs, the one with the smaller figure spreads
    the repeats more evenly."""
    met = earlier if isinstance(earlier, Counter) else meetings(earlier)
    return sum(met[pair] for pair in pairs(round_))


def repeat_floor(players: int, sizes: Sequence[int], rounds: int) -> int:
    """The fewest repeats (summed over rounds) any schedule of `rounds` rounds can have:
    each round seats `sum(C(size, 2))` pairs and only `C(players, 2)` pairs are ever new."""
    per_round = sum(size * (size - 1) // 2 for size in sizes)
    return max(0, per_round * rounds - players * (players - 1) // 2)
