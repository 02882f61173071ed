"""Rummikub benchmark: solver times on random positions, play-check time, bot strength (hard
against three easy and three normal bots, issue 28). The anytime bound has its own benchmark,
bench/bench_rummikub_bound.py.

Not a test: it takes minutes at full size. Run on an otherwise idle machine:

    .venv/bin/python bench/bench_rummikub.py [--positions 300] [--games 300] [--json FILE]

Positions have a 14-20 tile rack and a 30-60 tile table (`core.rummikub.positions`), without
jokers and with jokers on the table or rack. Solver and check times are CPU time of this
process (one core), so a machine shared with other work does not inflate them; strength series
use wall time for decision times, as the arena does.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from core.arena import against_field, share_text
from core.rummikub import GAME
from core.rummikub.positions import random_position, state_at
from core.rummikub.sets import JOKER
from core.rummikub.solver import solve


def solver_times(count: int, seed: int, jokers: bool) -> dict[str, Any]:
    """Solve `count` random positions; times in ms and the slowest position; every answer is
    checked by `apply`."""
    rng = random.Random(seed)
    times: list[float] = []
    by_case: dict[str, list[float]] = {}
    worst: dict[str, Any] = {}
    while len(times) < count:
        table, rack = random_position(rng, rng.randint(30, 60), rng.randint(14, 20), jokers)
        has_joker = JOKER in rack or any(JOKER in s for s in table)
        if has_joker != jokers:
            continue
        start = time.process_time()
        found = solve(table, rack)
        elapsed = (time.process_time() - start) * 1000
        if found is not None:
            GAME.apply(state_at(table, rack), 0, {"kind": "play", "table": found[2]})
        times.append(elapsed)
        case = f"table {sum(s.count(JOKER) for s in table)} / rack {rack.count(JOKER)} jokers"
        by_case.setdefault(case, []).append(elapsed)
        if elapsed >= max(times):
            worst = {"ms": elapsed, "table": table, "rack": rack}
    return {
        **_spread(times),
        "cases": {case: _spread(found) for case, found in sorted(by_case.items())},
        "worst": worst,
    }


def _spread(times: list[float]) -> dict[str, Any]:
    ordered = sorted(times)
    return {
        "positions": len(ordered),
        "median_ms": statistics.median(ordered),
        "p99_ms": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "max_ms": ordered[-1],
    }


def check_time(seed: int, repeats: int = 200) -> dict[str, Any]:
    """CPU time of `apply` checking a play on a table of 80+ tiles (jokers included)."""
    rng = random.Random(seed)
    while True:
        table, rack = random_position(rng, 84, 14, jokers=True)
        found = solve(table, rack)
        if found is not None and sum(map(len, table)) >= 80:
            break
    state = state_at(table, rack)
    action = {"kind": "play", "table": found[2]}
    start = time.process_time()
    for _ in range(repeats):
        GAME.apply(state, 0, action)
    elapsed = (time.process_time() - start) * 1000 / repeats
    return {"table_tiles": sum(map(len, found[2])), "ms": elapsed}


def checks(figures: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(what, measured, target, met) for every target of the issue."""
    plain, joker = figures["solver_plain"], figures["solver_jokers"]
    rows = [
        ("solver median ms, no jokers", plain["median_ms"], 10),
        ("solver p99 ms, no jokers", plain["p99_ms"], 50),
        ("solver median ms, jokers", joker["median_ms"], 40),
        ("solver p99 ms, jokers", joker["p99_ms"], 300),
        ("check a play on 80+ tiles ms", figures["check"]["ms"], 2),
    ]
    out = [(what, f"{value:.2f}", f"<= {target}", value <= target) for what, value, target in rows]
    for series, target in (
        ("hard_vs_easy", 0.45),
        ("normal_vs_easy", 0.35),
        ("hard_vs_normal", 0.35),
    ):
        if series in figures:
            bot = figures[series]["bot"]
            level, field = series.split("_vs_")
            out.append(
                (
                    f"{level} win share vs 3 {field}",
                    share_text(bot),
                    f">= {target:.0%}",
                    bot["win_share"] >= target,
                )
            )
            out.append(
                (
                    f"{level} max decision ms",
                    f"{bot['max_time'] * 1000:.0f}",
                    "<= 1000",
                    bot["max_time"] <= 1,
                )
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300, help="positions per solver series")
    parser.add_argument("--games", type=int, default=300, help="games per strength series")
    parser.add_argument("--seed", type=int, default=1, help="seed of positions and series")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"positions": args.positions, "games": args.games}
    figures["solver_plain"] = solver_times(args.positions, args.seed, jokers=False)
    figures["solver_jokers"] = solver_times(args.positions, args.seed, jokers=True)
    figures["check"] = check_time(args.seed)
    if args.games:
        figures["normal_vs_easy"] = against_field(
            "rummikub", "normal", "easy", 4, args.games, args.seed, time.perf_counter
        )
        figures["hard_vs_easy"] = against_field(
            "rummikub", "hard", "easy", 4, args.games, args.seed, time.perf_counter
        )
        figures["hard_vs_normal"] = against_field(
            "rummikub", "hard", "normal", 4, args.games, args.seed, time.perf_counter
        )
    rows = checks(figures)
    figures["checks"] = [
        dict(zip(("what", "measured", "target", "met"), r, strict=True)) for r in rows
    ]
    width = max(len(r[0]) for r in rows)
    for what, measured, target, met in rows:
        print(f"{what:<{width}}  {measured:>24}  {target:<10} {'ok' if met else 'MISSED'}")
    for case, spread in figures["solver_jokers"]["cases"].items():
        print(
            f"  {case}: {spread['positions']} positions, median {spread['median_ms']:.1f} ms, "
            f"p99 {spread['p99_ms']:.1f} ms, max {spread['max_ms']:.1f} ms"
        )
    for name in ("solver_plain", "solver_jokers"):
        worst = figures[name]["worst"]
        print(f"worst {name}: {worst['ms']:.1f} ms  table={worst['table']}  rack={worst['rack']}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0 if all(r[3] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
