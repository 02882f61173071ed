"""Replay benchmark (issue 16): stepping to any position of a long game, against <= 50 ms.

    .venv/bin/python bench/bench_replay.py [--seed 1] [--jumps 300] [--json FILE]

Each record is a whole bot game (a 4-deal Papayoo, a 4-game Rummikub match, a long No Thanks!
and Pásovec for comparison). A replay is opened on it (every action applied once, keyframes
kept), then asked for the view of a random seat at random positions in random order — the worst
case for keyframes, as a jump with PgUp/PgDn or Home/End is — and one step forward and back from
each, as ←/→ are. Measured on one core in this process.
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

from core.match import bot_record
from core.replay_views import RecordReplay

TARGET_MS = 50.0
RECORDS = {  # name: (game, bot levels, options)
    "Papayoo, 4 deals, 4 players": ("papayoo", ["normal"] * 4, {"deals": 4}),
    "Rummikub, 4 games, 4 players": ("rummikub", ["easy"] * 4, {"games": 4}),
    "No Thanks!, 5 players": ("nothanks", ["normal"] * 5, {}),
    "Pásovec, 5 players": ("pasovec", ["normal"] * 5, {}),
}


def measure(record: dict[str, Any], jumps: int, seed: int) -> dict[str, Any]:
    """Open time, and per-request times of random jumps and of single steps, in ms."""
    start = time.perf_counter()
    replay = RecordReplay(record)
    opened = time.perf_counter() - start
    rng = random.Random(seed)
    jump_times, step_times = [], []
    for _ in range(jumps):
        position, seat = rng.randrange(replay.count), rng.choice(replay.eyes)
        start = time.perf_counter()
        replay.view(position, seat)
        jump_times.append(time.perf_counter() - start)
        for step in (1, -1):
            start = time.perf_counter()
            replay.view(position + step, seat)
            step_times.append(time.perf_counter() - start)
    ms = 1000
    return {
        "actions": replay.count - 1,
        "open_ms": opened * ms,
        "jump_median_ms": statistics.median(jump_times) * ms,
        "jump_max_ms": max(jump_times) * ms,
        "step_max_ms": max(step_times) * ms,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and the jumps")
    parser.add_argument("--jumps", type=int, default=300, help="random positions per record")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"seed": args.seed, "jumps": args.jumps, "records": {}}
    for name, (game, levels, options) in RECORDS.items():
        record = bot_record(game, levels, args.seed, options)
        figures["records"][name] = measure(record, args.jumps, args.seed)
    worst = max(r["jump_max_ms"] for r in figures["records"].values())
    figures["met"] = worst <= TARGET_MS
    head = f"{'record':<30} {'actions':>7} {'open ms':>8} {'jump med':>9} {'jump max':>9} "
    print(head + f"{'step max':>9}")
    for name, r in figures["records"].items():
        print(
            f"{name:<30} {r['actions']:>7} {r['open_ms']:>8.1f} {r['jump_median_ms']:>9.2f} "
            f"{r['jump_max_ms']:>9.2f} {r['step_max_ms']:>9.2f}"
        )
    verdict = "ok" if figures["met"] else "MISSED"
    print(f"step to any position <= {TARGET_MS:.0f} ms: worst {worst:.2f} ms — {verdict}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0 if figures["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
