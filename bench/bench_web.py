"""Browser door benchmark (issue 15): a real Chromium on a door served on loopback.

1. open: from opening the page to the first Gamenight frame (the door's join screen drawn),
   for a new browser each time (a new door client starts each time). Target: <= 2 s.
2. memory: what each browser costs the host: the door client's resident memory (RSS) and its
   proportional share (PSS, shared libraries split between the clients), per session.
3. latency: one No Thanks! table with 7 browser players (No Thanks! seats at most 7) and 1
   browser watching = 8 browsers; the host applies each action and we time until that action's
   change is on every page's terminal (frames timed in the page). p50 and p99.

Needs /usr/bin/chromium and the playwright package (`pip install -e '.[test]'`); binds to
127.0.0.1 only; data in a temporary folder.

    .venv/bin/python bench/bench_web.py [--opens 5] [--actions 40] [--json FILE]
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["GAMENIGHT_DATA_DIR"] = tempfile.mkdtemp(prefix="gamenight-bench-web-")
os.environ["GAMENIGHT_MDNS_INTERFACES"] = "127.0.0.1"

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from net.host import Host  # noqa: E402
from net.web_door import WebDoor  # noqa: E402
from tests.net.web_browser import (  # noqa: E402
    browser_missing,
    chromium,
    new_page,
    nothanks_table,
)
from tui.table.doors import door_command  # noqa: E402

WELCOME = "Welcome to the Gamenight table"
PLAYERS = 7


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process in KiB, from /proc."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0])
    return fields["Rss"], fields["Pss"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def table(players: int) -> tuple[Host, WebDoor, str]:
    host = await nothanks_table(players, bots=0, seed=None)
    port = host.port
    assert port is not None
    door = WebDoor(lambda visitor, fd: door_command(port, visitor, fd), idle_seconds=3600)
    # Every browser here comes from loopback, one address standing for eight people: neither
    # the door nor the host paces their joins, as they would one address's many browsers.
    door.joins = None
    host.admission.unlimited.add("127.0.0.1")
    web_port = await door.serve(["127.0.0.1"], 0)
    return host, door, f"http://127.0.0.1:{web_port}/"


async def bench_open(browser: Any, url: str, opens: int) -> dict[str, float]:
    """Seconds from page.goto to the join screen on the page, for new browsers each time."""
    times = []
    for _ in range(opens):
        page = await new_page(browser)
        started = time.perf_counter()
        await page.open(url)
        await page.wait_for(WELCOME, timeout=30)
        times.append(time.perf_counter() - started)
        await page.page.context.close()
    return {"first": times[0], "median": statistics.median(times), "max": max(times)}


async def bench_table(browser: Any, actions: int) -> dict[str, Any]:
    host, door, url = await table(PLAYERS)
    try:
        pages = []
        for shown in [*["(you)"] * PLAYERS, "You are watching"]:  # in turn: seats in order
            page = await new_page(browser)
            await page.open(url)
            await page.wait_for(WELCOME, timeout=30)
            await page.press("Enter")  # the last one comes once the game is under way: watches
            await page.wait_for(shown, timeout=30)
            pages.append(page)
        memory = [memory_kib(s.service.pid) for s in door.sessions.values() if s.service.pid]
        latencies = await _play(host, pages, actions)
    finally:
        await door.close()
        await host.close()
    rss = statistics.mean(m[0] for m in memory) / 1024
    pss = statistics.mean(m[1] for m in memory) / 1024
    return {
        "browsers": len(pages),
        "rss_mib": rss,
        "pss_mib": pss,
        "actions": len(latencies),
        "p50_ms": statistics.median(latencies),
        "p99_ms": percentile(latencies, 0.99),
        "max_ms": max(latencies),
    }


async def _play(host: Host, pages: list[Any], actions: int) -> list[float]:
    """Apply actions at the host; for each, the time until the last page showed it."""
    latencies = []
    for _ in range(actions):
        referee = host.referee
        assert referee is not None
        view = referee.view(None)
        if view["over"]:
            break
        seat = view["to_act"][0]
        tokens = referee.view(seat)["tokens"][seat]
        take = tokens == 0 or view["pot"] >= 3
        if take:
            marker = f"{view['deck_left'] - 1} cards in the deck" if view["deck_left"] else "Game"
        else:
            pot = view["pot"] + 1
            marker = f"{pot} token{'s' if pot != 1 else ''} on it"
        watches = [
            asyncio.create_task(p.page.evaluate("m => window.__door.watch(m)", marker))
            for p in pages
        ]
        await asyncio.sleep(0.05)  # every page's watch is in place before the action
        started = time.time() * 1000
        referee.act(seat, {"kind": "take" if take else "pass"})
        shown = await asyncio.wait_for(asyncio.gather(*watches), 30)
        latencies.extend(at - started for at in shown)
    return latencies


async def run(args: argparse.Namespace) -> dict[str, Any]:
    async with chromium() as browser:
        host, door, url = await table(3)
        try:
            opened = await bench_open(browser, url, args.opens)
        finally:
            await door.close()
            await host.close()
        latency = await bench_table(browser, args.actions)
    return {"open": opened, "table": latency}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opens", type=int, default=5, help="pages opened for the open time")
    parser.add_argument("--actions", type=int, default=40, help="actions at the 8-browser table")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    args = parser.parse_args()
    missing = browser_missing()
    if missing:
        print(missing, file=sys.stderr)
        return 1
    figures = asyncio.run(run(args))
    opened, at_table = figures["open"], figures["table"]
    out = Table(title="Browser door (loopback, Debian Chromium headless)")
    out.add_column("measure")
    out.add_column("value", justify="right")
    out.add_column("target", justify="right")
    out.add_row("page open → first Gamenight frame, first", f"{opened['first']:.2f} s", "≤ 2 s")
    out.add_row("page open → first Gamenight frame, median", f"{opened['median']:.2f} s", "≤ 2 s")
    out.add_row("page open → first Gamenight frame, max", f"{opened['max']:.2f} s", "")
    for kind in ("rss", "pss"):
        value = f"{at_table[kind + '_mib']:.0f} MiB"
        out.add_row(f"memory per browser session (door client {kind.upper()})", value, "")
    label = f"{at_table['browsers']} browsers, action → every screen"
    out.add_row(f"{label}, p50", f"{at_table['p50_ms']:.0f} ms", "")
    out.add_row(f"{label}, p99", f"{at_table['p99_ms']:.0f} ms", "")
    out.add_row(f"{label}, max ({at_table['actions']} samples)", f"{at_table['max_ms']:.0f} ms", "")
    Console().print(out)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
