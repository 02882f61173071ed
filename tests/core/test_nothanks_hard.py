"""The hard No Thanks! bot's search, its sparring partner and the hint (issue 13): both bots
read only their view, the hint plays what the hard bot plays and says why in one line
(rule ids NT-n from shared/rules/nothanks.md)."""

from __future__ import annotations

import random

import pytest

from bench.nothanks_ismcts import IsmctsBot
from core.nothanks import GAME, NoThanksState
from core.nothanks.bots import HardBot, Position, eager_takes, mask_of, sample_world
from core.nothanks.hints import hint as hint_phrase
from tests.core.english import english
from tests.core.test_nothanks_bots import playing_position, replaced

hint = english(hint_phrase)

BUDGET = 48  # iterations: enough to exercise the tree, cheap enough for a fast suite
POSITIONS = [(players, seed, 6 + 9 * seed) for seed in range(5) for players in (3, 5)]


def views_of(players: int, seed: int, moves: int) -> tuple[NoThanksState, int]:
    state = playing_position(players, seed, moves)
    (seat,) = GAME.to_act(state)
    return state, seat


@pytest.mark.parametrize("make", [lambda: IsmctsBot(BUDGET), lambda: HardBot(BUDGET)])
@pytest.mark.parametrize(("players", "seed", "moves"), POSITIONS)
def test_search_bots_read_only_the_view(make, players: int, seed: int, moves: int) -> None:
    """NT-4/NT-15: a twin has another deck order and other removed cards but the same view;
    with the same rng each bot answers the same, so neither can see what it may not."""
    state, seat = views_of(players, seed, moves)
    twin = GAME.twin(state, seat, random.Random(seed))
    assert (twin.deck, twin.removed) != (state.deck, state.removed)
    view = GAME.view(state, seat)
    assert GAME.view(twin, seat) == view
    bot = make()
    assert bot.act(view, random.Random(seed)) == bot.act(GAME.view(twin, seat), random.Random(seed))


@pytest.mark.parametrize(("players", "seed", "moves"), POSITIONS)
def test_hint_plays_the_hard_bots_move_and_says_why(players: int, seed: int, moves: int) -> None:
    state, seat = views_of(players, seed, moves)
    view, bot = GAME.view(state, seat), HardBot(BUDGET)
    action, reason = hint(view, random.Random(seed), bot)
    assert action in GAME.legal_actions(state, seat)
    assert action == bot.act(view, random.Random(seed))
    assert reason.startswith(("Take: ", "Pass: ")) and reason.startswith(action["kind"].title())
    assert "\n" not in reason and str(view["card"]) in reason


def test_hint_names_the_run_a_card_joins() -> None:
    """NT-11: 24 next to 22-23 costs nothing and 9 tokens come with it, and passing it would
    hand it to the next seat, whose 25 it joins too: take."""
    state = replaced(
        GAME.new(4, 2, {"first": 0}),
        card=24,
        pot=9,
        cards=((22, 23), (25,), (), ()),
        tokens=(2, 8, 8, 8),
    )
    action, reason = hint(GAME.view(state, 0), random.Random(0), HardBot(200))
    assert action == {"kind": "take"}
    assert "taking 24 with 9 tokens joins your 22–23" in reason


def test_hint_for_a_broke_player_says_the_take_is_forced() -> None:
    """NT-8: no tokens, no choice."""
    state = replaced(GAME.new(4, 2, {"first": 0}), card=35, tokens=(0, 11, 11, 11))
    action, reason = hint(GAME.view(state, 0), random.Random(0))
    assert action == {"kind": "take"}
    assert "no tokens left" in reason


def test_no_hint_out_of_turn() -> None:
    state = GAME.new(4, 2, {"first": 0})
    with pytest.raises(ValueError, match="not your turn"):
        hint(GAME.view(state, 1), random.Random(0))


def test_eager_playout_takes_run_cards_at_once_and_cheap_cards() -> None:
    """NT-11: a card next to a run costs nothing, so the playout takes it even bare; NT-8:
    without tokens it must take; otherwise only a card cheap for its tokens left."""
    masks = [mask_of([22, 23]), 0, 0]
    assert eager_takes(24, 0, masks, [11, 11, 11], 0)
    assert eager_takes(21, 0, masks, [11, 11, 11], 0)
    assert eager_takes(35, 0, masks, [0, 11, 11], 0)
    assert not eager_takes(30, 0, masks, [11, 11, 11], 0)
    assert eager_takes(30, 27, masks, [11, 11, 11], 0)  # 30 points less 27 tokens: 3 net
    assert eager_takes(12, 0, masks, [1, 11, 11], 0)  # one token left: 13 net is acceptable
    assert not eager_takes(12, 0, masks, [11, 11, 11], 0)


def test_search_backs_up_the_exact_scores_of_a_decided_last_card() -> None:
    """The 24th card (NT-10) with the next seat out of tokens (NT-8): taking ends the game, and
    so does passing, since the next seat must take. Both outcomes are certain, so the tree's
    means must be the exact final scores, whatever the sampled worlds."""
    position = Position(
        card=30,
        pot=2,
        masks=[mask_of([20]), 0, mask_of([5]), 0],
        tokens=[5, 0, 8, 8],
        seat=0,
        deck_left=0,
        unseen=[3, 4, 6, 7, 8, 9, 10, 11, 12],
    )
    bot = HardBot(BUDGET)
    root = bot.search.run(lambda r: sample_world(position, r), random.Random(3))
    assert root.mean(1) == (20 + 30) - (5 + 2)  # take: 30 and the pot
    assert root.mean(0) == 20 - (5 - 1)  # pass: one token on it, the next seat takes
    assert root.visits[0] > root.visits[1]  # so the bot passes


def test_sparring_bot_refuses_an_empty_budget() -> None:
    with pytest.raises(ValueError, match="iterations"):
        IsmctsBot(0)
