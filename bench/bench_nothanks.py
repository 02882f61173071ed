"""No Thanks! benchmark: engine speed, bot decision times and bot strength, against targets.

Not a test: it takes minutes at full size. Run on an otherwise idle machine:

    .venv/bin/python bench/bench_nothanks.py [--games 500] [--seed 1] [--jobs N] [--json FILE]

The engine is measured on one core (this process); the strength series run on `--jobs`
worker processes (default: every core), which changes their wall time but not their figures.
Decision times come from the strength series themselves, so they are times in real games,
opening decisions included; with more jobs than idle cores they grow.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from core.arena import share_text
from core.nothanks import GAME
from tui.programs.arena_runner import default_jobs, run_series

ENGINE_GAMES = 3000


def engine_rate(games: int, seed: int) -> float:
    """Random 4-player games per second through the public API (new, legal_actions, apply)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for index in range(games):
        state = GAME.new(4, seed + index)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return games / (time.perf_counter() - start)


def strength(level: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """`level` in seat 0 against three easy bots; seat 0's figures plus the easy seats' times."""
    result = run_series("nothanks", [level, "easy", "easy", "easy"], games, seed, jobs)
    seats = result.summary()["seats"]
    return {"bot": seats[0], "easy": seats[1]}


def checks(figures: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(what, measured, target, met) for every target of the issue."""
    hard, normal = figures["hard_vs_easy"]["bot"], figures["normal_vs_easy"]["bot"]
    easy = figures["normal_vs_easy"]["easy"]
    ms = 1000
    return [
        (
            "engine games/s",
            f"{figures['engine_games_per_s']:.0f}",
            ">= 2000",
            figures["engine_games_per_s"] >= 2000,
        ),
        ("easy max decision ms", f"{easy['max_time'] * ms:.2f}", "<= 10", easy["max_time"] <= 0.01),
        (
            "normal max decision ms",
            f"{normal['max_time'] * ms:.2f}",
            "<= 10",
            normal["max_time"] <= 0.01,
        ),
        (
            "hard median decision ms",
            f"{hard['median_time'] * ms:.1f}",
            "<= 250",
            hard["median_time"] <= 0.25,
        ),
        (
            "hard max decision ms",
            f"{hard['max_time'] * ms:.1f}",
            "<= 1000",
            hard["max_time"] <= 1.0,
        ),
        ("hard win share vs 3 easy", share_text(hard), ">= 40%", hard["win_share"] >= 0.40),
        (
            "normal win share vs 3 easy",
            share_text(normal),
            "> 25%, interval above",
            normal["win_interval"][0] > 0.25,
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games per strength series")
    parser.add_argument("--seed", type=int, default=1, help="series seed")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"games": args.games, "seed": args.seed, "jobs": args.jobs}
    figures["engine_games_per_s"] = engine_rate(ENGINE_GAMES, args.seed)
    figures["normal_vs_easy"] = strength("normal", args.games, args.seed, args.jobs)
    figures["hard_vs_easy"] = strength("hard", args.games, args.seed, args.jobs)
    rows = checks(figures)
    figures["checks"] = [
        dict(zip(("what", "measured", "target", "met"), r, strict=True)) for r in rows
    ]
    width = max(len(r[0]) for r in rows)
    for what, measured, target, met in rows:
        print(f"{what:<{width}}  {measured:>24}  {target:<22} {'ok' if met else 'MISSED'}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0 if all(r[3] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
