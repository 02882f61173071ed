"""Churn benchmark: what spectators joining and leaving in a loop cost a headless host.

1. lobby: a host process (no local player, join limit off so every join gets in) shows its
   lobby to one seated player while a client in this process runs CYCLES times: connect,
   `hello` as a spectator, wait for `welcome`, close. The host's RSS and CPU time are read
   from /proc before, halfway and after. Target: RSS after within 8 MiB of before.
2. game: an honest player plays No Thanks! against two bots at such a host (games restart as
   they end): the time from sending each intent to its `acted` answer, p50 and p99, first
   without churn, then while another process runs 4 join/leave loops as spectators (the limit
   off). Target: p99 under churn <= 50 ms, half of the ~100 ms at which a person notices a
   delay (quiet, bench_net.py asks p99 <= 10 ms).
3. limit: the default join limit, one address joining in a loop: how many joins got in at
   once, how many were slowed and how many refused.

Everything is on loopback (127.0.0.1); the host runs in a child process (`--serve`) with a
temporary data dir. Linux only (/proc).

    .venv/bin/python bench/bench_churn.py [--cycles 3000] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_net import spawn_server, stop_host  # noqa: E402
from core import IllegalMove, get_bot  # noqa: E402
from net.client import ClientSession, connect  # noqa: E402
from net.host import Host  # noqa: E402
from net.limits import JoinPolicy  # noqa: E402
from net.protocol import PROTOCOL_VERSION, encode, read_frame  # noqa: E402

CHURNERS = 4  # concurrent join/leave loops during the game phase
TICK = os.sysconf("SC_CLK_TCK")


# ---- the host process --------------------------------------------------------------------------
async def serve(bots: int, limited: bool) -> None:
    """One No Thanks! table of 3 seats, `bots` of them bots; it starts once the others are
    taken, and starts again as each game ends."""
    host = Host("nothanks", name=None, players=3, joins=JoinPolicy() if limited else None)
    for seat in range(3 - bots, 3):
        host.set_bot(seat, "easy")

    def again() -> None:
        if host.referee is None and host.lobby.not_ready() is None:
            host.start()
        elif host.referee is not None and host.referee.finished.is_set():
            host.new_game()

    # Not from inside the listener call: the game that ended is still telling its players.
    host.listeners.append(lambda: asyncio.get_running_loop().call_soon(again))
    print(json.dumps(await host.serve("127.0.0.1", 0)), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until stdin closes
    await host.close()


def spawn(data_dir: str, bots: int, limited: bool = False) -> tuple[subprocess.Popen[str], int]:
    args = ["--serve", str(bots), *(["--limited"] if limited else [])]
    return spawn_server(__file__, args, data_dir)


def usage(pid: int) -> tuple[float, float]:
    """(RSS in MiB, CPU seconds used so far) of a process."""
    status = Path(f"/proc/{pid}/status").read_text()
    rss_kib = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return rss_kib / 1024, (int(fields[11]) + int(fields[12])) / TICK


# ---- clients -----------------------------------------------------------------------------------
async def join_and_leave(port: int, name: str) -> str:
    """One cycle: connect, hello as a spectator, read the answer, close; the answer's type or
    error code."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "spectate": True}
        writer.write(encode(hello))
        answer = await asyncio.wait_for(read_frame(reader), 30)
        return str(answer["type"] if answer["type"] != "error" else answer["code"])
    finally:
        writer.close()


async def churn(port: int, cycles: int, prefix: str) -> None:
    for i in range(cycles):
        assert await join_and_leave(port, f"{prefix}{i}") == "welcome"


async def bench_lobby(cycles: int, data_dir: str) -> dict[str, Any]:
    process, port = spawn(data_dir, bots=1)  # one seat stays open: the lobby stays up
    player = await connect("127.0.0.1", port, "Honest")
    try:
        await asyncio.sleep(0.5)  # let the host settle before the first reading
        rss0, cpu0 = usage(process.pid)
        began = time.perf_counter()
        await churn(port, cycles // 2, "a")
        rss1, _cpu1 = usage(process.pid)
        await churn(port, cycles - cycles // 2, "b")
        seconds = time.perf_counter() - began
        rss2, cpu2 = usage(process.pid)
    finally:
        await player.close()
        stop_host(process)
    return {
        "cycles": cycles,
        "rss_before_mib": rss0,
        "rss_half_mib": rss1,
        "rss_after_mib": rss2,
        "cpu_seconds": cpu2 - cpu0,
        "cpu_ms_per_cycle": (cpu2 - cpu0) / cycles * 1000,
        "wall_seconds": seconds,
    }


async def honest_player(port: int, actions: int) -> list[float]:
    """Play against the host's bot, game after game; each intent's time to `acted`, in s."""
    states: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    session: ClientSession = await connect(
        "127.0.0.1",
        port,
        "Honest",
        on_message=lambda m: m["type"] == "state" and states.put_nowait(m),
    )
    bot, rng = get_bot("nothanks", "easy"), random.Random(1)
    samples: list[float] = []
    try:
        while len(samples) < actions:
            state = await asyncio.wait_for(states.get(), 30)
            if not states.empty() or state["seat"] not in state["view"]["to_act"]:
                continue  # act only on the newest state, and only on our turn
            start = time.perf_counter()
            with contextlib.suppress(IllegalMove):  # a verdict all the same (a stale intent)
                await asyncio.wait_for(
                    session.act(bot.act(state["view"], rng), state["version"]), 30
                )
            samples.append(time.perf_counter() - start)
    finally:
        await session.close()
    return samples


def percentiles(samples: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in samples)
    return {
        "actions": len(ms),
        "p50_ms": statistics.median(ms),
        "p99_ms": ms[min(len(ms) - 1, int(len(ms) * 0.99))],
    }


async def churn_until_stdin_closes(port: int) -> None:
    """The churn process: CHURNERS join/leave loops until stdin closes; prints the cycles."""
    cycles = [0]

    async def loop(prefix: str) -> None:
        while True:
            await join_and_leave(port, f"{prefix}{cycles[0]}")
            cycles[0] += 1

    print(json.dumps("ready"), flush=True)
    tasks = [asyncio.create_task(loop(f"c{i}-")) for i in range(CHURNERS)]
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps(cycles[0]), flush=True)


async def bench_game(actions: int, data_dir: str) -> dict[str, Any]:
    """The honest player's latency, quiet then with churn from another process (so that the
    churn loops do not share the player's event loop: what is measured is the host)."""
    process, port = spawn(data_dir, bots=2)  # the honest player's arrival starts the game
    try:
        quiet = percentiles(await honest_player(port, actions))
        churner, _ready = spawn_server(__file__, ["--churn", str(port)], data_dir)
        began = time.perf_counter()
        try:
            busy = percentiles(await honest_player(port, actions))
        finally:
            seconds = time.perf_counter() - began
            assert churner.stdin is not None and churner.stdout is not None
            churner.stdin.close()
            try:
                line = await asyncio.wait_for(asyncio.to_thread(churner.stdout.readline), 10)
            finally:
                churner.terminate()
                churner.wait(10)
    finally:
        stop_host(process)
    cycles = json.loads(line)
    return {"quiet": quiet, "churn": busy | {"churn_cycles": cycles, "seconds": seconds}}


async def bench_limit(attempts: int, data_dir: str) -> dict[str, Any]:
    process, port = spawn(data_dir, bots=1, limited=True)
    answers: dict[str, int] = {}
    slowed = 0
    try:
        for i in range(attempts):
            began = time.perf_counter()
            answer = await join_and_leave(port, f"loop{i}")
            slowed += answer == "welcome" and time.perf_counter() - began > 0.5
            answers[answer] = answers.get(answer, 0) + 1
    finally:
        stop_host(process)
    return {"attempts": attempts, "answers": answers, "slowed": slowed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=3000, help="lobby join/leave cycles")
    parser.add_argument("--actions", type=int, default=300, help="honest actions measured")
    parser.add_argument("--attempts", type=int, default=15, help="joins against the limit")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--limited", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--churn", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.churn:
        asyncio.run(churn_until_stdin_closes(args.churn))
        return 0
    if args.serve:
        asyncio.run(serve(args.serve, args.limited))
        return 0
    with tempfile.TemporaryDirectory() as data_dir:
        os.environ["GAMENIGHT_DATA_DIR"] = data_dir  # this process's reconnect tokens too
        lobby = asyncio.run(bench_lobby(args.cycles, data_dir))
        game = asyncio.run(bench_game(args.actions, data_dir))
        limit = asyncio.run(bench_limit(args.attempts, data_dir))
    grew = lobby["rss_after_mib"] - lobby["rss_before_mib"]
    ok = grew <= 8 and game["churn"]["p99_ms"] <= 50
    rows = [
        (
            f"lobby: {args.cycles} join/leave cycles, RSS before",
            f"{lobby['rss_before_mib']:.1f} MiB",
            "",
        ),
        ("lobby: RSS halfway", f"{lobby['rss_half_mib']:.1f} MiB", ""),
        ("lobby: RSS after", f"{lobby['rss_after_mib']:.1f} MiB", "<= before + 8"),
        ("lobby: host CPU for all cycles", f"{lobby['cpu_seconds']:.2f} s", ""),
        ("lobby: host CPU per cycle", f"{lobby['cpu_ms_per_cycle']:.3f} ms", ""),
        ("lobby: wall time", f"{lobby['wall_seconds']:.1f} s", ""),
        ("game, quiet: honest act -> acted p50", f"{game['quiet']['p50_ms']:.2f} ms", ""),
        ("game, quiet: p99", f"{game['quiet']['p99_ms']:.2f} ms", ""),
        (f"game, {CHURNERS} churn loops: p50", f"{game['churn']['p50_ms']:.2f} ms", ""),
        ("game, churn: p99", f"{game['churn']['p99_ms']:.2f} ms", "<= 50 ms"),
        (
            "game, churn: join/leave cycles meanwhile",
            f"{game['churn']['churn_cycles']} in {game['churn']['seconds']:.1f} s",
            "",
        ),
        (f"limit: {args.attempts} joins from one address", json.dumps(limit["answers"]), ""),
        ("limit: welcomes answered > 0.5 s late", limit["slowed"], ""),
    ]
    width = max(len(label) for label, _, _ in rows) + 2
    print(f"{'benchmark':<{width}}{'figure':>28}  target")
    for label, figure, target in rows:
        print(f"{label:<{width}}{figure!s:>28}  {target}")
    print("PASS" if ok else "FAIL")
    if args.json:
        figures = {"lobby": lobby, "game": game, "limit": limit}
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
