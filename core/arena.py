"""Headless bot-versus-bot series: win shares, scores and decision times per entrant.

Pure like the rest of `core`: no clock of its own (the caller injects one, so tests can pass a
fake and the CLI a real one), no processes and no output (progress goes through `on_game`).
Only the generic contract is used (`new`, `to_act`, `view`, `apply`, `result`), so every game
registered in `core.GAMES` gets an arena for free.

A series is first *planned* (`plan_series`, `plan_round_robin`): a list of `GamePlan`s, each
fixing its game's seed, first player and seating from the series seed and the game's index
alone. Any runner, in this process or spread over worker processes, then plays the plans in any
order (`play_plan`) and `tally` adds the records up in index order, so the figures are the same
however the games were run. Only decision times depend on the machine.

Fairness: in a plain series the first player (NT-5 for No Thanks!) rotates with the game index,
so every seat starts equally often. In a duplicate series each deal (seed and first player) is
played once per rotation of the seats, so every entrant meets the same cards from every seat
and the luck of the deal cancels out of the comparison.

Wins: players tied for the best score share the win (NT-12), and a shared win counts as `1/k`
for each of the `k` winners. Win shares then add up to exactly one per game, so a seat's share
compares directly with the fair share `1/players`.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import math
import random
import statistics
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.api import Bot, check_players
from core.registry import BOT_LEVELS, get_bot, get_game

Clock = Callable[[], float]
Result = dict[str, list[int]]
BotSettings = dict[str, dict[str, Any]]
Z95 = 1.96


class BotCrash(Exception):
    """A bot raised, or answered with a move the rules refuse: the series cannot go on fairly.

    Built from plain values only, so it crosses from a worker process intact.
    """

    def __init__(self, game: int, seat: int, bot: str, error: str) -> None:
        super().__init__(game, seat, bot, error)
        self.game = game
        self.seat = seat
        self.bot = bot
        self.error = error

    def __str__(self) -> str:
        return f"game {self.game}: the {self.bot} bot in seat {self.seat} failed: {self.error}"


def describe_error(err: BaseException) -> str:
    """`Type: message (file:line in function)` of the innermost frame, for a one-line report.

    Reads frames only, never source files, so it stays pure.
    """
    where = ""
    frames = list(traceback.walk_tb(err.__traceback__))
    if frames:
        frame, line = frames[-1]
        code = frame.f_code
        where = f" ({code.co_filename}:{line} in {code.co_name})"
    return f"{type(err).__name__}: {err}{where}"


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
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


def deal_standard_error(deal_shares: Sequence[Sequence[float]]) -> float | None:
    """The standard error of a win share when the games come in deals that share their cards.

    The games of one deal are not independent, but the deals are: each deal is one cluster, and
    the error comes from how far each deal's wins stray from the overall share (the cluster
    estimator, which with equally many games per deal is the plain standard error of the
    per-deal means). None with fewer than two deals.
    """
    deals = len(deal_shares)
    if deals < 2:
        return None
    games = sum(len(shares) for shares in deal_shares)
    share = sum(sum(shares) for shares in deal_shares) / games
    spread = sum((sum(shares) - share * len(shares)) ** 2 for shares in deal_shares)
    return math.sqrt(spread * deals / (deals - 1)) / games


def paired_figures(deal_shares: Sequence[Sequence[float]], z: float = Z95) -> dict[str, Any]:
    """The paired 95% interval of a duplicate series' win share, clipped to [0, 1], and
    `plain_games`: how many independent plain games give an interval as narrow, i.e. one
    game's variance over the share's. (0, 1) and None when there is no estimate."""
    shares = list(itertools.chain.from_iterable(deal_shares))
    error = deal_standard_error(deal_shares)
    if error is None:
        return {"deals": len(deal_shares), "win_interval": [0.0, 1.0], "plain_games": None}
    share = statistics.fmean(shares)
    low, high = max(0.0, share - z * error), min(1.0, share + z * error)
    plain = statistics.variance(shares) / error**2 if error > 0 else None
    return {"deals": len(deal_shares), "win_interval": [low, high], "plain_games": plain}


@dataclass
class SeatStats:
    """What one entrant did over a series; times are in the injected clock's unit (seconds).

    In a plain series an entrant is a seat; in a duplicate series or a round robin it moves
    between seats, and `games` counts the games it took part in (twice for a game it sat in
    twice). `deal_shares` keeps its win shares per deal for the paired interval.
    """

    level: str
    wins: float = 0.0
    score_total: float = 0.0
    times: list[float] = field(default_factory=list)
    games: int = 0
    deal_shares: dict[int, list[float]] = field(default_factory=dict)

    def record_game(self, score: int, winners: list[int], seat: int, deal: int = -1) -> None:
        """Add one game played in `seat`; `deal` groups the games that shared their cards."""
        self.score_total += score
        share = 1 / len(winners) if seat in winners else 0.0
        self.wins += share
        self.games += 1
        self.deal_shares.setdefault(deal, []).append(share)

    def summary(self, games: int | None = None, paired: bool = False) -> dict[str, Any]:
        """Plain numbers, ready for a table or JSON.

        `games` defaults to the games this entrant played. `paired` computes the interval with
        the deal as the unit (duplicate series) instead of Wilson's on single games, and adds
        `deals` and `plain_games` (see `paired_figures`).
        """
        n = self.games if games is None else games
        times = self.times or [0.0]
        figures: dict[str, Any] = {
            "level": self.level,
            "games": n,
            "wins": self.wins,
            "win_share": self.wins / n if n else 0.0,
            "win_interval": list(wilson_interval(self.wins, n)),
            "mean_score": self.score_total / n if n else 0.0,
            "decisions": len(self.times),
            "mean_time": statistics.fmean(times),
            "median_time": statistics.median(times),
            "max_time": max(times),
        }
        if paired:
            figures.update(paired_figures(list(self.deal_shares.values())))
        return figures


@dataclass(frozen=True)
class GamePlan:
    """One game of a series, fixed before anything is played.

    `seating[seat]` is the index of the entrant in that seat. Games of one duplicate deal share
    `deal`, `seed` and `first`; in a plain series every game is its own deal.
    """

    index: int
    deal: int
    seed: int
    first: int
    seating: tuple[int, ...]


@dataclass(frozen=True)
class GameRecord:
    """What a finished game hands back to be added up: plain values, cheap to pickle."""

    plan: GamePlan
    scores: list[int]
    winners: list[int]
    times: list[list[float]]

    @property
    def result(self) -> Result:
        return {"scores": self.scores, "winners": self.winners}


@dataclass
class SeriesResult:
    """A finished (or stopped) series: its parameters, per-entrant statistics and the games."""

    game_id: str
    levels: list[str]
    games: int
    seed: int
    seats: list[SeatStats]
    duplicate: bool = False
    records: list[GameRecord] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "games": self.games,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "seats": [s.summary(paired=self.duplicate) for s in self.seats],
        }


def share_text(summary: dict[str, Any]) -> str:
    """A seat summary's win share with its interval, as the benchmarks print it:
    '75.2% [71.2%, 78.8%]'."""
    low, high = summary["win_interval"]
    return f"{summary['win_share']:.1%} [{low:.1%}, {high:.1%}]"


def game_seeds(seed: int, games: int) -> list[int]:
    """One 63-bit seed per game (or deal), drawn from the series seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def plan_series(
    seating: Sequence[int], games: int, seed: int, duplicate: bool = False, start: int = 0
) -> list[GamePlan]:
    """The plans of `games` games with entrant `seating[i]` in seat `i`, indexed from `start`.

    Plain: game `i` gets its own seed and `first = i mod players`, the seating as given.
    Duplicate: `games / players` deals, each played once per rotation of the seating, with the
    deal's seed and first player; in rotation `r` seat `s` holds `seating[(s + r) mod players]`,
    so every entrant plays every seat of every deal once.
    """
    players = len(seating)
    base = tuple(seating)
    if not duplicate:
        seeds = game_seeds(seed, games)
        return [
            GamePlan(start + i, start + i, game_seed, i % players, base)
            for i, game_seed in enumerate(seeds)
        ]
    plans = []
    for deal, deal_seed in enumerate(game_seeds(seed, games // players)):
        for rotation in range(players):
            index = start + deal * players + rotation
            turned = base[rotation:] + base[:rotation]
            plans.append(GamePlan(index, start + deal * players, deal_seed, deal % players, turned))
    return plans


def round_robin_mixes(entrants: int, players: int) -> list[tuple[int, ...]]:
    """Every mix of `players` seats drawn from `entrants` (repeats allowed), except the mixes
    of a single entrant, which say nothing about who is stronger."""
    mixes = itertools.combinations_with_replacement(range(entrants), players)
    return [mix for mix in mixes if len(set(mix)) > 1]


def plan_round_robin(
    entrants: int, players: int, games: int, seed: int, duplicate: bool = False
) -> list[GamePlan]:
    """`games` games of every mix (`round_robin_mixes`), one mix after the other.

    Every mix is dealt the same deals (the same series seed), so the mixes differ only in who
    sits at the table.
    """
    plans: list[GamePlan] = []
    for mix in round_robin_mixes(entrants, players):
        plans += plan_series(mix, games, seed, duplicate, start=len(plans))
    return plans


def bot_factory(game_id: str, spec: str) -> Callable[..., Bot]:
    """What makes the bots of one entrant: a level of the game (`hard`) or, for sparring
    partners that are no level, a factory named `module:attribute` (`bench.x:SomeBot`).

    ValueError with a sentence a user can read when the spec names nothing usable.
    """
    module_name, colon, attribute = spec.partition(":")
    if not colon:
        if spec not in BOT_LEVELS:
            raise ValueError(
                f"no bot level {spec!r}; the levels are {', '.join(BOT_LEVELS)} "
                "(or name a bot factory as module:attribute)"
            )
        return functools.partial(get_bot, game_id, spec)
    try:
        found: Any = importlib.import_module(module_name)
        for name in attribute.split("."):
            found = getattr(found, name)
    except (ImportError, AttributeError, ValueError) as err:
        raise ValueError(f"cannot load bot {spec!r}: {err}") from None
    if not callable(found):
        raise ValueError(f"bot {spec!r} is not a class or function that makes a bot")
    return found


def check_series(
    game_id: str,
    levels: list[str],
    games: int,
    duplicate: bool = False,
    players: int | None = None,
) -> None:
    """ValueError with a sentence a user can read when a series cannot be played.

    Checked before any game starts, so a typo fails at once rather than after a long series.
    `players` is the seats per game when they are not one per level (a round robin).
    """
    try:
        game = get_game(game_id)
    except KeyError as err:
        raise ValueError(err.args[0]) from None
    for spec in levels:
        bot_factory(game_id, spec)
    seats = check_players(game, len(levels) if players is None else players)
    if games < 1:
        raise ValueError(f"a series needs at least one game, not {games}")
    if duplicate and games % seats:
        raise ValueError(
            f"a duplicate series plays each deal once per seat rotation: the games must be a "
            f"multiple of {seats}, not {games}"
        )


def play_game(
    game_id: str,
    bots: list[Any],
    game_seed: int,
    first: int,
    clock: Clock,
    stats: list[SeatStats],
    *,
    index: int = 0,
) -> Result:
    """Play one game to the end, timing every decision into `stats`; returns the result.

    Each seat's rng is seeded from the game seed and the seat, so a game replays identically
    whatever else ran before it. When several seats decide at once (`to_act` lists them all),
    each gets its view of the same moment, so none sees another's fresh choice, and they are
    applied in seat order. A bot that raises or plays an illegal move raises `BotCrash` naming
    game `index`, the seat and the bot (`stats[seat].level`).
    """
    game = get_game(game_id)
    state = game.new(len(bots), game_seed, {"first": first})
    rngs = [random.Random(f"{game_seed}:{seat}") for seat in range(len(bots))]
    while not game.is_over(state):
        views = [(seat, game.view(state, seat)) for seat in game.to_act(state)]
        for seat, view in views:
            try:
                start = clock()
                action = bots[seat].act(view, rngs[seat])
                stats[seat].times.append(clock() - start)
                state = game.apply(state, seat, action)
            except Exception as err:
                raise BotCrash(index, seat, stats[seat].level, describe_error(err)) from err
    return game.result(state)


def play_plan(
    game_id: str,
    entrants: Sequence[str],
    plan: GamePlan,
    clock: Clock,
    bot_settings: BotSettings | None = None,
) -> GameRecord:
    """Play one planned game with fresh bots, so no bot carries anything from game to game and
    the record depends on the plan alone."""
    settings = bot_settings or {}
    labels = [entrants[entrant] for entrant in plan.seating]
    bots = [bot_factory(game_id, label)(**settings.get(label, {})) for label in labels]
    stats = [SeatStats(label) for label in labels]
    result = play_game(game_id, bots, plan.seed, plan.first, clock, stats, index=plan.index)
    times = [seat_stats.times for seat_stats in stats]
    return GameRecord(plan, list(result["scores"]), list(result["winners"]), times)


def tally(
    game_id: str,
    entrants: Sequence[str],
    records: Sequence[GameRecord],
    seed: int,
    duplicate: bool = False,
) -> SeriesResult:
    """Add the records up per entrant, in game-index order whatever order they came in."""
    stats = [SeatStats(label) for label in entrants]
    ordered = sorted(records, key=lambda record: record.plan.index)
    for record in ordered:
        for seat, entrant in enumerate(record.plan.seating):
            stats[entrant].record_game(record.scores[seat], record.winners, seat, record.plan.deal)
            stats[entrant].times += record.times[seat]
    return SeriesResult(game_id, list(entrants), len(ordered), seed, stats, duplicate, ordered)


def play_series(
    game_id: str,
    levels: list[str],
    games: int,
    seed: int,
    clock: Clock,
    on_game: Callable[[int, Result], None] | None = None,
    bot_settings: BotSettings | None = None,
    *,
    duplicate: bool = False,
) -> SeriesResult:
    """Play `games` games in this process, with entrant `levels[i]` in seat `i` (rotating
    through the seats with `duplicate`).

    `on_game(done, result)` is called after each game (for progress bars). `bot_settings`
    maps a level to the settings its bots get (e.g. `{"hard": {"simulations": 50}}`).
    Anything `check_series` refuses raises ValueError; a failing bot raises `BotCrash`.
    """
    check_series(game_id, levels, games, duplicate)
    records = []
    for plan in plan_series(range(len(levels)), games, seed, duplicate):
        records.append(play_plan(game_id, levels, plan, clock, bot_settings))
        if on_game is not None:
            on_game(len(records), records[-1].result)
    return tally(game_id, levels, records, seed, duplicate)


def against_field(
    game_id: str, level: str, field: str, players: int, games: int, seed: int, clock: Clock
) -> dict[str, Any]:
    """`level` in seat 0 against `players - 1` bots of level `field`: seat 0's summary as
    "bot" and seat 1's as the field's (for decision times). The benchmarks' strength series."""
    result = play_series(game_id, [level] + [field] * (players - 1), games, seed, clock)
    seats = result.summary()["seats"]
    return {"bot": seats[0], field: seats[1]}
