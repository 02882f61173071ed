"""The *Swiss* draw: by standings, the leaders play each other.

People are ordered by their standing (points, then the tie-break; see `standings`), people of
equal standing in a random order drawn from the club's seed for the round, and fill the tables
from the top table down. Then, among people of exactly equal standing whose places fall at
different tables, swaps that make fewer pairs meet again are made (the search of `search`,
restricted to each standing's own people): the order by standing is unchanged by them, so
avoiding repeats there costs nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from core.api import chance
from core.club.meetings import meetings
from core.club.rounds import build_round, check_people, pair_weights
from core.club.search import seat
from core.club.tables import Round, TableSize

Standing = tuple[Fraction, Fraction]  # (points, tie-break), the higher the better
ZERO: Standing = (Fraction(0), Fraction(0))


def swiss_round(
    players: Sequence[str],
    sizes: Sequence[TableSize],
    earlier: Sequence[Round],
    seed: int,
    standing: Mapping[str, Standing],
) -> Round:
    """Round `len(earlier)` by standings; a player with no standing yet stands at zero."""
    people = check_people(players)
    if sum(size.people for size in sizes) != len(people):
        raise ValueError(f"{len(people)} players do not fill the tables {list(sizes)}")
    rng = chance(seed, "swiss", len(earlier))
    luck = {person: rng.random() for person in people}
    ranked = sorted(people, key=lambda p: (standing.get(p, ZERO), luck[p]), reverse=True)
    place = {person: i for i, person in enumerate(ranked)}
    tops = [t for t, size in enumerate(sizes) for _ in range(size.people)]
    start = [tops[place[person]] for person in people]
    levels = sorted({standing.get(p, ZERO) for p in people})
    groups = [levels.index(standing.get(person, ZERO)) for person in people]
    weights = pair_weights(people, meetings(earlier))
    at = seat(weights, [size.people for size in sizes], rng, start=start, groups=groups)
    return build_round(people, at, sizes, rng)
