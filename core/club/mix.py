"""The *mix* draw: each round, seat people so that as few pairs as possible meet again.

The cost of a round (`rounds`): first the pairs meeting again, then their earlier meetings in
all. Two sources of seatings, the cheaper kept (the design's on a tie):
- when a perfect schedule is known for the round's shape (`designs`: q*q people at q tables of q,
  q a prime power, as 16 at tables of 4; or tables of two), its rounds over the people in an
  order fixed by the club's seed: while the same people play, the cheapest is a round the
  evening has not used, so the schedule's rounds repeat no pair at all;
- the tabu search (`search`) over the earlier meetings, from the design's best round or from a
  random seating.

What is guaranteed: the round is never costlier than the design's best round, and it is optimal
for the round whenever it reaches `cost_floor`, which every round of a design does, and every
round once all pairs have met equally often. Beyond that the search is a heuristic and greedy
round by round: it does not give up a cheaper round now for cheaper rounds later, so without the
designs it can miss a perfect schedule (without the circle method, 6 people at tables of 2 can
repeat two pairs in 5 rounds). The tests compare it with brute force: each round is the cheapest
seating there is (small random histories), and small evenings (6 at tables of 3, 8 at tables of
4, 7 at 4 and 3, 9 at tables of 3) are as good as the best schedule; 12 and 20 at tables of 4 over
12 rounds repeat as few pairs as the lower bound allows. bench/bench_club_draw.py measures the
rest against the lower bounds.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.api import chance
from core.club.designs import design_seatings
from core.club.meetings import meetings
from core.club.rounds import build_round, check_people, pair_weights
from core.club.search import Seating, cost_floor, seat
from core.club.tables import Round, TableSize


def mix_round(
    players: Sequence[str], sizes: Sequence[TableSize], earlier: Sequence[Round], seed: int
) -> Round:
    """Round `len(earlier)` of a mixed evening: `players` at tables of `sizes` (from `split`)."""
    people = check_people(players)
    if sum(size.people for size in sizes) != len(people):
        raise ValueError(f"{len(people)} players do not fill the tables {list(sizes)}")
    rng = chance(seed, "mix", len(earlier))
    weights = pair_weights(people, meetings(earlier))
    counts = [size.people for size in sizes]
    at = cheapest_start(weights, design_seatings(len(people), sizes, seed), len(sizes))
    if at is None or Seating(weights, len(sizes), at).cost > cost_floor(weights, counts):
        at = seat(weights, counts, rng, start=at)
    return build_round(people, at, sizes, rng)


def cheapest_start(
    weights: list[list[int]], seatings: list[list[int]], tables: int
) -> list[int] | None:
    """The first of the cheapest seatings, or None when there are none."""
    if not seatings:
        return None
    return min(seatings, key=lambda at: Seating(weights, tables, at).cost)
