"""Papayoo bots and hints: legal, deterministic answers from views alone, honest sampling of
the hidden cards, sensible choices, and the strength ordering easy < normal (PY-n ids from
shared/rules/papayoo.md)."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.api import chance
from core.arena import play_series
from core.papayoo.bots import distinct_plays, pass_candidates
from core.papayoo.cards import DIE_FACES, SUIT
from core.papayoo.hints import hint as hint_phrase
from core.papayoo.knowledge import Knowledge, assign
from core.papayoo.play import CARD_INT, CODE, Deal
from tests.core.english import english
from tests.core.papayoo_helpers import (
    GAME,
    SUITED_DECK,
    SUITED_PASSES,
    pass_all,
    play,
    position,
    suited_game,
)

hint = english(hint_phrase)
TINY = {"work": 300, "pass_work": 300, "min_worlds": 2, "max_worlds": 2}  # cheap enough for tests
LEVELS = ("easy", "normal", "hard")


positions = st.tuples(
    st.integers(min_value=3, max_value=8),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=70),
)


@settings(max_examples=30, deadline=None)
@given(positions, st.sampled_from(LEVELS))
def test_bots_answer_legally_and_deterministically(pos: tuple, level: str) -> None:
    state = position(*pos)
    seat = GAME.to_act(state)[-1]
    view = GAME.view(state, seat)
    bot = core.get_bot("papayoo", level, **TINY)
    action = bot.act(view, random.Random(1))
    assert action == bot.act(view, random.Random(1))
    GAME.apply(state, seat, action)  # raises if illegal


def seed_rolling(face: str) -> int:
    """A seed whose first die roll shows `face` (PY-11)."""
    return next(s for s in range(100) if chance(s, "die", 0).choice(DIE_FACES) == face)


def test_the_sampled_deals_honour_everything_the_seat_knows() -> None:
    """Voids (PY-13), the passed cards with the left neighbour, the played cards and the hand
    sizes; and the hidden cards really vary from one sample to the next."""
    state = pass_all(suited_game(first=0), SUITED_PASSES)
    state = play(state, "S1", "S10", "C1")  # seat 2 shows it has no spades
    view = GAME.view(state, 0)
    knowledge = Knowledge.from_view(view)
    assert knowledge.voids[2] == {"S"}
    assert knowledge.pinned == {c: 1 for c in SUITED_PASSES[0] if c != "S10"}
    seen: Counter[str] = Counter()
    for sample_seed in range(40):
        hands = knowledge.sample(random.Random(sample_seed))
        assert hands[0] == list(state.hands[0])
        assert [len(h) for h in hands] == [len(h) for h in state.hands]
        assert not any(SUIT[c] == "S" for c in hands[2])
        assert set(SUITED_PASSES[0]) - {"S10"} <= set(hands[1])
        assert not {"S1", "S10", "C1"} & {c for h in hands for c in h}
        seen.update(hands[1])
    assert len(seen) > len(state.hands[1])  # not always the true hand


def test_assignment_finds_the_one_deal_that_fits() -> None:
    """When constraints leave one way to deal, the sampler finds it (augmenting paths)."""
    cards = ["S1", "S2", "H1", "H2"]
    allowed = [[0, 1], [0, 1], [1], [1]]
    for seed in range(20):
        hands = assign(cards, allowed, [2, 2], random.Random(seed))
        assert hands == [["S1", "S2"], ["H1", "H2"]] or sorted(hands[0]) == ["S1", "S2"]
    with pytest.raises(ValueError):
        assign(cards, [[1]] * 4, [2, 2], random.Random(0))


def papayoo_in_hand_and_clubs_led() -> object:
    """Seat 0 holds the Papayoo (D7, passed by seat 2) and no clubs; seat 2 leads C5."""
    state = GAME.new(3, seed_rolling("D"), {"deck": SUITED_DECK, "first": 2, "deals": 1})
    state = play(pass_all(state, SUITED_PASSES), "C5")
    assert state.papayoo == "D7" and "D7" in state.hands[0] and state.turn == 0
    return state


def test_every_level_throws_the_papayoo_when_it_cannot_follow() -> None:
    """PY-5/13/14: with no card of the suit led the trick cannot be won, so every level sheds
    the 40 points at once; hard too, though its play-outs, which see every hand, would find a
    later trick to throw it under."""
    view = GAME.view(papayoo_in_hand_and_clubs_led(), 0)
    for level in LEVELS:
        action = core.get_bot("papayoo", level).act(view, random.Random(0))
        assert action == {"kind": "play", "card": "D7"}, level


@settings(max_examples=12, deadline=None)
@given(positions)
def test_the_hint_is_what_hard_would_do(pos: tuple) -> None:
    state = position(*pos)
    seat = GAME.to_act(state)[0]
    view = GAME.view(state, seat)
    action, reason = hint(view, random.Random(5), **TINY)
    assert action == core.get_bot("papayoo", "hard", **TINY).act(view, random.Random(5))
    assert reason.startswith(("Play ", "Lead ", "Pass "))
    assert "\n" not in reason and len(reason) < 200


def test_a_hint_says_why_in_a_players_words() -> None:
    view = GAME.view(papayoo_in_hand_and_clubs_led(), 0)
    action, reason = hint(view, random.Random(0))
    assert action == {"kind": "play", "card": "D7"}
    assert reason == "Play D7: you have no clubs, so throw away the Papayoo and its 40 points"
    state = pass_all(suited_game(first=0), SUITED_PASSES)
    action, reason = hint(GAME.view(play(state, "S1", "S6"), 2), random.Random(0))
    assert reason.startswith(f"Play {action['card']}: you have no spades")


def test_normal_beats_easy_over_a_short_series() -> None:
    """Fixed seeds, so not flaky: normal takes fewer points than the easy seats."""
    result = play_series(
        "papayoo", ["normal", "easy", "easy", "easy"], 30, 3, time.perf_counter
    ).summary()
    normal, *easy = (seat["mean_score"] for seat in result["seats"])
    assert normal < min(easy)


def test_only_interchangeable_cards_are_merged_in_the_search() -> None:
    """Two ordinary cards with nothing between them still out play alike; a card on the
    table between them, the Papayoo and the Payoos keep them apart."""

    def candidates(hand: list[str], trick: list[str], gone: list[str]) -> list[str]:
        cards = [CARD_INT[c] for c in hand]
        mask = sum(1 << CARD_INT[c] for c in [*trick, *gone])
        deal = Deal([cards, [], []], [CARD_INT[c] for c in trick], 0, [0] * 3, CARD_INT["H7"], mask)
        return [CODE[c] for c in distinct_plays(deal, 0, cards)]

    assert candidates(["S3", "S4", "S6"], [], ["S5"]) == ["S6"]
    assert candidates(["S4", "S6"], ["S5"], []) == ["S4", "S6"]
    assert candidates(["H6", "H7", "H8"], [], []) == ["H6", "H7", "H8"]
    assert candidates(["P3", "P4"], [], []) == ["P3", "P4"]
    assert candidates(["D2", "D9"], [], []) == ["D2", "D9"]


def test_hard_weighs_passes_that_shed_payoos_and_sevens() -> None:
    """The passes hard simulates: normal's first (the one the hint scores when the search is
    off), then among others the ones that shed the two, three... highest Payoos and the 7s
    (each may become the Papayoo, PY-11), every one five distinct cards of the hand (PY-9)."""
    hand = [
        CARD_INT[c]
        for c in [
            "S1",
            "S7",
            "S9",
            "H2",
            "H7",
            "D3",
            "D8",
            "D10",
            "C4",
            "C9",
            "P3",
            "P8",
            "P15",
            "P19",
            "P20",
        ]
    ]
    candidates = [{CODE[c] for c in cards} for cards in pass_candidates(hand, 5)]
    assert all(len(cards) == 5 and cards <= {CODE[c] for c in hand} for cards in candidates)
    assert len({frozenset(cards) for cards in candidates}) == len(candidates)
    assert any({"P20", "P19"} <= cards and "P15" not in cards for cards in candidates)
    assert any({"P20", "P19", "P15"} <= cards and "P8" not in cards for cards in candidates)
    assert any({"S7", "H7"} <= cards for cards in candidates)
