"""The Swiss draw: the leaders play each other, tables filled from the top down by standing, and
among people of equal standing the fewest repeats (brute force on small cases)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.club.draw import draw_round
from core.club.meetings import meetings, repeats
from core.club.swiss import Standing, swiss_round
from core.club.tables import Round, Table, TableRule, TableSize
from tests.core.test_club_mix import histories, names, partitions, seated_once


def levels_by_table(round_: Round, standing: dict[str, Standing]) -> list[Counter]:
    return [Counter(standing[p] for p in table.people) for table in round_]


def top_down(round_: Round, standing: dict[str, Standing]) -> bool:
    """Everyone at a table stands at least as high as everyone at any later table."""
    tables = [[standing[p] for p in table.people] for table in round_]
    return all(min(a) >= max(b) for i, a in enumerate(tables) for b in tables[i + 1 :])


def test_the_leaders_play_each_other() -> None:
    players = names(12)
    standing = {p: (Fraction(12 - i), Fraction(0)) for i, p in enumerate(players)}
    drawn = swiss_round(players, [TableSize(4)] * 3, [], 7, standing)
    assert [sorted(t.people) for t in drawn] == [players[0:4], players[4:8], players[8:12]]


def test_the_largest_table_is_the_top_table() -> None:
    players = names(10)
    standing = {p: (Fraction(10 - i), Fraction(0)) for i, p in enumerate(players)}
    drawn = draw_round("swiss", players, TableRule.for_game("nothanks", 3), [], 1, standing)
    assert [sorted(t.people) for t in drawn] == [players[0:4], players[4:7], players[7:10]]


def test_the_tie_break_orders_equal_points() -> None:
    players = names(8)
    standing = {p: (Fraction(1), Fraction(i)) for i, p in enumerate(players)}
    drawn = swiss_round(players, [TableSize(4)] * 2, [], 3, standing)
    assert sorted(drawn[0].people) == players[4:]


def test_equal_standings_avoid_meeting_again_when_it_costs_nothing() -> None:
    """Eight people all on equal points after a round: any seating keeps the order by
    standing, so the fewest repeats there can be (two per table of four)."""
    players = names(8)
    first = (Table(tuple(players[:4])), Table(tuple(players[4:])))
    standing = dict.fromkeys(players, (Fraction(1), Fraction(1)))
    drawn = swiss_round(players, [TableSize(4)] * 2, [first], 5, standing)
    assert repeats(drawn, [first]) == 4


def test_a_clear_order_is_kept_even_if_it_repeats() -> None:
    """Distinct standings leave no choice: the top four meet again."""
    players = names(8)
    first = (Table(tuple(players[:4])), Table(tuple(players[4:])))
    standing = {p: (Fraction(8 - i), Fraction(0)) for i, p in enumerate(players)}
    drawn = swiss_round(players, [TableSize(4)] * 2, [first], 5, standing)
    assert [sorted(t.people) for t in drawn] == [players[:4], players[4:]]


def test_someone_without_games_stands_at_zero() -> None:
    players = names(6)
    standing = {p: (Fraction(1), Fraction(0)) for p in players[:3]}
    drawn = swiss_round(players, [TableSize(3)] * 2, [], 2, standing)
    assert sorted(drawn[0].people) == players[:3]


def test_the_first_round_is_a_seeded_draw() -> None:
    players = names(12)
    rule = TableRule.for_game("papayoo", 4)
    one = draw_round("swiss", players, rule, [], 10)
    assert one == draw_round("swiss", list(reversed(players)), rule, [], 10)
    assert any(draw_round("swiss", players, rule, [], s) != one for s in range(11, 15))
    assert seated_once(one, players)


@settings(max_examples=25, deadline=None)
@given(histories(), st.integers(0, 1000), st.integers(1, 3))
def test_swiss_repeats_the_fewest_among_seatings_that_keep_the_order(
    case: tuple[list[str], list[int], list[Round]], seed: int, spread: int
) -> None:
    """Random standings with few distinct values (so many ties) and random earlier rounds:
    the draw is top-down by standing, and no seating with the same standings at each table
    repeats fewer pairs (brute force)."""
    people, sizes, earlier = case
    rng = random.Random(seed)
    standing = {p: (Fraction(rng.randrange(spread)), Fraction(0)) for p in people}
    drawn = swiss_round(people, [TableSize(s) for s in sizes], earlier, seed, standing)
    assert seated_once(drawn, people) and top_down(drawn, standing)
    want = levels_by_table(drawn, standing)
    met = meetings(earlier)
    alike = [
        seating
        for seating in partitions(people, sizes)
        if sorted(map(sorted_levels, levels_by_table(seating, standing)))
        == sorted(map(sorted_levels, want))
    ]
    assert repeats(drawn, met) == min(repeats(seating, met) for seating in alike)


def sorted_levels(levels: Counter) -> list:
    return sorted(levels.elements())


@pytest.mark.parametrize("seed", [0, 1])
def test_an_evening_by_standings_is_the_same_from_the_same_seed(seed: int) -> None:
    players = names(16)
    rule = TableRule.for_game("rummikub", 4)

    def evening() -> list[Round]:
        drawn: list[Round] = []
        points: Counter = Counter()
        for _ in range(4):
            standing = {p: (Fraction(points[p]), Fraction(0)) for p in players}
            drawn.append(draw_round("swiss", players, rule, drawn, seed, standing))
            for table in drawn[-1]:
                points[table.people[0]] += 1  # the first seat wins, for the test
        return drawn

    assert evening() == evening()
