"""The core contract (design.md), checked against every game in `core.GAMES` and the stand-ins.

A new game gets all of this by registering: determinism, replay of the record, `apply` never
mutating, illegal actions refused with nothing changed, views of plain data that never hold the
seed and that a twin state (differing only in what the seat may not know) cannot tell apart,
legal default and timeout actions, typed options, and random games that end.
"""

from __future__ import annotations

import itertools
import math
import pickle
import random
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core
from core import IllegalMove, new_record, record_action, replay
from core.api import Game, Option, check_options, option_defaults
from tests.standins import STANDINS, register

SEED = 0x5EED_C0DE_1234_ABCD  # distinctive, so a view that carries it is caught
GAME_IDS = sorted({*core.GAMES, *STANDINS})
MAX_STEPS = 20_000


def over_random_games(test: Any) -> Any:
    """A few hypothesis-drawn deals and random players for a test of every game."""
    seeds = given(seed=st.integers(0, 2**63), rng_seed=st.integers(0, 2**32))
    health = [HealthCheck.function_scoped_fixture]
    return settings(max_examples=6, deadline=None, suppress_health_check=health)(seeds(test))


@pytest.fixture(autouse=True)
def standins() -> Iterator[None]:
    with register():
        yield


def game_of(game_id: str) -> Game:
    return core.get_game(game_id)


def seat_counts(game: Game) -> list[int]:
    return sorted({game.min_players, game.max_players})


def everyone(players: int) -> list[int | None]:
    return [*range(players), None]


def snapshot(game: Game, state: Any) -> Any:
    """Everything the contract lets anyone observe of a state, to compare two of them."""
    players = game.view(state, None)["players"]
    return (
        [game.view(state, seat) for seat in everyone(players)],
        game.to_act(state),
        game.result(state),
        game.is_over(state),
    )


def random_game(game: Game, players: int, seed: int, rng_seed: int) -> Iterator[tuple[Any, int]]:
    """The states of one random game and who acts next, ending at the final state (seat -1)."""
    state = game.new(players, seed)
    rng = random.Random(rng_seed)
    for _ in range(MAX_STEPS):
        to_act = game.to_act(state)
        if not to_act:
            assert game.is_over(state)
            yield state, -1
            return
        seat = rng.choice(to_act)
        yield state, seat
        state = game.apply(state, seat, game.random_action(state, seat, rng))
    pytest.fail(f"a random game of {game.id} did not end within {MAX_STEPS} moves")


def random_record(game: Game, players: int, seed: int, rng_seed: int) -> dict[str, Any]:
    record = new_record(game.id, players, seed)
    rng = random.Random(rng_seed)
    state = game.new(players, seed)
    while to_act := game.to_act(state):
        seat = rng.choice(to_act)
        action = game.random_action(state, seat, rng)
        state = game.apply(state, seat, action)
        record_action(record, seat, action)
    return record


def sampled(states: list[tuple[Any, int]], most: int = 40) -> list[tuple[Any, int]]:
    """At most `most` states spread over the game, the first and last included."""
    step = max(1, math.ceil(len(states) / most))
    return [*states[::step], states[-1]]


def plain_data(value: object, path: str = "view") -> None:
    """Only str/int/bool/None/list/dict-with-str-keys: what msgpack and JSON both carry."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{path} has a non-string key {key!r}"
            plain_data(item, f"{path}[{key!r}]")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            plain_data(item, f"{path}[{index}]")
    else:
        assert value is None or isinstance(value, str | int | bool), (
            f"{path} is a {type(value).__name__}"
        )


def holds_seed(value: object) -> bool:
    if isinstance(value, dict):
        return any(holds_seed(item) for item in value.values())
    if isinstance(value, list):
        return any(holds_seed(item) for item in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value == SEED
    return isinstance(value, str) and str(SEED) in value


@pytest.fixture(params=GAME_IDS)
def game(request: pytest.FixtureRequest) -> Game:
    return game_of(request.param)


def test_the_game_is_registered_with_the_whole_contract(game: Game) -> None:
    assert isinstance(game, core.Game)
    assert 1 <= game.min_players <= game.max_players
    assert game.options == option_defaults(game.option_specs)


def test_declared_options_accept_their_values_and_refuse_others(game: Game) -> None:
    for spec in game.option_specs:
        assert isinstance(spec, Option)
        assert spec.default in spec.values()
        for value in spec.values():
            check_options(game, {spec.name: value}, game.min_players)
        outside: object = object() if spec.choices is not None else (spec.high or 0) + 1
        with pytest.raises(ValueError, match=spec.name):
            check_options(game, {spec.name: outside}, game.min_players)
    with pytest.raises(ValueError):
        game.new(game.min_players, 1, {"no_such_option": 1})
    with pytest.raises(ValueError):
        game.new(game.max_players + 1, 1)


def test_same_seed_and_actions_give_the_same_game(game: Game) -> None:
    for players in seat_counts(game):
        first = [snapshot(game, s) for s, _ in sampled(list(random_game(game, players, SEED, 7)))]
        again = [snapshot(game, s) for s, _ in sampled(list(random_game(game, players, SEED, 7)))]
        assert first == again


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**63), rng_seed=st.integers(0, 2**32))
def test_replaying_the_record_rebuilds_the_final_state(
    game: Game, seed: int, rng_seed: int
) -> None:
    for players in seat_counts(game):
        record = random_record(game, players, seed, rng_seed)
        state = replay(record)
        assert game.is_over(state)
        again = replay(msgpack.unpackb(msgpack.packb(record)))  # as a journal stores it
        assert snapshot(game, again) == snapshot(game, state)


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**63), rng_seed=st.integers(0, 2**32))
def test_apply_never_changes_the_state_it_is_given(game: Game, seed: int, rng_seed: int) -> None:
    rng = random.Random(rng_seed)
    for state, seat in sampled(list(random_game(game, game.max_players, seed, rng_seed))):
        if seat < 0:
            continue
        before = snapshot(game, state)
        pickled = pickle.dumps(state)
        game.apply(state, seat, game.random_action(state, seat, rng))
        assert snapshot(game, state) == before
        assert pickle.dumps(state) == pickled


def test_the_round_number_starts_low_and_never_goes_back(game: Game) -> None:
    """The host pauses the table when it grows (net/referee.py): it must be an int that only
    ever steps up, one round at a time, and a game of several rounds must show it."""
    rounds = [game.round_number(state) for state, _ in random_game(game, game.min_players, SEED, 3)]
    assert all(isinstance(number, int) and not isinstance(number, bool) for number in rounds)
    assert rounds[0] in (0, 1)
    assert all(later - earlier in (0, 1) for earlier, later in itertools.pairwise(rounds))
    if game.id in ("papayoo", "pasovec"):
        assert rounds[-1] > rounds[0]


JUNK: list[object] = [None, {}, "take", 7, [], {"kind": None}, {"kind": "no_such_kind"}]


def test_illegal_actions_raise_illegal_move_and_change_nothing(game: Game) -> None:
    rng = random.Random(5)
    players = game.min_players
    previous: Any = None
    for state, seat in sampled(list(random_game(game, players, SEED, 5)), most=12):
        before = snapshot(game, state)
        for junk in JUNK:
            for who in {max(seat, 0), 0}:
                with pytest.raises(IllegalMove):
                    game.apply(state, who, junk)  # type: ignore[arg-type]
        if seat >= 0:
            action = game.random_action(state, seat, rng)
            with pytest.raises(IllegalMove):
                game.apply(state, seat, {**action, "smuggled": "x" * 1000})
            for bad_seat in (-1, players, "0", True, None):
                with pytest.raises(IllegalMove):
                    game.apply(state, bad_seat, action)  # type: ignore[arg-type]
            idle = [s for s in range(players) if s not in game.to_act(state)]
            for other in idle:
                with pytest.raises(IllegalMove):
                    game.apply(state, other, action)
            previous = (seat, game.default_action(state, seat))
        elif previous is not None:  # over: nothing applies any more
            with pytest.raises(IllegalMove):
                game.apply(state, *previous)
        assert snapshot(game, state) == before


def test_views_are_plain_data_and_never_hold_the_seed(game: Game) -> None:
    for players in seat_counts(game):
        for state, _ in sampled(list(random_game(game, players, SEED, 9))):
            for seat in everyone(players):
                view = game.view(state, seat)
                plain_data(view)
                assert msgpack.unpackb(msgpack.packb(view)) == view
                assert not holds_seed(view), f"a view of seat {seat} holds the seed"
                for key in ("game", "seat", "players", "to_act", "over", "log"):
                    assert key in view, f"the view has no {key!r}"
                assert view["seat"] == seat and view["game"] == game.id
                assert view["to_act"] == game.to_act(state)
                assert ("result" in view) == game.is_over(state)


def test_a_twin_looks_the_same_to_the_seat_it_was_made_for(game: Game) -> None:
    rng = random.Random(13)
    differed = False
    for players in seat_counts(game):
        for state, _ in sampled(list(random_game(game, players, SEED, 13)), most=25):
            for seat in everyone(players):
                twin = game.twin(state, seat, rng)
                assert game.view(twin, seat) == game.view(state, seat)
                assert game.to_act(twin) == game.to_act(state)
                differed = differed or pickle.dumps(twin) != pickle.dumps(state)
                # A twin is a real state: the game goes on from it.
                for actor in game.to_act(twin)[:1]:
                    game.apply(twin, actor, game.default_action(twin, actor))
    assert differed, "every twin was the very same state: twins test nothing"


def test_default_and_timeout_actions_are_legal(game: Game) -> None:
    for state, _ in sampled(list(random_game(game, game.max_players, SEED, 17)), most=60):
        for actor in game.to_act(state):
            game.apply(state, actor, game.default_action(state, actor))
            game.apply(state, actor, game.timeout_action(state, actor))


def test_first_option_picks_who_starts(game: Game) -> None:
    for first in range(game.min_players):
        options = {"first": first}
        one, two = (
            game.new(game.min_players, SEED, options),
            game.new(game.min_players, SEED, options),
        )
        assert snapshot(game, one) == snapshot(game, two)
    for bad in (game.min_players, -1, "0", True):
        with pytest.raises(ValueError):
            game.new(game.min_players, SEED, {"first": bad})
