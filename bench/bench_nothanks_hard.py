"""No Thanks! hard-bot benchmark: hard against the sparring IS-MCTS (2 vs 2 and 1 vs 3), against
three easy and three normal bots, and its decision times, against the targets of issue 13.

Not a test: a full run takes tens of minutes. Run on one otherwise idle core:

    .venv/bin/python bench/bench_nothanks_hard.py [--games 200] [--series 2v2,1v3,easy,normal]
        [--iterations 400] [--seed 1] [--json FILE]

Fairness: the first player rotates with the game index (as in `gamenight arena`), so every seat
of a line-up starts equally often. Win shares count a tie as a shared win (NT-12) and add the
hard seats of a line-up together, so 2 vs 2 compares with a fair 50% and 1 vs 3 with 25%.
Decision times are CPU seconds of this process: the limits are for one core, and on a shared
machine wall time would count other processes' turns too.

The series are played in turns, one game of each, and `--json` rewrites the figures after
every game: a long run stopped halfway still leaves every series with its partial figures and
intervals.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from nothanks_ismcts import IsmctsBot
from rich.console import Console
from rich.table import Table

from core.arena import SeatStats, game_seeds, play_game, share_text, wilson_interval
from core.registry import get_bot

SERIES: dict[str, tuple[str, ...]] = {  # seat 0 is the first hard seat
    "2v2": ("hard", "ismcts", "hard", "ismcts"),
    "1v3": ("hard", "ismcts", "ismcts", "ismcts"),
    "easy": ("hard", "easy", "easy", "easy"),
    "normal": ("hard", "normal", "normal", "normal"),
}
LABELS = {
    "2v2": "2 hard vs 2 IS-MCTS",
    "1v3": "1 hard vs 3 IS-MCTS",
    "easy": "1 hard vs 3 easy",
    "normal": "1 hard vs 3 normal",
}
TARGETS = {"2v2": 0.55, "1v3": 0.25, "easy": 0.40, "normal": 0.35}
MEDIAN_LIMIT, MAX_LIMIT = 0.25, 1.0  # seconds a hard decision may take
CLOCK = time.process_time  # see the module docstring


def make_bot(kind: str, iterations: int) -> Any:
    return IsmctsBot(iterations) if kind == "ismcts" else get_bot("nothanks", kind)


class Series:
    """One line-up being played: its bots, seeds and per-seat statistics so far."""

    def __init__(self, name: str, games: int, seed: int, iterations: int) -> None:
        self.name = name
        self.lineup = SERIES[name]
        self.bots = [make_bot(kind, iterations) for kind in self.lineup]
        self.stats = [SeatStats(kind) for kind in self.lineup]
        self.seeds = game_seeds(seed, games)
        self.played = 0

    def play_next(self) -> dict[str, Any]:
        """Play the next game; the figures so far."""
        index = self.played
        first = index % len(self.bots)
        result = play_game("nothanks", self.bots, self.seeds[index], first, CLOCK, self.stats)
        for seat, seat_stats in enumerate(self.stats):
            seat_stats.record_game(result["scores"][seat], result["winners"], seat)
        self.played += 1
        return summarise(self.name, self.lineup, self.stats, self.played)


def summarise(
    name: str, lineup: tuple[str, ...], stats: list[SeatStats], games: int
) -> dict[str, Any]:
    """Win share of the hard seats together, mean scores and decision times per kind of bot."""
    out: dict[str, Any] = {"lineup": list(lineup), "games": games}
    for kind in dict.fromkeys(lineup):
        seats = [s for s in stats if s.level == kind]
        wins = sum(s.wins for s in seats)
        times = [t for s in seats for t in s.times] or [0.0]
        out[kind] = {
            "win_share": wins / games,
            "win_interval": list(wilson_interval(wins, games)),
            "mean_score": sum(s.score_total for s in seats) / (games * len(seats)),
            "decisions": len(times),
            "median_ms": statistics.median(times) * 1000,
            "max_ms": max(times) * 1000,
        }
    out["target"] = TARGETS[name]
    out["met"] = out["hard"]["win_share"] >= TARGETS[name]
    return out


def table(figures: dict[str, Any]) -> Table:
    out = Table(title="No Thanks! hard bot (issue 13)")
    for column in ("series", "games", "hard wins [95%]", "target", "mean score hard/other"):
        out.add_column(column)
    for column in ("hard median ms", "hard max ms", "other median ms"):
        out.add_column(column, justify="right")
    for name, series in figures["series"].items():
        hard = series["hard"]
        other = series[series["lineup"][1]]
        out.add_row(
            LABELS[name],
            str(series["games"]),
            share_text(hard),
            f">= {series['target']:.0%} {'ok' if series['met'] else 'MISSED'}",
            f"{hard['mean_score']:.1f} / {other['mean_score']:.1f}",
            f"{hard['median_ms']:.1f}",
            f"{hard['max_ms']:.1f}",
            f"{other['median_ms']:.1f}",
        )
    return out


def times_met(figures: dict[str, Any]) -> bool:
    hards = [s["hard"] for s in figures["series"].values()]
    return all(
        h["median_ms"] <= MEDIAN_LIMIT * 1000 and h["max_ms"] <= MAX_LIMIT * 1000 for h in hards
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per series")
    parser.add_argument("--series", default=",".join(SERIES), help="comma-separated subset")
    parser.add_argument("--iterations", type=int, default=400, help="IS-MCTS iterations a move")
    parser.add_argument("--seed", type=int, default=1, help="series seed")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    names = [n for n in args.series.split(",") if n]
    unknown = [n for n in names if n not in SERIES]
    if unknown:
        parser.error(f"no series {unknown[0]!r}; the series are {', '.join(SERIES)}")
    figures: dict[str, Any] = {
        "games": args.games,
        "seed": args.seed,
        "iterations": args.iterations,
        "series": {},
    }

    runs = [Series(name, args.games, args.seed, args.iterations) for name in names]
    for _ in range(args.games):
        for series in runs:
            figures["series"][series.name] = series.play_next()
        figures["times_met"] = times_met(figures)
        if args.json:
            Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    Console(width=140).print(table(figures))
    print(
        f"hard decision times within median {MEDIAN_LIMIT * 1000:.0f} ms / max "
        f"{MAX_LIMIT * 1000:.0f} ms: {'ok' if figures['times_met'] else 'MISSED'}"
    )
    met = figures["times_met"] and all(s["met"] for s in figures["series"].values())
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
