"""No Thanks! bots: legal and deterministic answers, exact token counting, honest sampling,
and the strength ordering easy < normal (rule ids NT-n from shared/rules/nothanks.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.arena import play_series
from core.nothanks import NoThanksState, card_points
from core.nothanks.bots import (
    HardBot,
    Position,
    deduce_tokens,
    mask_of,
    mask_points,
    points_delta,
    sample_world,
)

GAME = core.get_game("nothanks")
LEVELS = ("easy", "normal", "hard")
TINY = {"simulations": 4}  # a hard bot cheap enough for property tests


def position_after(players: int, seed: int, moves: int, take_share: float = 0.3) -> NoThanksState:
    """The state after up to `moves` random legal actions (fewer if the game ends first)."""
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = legal[0] if len(legal) == 1 or rng.random() < take_share else legal[1]
        state = GAME.apply(state, seat, action)
    return state


def playing_position(players: int, seed: int, moves: int) -> NoThanksState:
    """Like `position_after`, but backs off so the game is still running."""
    state = position_after(players, seed, moves)
    while GAME.is_over(state):
        moves //= 2
        state = position_after(players, seed, moves)
    return state


def replaced(state: NoThanksState, **fields: object) -> NoThanksState:
    """A copy of `state` with some fields changed (states are immutable values)."""
    twin = NoThanksState()
    for name in NoThanksState.__slots__:
        setattr(twin, name, fields.get(name, getattr(state, name)))
    return twin


positions = st.tuples(
    st.integers(min_value=3, max_value=7),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=150),
)


@given(st.sets(st.integers(min_value=3, max_value=35), max_size=15), st.integers(3, 35))
def test_mask_arithmetic_matches_the_rules_scoring(cards: set[int], card: int) -> None:
    """NT-11: the bots' constant-time marginal score agrees with the engine's card_points."""
    held = sorted(cards - {card})
    mask = mask_of(held)
    assert mask_points(mask) == card_points(held)
    assert points_delta(mask, card) == card_points([*held, card]) - card_points(held)


@settings(max_examples=40, deadline=None)
@given(positions)
def test_token_counting_from_the_log_is_exact(position: tuple[int, int, int]) -> None:
    """NT-14 note: others' tokens are hidden but follow exactly from the public log."""
    state = position_after(*position)
    for seat in range(state.players):
        assert deduce_tokens(GAME.view(state, seat)) == list(state.tokens)


@settings(max_examples=40, deadline=None)
@given(positions, st.sampled_from(LEVELS))
def test_every_level_answers_with_a_legal_action(position: tuple, level: str) -> None:
    state = playing_position(*position)
    (seat,) = GAME.to_act(state)
    bot = core.get_bot("nothanks", level, **TINY)
    action = bot.act(GAME.view(state, seat), random.Random(position[1]))
    assert action in GAME.legal_actions(state, seat)


@pytest.mark.parametrize("level", LEVELS)
def test_no_bot_passes_without_tokens(level: str) -> None:
    """NT-8: with no tokens the only legal move is take, even for the worst card, bare."""
    state = replaced(GAME.new(4, 5, {"first": 0}), card=35, pot=0, tokens=(0, 11, 11, 11))
    assert GAME.legal_actions(state, 0) == [{"kind": "take"}]
    bot = core.get_bot("nothanks", level, **TINY)
    assert bot.act(GAME.view(state, 0), random.Random(1)) == {"kind": "take"}


@settings(max_examples=15, deadline=None)
@given(positions)
def test_hard_bot_is_deterministic_for_a_given_rng(position: tuple[int, int, int]) -> None:
    state = playing_position(*position)
    (seat,) = GAME.to_act(state)
    view = GAME.view(state, seat)
    bot = HardBot(simulations=8)
    first, second = random.Random(7), random.Random(7)
    assert bot.act(view, first) == bot.act(view, second)
    assert first.random() == second.random()  # same randomness consumed


@settings(max_examples=30, deadline=None)
@given(positions, st.integers(min_value=0, max_value=2**32))
def test_determinizations_never_contain_a_visible_card(position: tuple, sample_seed: int) -> None:
    """NT-15: sampled decks hold only unseen cards, exactly `deck_left` of them."""
    state = playing_position(*position)
    (seat,) = GAME.to_act(state)
    view = GAME.view(state, seat)
    visible = {view["card"], *(c for cards in view["cards"] for c in cards)}
    world = sample_world(Position.from_view(view), random.Random(sample_seed))
    assert len(world.deck) == view["deck_left"] == len(state.deck)
    assert len(set(world.deck)) == len(world.deck)
    assert not visible & set(world.deck)
    assert set(world.deck) <= set(state.deck) | set(state.removed)


def test_sampling_does_not_favour_the_true_deck() -> None:
    """A bot that peeked (OpenSpiel Gin Rummy #1613) would put the real deck cards in its
    worlds more often than the removed ones; honest sampling treats all unseen cards alike."""
    state = playing_position(4, 3, 20)
    view = GAME.view(state, GAME.to_act(state)[0])
    position, rng = Position.from_view(view), random.Random(0)
    counts = Counter(c for _ in range(3000) for c in sample_world(position, rng).deck)
    in_deck = sum(counts[c] for c in state.deck) / len(state.deck)
    in_removed = sum(counts[c] for c in state.removed) / len(state.removed)
    assert in_deck == pytest.approx(in_removed, rel=0.08)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_cannot_tell_hidden_cards_apart(level: str) -> None:
    """Reordering the deck and swapping cards with the removed 9 (NT-4, NT-15) changes
    neither the view nor, with the same rng, any bot's answer."""
    bot = core.get_bot("nothanks", level, simulations=16)
    for seed in range(6):
        state = playing_position(4, seed, 10 + 7 * seed)
        (seat,) = GAME.to_act(state)
        hidden = [*state.deck, *state.removed]
        random.Random(seed).shuffle(hidden)
        twin = replaced(
            state, deck=tuple(hidden[: len(state.deck)]), removed=tuple(hidden[len(state.deck) :])
        )
        assert twin.deck != state.deck
        view = GAME.view(state, seat)
        assert GAME.view(twin, seat) == view
        assert bot.act(view, random.Random(seed)) == bot.act(
            GAME.view(twin, seat), random.Random(seed)
        )


def test_hard_bot_refuses_an_empty_budget() -> None:
    with pytest.raises(ValueError, match="simulations"):
        HardBot(simulations=0)


def test_normal_beats_three_easy_bots() -> None:
    """Over 200 games the normal bot's win share is above the fair 25% with 95% confidence."""
    result = play_series("nothanks", ["normal", "easy", "easy", "easy"], 200, 3, lambda: 0.0)
    low, _high = result.summary()["seats"][0]["win_interval"]
    assert low > 0.25


def test_hard_bot_with_a_small_budget_beats_easy_bots() -> None:
    """Even 96 simulations a decision win more than the fair 25%, with 95% confidence."""
    result = play_series(
        "nothanks",
        ["hard", "easy", "easy", "easy"],
        40,
        5,
        lambda: 0.0,
        bot_settings={"hard": {"simulations": 96}},
    )
    low, _high = result.summary()["seats"][0]["win_interval"]
    assert low > 0.25
