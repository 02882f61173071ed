"""The headless arena: fair, reproducible series whose figures add up, for any game."""

from __future__ import annotations

import contextlib
import itertools
import pickle
import re
import statistics
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

from core import registry
from core.arena import (
    BotCrash,
    GamePlan,
    bot_factory,
    check_series,
    game_seeds,
    paired_figures,
    plan_round_robin,
    plan_series,
    play_series,
    round_robin_mixes,
    tally,
    wilson_interval,
)
from core.nothanks.bots import EasyBot


class StubBot:
    """A test bot's base: takes any settings, as the registry's bots do."""

    def __init__(self, **_settings: Any) -> None:
        pass


@contextlib.contextmanager
def seated(game_id: str, bots: dict[str, type] | type, game: Any = None) -> Iterator[None]:
    """Play `game_id` with these bots for every level (or per level), registering `game` too."""
    table = bots if isinstance(bots, dict) else dict.fromkeys(registry.BOT_LEVELS, bots)
    with pytest.MonkeyPatch.context() as patch:
        if game is not None:
            patch.setitem(registry.GAMES, game_id, game)
        patch.setitem(sys.modules, f"core.{game_id}.bots", types.SimpleNamespace(BOTS=table))
        yield


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

    class Recorder(StubBot):
        def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
            if len(view["log"]) == 1:  # only the first card is turned up: the first decision
                starters.append(view["seat"])
            return {"kind": "take"}

    with seated("nothanks", Recorder):
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
    class Flipper(StubBot):
        def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
            return {"kind": "flip"}

    with seated("coin", Flipper, CoinGame()):
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


def test_duplicate_plans_seat_every_entrant_in_every_seat_of_every_deal() -> None:
    plans = plan_series(range(4), 12, seed=3, duplicate=True)
    assert [p.index for p in plans] == list(range(12))
    deals: dict[int, list[GamePlan]] = {}
    for plan in plans:
        deals.setdefault(plan.deal, []).append(plan)
    assert len(deals) == 3
    for games in deals.values():
        assert len({(p.seed, p.first) for p in games}) == 1  # one deal, one first player
        for entrant in range(4):
            assert sorted(p.seating.index(entrant) for p in games) == [0, 1, 2, 3]
    assert len({games[0].seed for games in deals.values()}) == 3


def test_duplicate_games_deal_the_same_cards_whoever_sits_where() -> None:
    """Every rotation of a deal turns up the same first card to the same first seat (NT-4,
    NT-5), while the bots move round the table."""
    first_looks: list[tuple[int, int, str]] = []

    def recorder(name: str) -> Any:
        class Recorder(StubBot):
            def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
                if len(view["log"]) == 1:
                    first_looks.append((view["card"], view["seat"], name))
                return {"kind": "take"}

        return Recorder

    with seated("nothanks", {level: recorder(level) for level in registry.BOT_LEVELS}):
        result = play_series(
            "nothanks", ["easy", "normal", "hard"], 6, 7, ticking_clock(), duplicate=True
        )
    for deal in (first_looks[:3], first_looks[3:]):
        assert len({(card, seat) for card, seat, _name in deal}) == 1
        assert sorted(name for _card, _seat, name in deal) == ["easy", "hard", "normal"]
    assert first_looks[0][:2] != first_looks[3][:2]
    assert [seat["deals"] for seat in result.summary()["seats"]] == [2, 2, 2]


def test_tally_is_the_same_in_any_order() -> None:
    result = play_series("nothanks", ["normal", "easy", "easy"], 9, 3, ticking_clock())
    shuffled = list(reversed(result.records))
    again = tally("nothanks", result.levels, shuffled, 3)
    assert again.summary() == result.summary()


def test_paired_figures_from_deals() -> None:
    """Equal deals: the interval of the per-deal means; one game's variance over the mean's
    gives the plain games worth as much."""
    deals = [[1.0, 0.0], [1.0, 1.0], [0.0, 0.0], [1.0, 0.0]]
    figures = paired_figures(deals)
    means = [0.5, 1.0, 0.0, 0.5]
    half = 1.96 * statistics.stdev(means) / 2
    assert figures["win_interval"] == pytest.approx([0.5 - half, 0.5 + half])
    plain = statistics.variance([1, 0, 1, 1, 0, 0, 1, 0]) / (statistics.stdev(means) / 2) ** 2
    assert figures["plain_games"] == pytest.approx(plain)
    assert figures["deals"] == 4
    assert paired_figures([[1.0, 0.0]])["win_interval"] == [0.0, 1.0]
    assert paired_figures([[1.0, 0.0], [1.0, 0.0]])["plain_games"] is None


def test_round_robin_plays_every_mix_with_two_levels_or_more() -> None:
    assert round_robin_mixes(3, 3) == [
        (0, 0, 1),
        (0, 0, 2),
        (0, 1, 1),
        (0, 1, 2),
        (0, 2, 2),
        (1, 1, 2),
        (1, 2, 2),
    ]
    plans = plan_round_robin(3, 3, 6, seed=2, duplicate=True)
    assert [p.index for p in plans] == list(range(42))
    assert {p.seed for p in plans[:6]} == {p.seed for p in plans[6:12]}  # the same deals
    assert len({p.deal for p in plans}) == 14


class SimultaneousGame(CoinGame):
    """Every seat decides at once, twice; a view shows how many seats have decided."""

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> tuple:
        return (2, (), players)  # rounds left, seats decided this round, players

    def to_act(self, state: tuple) -> list[int]:
        rounds, decided, players = state
        return [seat for seat in range(players) if seat not in decided] if rounds else []

    def apply(self, state: tuple, seat: int, action: dict[str, str]) -> tuple:
        rounds, decided, players = state
        decided = (*decided, seat)
        return (rounds - 1, (), players) if len(decided) == players else (rounds, decided, players)

    def view(self, state: tuple, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "decided": len(state[1])}

    def is_over(self, state: tuple) -> bool:
        return state[0] == 0


def test_simultaneous_decisions_each_seat_with_its_own_view_of_the_same_moment() -> None:
    seen: list[tuple[int, int]] = []

    class Witness(StubBot):
        def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
            seen.append((view["seat"], view["decided"]))
            return {"kind": "flip"}

    with seated("coin", Witness, SimultaneousGame()):
        summary = play_series("coin", ["easy", "normal", "hard"], 1, 2, ticking_clock()).summary()
    assert seen == [(0, 0), (1, 0), (2, 0)] * 2  # nobody sees another's fresh choice
    assert [seat["decisions"] for seat in summary["seats"]] == [2, 2, 2]


def test_a_failing_bot_raises_bot_crash_naming_game_seat_and_bot() -> None:
    class Broken(StubBot):
        def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
            return {"kind": "flip"}  # not a No Thanks! move

    with seated("nothanks", {"easy": Broken}), pytest.raises(BotCrash) as crash:
        play_series("nothanks", ["easy"] * 3, 3, 1, ticking_clock())
    assert (crash.value.game, crash.value.seat, crash.value.bot) == (0, 0, "easy")
    assert crash.value.error.startswith("IllegalMove: unknown action kind 'flip'")
    assert pickle.loads(pickle.dumps(crash.value)).error == crash.value.error  # crosses processes


def test_bots_named_module_attribute_take_a_seat() -> None:
    assert bot_factory("nothanks", "core.nothanks.bots:EasyBot") is EasyBot
    assert bot_factory("nothanks", "core.nothanks.bots:EasyBot.act") is EasyBot.act
    with pytest.raises(ValueError, match=re.escape("cannot load bot 'no.such:Bot'")):
        bot_factory("nothanks", "no.such:Bot")
    with pytest.raises(ValueError, match=re.escape("bot 'core.nothanks.bots:Nope'")):
        bot_factory("nothanks", "core.nothanks.bots:Nope")
    with pytest.raises(ValueError, match="is not a class or function"):
        bot_factory("nothanks", "core.nothanks.bots:PASS")
    spec = "core.nothanks.bots:NormalBot"
    summary = play_series("nothanks", [spec, "easy", "easy"], 3, 1, ticking_clock()).summary()
    assert summary["seats"][0]["level"] == spec
