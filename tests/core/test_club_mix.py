"""The mix draw: every player seated once a round, no pair repeated while a perfect schedule
exists (16 at tables of 4: the affine plane's 5 rounds), and otherwise the fewest repeats, checked
against brute force on small cases and against the lower bound on larger ones."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.club.designs import parallel_classes
from core.club.draw import draw_round
from core.club.fields import field, prime_power
from core.club.meetings import earlier_meetings, meetings, pairs, repeat_floor, repeats
from core.club.mix import mix_round
from core.club.search import Seating, cost_floor, random_seating, seat
from core.club.tables import Round, Table, TableRule, TableSize, split


def names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def evening(players: list[str], rule: TableRule, rounds: int, seed: int) -> list[Round]:
    drawn: list[Round] = []
    for _ in range(rounds):
        drawn.append(draw_round("mix", players, rule, drawn, seed))
    return drawn


def per_round(drawn: Sequence[Round]) -> list[int]:
    return [repeats(r, drawn[:i]) for i, r in enumerate(drawn)]


def partitions(people: Sequence[str], sizes: Sequence[int]) -> Iterator[Round]:
    """Every way to seat `people` at tables of `sizes` (each seating once)."""
    if not people:
        yield ()
        return
    first, rest = people[0], people[1:]
    for size in sorted(set(sizes)):
        left_sizes = list(sizes)
        left_sizes.remove(size)
        for others in itertools.combinations(rest, size - 1):
            left = [p for p in rest if p not in others]
            for tail in partitions(left, left_sizes):
                yield (Table((first, *others)), *tail)


def round_cost(round_: Round, met: Counter) -> tuple[int, int]:
    """The draw's objective: repeated pairs first, then their earlier meetings."""
    return repeats(round_, met), earlier_meetings(round_, met)


def best_evening(people: Sequence[str], sizes: Sequence[int], rounds: int) -> int:
    """The fewest repeats any schedule of `rounds` rounds has (branch and bound; the first
    round is any seating, all being alike up to renaming)."""
    seatings = list(partitions(people, sizes))
    best = [sum(len(list(pairs(seatings[0]))) for _ in range(rounds))]

    def extend(met: Counter, done: int, total: int) -> None:
        if total >= best[0]:
            return
        if done == rounds:
            best[0] = total
            return
        for seating in seatings:
            extend(met + Counter(pairs(seating)), done + 1, total + repeats(seating, met))

    extend(Counter(pairs(seatings[0])), 1, 0)
    return best[0]


def seated_once(round_: Round, players: Sequence[str]) -> bool:
    seated = [p for table in round_ for p in table.people]
    return sorted(seated) == sorted(players)


# ---- the plane ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("q", "expected"), [(2, (2, 1)), (4, (2, 2)), (8, (2, 3)), (9, (3, 2))])
def test_prime_powers_are_recognised(q: int, expected: tuple[int, int]) -> None:
    assert prime_power(q) == expected
    assert prime_power(6) is None and prime_power(12) is None and prime_power(1) is None


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9])
def test_the_field_is_a_field(q: int) -> None:
    plus, product = field(q)
    elements = range(q)
    assert all(any(product[a][b] == 1 for b in elements) for a in elements if a)  # inverses
    assert all(plus[a][0] == a and product[a][1] == a for a in elements)
    for a, b, c in itertools.product(elements, repeat=3):
        assert product[a][plus[b][c]] == plus[product[a][b]][product[a][c]]


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8])
def test_every_pair_of_the_plane_meets_exactly_once(q: int) -> None:
    classes = parallel_classes(q)
    assert len(classes) == q + 1
    met: Counter = Counter()
    for lines in classes:
        assert sorted(p for line in lines for p in line) == list(range(q * q))
        met.update(frozenset(pair) for line in lines for pair in itertools.combinations(line, 2))
    assert len(met) == q * q * (q * q - 1) // 2 and set(met.values()) == {1}


# ---- perfect schedules -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2026])
def test_sixteen_at_tables_of_four_repeat_no_pair_for_five_rounds_then_spread_evenly(
    seed: int,
) -> None:
    """The issue's case: 12 rounds of 16 at tables of 4. Five rounds meet all 120 pairs once,
    so every later round repeats all its 24 pairs (the lower bound), and the draw spreads the
    repeats: after 10 rounds every pair has met exactly twice."""
    drawn = evening(names(16), TableRule.for_game("rummikub", 4), 12, seed)
    assert all(seated_once(r, names(16)) for r in drawn)
    assert per_round(drawn) == [0] * 5 + [24] * 7
    assert set(meetings(drawn[:5]).values()) == {1} and len(meetings(drawn[:5])) == 120
    assert set(meetings(drawn[:10]).values()) == {2}
    assert sum(per_round(drawn)) == repeat_floor(16, [4] * 4, 12)


@pytest.mark.parametrize(("game", "q"), [("nothanks", 3), ("nothanks", 5), ("rummikub", 2)])
def test_other_squares_of_prime_powers_get_their_perfect_rounds(game: str, q: int) -> None:
    drawn = evening(names(q * q), TableRule.for_game(game, q), q + 2, 5)
    assert per_round(drawn)[: q + 1] == [0] * (q + 1)
    assert len(meetings(drawn[: q + 1])) == q * q * (q * q - 1) // 2


@pytest.mark.parametrize(("players", "seed"), [(12, 0), (12, 1), (20, 0), (20, 3)])
def test_larger_evenings_repeat_no_more_than_any_schedule_must(players: int, seed: int) -> None:
    """12 and 20 at tables of 4 over 12 rounds: as few repeats in all as the lower bound
    (pairs seated minus pairs there are), so no schedule repeats fewer."""
    drawn = evening(names(players), TableRule.for_game("rummikub", 4), 12, seed)
    assert sum(per_round(drawn)) == repeat_floor(players, [4] * (players // 4), 12)


# ---- brute force on small cases ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "sizes", "rounds"),
    [(6, [3, 3], 4), (8, [4, 4], 4), (7, [4, 3], 4), (9, [3, 3, 3], 3), (6, [2, 2, 2], 5)],
)
def test_small_evenings_are_as_good_as_the_best_schedule(
    players: int, sizes: list[int], rounds: int
) -> None:
    people = names(players)
    optimum = best_evening(people, sizes, rounds)
    for seed in range(3):
        drawn: list[Round] = []
        for _ in range(rounds):
            drawn.append(mix_round(people, [TableSize(s) for s in sizes], drawn, seed))
        assert sum(per_round(drawn)) == optimum, seed


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[str], list[int], list[Round]]:
    """A small case and 1 to 4 earlier rounds seated at random."""
    sizes = draw(st.sampled_from([[3, 3], [4, 4], [3, 3, 3], [4, 3, 3], [4, 4, 4], [3, 3, 2]]))
    people = names(sum(sizes))
    rng = random.Random(draw(st.integers(0, 2**32)))
    earlier = []
    for _ in range(draw(st.integers(1, 4))):
        order = rng.sample(people, len(people))
        cuts = list(itertools.accumulate(sizes, initial=0))
        earlier.append(tuple(Table(tuple(order[a:b])) for a, b in itertools.pairwise(cuts)))
    return people, sizes, earlier


@settings(max_examples=25, deadline=None)
@given(histories(), st.integers(0, 1000))
def test_each_round_is_the_cheapest_seating_there_is(
    case: tuple[list[str], list[int], list[Round]], seed: int
) -> None:
    """Whatever came before (here: random rounds), the round drawn repeats the fewest pairs,
    and of those seatings the fewest earlier meetings: brute force over every seating."""
    people, sizes, earlier = case
    met = meetings(earlier)
    drawn = mix_round(people, [TableSize(s) for s in sizes], earlier, seed)
    assert seated_once(drawn, people)
    assert sorted(len(t.people) for t in drawn) == sorted(sizes)
    best = min(round_cost(seating, met) for seating in partitions(people, sizes))
    assert round_cost(drawn, met) == best


# ---- invariants and determinism ----------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 30),
    st.sampled_from(["nothanks", "papayoo", "pasovec", "rummikub"]),
    st.integers(0, 2**63 - 1),
    st.integers(1, 4),
)
def test_everyone_sits_once_a_round_at_tables_within_the_limits(
    players: int, game: str, seed: int, rounds: int
) -> None:
    rule = TableRule.for_game(game, 4 if game != "rummikub" else 3, bots=True)
    drawn = evening(names(players), rule, rounds, seed)
    for round_ in drawn:
        assert seated_once(round_, names(players))
        assert [(len(t.people), t.bots) for t in round_] == [
            (s.people, s.bots) for s in split(players, rule)
        ]
        assert all(rule.low <= t.seats <= rule.high for t in round_)


def test_the_same_seed_draws_the_same_evening_whatever_order_players_are_listed_in() -> None:
    rule = TableRule.for_game("papayoo", 5)
    players = names(17)
    shuffled = random.Random(3).sample(players, len(players))
    assert evening(players, rule, 6, 42) == evening(shuffled, rule, 6, 42)
    assert evening(players, rule, 6, 42) != evening(players, rule, 6, 43)


def test_people_coming_and_going_are_mixed_with_what_they_met() -> None:
    """Someone leaves after two rounds and two join: the next round still seats exactly the
    people there, and repeats no pair when a fresh seating exists."""
    rule = TableRule.for_game("rummikub", 4)
    drawn = evening(names(16), rule, 2, 9)
    now = [*names(16)[1:], "new1", "new2", "new3"]  # 19: tables of 4, 4, 4, 4, 3
    third = draw_round("mix", now, rule, drawn, 9)
    assert seated_once(third, now)
    assert repeats(third, drawn) == 0


def test_a_player_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="'p01' is listed twice"):
        mix_round(["p01", "p02", "p01"], [TableSize(3)], [], 1)


def test_players_that_do_not_fill_the_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="3 players do not fill"):
        mix_round(names(3), [TableSize(4)], [], 1)


@pytest.mark.parametrize("players", [6, 8, 7, 9])
def test_tables_of_two_meet_everyone_once_by_the_circle_method(players: int) -> None:
    """Two-player tables (Rummikub, Pásovec): n - 1 rounds for n even, n rounds for n odd with
    each person once at a table of one beside a bot."""
    rule = TableRule.for_game("rummikub", 2, bots=True)
    rounds = players - 1 + players % 2
    drawn = evening(names(players), rule, rounds, 11)
    assert sum(per_round(drawn)) == 0
    assert len(meetings(drawn)) == players * (players - 1) // 2
    alone = Counter(t.people[0] for r in drawn for t in r if t.bots)
    assert alone == (Counter(names(players)) if players % 2 else Counter())


# ---- the search itself -------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([[4, 4, 4], [3, 3, 2], [5, 4], [2, 2, 2, 1]]))
def test_the_search_never_returns_a_seating_costlier_than_its_start(
    seed: int, sizes: list[int]
) -> None:
    rng = random.Random(seed)
    n = sum(sizes)
    weights = [[0] * n for _ in range(n)]
    for p, q in itertools.combinations(range(n), 2):
        weights[p][q] = weights[q][p] = rng.choice([0, 0, 1, 5])
    start = random_seating(sizes, rng)
    groups = [rng.randrange(2) for _ in range(n)]
    for restricted in (None, groups):
        at = seat(weights, sizes, random.Random(seed), start=start, groups=restricted)
        assert sorted(Counter(at).items()) == sorted(Counter(start).items())
        assert Seating(weights, len(sizes), at).cost <= Seating(weights, len(sizes), start).cost
        assert Seating(weights, len(sizes), at).cost >= cost_floor(weights, sizes)
        if restricted is not None:  # a group keeps the tables it held
            for g in (0, 1):
                held = sorted(start[p] for p in range(n) if groups[p] == g)
                assert sorted(at[p] for p in range(n) if groups[p] == g) == held


def test_the_search_needs_the_people_to_fill_the_tables() -> None:
    with pytest.raises(ValueError, match="5 people do not fill tables of"):
        seat([[0] * 5 for _ in range(5)], [3, 3], random.Random(1))
