"""Headless bot-versus-bot series: win shares, scores and decision times per seat.

Pure like the rest of `core`: no clock of its own (the caller injects one, so tests can pass a
fake and the CLI a real one) and no output (progress goes through `on_game`). Only the generic
contract is used (`new`, `to_act`, `view`, `apply`, `result`), so every game registered in
`core.GAMES` gets an arena for free.

Fairness: the first player (NT-5 for No Thanks!) rotates with the game index, so over a series
every seat starts equally often; each game's seed is drawn from the series seed, so a series is
reproducible from `(levels, games, seed)`.

Wins: players tied for the best score share the win (NT-12), and a shared win counts as `1/k`
for each of the `k` winners. Win shares then add up to exactly one per game, so a seat's share
compares directly with the fair share `1/players`.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.api import check_players
from core.registry import BOT_LEVELS, get_bot, get_game

Clock = Callable[[], float]


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion; (0, 1) when there is no trial.

    Wilson rather than the normal approximation because it stays inside [0, 1] and behaves
    at shares near 0 or 1 and at small `n`, which short test series produce.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SeatStats:
    """What one seat did over a series; times are in the injected clock's unit (seconds)."""

    level: str
    wins: float = 0.0
    score_total: float = 0.0
    times: list[float] = field(default_factory=list)

    def record_game(self, score: int, winners: list[int], seat: int) -> None:
        self.score_total += score
        if seat in winners:
            self.wins += 1 / len(winners)

    def summary(self, games: int) -> dict[str, Any]:
        """Plain numbers, ready for a table or JSON."""
        low, high = wilson_interval(self.wins, games)
        times = self.times or [0.0]
        return {
            "level": self.level,
            "wins": self.wins,
            "win_share": self.wins / games if games else 0.0,
            "win_interval": [low, high],
            "mean_score": self.score_total / games if games else 0.0,
            "decisions": len(self.times),
            "mean_time": statistics.fmean(times),
            "median_time": statistics.median(times),
            "max_time": max(times),
        }


@dataclass
class SeriesResult:
    """A finished series: its parameters and per-seat statistics."""

    game_id: str
    levels: list[str]
    games: int
    seed: int
    seats: list[SeatStats]

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "games": self.games,
            "seed": self.seed,
            "seats": [s.summary(self.games) for s in self.seats],
        }


def game_seeds(seed: int, games: int) -> list[int]:
    """One 63-bit seed per game, drawn from the series seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def check_series(game_id: str, levels: list[str], games: int) -> None:
    """ValueError with a sentence a user can read when a series cannot be played.

    Checked before any game starts, so a typo fails at once rather than after a long series.
    """
    try:
        game = get_game(game_id)
    except KeyError as err:
        raise ValueError(err.args[0]) from None
    unknown = [level for level in levels if level not in BOT_LEVELS]
    if unknown:
        raise ValueError(f"no bot level {unknown[0]!r}; the levels are {', '.join(BOT_LEVELS)}")
    check_players(game, len(levels))
    if games < 1:
        raise ValueError(f"a series needs at least one game, not {games}")


def play_game(
    game_id: str,
    bots: list[Any],
    game_seed: int,
    first: int,
    clock: Clock,
    stats: list[SeatStats],
) -> dict[str, list[int]]:
    """Play one game to the end, timing every decision into `stats`; returns the result.

    Each seat's rng is seeded from the game seed and the seat, so a game replays identically
    whatever else ran before it.
    """
    game = get_game(game_id)
    state = game.new(len(bots), game_seed, {"first": first})
    rngs = [random.Random(f"{game_seed}:{seat}") for seat in range(len(bots))]
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        start = clock()
        action = bots[seat].act(view, rngs[seat])
        stats[seat].times.append(clock() - start)
        state = game.apply(state, seat, action)
    return game.result(state)


def play_series(
    game_id: str,
    levels: list[str],
    games: int,
    seed: int,
    clock: Clock,
    on_game: Callable[[int, dict[str, list[int]]], None] | None = None,
    bot_settings: dict[str, dict[str, Any]] | None = None,
) -> SeriesResult:
    """Play `games` games with one bot of `levels[i]` in seat `i`.

    `on_game(done, result)` is called after each game (for progress bars). `bot_settings`
    maps a level to the settings its bots get (e.g. `{"hard": {"simulations": 50}}`).
    Anything `check_series` refuses raises ValueError.
    """
    check_series(game_id, levels, games)
    settings = bot_settings or {}
    bots = [get_bot(game_id, level, **settings.get(level, {})) for level in levels]
    stats = [SeatStats(level) for level in levels]
    for index, game_seed in enumerate(game_seeds(seed, games)):
        result = play_game(game_id, bots, game_seed, index % len(levels), clock, stats)
        for seat, seat_stats in enumerate(stats):
            seat_stats.record_game(result["scores"][seat], result["winners"], seat)
        if on_game is not None:
            on_game(index + 1, result)
    return SeriesResult(game_id, list(levels), games, seed, stats)


def against_field(
    game_id: str, level: str, field: str, players: int, games: int, seed: int, clock: Clock
) -> dict[str, Any]:
    """`level` in seat 0 against `players - 1` bots of level `field`: seat 0's summary as
    "bot" and seat 1's as the field's (for decision times). The benchmarks' strength series."""
    result = play_series(game_id, [level] + [field] * (players - 1), games, seed, clock)
    seats = result.summary()["seats"]
    return {"bot": seats[0], field: seats[1]}
