"""Perfect mixes: schedules in which every pair of people meets exactly once, when they exist.

- The affine plane over GF(q) (`fields`), q a prime power: q*q people at q tables of q for q + 1
  rounds. The people are the points (x, y); a round is a class of parallel lines (y = m*x + b for
  one slope m, or the vertical lines x = c); two points share exactly one line. This is the social
  golfer problem's optimum for 16 players at tables of 4 (5 rounds), which a search by swaps
  seldom finds, and for 9 at tables of 3 (4 rounds), 25 of 5 (6), 49 of 7 (8), 64 of 8 (9).
- The circle method for tables of two: n people (n even) for n - 1 rounds; with n odd, one person
  a round sits at a table of one (beside a bot).

The round-by-round search cannot find these (a greedy choice of early rounds can leave later
ones no perfect seating: 6 people at tables of 2 is the smallest case), so `mix` offers their
rounds first.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.api import chance
from core.club.fields import field, prime_power
from core.club.tables import TableSize


def parallel_classes(q: int) -> list[list[tuple[int, ...]]]:
    """The q + 1 rounds of the plane: each q tables of q points, point (x, y) numbered x*q + y;
    any two points share a table in exactly one round."""
    plus, product = field(q)
    classes = [[tuple(c * q + y for y in range(q)) for c in range(q)]]
    for m in range(q):
        lines = [tuple(x * q + plus[product[m][x]][b] for x in range(q)) for b in range(q)]
        classes.append(lines)
    return classes


def circle_rounds(n: int) -> list[list[tuple[int, ...]]]:
    """The circle method: n - 1 rounds of pairs (n even), one fixed and the rest turning, every
    pair meeting once; n odd: n rounds, in each one person alone at the last table."""
    m = n + n % 2
    rounds = []
    for r in range(m - 1):
        tables = [(r, m - 1)] + [((r + i) % (m - 1), (r - i) % (m - 1)) for i in range(1, m // 2)]
        if n % 2:
            tables = [*tables[1:], (r,)]  # the one paired with the missing person sits alone
        rounds.append(tables)
    return rounds


def perfect_rounds(count: int, shape: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """The rounds of a perfect schedule for `count` people at tables of `shape` people (in the
    order of `shape`), or [] when neither design fits."""
    q = len(shape)
    if q * q == count and all(size == q for size in shape) and prime_power(q):
        return parallel_classes(q)
    if count >= 2 and list(shape) == [2] * (count // 2) + [1] * (count % 2):
        return circle_rounds(count)
    return []


def design_seatings(count: int, sizes: Sequence[TableSize], seed: int) -> list[list[int]]:
    """The perfect schedule's rounds as seatings of people 0..count-1, who are its points in an
    order fixed by the club's seed (the same every round while the same people play)."""
    rounds = perfect_rounds(count, [size.people for size in sizes])
    points = list(range(count))
    chance(seed, "design").shuffle(points)  # person i is point points[i]
    seatings = []
    for tables in rounds:
        table_of = {point: t for t, table in enumerate(tables) for point in table}
        seatings.append([table_of[points[i]] for i in range(count)])
    return seatings
