"""Club night seat draws: how long a host waits between rounds, and how few pairs meet again.

1. draws: for 12, 16, 20 and 40 players at tables of 4 (Rummikub), 12 rounds by *mix* and by
   *Swiss* (each table's game given a random result, the standings recomputed after every
   round), over several club seeds. Reported: the draw time per round (mean, max; target well
   under a second for 20 players) and the repeats over the evening (pairs seated with someone
   they had met) against the lower bound any schedule has (pairs seated minus pairs there are).
2. sixteen: the issue's case, 16 at tables of 4 by mix, round by round: the pairs repeated and
   their earlier meetings summed, each beside the bound the round's history allows (the round's
   24 pairs minus the pairs still unmet; the 24 smallest meeting counts there are).

    .venv/bin/python bench/bench_club_draw.py [--seeds 3] [--json FILE]
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.club.draw import draw_round  # noqa: E402
from core.club.meetings import earlier_meetings, meetings, repeat_floor, repeats  # noqa: E402
from core.club.standings import Finished, standing_keys, standings  # noqa: E402
from core.club.tables import Round, TableRule, split  # noqa: E402

ROUNDS = 12
PLAYERS = (12, 16, 20, 40)
RULE = TableRule.for_game("rummikub", 4)


def names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def played(round_: Round, rng: random.Random) -> list[Finished]:
    """A random finished game at every table: random scores, the lowest wins."""
    games = []
    for table in round_:
        scores = [rng.randrange(100) for _ in table.people]
        winners = [seat for seat, score in enumerate(scores) if score == min(scores)]
        games.append(Finished(table.people, {"scores": scores, "winners": winners}))
    return games


def evening(method: str, players: int, seed: int) -> dict[str, Any]:
    """One evening's draws: seconds per round and repeats per round."""
    people, rng = names(players), random.Random(seed)
    drawn: list[Round] = []
    games: list[Finished] = []
    times, repeated = [], []
    for _ in range(ROUNDS):
        keys = standing_keys(standings(games, people)) if method == "swiss" else None
        start = time.perf_counter()
        round_ = draw_round(method, people, RULE, drawn, seed, keys)
        times.append(time.perf_counter() - start)
        repeated.append(repeats(round_, drawn))
        drawn.append(round_)
        games += played(round_, rng)
    return {"times": times, "repeats": repeated}


def draws(seeds: int) -> list[dict[str, Any]]:
    rows = []
    for method, players in itertools.product(("mix", "swiss"), PLAYERS):
        runs = [evening(method, players, seed) for seed in range(seeds)]
        times = [t for run in runs for t in run["times"]]
        sizes = [table.people for table in split(players, RULE)]
        rows.append(
            {
                "method": method,
                "players": players,
                "rounds": ROUNDS,
                "mean_ms": statistics.fmean(times) * 1000,
                "max_ms": max(times) * 1000,
                "repeats": [sum(run["repeats"]) for run in runs],
                "floor": repeat_floor(players, sizes, ROUNDS),
                "first_repeat": [
                    next((i + 1 for i, r in enumerate(run["repeats"]) if r), None) for run in runs
                ],
            }
        )
    return rows


def sixteen(seed: int) -> list[dict[str, Any]]:
    """The issue's case round by round, with the bounds each round's history allows."""
    people = names(16)
    every = [frozenset(pair) for pair in itertools.combinations(people, 2)]
    drawn: list[Round] = []
    rows = []
    for number in range(1, ROUNDS + 1):
        met = meetings(drawn)
        round_ = draw_round("mix", people, RULE, drawn, seed)
        unmet = sum(1 for pair in every if not met[pair])
        rows.append(
            {
                "round": number,
                "repeats": repeats(round_, met),
                "repeats_floor": max(0, 24 - unmet),
                "earlier_meetings": earlier_meetings(round_, met),
                "meetings_floor": sum(heapq.nsmallest(24, (met[pair] for pair in every))),
            }
        )
        drawn.append(round_)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = draws(args.seeds)
    print(f"{'draw':6} {'players':>7} {'mean ms':>8} {'max ms':>7}  repeats (floor)  first repeat")
    for row in rows:
        repeated = ", ".join(map(str, row["repeats"]))
        first = ", ".join("-" if r is None else str(r) for r in row["first_repeat"])
        print(
            f"{row['method']:6} {row['players']:7} {row['mean_ms']:8.1f} {row['max_ms']:7.1f}"
            f"  {repeated} ({row['floor']})  round {first}"
        )
    rounds = sixteen(0)
    print("\n16 players at tables of 4 by mix (seed 0)")
    print(f"{'round':>5} {'repeats':>8} {'floor':>6} {'earlier meetings':>17} {'floor':>6}")
    for row in rounds:
        print(
            f"{row['round']:5} {row['repeats']:8} {row['repeats_floor']:6}"
            f" {row['earlier_meetings']:17} {row['meetings_floor']:6}"
        )
    if args.json:
        args.json.write_text(json.dumps({"draws": rows, "sixteen": rounds}, indent=2))


if __name__ == "__main__":
    main()
