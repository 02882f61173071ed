"""Start-up time of `gamenight`: from launching Python to the main menu's first frame.

Target: <= 0.5 s (the menu must not wait for game code, networking or bots). Each run is a
fresh interpreter, so nothing is cached in memory; run it twice and read the second table if
the .pyc files were stale. Two ways of running are measured:

- headless: Textual's headless driver (no terminal), the app's own cost;
- pty: a real pseudo-terminal of 80x24, as a person's terminal, with Textual's terminal driver.

The clock is CLOCK_MONOTONIC, shared by parent and child: the parent notes it just before
starting the child, the child notes it when Textual sends `Ready` ("the first frame has been
displayed") and exits.

    .venv/bin/python bench/bench_startup.py [--runs 10] [--lang fa] [--json FILE]
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 0.5
# Imports the menu must not pull in: networking, the table, the bots, the arena, its ratings.
HEAVY = (
    "net.referee",
    "net.host",
    "core.nothanks.bots",
    "core.arena",
    "tui.programs.arena_runner",
    "openskill",
    "tui.games.nothanks.screen",
)

CHILD = """
import sys, time, json
t0 = time.monotonic()
from tui.base import i18n
i18n.use({language!r})
import tui.programs.cli
import tui.app
from tui.app import GamenightApp
imported = time.monotonic()

class Probe(GamenightApp):

    def on_ready(self):
        ready = time.monotonic()
        heavy = [m for m in {heavy!r} if m in sys.modules]
        with open({out!r}, "w") as f:
            json.dump({{"python": t0, "imported": imported, "ready": ready, "heavy": heavy}}, f)
        self.exit()

Probe().run(headless={headless!r})
"""


def _drain(fd: int) -> None:
    """Read the child's terminal output so that it never blocks writing a frame."""
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass


def run_once(mode: str, language: str = "en") -> dict[str, Any]:
    """One start of the app in `language`; seconds from launch to Python, to imports done
    (the catalog read), to first frame."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "times.json")
        code = CHILD.format(heavy=HEAVY, out=out, headless=mode == "headless", language=language)
        env = {**os.environ, "TERM": os.environ.get("TERM", "xterm-256color")}
        if mode == "pty":
            master, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            drain = threading.Thread(target=_drain, args=(master,), daemon=True)
            drain.start()
            launched = time.monotonic()
            proc = subprocess.Popen(
                [sys.executable, "-c", code],
                cwd=ROOT,
                env=env,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                start_new_session=True,
            )
            proc.wait(timeout=60)
            os.close(slave)
            os.close(master)
        else:
            launched = time.monotonic()
            subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, timeout=60)
        times = json.loads(Path(out).read_text())
    return {
        "to_python": times["python"] - launched,
        "to_imported": times["imported"] - launched,
        "to_first_frame": times["ready"] - launched,
        "heavy_imports": times["heavy"],
    }


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    keys = ("to_python", "to_imported", "to_first_frame")
    return {
        key: {
            "min": min(r[key] for r in runs),
            "median": statistics.median(r[key] for r in runs),
            "max": max(r[key] for r in runs),
        }
        for key in keys
    } | {"heavy_imports": sorted({m for r in runs for m in r["heavy_imports"]})}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="starts per mode (default 10)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument(
        "--lang",
        default="en",
        help="the language to start in (a source checkout compiles its catalog at start-up; "
        "an installed package reads the compiled one)",
    )
    args = parser.parse_args()

    run_once("headless", args.lang)  # warm the .pyc cache and the page cache; not counted
    figures: dict[str, Any] = {
        "target_s": TARGET_S,
        "runs": args.runs,
        "python": sys.version,
        "language": args.lang,
    }
    for mode in ("headless", "pty"):
        figures[mode] = summarise([run_once(mode, args.lang) for _ in range(args.runs)])

    print(f"gamenight start-up in {args.lang}, {args.runs} runs per mode (seconds from launch)")
    print(f"{'mode':<9} {'stage':<16} {'min':>6} {'median':>7} {'max':>6}")
    for mode in ("headless", "pty"):
        for stage in ("to_python", "to_imported", "to_first_frame"):
            row = figures[mode][stage]
            print(f"{mode:<9} {stage:<16} {row['min']:6.3f} {row['median']:7.3f} {row['max']:6.3f}")
    worst = max(figures[mode]["to_first_frame"]["median"] for mode in ("headless", "pty"))
    heavy = sorted({m for mode in ("headless", "pty") for m in figures[mode]["heavy_imports"]})
    print(
        f"first frame (median, slower mode): {worst:.3f} s, target <= {TARGET_S} s: "
        f"{'met' if worst <= TARGET_S else 'NOT met'}"
    )
    print(f"game/net/bot modules loaded at the menu: {', '.join(heavy) or 'none'}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0 if worst <= TARGET_S and not heavy else 1


if __name__ == "__main__":
    sys.exit(main())
