"""Between people and the search's numbers: what it costs two people to meet again, and the
round a seating makes.

The cost is lexicographic, as the issue asks: first as few pairs as possible meet again, then,
among seatings repeating as many pairs, the fewest earlier meetings in all (a third meeting is
worse than two second ones). A pair that met `c > 0` times weighs `big + c`, with `big` larger
than any round's sum of the `c`s, so one repeated pair more always costs more than any spread.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from core.club.meetings import Pair
from core.club.tables import Round, Table, TableSize


def check_people(players: Sequence[str]) -> list[str]:
    """The players in a fixed order (sorted), so a draw does not depend on the order the host
    lists them in; ValueError when someone is listed twice."""
    people = sorted(players)
    for a, b in itertools.pairwise(people):
        if a == b:
            raise ValueError(f"{a!r} is listed twice")
    return people


def pair_weights(people: Sequence[str], met: Counter[Pair]) -> list[list[int]]:
    """`weights[i][j]`: what seating people i and j together costs, given who met before."""
    most = max((met[frozenset((a, b))] for a in people for b in people if a < b), default=0)
    big = 1 + len(people) ** 2 * most
    return [
        [0 if a == b or not (c := met[frozenset((a, b))]) else big + c for b in people]
        for a in people
    ]


def build_round(
    people: Sequence[str], at: Sequence[int], sizes: Sequence[TableSize], rng: random.Random
) -> Round:
    """The round in which person i sits at table `at[i]`, each table's people in a random seat
    order and its bots after them."""
    tables = []
    for t, size in enumerate(sizes):
        seated = [person for person, table in zip(people, at, strict=True) if table == t]
        assert len(seated) == size.people, (t, seated, size)
        rng.shuffle(seated)
        tables.append(Table(tuple(seated), size.bots))
    return tuple(tables)
