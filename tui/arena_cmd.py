"""`gamenight arena`: play a headless bot series and print what each seat achieved.

The series itself is `core.arena` (pure); this module adds what core must not do: the clock,
the progress bar, the table on stdout and the JSON file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import IO

from core.arena import SeriesResult, check_series, play_series

COLUMNS = (
    "seat",
    "level",
    "win share",
    "95% interval",
    "mean score",
    "mean ms",
    "median ms",
    "max ms",
)


class ProgressBar:
    """A one-line text bar redrawn in place with a carriage return.

    Drawn only on a terminal: piped or redirected stderr gets nothing, so logs stay clean.
    """

    def __init__(self, stream: IO[str], total: int, width: int = 30) -> None:
        self.stream = stream
        self.total = total
        self.width = width

    def update(self, done: int, _result: dict[str, list[int]]) -> None:
        filled = self.width * done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games")
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def format_table(result: SeriesResult) -> str:
    """The per-seat figures as an aligned plain-text table, with a title line."""
    rows = [COLUMNS]
    for seat, stats in enumerate(result.summary()["seats"]):
        low, high = stats["win_interval"]
        rows.append(
            (
                str(seat),
                stats["level"],
                f"{stats['win_share']:.1%}",
                f"[{low:.1%}, {high:.1%}]",
                f"{stats['mean_score']:.1f}",
                f"{stats['mean_time'] * 1000:.2f}",
                f"{stats['median_time'] * 1000:.2f}",
                f"{stats['max_time'] * 1000:.2f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    title = f"{result.game_id}: {result.games} games, seed {result.seed}"
    return "\n".join([title, *lines])


def run_arena(args: argparse.Namespace) -> int:
    """Run the series `args` describe; 0 when done, 2 with a one-line error on bad input."""
    levels = [level.strip() for level in args.seats.split(",")]
    try:
        check_series(args.game, levels, args.games)
        json_file = open(args.json, "w", encoding="utf-8") if args.json else None  # noqa: SIM115
    except (ValueError, OSError) as err:
        print(f"gamenight arena: {err}", file=sys.stderr)
        return 2
    on_game = None
    if not args.no_progress and sys.stderr.isatty():
        on_game = ProgressBar(sys.stderr, args.games).update
    result = play_series(args.game, levels, args.games, args.seed, time.perf_counter, on_game)
    print(format_table(result))
    if json_file is not None:
        with json_file:
            json.dump(result.summary(), json_file, indent=2)
            json_file.write("\n")
    return 0
