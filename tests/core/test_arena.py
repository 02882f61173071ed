"""The headless arena: fair, reproducible series whose figures add up, for any game."""

from __future__ import annotations

import itertools
import sys
import types
from typing import Any

import pytest

from core import registry
from core.arena import check_series, game_seeds, play_series, wilson_interval


def ticking_clock(step: float = 0.5) -> Any:
    """A fake clock that advances `step` per reading, so every decision lasts `step`."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_small_series_adds_up() -> None:
    """Win shares sum to one per game (ties split, NT-12) and every decision is timed."""
    games = 12
    played: list[int] = []
    result = play_series(
        "nothanks",
        ["normal", "easy", "easy"],
        games,
        seed=4,
        clock=ticking_clock(),
        on_game=lambda done, _result: played.append(done),
    )
    summary = result.summary()
    assert played == list(range(1, games + 1))
    assert sum(seat["wins"] for seat in summary["seats"]) == pytest.approx(games)
    for seat in summary["seats"]:
        assert seat["decisions"] >= 24 * games // 3 // 2  # each seat decides on many cards
        assert seat["mean_time"] == seat["median_time"] == seat["max_time"] == 0.5
        assert 0 <= seat["win_interval"][0] <= seat["win_share"] <= seat["win_interval"][1]


def test_series_are_reproducible_from_their_seed() -> None:
    def series(seed: int) -> dict[str, Any]:
        return play_series(
            "nothanks", ["easy", "normal", "easy"], 6, seed, ticking_clock()
        ).summary()

    assert series(8) == series(8)
    assert series(8) != series(9)
    assert game_seeds(8, 3) == game_seeds(8, 3) != game_seeds(9, 3)


def test_first_player_rotates_so_seats_are_fair() -> None:
    """NT-5 picks a random starter; the arena rotates it instead, seat by seat."""
    starters: list[int] = []

    class Recorder:
        def __init__(self, **_settings: Any) -> None:
            pass

        def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
            if len(view["log"]) == 1:  # only the first card is turned up: the first decision
                starters.append(view["seat"])
            return {"kind": "take"}

    bots = types.SimpleNamespace(BOTS=dict.fromkeys(registry.BOT_LEVELS, Recorder))
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, "core.nothanks.bots", bots)
        play_series("nothanks", ["easy"] * 4, 8, 1, ticking_clock())
    assert starters == [0, 1, 2, 3, 0, 1, 2, 3]


class CoinGame:
    """A toy game for the generic contract: every seat acts once, then everyone ties."""

    id = "coin"
    title = "Coin"
    min_players = 2
    max_players = 5
    options: dict[str, Any] = {}  # noqa: RUF012

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> tuple:
        first = (options or {}).get("first", 0)
        return tuple((first + i) % players for i in range(players))

    def to_act(self, state: tuple) -> list[int]:
        return list(state[:1])

    def legal_actions(self, state: tuple, seat: int) -> list[dict[str, str]]:
        return [{"kind": "flip"}]

    def apply(self, state: tuple, seat: int, action: dict[str, str]) -> tuple:
        return state[1:]

    def view(self, state: tuple, seat: int | None) -> dict[str, Any]:
        return {"seat": seat}

    def is_over(self, state: tuple) -> bool:
        return not state

    def result(self, state: tuple) -> dict[str, list[int]]:
        return {"scores": [0, 0, 0], "winners": [0, 1, 2]}


def test_any_registered_game_gets_an_arena_and_ties_are_shared() -> None:
    class Flipper:
        def __init__(self, **_settings: Any) -> None:
            pass

        def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
            return {"kind": "flip"}

    bots = types.SimpleNamespace(BOTS=dict.fromkeys(registry.BOT_LEVELS, Flipper))
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry.GAMES, "coin", CoinGame())
        patch.setitem(sys.modules, "core.coin.bots", bots)
        summary = play_series("coin", ["easy", "normal", "hard"], 9, 2, ticking_clock()).summary()
    for seat in summary["seats"]:
        assert seat["wins"] == pytest.approx(3.0)  # 9 three-way ties, a third each
        assert seat["decisions"] == 9


@pytest.mark.parametrize(
    ("game", "levels", "games", "message"),
    [
        ("chess", ["easy"] * 3, 5, "no game 'chess'"),
        ("nothanks", ["easy", "expert", "easy"], 5, "no bot level 'expert'"),
        ("nothanks", ["easy", "easy"], 5, "3 to 7 players, not 2"),
        ("nothanks", ["easy"] * 3, 0, "at least one game"),
    ],
)
def test_bad_series_are_refused_before_playing(
    game: str, levels: list[str], games: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        check_series(game, levels, games)
    with pytest.raises(ValueError, match=message):
        play_series(game, levels, games, 1, ticking_clock())
