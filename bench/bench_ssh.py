"""SSH door benchmark (issue 14): what a friend coming in over SSH waits for, and what each
one costs the host's machine. Everything on loopback, in a temporary data dir.

1. first screen: from `connect` until the door's first screen is fully drawn (its title and
   its footer), over N fresh connections. Target: <= 1.5 s.
2. latency: 8 SSH players at one Papayoo table (8 seats, each seat a door program joined by
   Enter). The host applies each action (the seat's default action, as if played); measured per
   player, from the action until the first byte of that player's redraw, and until the redraw
   is finished (the last byte of the burst it caused). p50 and p99 over every (action, player).
3. memory: RSS and PSS of each door program (one Textual app per player), plus what the
   host process grew by for the 8 SSH sessions; how many players fit in 1 GiB.

    .venv/bin/python bench/bench_ssh.py [--connects 10] [--actions 40] [--json FILE]
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

from rich.console import Console  # noqa: E402
from rich.table import Table as RichTable  # noqa: E402

from core import get_game  # noqa: E402
from net.host import Host  # noqa: E402
from net.ssh_door import SshDoor  # noqa: E402
from tests.net.ssh_terminal import Terminal  # noqa: E402
from tui.table.doors import open_ssh_door  # noqa: E402
from tui.table.plans import SshPlan  # noqa: E402

JOIN_TITLE = "Welcome to the Gamenight table"
JOIN_FOOTER = "Leave"
GAME_FOOTER = "Mark/play"  # the Papayoo screen's footer
QUIET = 0.08  # seconds without a byte after which a redraw counts as finished
PLAYERS = 8
MIB = 1024 * 1024


async def open_table(game: str, players: int) -> tuple[Host, SshDoor]:
    """A table nobody hosts in person, with its SSH door opened as the app opens it; the door's
    pace of joins per address is lifted: every session here comes from one address."""
    host = Host(game, name=None, players=players)
    await host.serve("127.0.0.1", 0)
    door = await open_ssh_door(SshPlan(0), host, ["127.0.0.1"])
    door.joins = None
    return host, door


async def close_table(host: Host, door: SshDoor) -> None:
    await door.close()
    await host.close()


# ---- 1. connect to first full screen -------------------------------------------------------
async def bench_first_screen(connects: int) -> dict[str, Any]:
    host, door = await open_table("nothanks", 3)
    assert door.port is not None
    times = []
    try:
        for index in range(connects):
            started = time.perf_counter()
            terminal = await Terminal.open(door.port, f"p{index}")
            await terminal.expect(JOIN_TITLE)
            await terminal.expect(JOIN_FOOTER)
            times.append(time.perf_counter() - started)
            await terminal.close()
    finally:
        await close_table(host, door)
    return {
        "connects": connects,
        "median_s": statistics.median(times),
        "max_s": max(times),
        "times_s": times,
    }


# ---- 2. 8 players: action to screen --------------------------------------------------------
async def settled(
    terminal: Terminal, since: float, timeout: float = 5.0
) -> tuple[float, float] | None:
    """When the burst of output after `since` began and ended (no byte for QUIET s), or None
    if nothing came."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        arrivals = [t for t, _ in terminal.screen.arrivals if t >= since]
        if arrivals and time.perf_counter() - arrivals[-1] >= QUIET:
            return arrivals[0], arrivals[-1]
        await asyncio.sleep(0.005)
    return None


def percentiles(seconds: list[float], name: str) -> dict[str, float]:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {f"{name}_p50_ms": 1000 * ordered[len(ordered) // 2], f"{name}_p99_ms": 1000 * p99}


async def bench_latency(actions: int) -> dict[str, Any]:
    host, door = await open_table("papayoo", PLAYERS)
    assert door.port is not None
    game = get_game("papayoo")
    terminals: list[Terminal] = []
    host_rss = rss_kib(os.getpid())
    try:
        for index in range(PLAYERS):
            terminal = await Terminal.open(door.port, f"p{index + 1}")
            await terminal.expect(JOIN_TITLE)
            terminal.press("\r")
            terminals.append(terminal)
        await wait(lambda: all(host.connected(i) for i in range(PLAYERS)), 30)
        host.start()
        for terminal in terminals:
            await terminal.expect(GAME_FOOTER, timeout=30)
        assert host.referee is not None
        referee = host.referee
        while game.view(referee.state, None)["phase"] == "pass":  # the pass is not measured
            for seat in game.to_act(referee.state):
                referee.act(seat, game.default_action(referee.state, seat))
        for terminal in terminals:
            await settled(terminal, 0.0)
        firsts: list[float] = []
        lasts: list[float] = []
        missed = 0
        for _ in range(actions):
            if game.is_over(referee.state):
                break
            seat = game.to_act(referee.state)[0]
            started = time.perf_counter()
            referee.act(seat, game.default_action(referee.state, seat))
            ends = await asyncio.gather(*(settled(t, started) for t in terminals))
            firsts += [end[0] - started for end in ends if end is not None]
            lasts += [end[1] - started for end in ends if end is not None]
            missed += sum(end is None for end in ends)
        memory = door_memory(door)
        memory["host_growth_mib"] = (rss_kib(os.getpid()) - host_rss) / 1024
    finally:
        for terminal in terminals:
            await terminal.close()
        await close_table(host, door)
    return {
        "players": PLAYERS,
        "samples": len(lasts),
        "missed": missed,
        **percentiles(firsts, "first_byte"),
        **percentiles(lasts, "drawn"),
        "memory": memory,
    }


async def wait(predicate: Any, timeout: float) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.01)


# ---- 3. memory -------------------------------------------------------------------------------
def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def pss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def door_memory(door: SshDoor) -> dict[str, Any]:
    pids = [s.process.process.pid for s in door.sessions if s.process is not None]
    rss = [rss_kib(pid) / 1024 for pid in pids]
    pss = [pss_kib(pid) / 1024 for pid in pids]
    return {
        "programs": len(pids),
        "rss_mib_mean": statistics.mean(rss),
        "pss_mib_mean": statistics.mean(pss),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connects", type=int, default=10, help="first-screen trials (10)")
    parser.add_argument("--actions", type=int, default=40, help="actions measured (40)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        os.environ["GAMENIGHT_DATA_DIR"] = data  # host key and door tokens stay out of the user's
        first = asyncio.run(bench_first_screen(args.connects))
        latency = asyncio.run(bench_latency(args.actions))
    memory = latency.pop("memory")
    per_player = memory["pss_mib_mean"] + memory["host_growth_mib"] / PLAYERS
    memory["per_player_mib"] = per_player
    memory["players_per_gib"] = int(1024 // per_player)
    ok = first["max_s"] <= 1.5 and latency["missed"] == 0
    out = RichTable(title=f"SSH door (issue 14), loopback, {os.cpu_count()} cores")
    out.add_column("benchmark")
    out.add_column("figure", justify="right")
    out.add_column("target")
    rows = [
        (
            f"connect -> first full screen, median of {args.connects}",
            f"{first['median_s']:.2f} s",
            "",
        ),
        ("connect -> first full screen, max", f"{first['max_s']:.2f} s", "<= 1.5 s"),
        *(
            (
                f"{PLAYERS} SSH players: action -> {what} {p}",
                f"{latency[f'{key}_{p}_ms']:.0f} ms",
                "",
            )
            for key, what in (("first_byte", "first byte"), ("drawn", "screen drawn"))
            for p in ("p50", "p99")
        ),
        (
            "  samples (actions x players) / missed",
            f"{latency['samples']} / {latency['missed']}",
            "0 missed",
        ),
        ("door program RSS, mean", f"{memory['rss_mib_mean']:.0f} MiB", ""),
        ("door program PSS (shared pages split), mean", f"{memory['pss_mib_mean']:.0f} MiB", ""),
        (f"host process growth for {PLAYERS} sessions", f"{memory['host_growth_mib']:.1f} MiB", ""),
        ("per SSH player (PSS + host share)", f"{per_player:.0f} MiB", ""),
        ("SSH players in 1 GiB", str(memory["players_per_gib"]), ""),
    ]
    for row in rows:
        out.add_row(*row)
    Console().print(out)
    print("PASS" if ok else "FAIL")
    if args.json:
        figures = {"first_screen": first, "latency": latency, "memory": memory}
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
