"""Rummikub table editor benchmark (issue 12): how long a key press takes while editing a
60-tile table, validity marks included, measured in a Pilot run of the real app.

    .venv/bin/python bench/bench_rummikub_tui.py [--edits 200] [--json FILE]

The draft is put on a seeded solo table's screen by hand (a 60-tile table takes many turns to
reach by play), then a scripted sequence of edits — moves, picks, drops, undos — is pressed;
each press is timed until the app has handled it and refreshed. The Pilot's own round trip
(an unbound key, measured the same way) is subtracted for the target: it is the test
harness's cost, not the screen's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the Pilot helpers live in tests/, which is not installed

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from core.rummikub.sets import COLOURS  # noqa: E402
from tests.tui.pilots import SIZE, make_app  # noqa: E402
from tests.tui.rummikub_pilots import open_fixed  # noqa: E402
from tui.games.rummikub.draft import Draft  # noqa: E402

TARGET_MS = 30.0
SCRIPT = ["up", "right", "right", "space", "right", "right", "space", "left", "u", "down"]


def big_table() -> list[list[str]]:
    """63 tiles: runs 1-4, 5-8, 9-12 and 1-3 in every colour, and a group of 13s."""
    sets = [[f"{c}{n}" for n in range(lo, lo + 4)] for c in COLOURS for lo in (1, 5, 9)]
    sets += [[f"{c}{n}" for n in range(1, 4)] for c in COLOURS]
    return [*sets, ["K13", "R13", "B13"]]


async def timed(pilot, keys: list[str]) -> tuple[list[float], float]:
    """Seconds from each key press until the app is idle again after it, and the process's
    CPU seconds per key (steadier than wall time on a machine busy with other work)."""
    times = []
    cpu = time.process_time()
    for key in keys:
        start = time.perf_counter()
        await pilot.press(key)
        await pilot.pause()
        times.append(time.perf_counter() - start)
    return times, (time.process_time() - cpu) / len(keys)


async def measure(edits: int) -> tuple[tuple[list[float], float], tuple[list[float], float]]:
    """The scripted edits' times, and those of as many unbound keys (the Pilot's own cost)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_fixed(app, pilot, turn_seconds=0)
        screen.draft = Draft(list(screen.draft.rack), big_table())
        screen.redraw()
        script = [SCRIPT[i % len(SCRIPT)] for i in range(edits)]
        return await timed(pilot, script), await timed(pilot, ["z"] * edits)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GAMENIGHT_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["GAMENIGHT_CONFIG_DIR"] = str(Path(folder) / "config")
        (times, cpu), (idle, idle_cpu) = asyncio.run(measure(args.edits))
    ms = sorted(t * 1000 for t in times)
    figures = {
        "edits": args.edits,
        "table_tiles": sum(map(len, big_table())),
        "median_ms": statistics.median(ms),
        "p90_ms": ms[int(len(ms) * 0.9)],
        "max_ms": ms[-1],
        "unbound_key_median_ms": statistics.median(t * 1000 for t in idle),
        "cpu_ms_per_edit": cpu * 1000,
        "cpu_ms_per_unbound_key": idle_cpu * 1000,
    }
    table = Table(title="Rummikub table editor: one key press while editing")
    for column in ("what", "measured", "target", "met"):
        table.add_column(column)
    net = figures["median_ms"] - figures["unbound_key_median_ms"]
    met = net <= TARGET_MS
    table.add_row("median ms (60+ tiles)", f"{figures['median_ms']:.1f}", "", "")
    table.add_row("median minus unbound key", f"{net:.1f}", "<= 30", str(met))
    table.add_row("p90 ms", f"{figures['p90_ms']:.1f}", "", "")
    table.add_row("max ms", f"{figures['max_ms']:.1f}", "", "")
    table.add_row("unbound key median ms", f"{figures['unbound_key_median_ms']:.1f}", "", "")
    table.add_row("CPU ms per edit", f"{figures['cpu_ms_per_edit']:.1f}", "", "")
    table.add_row("CPU ms per unbound key", f"{figures['cpu_ms_per_unbound_key']:.1f}", "", "")
    Console().print(table)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
