"""Pásovec bots, hints and the odds the screen shows: legal, deterministic, view-only answers,
exact odds, hints that name the hard bot's move, and the strength ordering (PA ids from
shared/rules/pasovec.md)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.arena import play_series
from core.pasovec import PasovecState
from core.pasovec.bots import Position, cover, hard_act
from core.pasovec.dice import DISTRIBUTIONS
from core.pasovec.hints import hint as hint_phrase
from core.pasovec.odds import card_chances, card_costs, roll_odds
from tests.core.english import english
from tests.core.random_play import random_position

hint = english(hint_phrase)

GAME = core.get_game("pasovec")
LEVELS = ("easy", "normal", "hard")

positions = st.tuples(
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=250),
)


def position_after(players: int, seed: int, moves: int) -> PasovecState:
    """A running game after up to `moves` random actions (stopping before the end)."""
    state: PasovecState = random_position(GAME, players, seed, moves)
    return state


def deciding(hands: list[list[int]], tokens: list[int], total: int) -> PasovecState:
    """A table where seat 0 has rolled `total`, with the given hands and tokens."""
    state = GAME.apply(
        GAME.new(len(hands), seed=1, options={"first": 0}), 0, {"kind": "roll", "dice": {"red": 1}}
    )
    fixed = state.clone()
    fixed.hands = tuple(tuple(sorted(h)) for h in hands)
    fixed.tokens, fixed.sum = tuple(tokens), total
    return fixed


def rolling(hands: list[list[int]], tokens: list[int]) -> PasovecState:
    """A table where seat 0 is about to roll, with the given hands and tokens."""
    fixed = GAME.new(len(hands), seed=1, options={"first": 0}).clone()
    fixed.hands = tuple(tuple(sorted(h)) for h in hands)
    fixed.tokens = tuple(tokens)
    return fixed


@settings(max_examples=40, deadline=None)
@given(positions, st.sampled_from(LEVELS))
def test_every_level_answers_legally_and_deterministically(position: tuple, level: str) -> None:
    state = position_after(*position)
    bot = core.get_bot("pasovec", level)
    for seat in GAME.to_act(state):
        view = GAME.view(state, seat)
        action = bot.act(view, random.Random(1))
        GAME.apply(state, seat, action)  # raises if illegal
        assert bot.act(view, random.Random(2)) == action
        twin = GAME.twin(state, seat, random.Random(3))  # others' hands and choices differ
        assert bot.act(GAME.view(twin, seat), random.Random(1)) == action


@settings(max_examples=40, deadline=None)
@given(positions)
def test_a_hint_names_the_hard_bots_move_with_a_reason(position: tuple) -> None:
    state = position_after(*position)
    hard = core.get_bot("pasovec", "hard")
    for seat in GAME.to_act(state):
        view = GAME.view(state, seat)
        action, reason = hint(view, random.Random(seat))
        assert action == hard.act(view, random.Random(seat))
        opening = {
            "roll": "Roll ",
            "discard": f"Discard {action.get('card')} for ",
            "token": "Take a token: ",
        }
        assert reason.startswith(opening[action["kind"]]) and "\n" not in reason
        if action["kind"] == "roll":
            assert "% chance to shed a card for free" in reason or "match no card" in reason


def test_the_hard_bot_rolls_the_one_die_that_always_hits() -> None:
    """PA-7 strategy: a hand holding 7, 8 and 9 sheds for free on one red die, every time."""
    state = rolling([[7, 8, 9], [1] * 10], [2, 2])
    action, reason = hint(GAME.view(state, 0), random.Random(0))
    assert action == {"kind": "roll", "dice": {"blue": 0, "yellow": 0, "red": 1}}
    assert reason == "Roll red: 100% chance to shed a card for free"


def test_a_roll_that_sheds_nothing_is_explained_by_what_likelier_dice_give_the_others() -> None:
    """PA-8/PA-3: on sums above every card nobody sheds and the roller takes a token; blue+yellow
    (sums 5-9) would hit this hand two times in three, but shed about one card of the others'."""
    hand = [2, 6, 7, 9, 11, 12, 12, 14, 16]
    state = rolling([hand, *[[1, 3, 4, 5, 8, 10, 13, 15, 17]] * 3], [1, 1, 1, 2])
    action, reason = hint(GAME.view(state, 0), random.Random(0))
    assert action == {"kind": "roll", "dice": {"blue": 0, "yellow": 2, "red": 2}}
    assert reason == (
        "Roll 2 yellow+2 red: sums 22–30 match no card, you take a token; blue+yellow"
        " (67% free for you) lets the others shed 1.0 cards"
    )


def test_a_roll_reason_claims_nothing_about_the_others_that_is_not_so() -> None:
    """Yellow would shed a card more often but, judged from the cards nobody shows, would not
    let the others shed more than 2 red does: the reason gives the chance alone."""
    state = rolling([[4, 5, 6, 17], [3, 7, 9, 9, 15]], [5, 4])
    action, reason = hint(GAME.view(state, 0), random.Random(0))
    assert action == {"kind": "roll", "dice": {"blue": 0, "yellow": 0, "red": 2}}
    assert reason == "Roll 2 red: 22% chance to shed a card for free, 100% within your 5 tokens"


def test_the_hard_bot_sheds_for_free_and_pays_when_the_round_is_ending() -> None:
    free = deciding([[5, 12, 18], [3, 4, 6, 8]], [2, 2], total=12)
    assert hint(GAME.view(free, 0), random.Random(0)) == (
        {"kind": "discard", "card": 12},
        "Discard 12 for free: it matches the sum",
    )
    ending = deciding([[5, 14, 18], [3]], [4, 4], total=10)  # PA-11: seat 1 can pay for any card
    action, reason = hint(GAME.view(ending, 0), random.Random(0))
    assert action["kind"] == "discard" and "another player has 1 card left" in reason
    broke = deciding([[5, 15], [3, 4, 6, 8]], [1, 2], total=10)
    assert hint(GAME.view(broke, 0), random.Random(0)) == (
        {"kind": "token"},
        "Take a token: your cheapest card costs 4 tokens, you hold 1",
    )


def test_the_hard_bot_keeps_the_cards_that_are_easy_to_hit() -> None:
    """On 11, the 10 and the 12 both cost 1 token (PA-8): the 12 goes, since rolls hit 10
    more often and keeping it sheds it later for free."""
    state = deciding([[10, 12, 19, 20], [1] * 10, [1] * 10], [3, 2, 2], total=11)
    assert hard_act(Position.from_view(GAME.view(state, 0))) == {"kind": "discard", "card": 12}
    assert cover([10, 19, 20], 3) > cover([12, 19, 20], 3)


def test_card_costs_for_a_sum() -> None:
    """PA-8: free, 1-4 tokens, or out of reach with the tokens held."""
    assert card_costs([10, 11, 13, 13, 20, 1], tokens=3, total=10) == {
        1: None,
        10: 0,
        11: 1,
        13: 3,
        20: None,
    }
    assert card_costs([1, 20], tokens=4, total=10) == {1: 4, 20: 4}


def test_card_chances_for_dice_come_from_the_exact_distribution() -> None:
    """Blue+red sums 8..12 as 1, 2, 3, 2, 1 ninths: a 10 is hit for free 3/9 of the time,
    and within 1 token on 9, 10 or 11 (7/9)."""
    chances = card_chances([10, 13, 3], tokens=1, combo=(1, 0, 1))
    dist = DISTRIBUTIONS[(1, 0, 1)]
    assert chances[10] == pytest.approx((3 / 9, 7 / 9))
    assert chances[13] == pytest.approx((0.0, 1 / 9))
    assert chances[3] == (0.0, 0.0)
    assert sum(dist.values()) == Fraction(1)
    free, within = roll_odds([10, 13, 3], 1, (1, 0, 1))
    assert (free, within) == pytest.approx((3 / 9, 8 / 9))  # only a sum of 8 is out of reach


def test_normal_and_hard_beat_three_easy_bots() -> None:
    normal = play_series("pasovec", ["normal", "easy", "easy", "easy"], 60, 3, lambda: 0.0)
    assert normal.summary()["seats"][0]["win_share"] > 0.25
    hard = play_series("pasovec", ["hard", "easy", "easy", "easy"], 30, 3, lambda: 0.0)
    assert hard.summary()["seats"][0]["win_share"] > 0.25
