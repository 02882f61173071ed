"""Arena benchmark: what every core and duplicate deals buy, on No Thanks! hard against 3 easy.

Not a test: it takes many minutes at full size (a hard game takes about 2 s on one core).

    .venv/bin/python bench/bench_arena.py [--games 500] [--compare 200] [--jobs N] [--json FILE]

- the 95% interval width of hard's win share from `--compare` plain games and from as many
  duplicate games, and how many plain games the duplicate interval is worth;
- wall time of `--games` games with `--jobs` workers (default: every core) and with 1, and
  whether both gave the same results (they must).

Either part is skipped when its count is 0.

The CPU time and the machine's load average are printed beside each wall time: on a shared
machine they explain a speed-up below the number of cores. Each series is also printed to
stderr as it is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

from rich.table import Table

from core.arena import share_text
from tui.programs.arena import output_console
from tui.programs.arena_runner import default_jobs, run_series

GAME = "nothanks"
SEATS = ["hard", "easy", "easy", "easy"]


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the workers, once shut down): on an
    idle machine the wall time with N jobs approaches this over N."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def series(games: int, seed: int, jobs: int, duplicate: bool = False) -> dict[str, Any]:
    """Play one series; hard's figures, the wall time, the load and the games' results."""
    load = os.getloadavg()[0]
    start, cpu_start = time.perf_counter(), cpu_seconds()
    result = run_series(GAME, SEATS, games, seed, jobs, duplicate=duplicate)
    wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu_start
    hard = result.summary()["seats"][0]
    low, high = hard["win_interval"]
    figures = {
        "games": games,
        "jobs": jobs,
        "duplicate": duplicate,
        "wall_s": wall,
        "cpu_s": cpu,
        "load_before": load,
        "load_after": os.getloadavg()[0],
        "win_share": hard["win_share"],
        "win_interval": [low, high],
        "width": high - low,
        "plain_games": hard.get("plain_games"),
    }
    print(json.dumps(figures), file=sys.stderr, flush=True)
    figures["results"] = [r.result for r in result.records]
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games of the timed series")
    parser.add_argument("--compare", type=int, default=200, help="games per width series")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="workers (all cores)")
    parser.add_argument("--seed", type=int, default=1, help="series seed")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    rows: dict[str, dict[str, Any]] = {}
    if args.compare:
        rows[f"{args.compare} plain games"] = series(args.compare, args.seed, args.jobs)
        rows[f"{args.compare} duplicate games"] = series(
            args.compare, args.seed, args.jobs, duplicate=True
        )
    if args.games:
        rows[f"{args.games} games, --jobs {args.jobs}"] = series(args.games, args.seed, args.jobs)
        rows[f"{args.games} games, --jobs 1"] = series(args.games, args.seed, 1)
    results = [figures.pop("results") for figures in rows.values()]

    table = Table(title=f"{GAME}: hard vs 3 easy, seed {args.seed}, {os.cpu_count()} cores")
    for name in (
        "series",
        "wall s",
        "cpu s",
        "load avg",
        "hard win share [95%]",
        "width",
        "plain games",
    ):
        table.add_column(name, justify="right")
    for name, figures in rows.items():
        equivalent = figures["plain_games"]
        table.add_row(
            name,
            f"{figures['wall_s']:.1f}",
            f"{figures['cpu_s']:.1f}",
            f"{figures['load_before']:.1f}-{figures['load_after']:.1f}",
            share_text(figures),
            f"{figures['width']:.1%}",
            "" if equivalent is None else f"{equivalent:.0f}",
        )
    same = not args.games or results[-1] == results[-2]
    console = output_console()
    console.print(table)
    if args.games:
        parallel, serial = list(rows.values())[-2:]
        speed_up = serial["wall_s"] / parallel["wall_s"]
        console.print(f"speed-up {speed_up:.2f}x; same results with 1 and {args.jobs} jobs: {same}")
    if args.json:
        figures = {"series": rows, "same_results": same}
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
