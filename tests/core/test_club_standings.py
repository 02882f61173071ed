"""Standings: each finished game gives each seat its share of the places (1st of n gets 1, last
0, ties share, n/2 in all), summed over the evening, each game's own score on the same scale as
the tie-break; bot seats count for no one; plain rows for a table, a CSV or a bar chart."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.club.places import direction, placings, score_shares, shares
from core.club.standings import Finished, csv_text, finished_game, standing_keys, standings
from core.match import bot_record, new_record


@st.composite
def results(draw: st.DrawFn) -> dict[str, list[int]]:
    """A finished game's result as the games give it: the best score (lowest or highest) wins,
    all tied seats or, as Pásovec's tokens do (PA-14), some of them."""
    scores = draw(st.lists(st.integers(-50, 50), min_size=2, max_size=8))
    best = draw(st.sampled_from([min, max]))(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    winners = draw(st.lists(st.sampled_from(tied), min_size=1, unique=True))
    return {"scores": scores, "winners": sorted(winners)}


@given(results())
def test_the_shares_of_a_game_add_up_to_half_its_seats(result: dict[str, list[int]]) -> None:
    worth = shares(result)
    assert sum(worth) == F(len(result["scores"]), 2)
    assert all(0 <= w <= 1 for w in worth)
    assert max(worth) == min(worth) or all(worth[s] == max(worth) for s in result["winners"])


@given(results())
def test_seats_the_result_cannot_tell_apart_share_and_better_places_are_worth_more(
    result: dict[str, list[int]],
) -> None:
    worth, places = shares(result), placings(result["scores"], result["winners"])
    for a, place_a in enumerate(places):
        for b, place_b in enumerate(places):
            assert (worth[a] == worth[b]) == (place_a == place_b)
            assert (worth[a] > worth[b]) == (place_a < place_b)


@given(results())
def test_score_shares_run_from_the_worst_score_to_the_best(result: dict[str, list[int]]) -> None:
    scored = score_shares(result)
    if len(set(result["scores"])) == 1:
        assert set(scored) == {F(1, 2)}
    else:
        assert min(scored) == 0 and max(scored) == 1
        assert all(scored[s] == 1 for s in result["winners"])


def test_first_gets_one_last_nothing_and_ties_share() -> None:
    assert shares({"scores": [10, 20, 30, 40], "winners": [0]}) == [1, F(2, 3), F(1, 3), 0]
    assert shares({"scores": [10, 20, 20, 40], "winners": [0]}) == [1, F(1, 2), F(1, 2), 0]
    assert shares({"scores": [7, 7, 1], "winners": [0, 1]}) == [F(3, 4), F(3, 4), 0]
    assert shares({"scores": [3, 3], "winners": [0, 1]}) == [F(1, 2), F(1, 2)]


def test_a_tie_broken_beyond_the_score_puts_the_winner_first() -> None:
    """Pásovec: equal penalties, the one with more tokens wins (PA-14); the other comes next."""
    assert shares({"scores": [5, 5, 9], "winners": [1]}) == [F(1, 2), 1, 0]
    assert score_shares({"scores": [5, 5, 9], "winners": [1]}) == [1, 1, 0]


@pytest.mark.parametrize(
    ("game", "players", "low_wins"),
    [("nothanks", 4, True), ("papayoo", 4, True), ("pasovec", 3, True), ("rummikub", 3, False)],
)
def test_each_games_own_direction_is_read_from_its_result(
    game: str, players: int, low_wins: bool
) -> None:
    """Real finished games between bots: penalties (NT-12, PY-18, PA-14) rank low scores
    first, Rummikub (RK-18) high ones; the winner's seat gets the whole share."""
    seats = [f"s{i}" for i in range(players)]
    finished = finished_game(bot_record(game, ["easy"] * players, 5), seats)
    scores, winners = finished.result["scores"], finished.result["winners"]
    assert direction(scores, winners) == (1 if low_wins else -1)
    worth = shares(finished.result)
    assert all(worth[s] == max(worth) for s in winners)
    best = min(scores) if low_wins else max(scores)
    assert all(scores[s] == best for s in winners)


def test_an_unfinished_game_counts_for_nothing_yet() -> None:
    with pytest.raises(ValueError, match="is not over"):
        finished_game(new_record("nothanks", 3, 1), ["a", "b", "c"])
    with pytest.raises(ValueError, match="names no winner"):
        shares({"scores": [1, 2, 3], "winners": []})


def test_a_game_must_name_its_seats_once() -> None:
    with pytest.raises(ValueError, match="3 seats for a result of 2 scores"):
        Finished(("a", "b", "c"), {"scores": [1, 2], "winners": [0]})
    with pytest.raises(ValueError, match="someone holds two seats"):
        Finished(("a", "a"), {"scores": [1, 2], "winners": [0]})


def evening() -> list[Finished]:
    """Four games by hand (the comments give each seat's place share and score share)."""
    return [
        # No Thanks!, lowest wins: bob and dan tie first (5/6 each), ann 1/3, cat 0;
        # scores 12..45: ann (45 - 30) / 33 = 5/11
        Finished(("ann", "bob", "cat", "dan"), {"scores": [30, 12, 45, 12], "winners": [1, 3]}),
        # Rummikub, highest wins, a bot in the third seat: ann 1, cat 1/2; scores: cat 10/80
        Finished(("ann", "cat", None), {"scores": [50, -20, -30], "winners": [0]}),
        # Papayoo: bob and dan share the first two places, 3/4 each; eve 0
        Finished(("bob", "dan", "eve"), {"scores": [40, 40, 80], "winners": [0, 1]}),
        # Pásovec: eve wins on tokens over cat (1 and 1/2); ann 0; scores: cat and eve 1
        Finished(("cat", "eve", "ann"), {"scores": [5, 5, 9], "winners": [1]}),
    ]


def test_a_hand_worked_evening() -> None:
    lines = standings(evening(), members=["fay"])
    got = [(s.rank, s.player, s.points, s.games, s.tie_break, s.tied) for s in lines]
    assert got == [
        (1, "bob", F(19, 12), 2, F(2), True),
        (1, "dan", F(19, 12), 2, F(2), True),
        (3, "ann", F(4, 3), 3, F(16, 11), False),
        (4, "cat", F(1), 3, F(9, 8), False),
        (5, "eve", F(1), 2, F(1), False),
        (6, "fay", F(0), 0, F(0), False),
    ]
    # every game's shares are handed out, less the bot's (Rummikub's last place: 0)
    assert sum(s.points for s in lines) == F(4, 2) + F(3, 2) + F(3, 2) + F(3, 2)


def test_someone_who_left_keeps_what_they_earned() -> None:
    """Dan leaves after the first game: a bot takes his seat in the third, which then counts
    for no one in that seat, and his first game still counts for him."""
    games = evening()
    games[2] = Finished(("bob", None, "eve"), games[2].result)
    dan = next(s for s in standings(games) if s.player == "dan")
    assert (dan.points, dan.games) == (F(5, 6), 1)


def test_rows_are_plain_values_for_a_table_a_csv_and_a_chart() -> None:
    lines = standings(evening())
    assert lines[2].row() == {
        "rank": 3,
        "player": "ann",
        "points": 1.3333,
        "games": 3,
        "tie_break": 1.4545,
        "tied": False,
    }
    text = csv_text(lines)
    assert text.splitlines()[0] == "rank,player,points,games,tie_break"
    assert text.splitlines()[1] == "1,bob,1.5833,2,2.0"
    assert len(text.splitlines()) == 1 + len(lines)


def test_the_swiss_draw_orders_by_points_then_tie_break() -> None:
    keys = standing_keys(standings(evening()))
    assert keys["ann"] == (F(4, 3), F(16, 11))
    assert keys["cat"] > keys["eve"]
