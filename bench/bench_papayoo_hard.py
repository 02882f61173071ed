"""The hard Papayoo bot against the targets of issue 38: its share against three Monte Carlo
sparring partners (`bench/papayoo_mc.py`), against three normal and three easy bots, its CPU
per decision, and the engine's speed before and after.

Not a test: at full size it takes hours of CPU. Run it niced, on at most two cores:

    nice -n 19 .venv/bin/python bench/bench_papayoo_hard.py [--games 200] [--field-games 40]
        [--jobs 2] [--seed 1] [--samples 24] [--only sparring,normal,easy,engine]
        [--baseline DIR] [--json FILE] [--hard KEY=VALUE ...]

Every series is a duplicate one (`core.arena`: each deal once per rotation of the seats, so
hard meets the same cards from every seat; intervals paired by deal), played through the
arena's runner on `--jobs` processes, the same games `gamenight arena papayoo --seats ...
--duplicate --seed S` plays. Decision times are the CPU time of the process that made the
decision, so other jobs on the machine do not count. The series are played in chunks of whole
deals and `--json FILE` is rewritten after each, so a run cut short still has its figures.

"By seat" shows who gains from whom: the sparring partner on hard's left receives hard's pass
(PY-9) and plays after hard, the one on its right passes to hard and plays before it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from bench.bench_papayoo import engine_figures
from core.arena import GameRecord, plan_series, share_text, tally
from tui.programs.arena_runner import play_plans

SPARRING = "bench.papayoo_mc:MonteCarloBot"
FIELDS = {"sparring": SPARRING, "normal": "normal", "easy": "easy"}
TARGETS = {"sparring": 0.40, "normal": 0.65, "easy": 0.80}
SEAT_NAMES = ("hard", "left: gets hard's pass", "across", "right: passes to hard")
CHUNK = 8  # games per chunk: two whole deals of four rotations


def play_field(
    field: str,
    games: int,
    seed: int,
    jobs: int,
    settings: dict[str, dict[str, Any]],
    figures: dict[str, Any],
    write: Any,
) -> None:
    """Hard in seat 0 and three of `field` (duplicate), chunk by chunk; figures after each."""
    entrants = ["hard"] + [FIELDS[field]] * 3
    plans = plan_series(range(4), games, seed, duplicate=True)
    records: list[GameRecord] = []
    for start in range(0, len(plans), CHUNK):
        chunk = plans[start : start + CHUNK]
        played = play_plans("papayoo", entrants, chunk, jobs, settings, clock=time.process_time)
        if played.failure or played.interrupted:
            raise SystemExit(f"the {field} series stopped: {played.failure or 'interrupted'}")
        records += played.records
        result = tally("papayoo", entrants, records, seed, duplicate=True)
        seats = result.summary()["seats"]
        for name, seat in zip(SEAT_NAMES, seats, strict=True):
            seat["seat"] = name
        figures[field] = {"games": len(records), "planned": games, "seats": seats}
        write()


def checks(figures: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(what, measured, target, met) for every figure measured so far."""
    rows: list[tuple[str, str, str, bool]] = []
    times: list[float] = []
    for field, target in TARGETS.items():
        if field not in figures:
            continue
        series = figures[field]
        hard = series["seats"][0]
        label = f"hard vs 3 {field} ({series['games']} duplicate games)"
        rows.append((label, share_text(hard), f">= {target:.0%}", hard["win_share"] >= target))
        scores = " / ".join(f"{s['mean_score']:.0f}" for s in series["seats"])
        rows.append((f"  mean scores by seat ({field})", scores, "hard's lowest", True))
        for seat in series["seats"][1:]:
            rows.append((f"  {seat['seat']}", share_text(seat), "", True))
        times.append(hard["median_time"])
        rows.append(
            (
                f"  hard CPU per decision median / max ms ({field})",
                f"{hard['median_time'] * 1000:.0f} / {hard['max_time'] * 1000:.0f}",
                "max <= 1000",
                hard["max_time"] <= 1.0,
            )
        )
    if "engine_games_per_s" in figures and "baseline_engine_games_per_s" in figures:
        for key, what in (
            ("engine_view_games_per_s", "random games/s, a view each step"),
            ("engine_games_per_s", "random games/s, no views"),
        ):
            old, new = figures["baseline_" + key], figures[key]
            rows.append(
                (
                    f"{what}: before -> after",
                    f"{old:.0f} -> {new:.0f} ({new / old:.1f}x)",
                    ">= 2x",
                    new / old >= 2,
                )
            )
    return rows


def hard_setting(item: str, parser: argparse.ArgumentParser) -> tuple[str, Any]:
    """`KEY=VALUE` with the value read as JSON where it is (numbers, true/false), else text."""
    key, sep, text = item.partition("=")
    if not sep or not key:
        parser.error(f"--hard takes KEY=VALUE, not {item!r}")
    try:
        return key, json.loads(text)
    except ValueError:
        return key, text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games against the sparring bots")
    parser.add_argument(
        "--field-games", type=int, default=40, help="games against normal and against easy"
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="series seed")
    parser.add_argument("--samples", type=int, default=24, help="the sparring bot's deals")
    parser.add_argument(
        "--only",
        default="engine,easy,normal,sparring",
        help="parts to run, in this order, comma-separated",
    )
    parser.add_argument("--baseline", metavar="DIR", help="another version's core, for the engine")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON (as they come)")
    parser.add_argument(
        "--hard",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="a setting of the hard bot (core/papayoo/bots.py HardBot), e.g. rival=0; repeatable",
    )
    args = parser.parse_args(argv)
    parts = args.only.split(",")
    if args.games % CHUNK or args.field_games % CHUNK:
        parser.error(f"--games and --field-games must be multiples of {CHUNK}")
    hard = dict(hard_setting(item, parser) for item in args.hard)
    settings = {SPARRING: {"samples": args.samples}, "hard": hard}
    figures: dict[str, Any] = {"seed": args.seed, "samples": args.samples, "hard": hard}

    def write() -> None:
        figures["checks"] = [
            dict(zip(("what", "measured", "target", "met"), row, strict=True))
            for row in checks(figures)
        ]
        if args.json:
            Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")

    if "engine" in parts:
        figures.update(engine_figures(1000, args.seed, args.baseline))
        write()
    for field in parts:
        if field in FIELDS:
            games = args.games if field == "sparring" else args.field_games
            play_field(field, games, args.seed, args.jobs, settings, figures, write)
    write()
    rows = checks(figures)
    width = max((len(r[0]) for r in rows), default=0)
    for what, measured, target, met in rows:
        mark = "" if not target or met else "MISSED"
        print(f"{what:<{width}}  {measured:>28}  {target:<14} {mark}")
    return 0 if all(r[3] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
