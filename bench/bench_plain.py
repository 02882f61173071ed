"""Plain line mode benchmark (issue 37): from a command typed to its answer printed, through a
pseudo-terminal, as a screen reader's user has it.

    .venv/bin/python bench/bench_plain.py [--rounds 40] [--json FILE]

A real `gamenight --plain solo` process (bots without a pause) is driven by typed lines; each
command is timed from the moment its line is written to the pty until the first line of its
answer has been read back: answers on request (look, hand, table, scores, help, a refusal) and
actions that go through the table's host and come back as a log line (No Thanks! take/pass,
Rummikub's draft edits). The target is the TUI's own action latency (30 ms a key press on the
Rummikub editor, bench/bench_rummikub_tui.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the pty driver lives in tests/, which is not installed

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from tests.tui.plain_pty import PlainProcess  # noqa: E402

TARGET_MS = 30.0
NOTHANKS = {
    "look": r"^(> )?Your turn\.",
    "hand": r"^(> )?Your cards: ",
    "table": r"^(> )?\d+ is on offer with ",
    "scores": r"^(> )?You: -?\d+ points?$",
    "help": r"^(> )?What you can do now:$",
    "bogus": r"^(> )?No command bogus",
}
RUMMIKUB = {
    "hand": r"^(> )?Your rack: ",
    "table": r"^(> )?Pool: \d+; racks",
    "undo": r"^(> )?Nothing to undo this turn\.$",
    "meld J": r"^(> )?Set \d+: joker\.",
    "reset": r"^(> )?Your rack: ",
}


def timed(process: PlainProcess, line: str, answer: str) -> float:
    start = time.perf_counter()
    process.type(line)
    process.expect(answer, 60)
    return time.perf_counter() - start


def nothanks(home: Path, rounds: int) -> dict[str, list[float]]:
    """Answers on request at a No Thanks! turn, and take/pass until the game's end."""
    times: dict[str, list[float]] = {name: [] for name in [*NOTHANKS, "take/pass"]}
    process = PlainProcess(["--plain", "solo", "nothanks"], home)
    try:
        process.set_up(3)
        turn = process.expect(r"take or pass\?$|take\?$")
        for _ in range(rounds):
            for line, answer in NOTHANKS.items():
                times[line].append(timed(process, line, answer))
        while turn is not None:
            move = "pass" if turn[0].endswith("pass?") else "take"
            said = r"^(> )?You took \d+|^(> )?You passed on \d+"
            times["take/pass"].append(timed(process, move, said))
            turn = process.expect(r"take or pass\?$|take\?$|Game over — ")
            if turn[0].startswith("Game over"):
                turn = None
    finally:
        process.close()
    return times


def rummikub(home: Path, rounds: int) -> dict[str, list[float]]:
    """Answers and draft edits at a Rummikub turn (the joker is dealt to no rack for sure, so
    'meld J' is refused or laid: either way one line answers; reset puts it back)."""
    times: dict[str, list[float]] = {name: [] for name in RUMMIKUB}
    process = PlainProcess(["--plain", "solo", "rummikub"], home)
    try:
        process.set_up(2)
        process.expect(r"meld, add, split, move, done or draw\?$", 120)
        for _ in range(rounds):
            for line, answer in RUMMIKUB.items():
                if line == "meld J":
                    answer = rf"{answer}|^(> )?J is not a card|^(> )?Not here: "
                times[line].append(timed(process, line, answer))
    finally:
        process.close()
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gamenight-bench-plain-") as folder:
        home = Path(folder)
        figures = {
            **{f"nothanks {k}": v for k, v in nothanks(home / "nt", args.rounds).items()},
            **{f"rummikub {k}": v for k, v in rummikub(home / "rk", args.rounds).items()},
        }
    table = Table(title=f"plain mode: command typed -> answer printed (target {TARGET_MS} ms)")
    for head in ("command", "n", "p50 ms", "p99 ms", "max ms"):
        table.add_column(head, justify="left" if head == "command" else "right")
    out = {}
    for name, values in figures.items():
        row = {
            "n": len(values),
            "p50_ms": 1000 * statistics.median(values),
            "p99_ms": 1000 * percentile(values, 0.99),
            "max_ms": 1000 * max(values),
        }
        out[name] = row
        table.add_row(
            name,
            str(row["n"]),
            f"{row['p50_ms']:.1f}",
            f"{row['p99_ms']:.1f}",
            f"{row['max_ms']:.1f}",
        )
    Console().print(table)
    if args.json:
        args.json.write_text(json.dumps({"target_ms": TARGET_MS, "commands": out}, indent=2))


if __name__ == "__main__":
    main()
