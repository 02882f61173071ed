"""Pásovec benchmark: engine speed, bot decision times and strength against the issue's
targets, and the exact sum distribution of every dice combination.

Not a test: it takes minutes at full size. Run on an otherwise idle machine:

    .venv/bin/python bench/bench_pasovec.py [--games 500] [--seed 1] [--engine-only] [--json FILE]

Every figure is measured on one core (this process), in CPU time (`time.process_time`): on a
machine shared with other work, wall time would count their share of the core too. Decision
times come from the strength series themselves, so they are times in real games, every roll
and decision included. The engine's time per step of the loop (`engine_steps`) is the one
figure taken from a wall clock, around each call, to show where a game's time goes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from core.arena import play_series, share_text
from core.pasovec import GAME
from core.pasovec.dice import COMBOS, DISTRIBUTIONS, combo_label

ENGINE_GAMES = 2000
Chooser = Callable[[Any, int, random.Random], dict[str, Any]]


def engine_rate(games: int, seed: int, choose: Chooser) -> tuple[float, float]:
    """(games/s, actions per game) of random 4-player games, 3 rounds each, through the
    contract (new, to_act, apply, is_over) with `choose` picking each action."""
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    for index in range(games):
        state = GAME.new(4, seed + index)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, choose(state, seat, rng))
            actions += 1
    return games / (time.process_time() - start), actions / games


STEP_GAMES = 300


def engine_steps(games: int, seed: int) -> dict[str, float]:
    """Microseconds per random 4-player game in each step of `engine_rate`'s loop: its own
    is_over and to_act calls, random_action, and apply of a roll, of a decision before the
    last, of the last decision (the reveal) and of a last decision that ends a round (the
    next deal). Each call is timed by `time.perf_counter_ns`, less the cost of reading it."""
    clock = time.perf_counter_ns
    start = clock()
    for _ in range(10_000):
        clock()
    reading = (clock() - start) / 10_000
    rng = random.Random(seed)
    spent: dict[str, float] = {}

    def add(step: str, began: int, ended: int) -> None:
        spent[step] = spent.get(step, 0.0) + ended - began - reading

    for index in range(games):
        began = clock()
        state = GAME.new(4, seed + index)
        add("new", began, clock())
        while True:
            began = clock()
            over = GAME.is_over(state)
            seat = -1 if over else GAME.to_act(state)[0]
            add("is_over + to_act", began, clock())
            if over:
                break
            began = clock()
            action = GAME.random_action(state, seat, rng)
            drawn = clock()
            after = GAME.apply(state, seat, action)
            done = clock()
            rolling = state.phase == "roll"
            add(f"random_action: {'roll' if rolling else 'decision'}", began, drawn)
            add(f"apply: {_step(state, after)}", drawn, done)
            state = after
    return {step: total / games / 1000 for step, total in spent.items()}


def _step(before: Any, after: Any) -> str:
    """Which kind of apply led from `before` to `after`, for `engine_steps`."""
    if before.phase == "roll":
        return "roll"
    if len(GAME.to_act(before)) > 1:
        return "decision before the last"
    if after.round != before.round or GAME.is_over(after):
        return "last decision, round ends"
    return "last decision (reveal)"


def from_legal(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return rng.choice(GAME.legal_actions(state, seat))


def strength(levels: list[str], games: int, seed: int) -> dict[str, Any]:
    """Seat 0's figures in a series, plus the figures of seat 1 (the opponents' level)."""
    seats = play_series("pasovec", levels, games, seed, time.process_time).summary()["seats"]
    return {"bot": seats[0], "opponent": seats[1]}


def distributions() -> list[dict[str, Any]]:
    """Every combination's exact distribution, as fractions and as percentages."""
    out = []
    for combo in COMBOS:
        dist = DISTRIBUTIONS[combo]
        out.append(
            {
                "dice": combo_label(combo),
                "combo": list(combo),
                "sums": {str(s): f"{p.numerator}/{p.denominator}" for s, p in dist.items()},
                "mean": float(sum(s * p for s, p in dist.items())),
            }
        )
    return out


def checks(figures: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(what, measured, target, met) for every target of the issue."""
    ms = 1000
    rows = [
        (
            "engine games/s (random_action)",
            f"{figures['engine_games_per_s']:.0f}",
            ">= 2000",
            figures["engine_games_per_s"] >= 2000,
        )
    ]
    timing = {
        "easy": figures["normal_vs_easy"]["opponent"],
        "normal": figures["hard_vs_normal"]["opponent"],
        "hard": figures["hard_vs_easy"]["bot"],
    }
    for level, stats in timing.items():
        rows.append(
            (
                f"{level} median / max decision ms",
                f"{stats['median_time'] * ms:.2f} / {stats['max_time'] * ms:.1f}",
                "<= 20 / <= 250",
                stats["median_time"] <= 0.02 and stats["max_time"] <= 0.25,
            )
        )
    for key, label, target in (
        ("hard_vs_easy", "hard win share vs 3 easy", 0.45),
        ("hard_vs_normal", "hard win share vs 3 normal", 0.35),
    ):
        stats = figures[key]["bot"]
        rows.append((label, share_text(stats), f">= {target:.0%}", stats["win_share"] >= target))
    normal = figures["normal_vs_easy"]["bot"]
    rows.append(
        (
            "normal win share vs 3 easy",
            share_text(normal),
            "interval above 25%",
            normal["win_interval"][0] > 0.25,
        )
    )
    return rows


def print_tables(figures: dict[str, Any], rows: list[tuple[str, str, str, bool]]) -> None:
    console = Console()
    dice = Table(title="Exact sum distribution per dice combination (PA-2, PA-7)")
    for column in ("dice", "mean", "sum: chance"):
        dice.add_column(column)
    for entry in figures["distributions"]:
        sums = " ".join(
            f"{s}:{int(f.split('/')[0]) / int(f.split('/')[1]):.1%}"
            for s, f in entry["sums"].items()
        )
        dice.add_row(entry["dice"], f"{entry['mean']:.1f}", sums)
    console.print(dice)
    targets = Table(title=f"Pásovec targets ({figures['games']} games per series)")
    for column in ("what", "measured", "target", ""):
        targets.add_column(column)
    for what, measured, target, met in rows:
        targets.add_row(what, measured, target, "ok" if met else "MISSED")
    console.print(targets)
    print_engine(console, figures)


def print_engine(console: Console, figures: dict[str, Any]) -> None:
    steps = Table(title="Where a random game's time goes (µs per game, wall clock per call)")
    for column in ("step", "µs"):
        steps.add_column(column)
    for step, micros in figures["engine_steps_us"].items():
        steps.add_row(step, f"{micros:.1f}")
    console.print(steps)
    console.print(
        f"engine: {figures['engine_games_per_s']:.0f} games/s (CPU time) with random_action, "
        f"{figures['engine_legal_games_per_s']:.0f} via legal_actions; "
        f"{figures['engine_actions_per_game']:.0f} actions a random game"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games per strength series")
    parser.add_argument("--seed", type=int, default=1, help="series seed")
    parser.add_argument(
        "--engine-only", action="store_true", help="only the engine figures, no strength series"
    )
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"games": args.games, "seed": args.seed}
    rate, per_game = engine_rate(ENGINE_GAMES, args.seed, GAME.random_action)
    figures["engine_games_per_s"], figures["engine_actions_per_game"] = rate, per_game
    figures["engine_legal_games_per_s"] = engine_rate(ENGINE_GAMES // 4, args.seed, from_legal)[0]
    figures["engine_steps_us"] = engine_steps(STEP_GAMES, args.seed)
    if args.engine_only:
        print_engine(Console(), figures)
        write_json(args.json, figures)
        return 0 if rate >= 2000 else 1
    figures["distributions"] = distributions()
    figures["normal_vs_easy"] = strength(["normal", "easy", "easy", "easy"], args.games, args.seed)
    figures["hard_vs_easy"] = strength(["hard", "easy", "easy", "easy"], args.games, args.seed)
    figures["hard_vs_normal"] = strength(
        ["hard", "normal", "normal", "normal"], args.games, args.seed
    )
    rows = checks(figures)
    figures["checks"] = [
        dict(zip(("what", "measured", "target", "met"), r, strict=True)) for r in rows
    ]
    print_tables(figures, rows)
    write_json(args.json, figures)
    return 0 if all(r[3] for r in rows) else 1


def write_json(path: str | None, figures: dict[str, Any]) -> None:
    if path:
        Path(path).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
