"""Rummikub solver's anytime bound (issue 28): exact and bounded answers on the slowest positions.

Not a test: the default sweep takes a few minutes. Run on an otherwise idle core:

    .venv/bin/python bench/bench_rummikub_bound.py [--positions 2000] [--seed 11] [--games 0]
        [--budgets 50000,100000,200000] [--json FILE]

Positions: `--positions` like the issue-11 ones (`core.rummikub.positions`: a 14-20 tile rack,
a 30-60 tile table, a joker on the table or the rack), drawn in order from `--seed`; and with
`--games G`, every position a seat met after its initial meld in G games of four normal bots
(the in-game worst cases: big tables, long racks). Each position is solved exactly (no budget:
CPU ms and states expanded), then within the decision budget (`DECISION_NODES`) and each of
`--budgets`: CPU ms, whether the search was cut short, and what a cut cost against the exact
answer (rack tiles, then points). Every bounded answer is checked by `apply`.

Times are CPU time of this process (one core): a machine shared with other work does not
inflate them. The states are the same on every machine; the time per state is what this
benchmark measures (printed as microseconds a state on the slowest positions).

Exit status 1 when a bounded decision took more than a second.
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

from core.rummikub import GAME
from core.rummikub.bots import NormalBot
from core.rummikub.positions import random_position, state_at
from core.rummikub.sets import JOKER
from core.rummikub.solver import DECISION_NODES, Budget, solve

Position = tuple[list[list[str]], list[str]]
LIMIT_MS = 1000.0  # no decision over a second
SLOWEST = 20


def sweep(count: int, seed: int) -> list[Position]:
    """`count` issue-11-like positions with a joker on the table or the rack."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        table, rack = random_position(rng, rng.randint(30, 60), rng.randint(14, 20), True)
        if JOKER in rack or any(JOKER in s for s in table):
            out.append((table, rack))
    return out


def game_positions(games: int, seed: int) -> list[Position]:
    """Every (table, rack) a melded seat met in `games` games of four normal bots."""
    out: list[Position] = []
    bot = NormalBot()
    for game in range(games):
        state = GAME.new(4, seed + game)
        rng = random.Random(game)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            if view["melded"][seat]:
                out.append((view["table"], view["rack"]))
            state = GAME.apply(state, seat, bot.act(view, rng))
    return out


def timed(table: list[list[str]], rack: list[str], nodes: int | None) -> dict[str, Any]:
    """One search: CPU ms, states, cut short or not, and the answer's measure."""
    budget = Budget(nodes)
    start = time.process_time()
    found = solve(table, rack, budget=budget)
    ms = (time.process_time() - start) * 1000
    if found is not None:
        GAME.apply(state_at(table, rack), 0, {"kind": "play", "table": found[2]})
    measure = (0, 0) if found is None else (found[0], found[1])
    return {"ms": ms, "states": budget.spent, "cut": budget.cut, "measure": measure}


def measure_all(positions: list[Position], budgets: list[int]) -> list[dict[str, Any]]:
    """Per position: the exact search and the bounded ones."""
    rows = []
    for table, rack in positions:
        row = {"table": table, "rack": rack, "exact": timed(table, rack, None)}
        row["tables_jokers"] = sum(s.count(JOKER) for s in table)
        row["rack_jokers"] = rack.count(JOKER)
        row["bounded"] = {str(nodes): timed(table, rack, nodes) for nodes in budgets}
        rows.append(row)
    return rows


def spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": statistics.median(ordered),
        "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "max": ordered[-1],
    }


def budget_figures(rows: list[dict[str, Any]], nodes: int) -> dict[str, Any]:
    """How often `nodes` cut the search short and what the cuts cost."""
    runs = [(row["exact"], row["bounded"][str(nodes)]) for row in rows]
    cuts = [(exact, bounded) for exact, bounded in runs if bounded["cut"]]
    tiles = [exact["measure"][0] - bounded["measure"][0] for exact, bounded in cuts]
    points = [exact["measure"][1] - bounded["measure"][1] for exact, bounded in cuts]
    return {
        "nodes": nodes,
        "positions": len(runs),
        "cut": len(cuts),
        "cut_share": len(cuts) / len(runs),
        "cuts_losing_tiles": sum(1 for t in tiles if t > 0),
        "tiles_lost": sum(tiles),
        "points_lost_at_equal_tiles": sum(p for t, p in zip(tiles, points, strict=True) if t == 0),
        "most_tiles_lost": max(tiles, default=0),
        "ms": spread([bounded["ms"] for _, bounded in runs]),
    }


def summary(rows: list[dict[str, Any]], budgets: list[int]) -> dict[str, Any]:
    """The exact search's spread, by joker case too, the budgets' figures, the slowest."""
    cases: dict[str, list[float]] = {}
    for row in rows:
        case = f"table {row['tables_jokers']} / rack {row['rack_jokers']} jokers"
        cases.setdefault(case, []).append(row["exact"]["ms"])
    slowest = sorted(rows, key=lambda row: -row["exact"]["ms"])[:SLOWEST]
    per_state = [row["exact"]["ms"] * 1000 / max(row["exact"]["states"], 1) for row in slowest]
    return {
        "positions": len(rows),
        "exact_ms": spread([row["exact"]["ms"] for row in rows]),
        "exact_states": spread([row["exact"]["states"] for row in rows]),
        "cases": {case: {"positions": len(v), **spread(v)} for case, v in sorted(cases.items())},
        "budgets": [budget_figures(rows, nodes) for nodes in budgets],
        "us_per_state_slowest": spread(per_state),
        "slowest": slowest,
    }


def report(name: str, figures: dict[str, Any]) -> None:
    """Print one series' figures as a table."""
    exact, states = figures["exact_ms"], figures["exact_states"]
    print(f"\n{name}: {figures['positions']} positions")
    print(
        f"  exact: median {exact['median']:.1f} ms, p99 {exact['p99']:.1f} ms, max "
        f"{exact['max']:.1f} ms; states median {states['median']:.0f}, p99 {states['p99']:.0f},"
        f" max {states['max']:.0f}"
    )
    for case, spread_ in figures["cases"].items():
        print(
            f"    {case}: {spread_['positions']} positions, median {spread_['median']:.1f} ms, "
            f"p99 {spread_['p99']:.1f} ms, max {spread_['max']:.1f} ms"
        )
    print(f"  {'budget':>9} {'cut':>11} {'lost tiles':>10} {'lost pts':>9} {'max lost':>8}", end="")
    print(f" {'median ms':>9} {'p99 ms':>8} {'max ms':>8}")
    for b in figures["budgets"]:
        print(
            f"  {b['nodes']:>9} {b['cut']:>5} {b['cut_share']:>5.1%} {b['tiles_lost']:>10} "
            f"{b['points_lost_at_equal_tiles']:>9} {b['most_tiles_lost']:>8} "
            f"{b['ms']['median']:>9.1f} {b['ms']['p99']:>8.1f} {b['ms']['max']:>8.1f}"
        )
    per_state = figures["us_per_state_slowest"]
    print(
        f"  the {SLOWEST} slowest: {per_state['median']:.2f} us a state (max "
        f"{per_state['max']:.2f}); exact ms / states / bounded ms at {DECISION_NODES}, cut:"
    )
    for row in figures["slowest"]:
        bounded = row["bounded"][str(DECISION_NODES)]
        print(
            f"    {row['exact']['ms']:7.1f} {row['exact']['states']:>8} {bounded['ms']:7.1f}"
            f" {'cut' if bounded['cut'] else '-':>4}  rack {len(row['rack'])}, table "
            f"{sum(map(len, row['table']))}, jokers {row['tables_jokers']}/{row['rack_jokers']}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="sweep positions")
    parser.add_argument("--seed", type=int, default=11, help="seed of the sweep and the games")
    parser.add_argument("--games", type=int, default=0, help="games of four normal bots")
    parser.add_argument("--budgets", default="50000,100000,200000", help="budgets besides")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    budgets = [DECISION_NODES, *(int(b) for b in args.budgets.split(",") if b)]
    figures: dict[str, Any] = {"decision_nodes": DECISION_NODES, "seed": args.seed}
    series = {"sweep": sweep(args.positions, args.seed)}
    if args.games:
        series[f"games ({args.games} of four normal bots)"] = game_positions(args.games, args.seed)
    worst = 0.0
    for name, positions in series.items():
        if not positions:
            continue
        figures[name] = summary(measure_all(positions, budgets), budgets)
        report(name, figures[name])
        worst = max([worst, *(b["ms"]["max"] for b in figures[name]["budgets"])])
    print(f"\nslowest bounded decision {worst:.0f} ms: {'ok' if worst <= LIMIT_MS else 'MISSED'}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0 if worst <= LIMIT_MS else 1


if __name__ == "__main__":
    sys.exit(main())
