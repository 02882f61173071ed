"""The fixed draw: the first round's tables every round; leavers' seats go to bots or close,
newcomers take free seats, and a table the game no longer fits is refused with the reason."""

from __future__ import annotations

import pytest

from core.club.draw import draw_round
from core.club.fixed import fixed_round
from core.club.tables import Round, Table, TableRule
from tests.core.test_club_mix import names


def first_of(players: list[str], rule: TableRule, seed: int = 4) -> Round:
    return draw_round("fixed", players, rule, [], seed)


def test_the_same_people_sit_at_the_same_tables_every_round() -> None:
    rule = TableRule.for_game("papayoo", 4)
    players = names(11)
    drawn: list[Round] = []
    for _ in range(5):
        drawn.append(draw_round("fixed", players, rule, drawn, 4))
    assert all(r == drawn[0] for r in drawn)
    assert [len(t.people) for t in drawn[0]] == [4, 4, 3]


def test_a_leavers_seat_goes_to_a_bot_when_bots_may_fill_seats() -> None:
    rule = TableRule.for_game("nothanks", 4, bots=True)
    first = first_of(names(8), rule)
    gone = first[1].people[0]
    later = fixed_round(first, [p for p in names(8) if p != gone], rule)
    assert later[0] == first[0]
    assert later[1] == Table(first[1].people[1:], 1)


def test_without_bots_a_table_plays_on_smaller_until_the_game_needs_more() -> None:
    rule = TableRule.for_game("nothanks", 4)
    first = first_of(names(8), rule)
    one_left = fixed_round(first, [p for p in names(8) if p != first[0].people[0]], rule)
    assert one_left[0] == Table(first[0].people[1:])
    two_left = [p for p in names(8) if p not in first[0].people[:2]]
    with pytest.raises(ValueError, match="table 1 is down to 2, and No Thanks! needs 3"):
        fixed_round(first, two_left, rule)


def test_a_table_everyone_left_is_gone() -> None:
    rule = TableRule.for_game("nothanks", 4, bots=True)
    first = first_of(names(8), rule)
    stayed = list(first[1].people)
    assert fixed_round(first, stayed, rule) == (first[1],)


def test_a_newcomer_takes_a_bot_seat_first() -> None:
    rule = TableRule.for_game("papayoo", 4, bots=True)
    first = first_of(names(7), rule)  # tables of 4 people and of 3 with a bot
    later = fixed_round(first, [*names(7), "zoe"], rule)
    assert later == (first[0], Table((*first[1].people, "zoe"), 0))


def test_without_bots_a_newcomer_joins_the_smallest_table_with_room() -> None:
    rule = TableRule.for_game("rummikub", 4)
    first = first_of(names(7), rule)  # 4 and 3
    later = fixed_round(first, [*names(7), "zoe"], rule)
    assert later[1] == Table((*first[1].people, "zoe"))
    with pytest.raises(ValueError, match="no free seat for zz at the fixed tables"):
        fixed_round(first, [*names(7), "zoe", "zz"], rule)


def test_a_smaller_game_that_no_longer_fits_the_tables_is_refused() -> None:
    first = first_of(names(10), TableRule.for_game("papayoo", 5))
    with pytest.raises(ValueError, match="table 1 has 5 seats, and Rummikub is for at most 4"):
        draw_round("fixed", names(10), TableRule.for_game("rummikub", 4), [first], 4)


def test_an_unknown_draw_is_refused_with_the_draws_there_are() -> None:
    with pytest.raises(ValueError, match="no seat draw 'random'; the draws are fixed, mix, swiss"):
        draw_round("random", names(4), TableRule.for_game("rummikub", 4), [], 1)
