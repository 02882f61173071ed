"""`gamenight arena`: play a headless bot series on every core and print what each entrant did.

The series is planned and added up by `core.arena` (pure), played by
`tui.programs.arena_runner` (processes) and rated by `tui.programs.arena_ratings` (openskill);
this module turns the command line into a series and the results into a Rich table, a JSON file
and a CSV file.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from core.arena import (
    BotSettings,
    GamePlan,
    SeriesResult,
    bot_factory,
    check_series,
    plan_round_robin,
    plan_series,
    round_robin_mixes,
    tally,
)
from core.registry import get_game
from tui.programs.arena_ratings import fit_ratings
from tui.programs.arena_runner import Clock, Played, default_jobs, play_plans

PIPED_WIDTH = 200  # wide enough that a table written to a file or pipe never wraps
EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 1, 2, 130


@dataclass
class Series:
    """A series as the command line asked for it, checked and planned."""

    game_id: str
    entrants: list[str]
    plans: list[GamePlan]
    seed: int
    duplicate: bool
    round_robin: bool
    players: int
    settings: BotSettings

    def title(self, done: int) -> str:
        """One line: the game, what was played and the seed."""
        games = len(self.plans)
        parts = []
        if self.round_robin:
            mixes = len(round_robin_mixes(len(self.entrants), self.players))
            parts.append(f"round robin of {mixes} mixes of {self.players} seats")
        if self.duplicate:
            parts.append(f"{games // self.players} deals × {self.players} seat rotations")
        played = f"{games} games" if done == games else f"stopped after {done} of {games} games"
        what = f" ({', '.join(parts)})" if parts else ""
        return f"{self.game_id}: {played}{what}, seed {self.seed}"


def parse_settings(items: list[str]) -> BotSettings:
    """`--set LEVEL.NAME=VALUE` options as {level: {name: value}}; VALUE is read as JSON when it
    can be (numbers, true, null), else kept as a string. ValueError on a malformed item."""
    settings: BotSettings = {}
    for item in items:
        target, equals, raw = item.partition("=")
        level, dot, name = target.rpartition(".")
        if not (equals and dot and level and name):
            raise ValueError(
                f"--set wants LEVEL.NAME=VALUE, e.g. hard.simulations=100, not {item!r}"
            )
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        settings.setdefault(level, {})[name] = value
    return settings


def check_settings(game_id: str, entrants: list[str], settings: BotSettings) -> None:
    """Make each entrant's bot once with its settings, so that a setting for no entrant or one
    its bot refuses fails before the series rather than in its first game."""
    for target in settings:
        if target not in entrants:
            raise ValueError(f"--set names {target!r}, which does not play in this series")
    for spec in dict.fromkeys(entrants):
        try:
            bot_factory(game_id, spec)(**settings.get(spec, {}))
        except (TypeError, ValueError) as err:
            raise ValueError(f"bot {spec!r} refuses its settings: {err}") from None


def split_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",")]


def round_robin_players(game_id: str, entrants: int) -> int:
    """Round-robin seats when not given: one per entrant, within the game's player range."""
    try:
        game = get_game(game_id)
    except KeyError as err:
        raise ValueError(err.args[0]) from None
    return max(game.min_players, min(entrants, game.max_players))


def plan_from_args(args: argparse.Namespace) -> Series:
    """The series `args` describe; ValueError with a sentence a user can read otherwise."""
    if args.jobs is not None and args.jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {args.jobs}")
    settings = parse_settings(args.set)
    if args.round_robin is None:
        if args.players is not None:
            raise ValueError("--players is for --round-robin; with --seats, one bot per seat")
        entrants = split_list(args.seats)
        check_series(args.game, entrants, args.games, args.duplicate)
        plans = plan_series(range(len(entrants)), args.games, args.seed, args.duplicate)
        players = len(entrants)
    else:
        entrants = split_list(args.round_robin)
        if len(entrants) < 2 or len(set(entrants)) < len(entrants):
            raise ValueError("a round robin needs at least two different bots, each named once")
        players = args.players
        if players is None:
            players = round_robin_players(args.game, len(entrants))
        check_series(args.game, entrants, args.games, args.duplicate, players)
        plans = plan_round_robin(len(entrants), players, args.games, args.seed, args.duplicate)
    check_settings(args.game, entrants, settings)
    return Series(
        args.game,
        entrants,
        plans,
        args.seed,
        args.duplicate,
        args.round_robin is not None,
        players,
        settings,
    )


class RateColumn(ProgressColumn):
    """Games per second, from Rich's moving estimate."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("… games/s" if speed is None else f"{speed:.1f} games/s")


def make_progress(console: Console) -> Progress:
    """A bar with games done, rate, time spent and time left, drawn on `console`."""
    return Progress(
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
    )


def entrant_figures(result: SeriesResult) -> list[dict[str, Any]]:
    """Per entrant, the series figures with its rating merged in: one source for every output."""
    ratings = fit_ratings(result.levels, result.records)
    figures = result.summary()["seats"]
    for seat_figures, rating in zip(figures, ratings, strict=True):
        seat_figures["rating"] = {k: rating[k] for k in ("mu", "sigma", "ordinal")}
    return figures


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def results_table(series: Series, figures: list[dict[str, Any]]) -> Table:
    """The figures as a Rich table; a round robin is ordered by rating, strongest first."""
    moving = series.duplicate or series.round_robin
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("entrant" if moving else "seat", justify="right")
    table.add_column("level")
    for name in ("games", "win share", "95% interval", "mean score", "rating"):
        table.add_column(name, justify="right")
    if series.duplicate:
        table.add_column("plain games", justify="right")
    for name in ("mean ms", "median ms", "max ms"):
        table.add_column(name, justify="right")
    order = list(enumerate(figures))
    if series.round_robin:
        order.sort(key=lambda item: -item[1]["rating"]["ordinal"])
    for index, seat in order:
        low, high = seat["win_interval"]
        rating = seat["rating"]
        row = [
            str(index),
            seat["level"],
            str(seat["games"]),
            f"{seat['win_share']:.1%}",
            f"[{low:.1%}, {high:.1%}]",
            f"{seat['mean_score']:.1f}",
            f"{rating['mu']:.1f} ± {rating['sigma']:.1f}",
        ]
        if series.duplicate:
            plain = seat["plain_games"]
            row.append("–" if plain is None else f"{plain:.0f}")
        row += [_ms(seat["mean_time"]), _ms(seat["median_time"]), _ms(seat["max_time"])]
        table.add_row(*row)
    return table


CSV_FIELDS = (
    "entrant",
    "level",
    "games",
    "wins",
    "win_share",
    "win_low",
    "win_high",
    "mean_score",
    "mu",
    "sigma",
    "ordinal",
    "deals",
    "plain_games",
    "decisions",
    "mean_time",
    "median_time",
    "max_time",
)


def write_csv(stream: IO[str], figures: list[dict[str, Any]]) -> None:
    """One row per entrant; the interval and the rating spread over plain columns."""
    writer = csv.DictWriter(stream, CSV_FIELDS, extrasaction="ignore")
    writer.writeheader()
    for index, seat in enumerate(figures):
        low, high = seat["win_interval"]
        writer.writerow(
            {"entrant": index, "win_low": low, "win_high": high, **seat, **seat["rating"]}
        )


def write_json(
    stream: IO[str], series: Series, result: SeriesResult, figures: list[dict[str, Any]]
) -> None:
    summary = {**result.summary(), "seats": figures}
    if series.round_robin:
        mixes = round_robin_mixes(len(series.entrants), series.players)
        summary["round_robin"] = [[series.entrants[e] for e in mix] for mix in mixes]
    json.dump(summary, stream, indent=2)
    stream.write("\n")


@dataclass
class Output:
    """A file asked for on the command line. It is opened before any game is played, so a bad
    path fails at once, and removed if the series stops early: half a series in a file looks
    too much like a whole one."""

    path: Path
    kind: str
    stream: IO[str]

    def finish(self, write: Callable[[IO[str]], None] | None) -> None:
        """Write the file with `write`, or remove it when there is nothing whole to write."""
        with self.stream:
            if write is not None:
                write(self.stream)
        if write is None:
            self.path.unlink()


def open_outputs(args: argparse.Namespace) -> list[Output]:
    wanted = [(Path(path), kind) for path, kind in ((args.json, "json"), (args.csv, "csv")) if path]
    return [
        Output(path, kind, path.open("w", encoding="utf-8", newline="")) for path, kind in wanted
    ]


def play(series: Series, jobs: int, progress: bool, clock: Clock = time.perf_counter) -> Played:
    """Run the series, with a progress bar on stderr when asked for."""
    run = (series.game_id, series.entrants, series.plans, jobs, series.settings)
    if not progress:
        return play_plans(*run, clock=clock)
    with make_progress(Console(stderr=True)) as bar:
        task = bar.add_task("games", total=len(series.plans))
        return play_plans(*run, lambda done, _result: bar.update(task, completed=done), clock=clock)


def output_console() -> Console:
    """Rich output on stdout; as wide as needed when it is a file or a pipe, not 80 columns."""
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = PIPED_WIDTH
    return console


def run_arena(args: argparse.Namespace) -> int:
    """Run the series `args` describe and report it.

    Exit codes: 0 done, 2 bad input (one line on stderr, nothing played), 1 a bot or worker
    failed, 130 stopped by Ctrl+C; a stopped series still prints the games it finished.
    """
    if os.getcwd() not in sys.path:  # find module:attribute bots as `python -m` would
        sys.path.insert(0, os.getcwd())
    try:
        series = plan_from_args(args)
        outputs = open_outputs(args)
    except (ValueError, OSError) as err:
        print(f"gamenight arena: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    jobs = args.jobs or default_jobs()
    played = play(series, jobs, not args.no_progress and sys.stderr.isatty())
    result = tally(series.game_id, series.entrants, played.records, series.seed, series.duplicate)
    console = output_console()
    console.print(series.title(result.games), markup=False)
    figures = entrant_figures(result)
    if result.games:
        console.print(results_table(series, figures))
    stopped = played.failure or ("interrupted (Ctrl+C)" if played.interrupted else None)
    writers = {
        "json": lambda stream: write_json(stream, series, result, figures),
        "csv": lambda stream: write_csv(stream, figures),
    }
    for output in outputs:
        output.finish(None if stopped else writers[output.kind])
    if stopped:
        print(f"gamenight arena: stopped: {stopped}", file=sys.stderr)
        return EXIT_FAILED if played.failure else EXIT_INTERRUPTED
    return 0
