"""Invariants of Papayoo over random legal play (hypothesis): points, cards, determinism, and
views that hide what they must (the twin test)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.papayoo.cards import ALL_CARDS, cards_in_play
from tests.core.papayoo_helpers import GAME, random_play

games = st.tuples(
    st.integers(min_value=3, max_value=8),  # players
    st.integers(min_value=2**32, max_value=2**63),  # seed (long: a short one could match a card)
    st.integers(min_value=0, max_value=2**32),  # choice of the random moves
)


def held_and_played(state: core.Game) -> Counter[str]:
    """Every card of the deal: in hands (or still with their passer), on the table, in tricks
    taken this deal."""
    cards = Counter(card for hand in state.hands for card in hand)
    cards.update(card for _, card in state.trick)
    for entry in state.entries()[::-1]:
        if entry[0] == "deal":
            break
        if entry[0] == "trick":
            cards.update(card for _, card in entry[2])
    return cards


@settings(max_examples=25, deadline=None)
@given(games)
def test_points_and_cards_are_conserved(game: tuple) -> None:
    """PY-6/8/16/17: every card of the deal is somewhere exactly once, hands stay sorted and
    of equal size at each trick's start, and each finished deal hands out exactly 250."""
    players = game[0]
    in_play = Counter(cards_in_play(players))
    for _, _, _, state in random_play(*game, deals=2):
        assert held_and_played(state) == in_play
        assert sum(state.points) <= 250
        assert sum(state.totals) == 250 * (state.deal + (state.phase == "over"))
        assert all(list(hand) == sorted(hand, key=list(in_play).index) for hand in state.hands)
        if not state.trick:
            assert len({len(hand) for hand in state.hands}) == 1
    assert sum(GAME.result(state)["scores"]) == 500


@settings(max_examples=25, deadline=None)
@given(games, st.integers(min_value=0, max_value=2**32))
def test_twin_views_are_equal_and_twins_differ(game: tuple, twin_seed: int) -> None:
    """PY-19/20/21 the strong way: a twin redraws other hands and others' passes (decided
    or not) consistently with what a seat knows; that seat's view cannot tell them apart,
    and no view carries the seed."""
    rng = random.Random(twin_seed)
    steps = list(random_play(*game))
    for state, _, _, _ in steps[:: max(1, len(steps) // 12)]:
        for seat in [None, *range(state.players)]:
            view = GAME.view(state, seat)
            twin = GAME.twin(state, seat, rng)
            assert GAME.view(twin, seat) == view
            assert twin.seed != state.seed
            assert str(state.seed) not in json.dumps(view)
            if seat is not None:
                others = {card for s, hand in enumerate(state.hands) if s != seat for card in hand}
                assert not (others & _named_cards(view)) - _public_cards(view)


def _named_cards(value: object) -> set[str]:
    """Every card code anywhere in a view."""
    if isinstance(value, dict):
        return set().union(*map(_named_cards, value.values()))
    if isinstance(value, list):
        return set().union(*map(_named_cards, value))
    return {value} if isinstance(value, str) and value in ALL_CARDS else set()


def _public_cards(view: dict) -> set[str]:
    """Cards a view may name: its own hand and packets, and anything ever played."""
    public = set(view["hand"] or []) | set(view["my_pass"] or []) | set(view["received"] or [])
    for entry in view["log"]:
        public.update(entry.get("given", []))
        public.update(entry.get("received", []))
        if entry["type"] == "play":
            public.add(entry["card"])
        if entry["type"] == "die":
            public.add(entry["papayoo"])
    return public


def test_a_twin_moves_hidden_cards_when_there_are_some() -> None:
    """The twin is genuinely different: other hands change, and so do others' chosen passes."""
    rng = random.Random(4)
    state = GAME.new(4, 9)
    state = GAME.apply(state, 1, GAME.default_action(state, 1))
    twin = GAME.twin(state, 0, rng)
    assert twin.hands[0] == state.hands[0]
    assert twin.hands[1:] != state.hands[1:]
    assert twin.chosen[1] != state.chosen[1] and twin.chosen[1] is not None
    assert twin.chosen[2] is None
