"""A club round's tables: sizes within the game's limits, as even as they go, bots topping tables
up to the host's preferred size, and a readable refusal when people cannot be seated."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import GAMES
from core.club.tables import Table, TableRule, TableSize, split


def people(tables: tuple[TableSize, ...]) -> list[int]:
    return [table.people for table in tables]


@pytest.mark.parametrize(
    ("game", "players", "preferred", "expected"),
    [
        ("rummikub", 16, 4, [4, 4, 4, 4]),
        ("rummikub", 10, 4, [4, 3, 3]),  # 2 tables cannot seat 10 at Rummikub (at most 4)
        ("nothanks", 10, 4, [4, 3, 3]),  # a mean of 3.33 is nearer 4 than 5 is
        ("nothanks", 9, 4, [5, 4]),  # 4.5 is nearer 4 than 3 is
        ("nothanks", 12, 5, [6, 6]),  # 6 and 4 are as near 5: fewer, larger tables
        ("papayoo", 3, 5, [3]),
        ("pasovec", 7, 2, [3, 2, 2]),  # 4 tables would need 8 people, 2 tables a mean of 3.5
        ("papayoo", 17, 8, [6, 6, 5]),  # 2 tables of 8 are one seat short
    ],
)
def test_people_alone_fill_tables_as_even_as_they_go(
    game: str, players: int, preferred: int, expected: list[int]
) -> None:
    tables = split(players, TableRule.for_game(game, preferred))
    assert people(tables) == expected
    assert all(table.bots == 0 for table in tables)


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (1, [TableSize(1, 3)]),
        (2, [TableSize(2, 2)]),
        (5, [TableSize(3, 1), TableSize(2, 2)]),
        (10, [TableSize(4, 0), TableSize(3, 1), TableSize(3, 1)]),
        (16, [TableSize(4, 0)] * 4),
    ],
)
def test_bots_top_every_table_up_to_the_preferred_size(
    players: int, expected: list[TableSize]
) -> None:
    assert list(split(players, TableRule.for_game("papayoo", 4, bots=True))) == expected


def test_too_few_people_without_bots_are_told_why_and_what_to_do() -> None:
    with pytest.raises(ValueError, match="Papayoo needs at least 3 players at a table") as err:
        split(2, TableRule.for_game("papayoo", 4))
    assert "let bots fill" in str(err.value)


def test_a_count_no_table_sizes_fit_is_refused() -> None:
    rule = TableRule("Quads", 3, 4, 4)  # 5 people: one table is too small, two too many
    with pytest.raises(ValueError, match="5 players cannot be split into tables of 3 to 4"):
        split(5, rule)
    assert people(split(6, rule)) == [3, 3]


def test_a_preferred_size_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="Rummikub is played 2 to 4 at a table"):
        TableRule.for_game("rummikub", 5)


@pytest.mark.parametrize("players", [0, -1, True, 2.5])
def test_a_round_needs_a_whole_number_of_people(players: object) -> None:
    with pytest.raises(ValueError, match="at least one player"):
        split(players, TableRule.for_game("nothanks"))  # type: ignore[arg-type]


def test_the_preferred_size_defaults_to_the_largest_table() -> None:
    assert TableRule.for_game("rummikub").preferred == 4
    assert TableRule.for_game("papayoo").preferred == 8


def test_a_table_counts_its_bots_among_its_seats() -> None:
    assert Table(("ann", "bob"), 2).seats == 4
    assert TableSize(3, 1).seats == 4


@st.composite
def rules(draw: st.DrawFn) -> tuple[int, TableRule]:
    game = draw(st.sampled_from(sorted(GAMES)))
    low, high = GAMES[game].min_players, GAMES[game].max_players
    preferred = draw(st.integers(low, high))
    return draw(st.integers(1, 60)), TableRule.for_game(game, preferred, draw(st.booleans()))


@given(rules())
def test_every_split_seats_everyone_within_the_limits(case: tuple[int, TableRule]) -> None:
    players, rule = case
    fits = [k for k in range(1, players + 1) if rule.low * k <= players <= rule.high * k]
    if not rule.bots and not fits:
        with pytest.raises(ValueError):
            split(players, rule)
        return
    tables = split(players, rule)
    sizes = people(tables)
    assert sum(sizes) == players
    assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)
    assert all(rule.low <= table.seats <= rule.high for table in tables)
    if rule.bots:
        assert all(table.seats == rule.preferred for table in tables)
        assert len(tables) == -(-players // rule.preferred)  # as few tables as hold everyone
    else:
        assert all(table.bots == 0 for table in tables)
        gap = abs(Fraction(players, len(tables)) - rule.preferred)
        assert all(gap <= abs(Fraction(players, k) - rule.preferred) for k in fits)
