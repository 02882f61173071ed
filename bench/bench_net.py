"""Network benchmark: latency at one full table, and many bot tables in one host process.

1. latency: one host process, one No Thanks! table of 7 players (No Thanks! seats at most 7)
   plus 1 spectator = 8 connections, all on loopback in this process. For every action: the
   time from sending the intent until all 8 connections hold the new state.
   Targets: p50 <= 2 ms, p99 <= 10 ms.
2. tables: one host process serving 50 tables; 4 remote bot clients at each (200 connections)
   play every game to the end. Target: every game finishes, 0 errors.

Hosts run in a child process (`--serve N`) with a temporary data dir for their journals.

    .venv/bin/python bench/bench_net.py [--games 5] [--tables 50] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core import get_bot  # noqa: E402
from net.client import ClientSession, connect  # noqa: E402
from net.host import Host  # noqa: E402


# ---- the host process --------------------------------------------------------------------------
async def serve(tables: int, players: int) -> None:
    """Open `tables` lobbies of `players` remote seats, each starting once full; print ports."""
    hosts = [Host("nothanks", name=None, players=players) for _ in range(tables)]
    for host in hosts:
        host.listeners.append(lambda h=host: _start_when_full(h))
    ports = [await host.serve("127.0.0.1", 0) for host in hosts]
    print(json.dumps(ports), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until stdin closes


def _start_when_full(host: Host) -> None:
    if host.referee is None and host.lobby.not_ready() is None:
        host.start()


def spawn_host(tables: int, players: int, data_dir: str) -> tuple[subprocess.Popen[str], list[int]]:
    return spawn_server(__file__, ["--serve", str(tables), "--players", str(players)], data_dir)


def spawn_server(script: str, args: list[str], data_dir: str) -> tuple[subprocess.Popen[str], Any]:
    """Run a benchmark's host process (`script` with `args`), its journals in `data_dir`; it
    serves until its stdin closes. Returns it and the JSON line it prints once listening."""
    process = subprocess.Popen(
        [sys.executable, script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ | {"GAMENIGHT_DATA_DIR": data_dir},
    )
    assert process.stdout is not None
    return process, json.loads(process.stdout.readline())


def stop_host(process: subprocess.Popen[str]) -> None:
    assert process.stdin is not None
    process.stdin.close()
    process.terminate()
    process.wait()


# ---- clients -----------------------------------------------------------------------------------
class Seat:
    """One connection's inbox: its newest state and any errors."""

    def __init__(self) -> None:
        self.state: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.changed = asyncio.Event()
        self.session: ClientSession | None = None

    def __call__(self, message: dict[str, Any]) -> None:
        if message["type"] == "state":
            self.state = message
            self.changed.set()
        elif message["type"] == "error" or (
            message["type"] == "closed" and self.state and not self.state["view"]["over"]
        ):
            self.errors.append(message)  # a refusal, or the host hanging up mid-game

    def version(self) -> int:
        return -1 if self.state is None else self.state["version"]


async def latency_game(port: int, players: int, seed: int) -> list[float]:
    """Play one game, driving the seat to act; returns each action's latency in seconds."""
    seats = [Seat() for _ in range(players + 1)]
    for index, seat in enumerate(seats):
        spectate = index == players
        seat.session = await connect(
            "127.0.0.1", port, f"P{index}", spectate=spectate, on_message=seat
        )
    bot, rng = get_bot("nothanks", "easy"), random.Random(seed)
    samples = []
    try:
        while not all(s.state for s in seats):
            await asyncio.sleep(0.001)
        while not seats[0].state["view"]["over"]:  # type: ignore[index]
            state = seats[0].state
            assert state is not None
            actor = seats[state["view"]["to_act"][0]]
            assert actor.state is not None and actor.session is not None
            action = bot.act(actor.state["view"], rng)
            target = state["version"] + 1
            for seat in seats:
                seat.changed.clear()
            start = time.perf_counter()
            actor.session.send({"type": "act", "action": action, "version": state["version"]})
            for seat in seats:
                while seat.version() < target:
                    await seat.changed.wait()
                    seat.changed.clear()
            samples.append(time.perf_counter() - start)
        assert not any(s.errors for s in seats), [s.errors for s in seats]
    finally:
        for seat in seats:
            assert seat.session is not None
            await seat.session.close()
    return samples


async def bench_latency(games: int, data_dir: str) -> dict[str, Any]:
    samples: list[float] = []
    for game in range(games):
        process, ports = spawn_host(1, 7, data_dir)
        try:
            samples += await latency_game(ports[0], 7, game)
        finally:
            stop_host(process)
    ms = sorted(s * 1000 for s in samples)
    return {
        "connections": 8,
        "players": 7,
        "spectators": 1,
        "games": games,
        "actions": len(ms),
        "p50_ms": statistics.median(ms),
        "p99_ms": ms[min(len(ms) - 1, int(len(ms) * 0.99))],
        "max_ms": ms[-1],
    }


class Watch(Protocol):
    """Told of a client's states and actions, to time them (bench_many_tables.py)."""

    def heard(self, version: int) -> None: ...
    def sending(self, version: int) -> None: ...


async def bot_client(
    port: int, name: str, seed: int, watch: Watch | None = None, token: str | None = None
) -> tuple[bool, int]:
    """Play a seat to the end with an easy bot; returns (finished, errors). `watch` is told
    each new state version this client holds and each action it sends; `token` takes a seat
    given beforehand (a club's `club_seat`)."""
    seat = Seat()
    bot, rng = get_bot("nothanks", "easy"), random.Random(seed)
    session = ClientSession("127.0.0.1", port, name, on_message=seat)
    session.token = token
    await session.open()
    seat.session = session
    seen = acted = -1
    try:
        while session.closed_reason is None:
            await seat.changed.wait()
            seat.changed.clear()
            state = seat.state
            assert state is not None
            if watch is not None and state["version"] > seen:
                seen = state["version"]
                watch.heard(seen)
            view = state["view"]
            if view["over"]:
                return True, len(seat.errors)
            if state["seat"] in view["to_act"] and state["version"] > acted:
                acted = state["version"]
                if watch is not None:
                    watch.sending(acted + 1)
                action = bot.act(view, rng)
                session.send({"type": "act", "action": action, "version": state["version"]})
        return False, len(seat.errors) + 1
    finally:
        await session.close()


async def bench_tables(tables: int, data_dir: str) -> dict[str, Any]:
    process, ports = spawn_host(tables, 4, data_dir)
    try:
        start = time.perf_counter()
        results = await asyncio.wait_for(
            asyncio.gather(
                *(
                    bot_client(port, f"B{i}", t * 4 + i)
                    for t, port in enumerate(ports)
                    for i in range(4)
                )
            ),
            300,
        )
        seconds = time.perf_counter() - start
    finally:
        stop_host(process)
    finished_seats = sum(done for done, _ in results)
    return {
        "tables": tables,
        "connections": len(results),
        "games_finished": finished_seats // 4
        if finished_seats == len(results)
        else f"{finished_seats} of {len(results)} seats saw the end",
        "errors": sum(errors for _, errors in results),
        "seconds": seconds,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="latency games (default 5)")
    parser.add_argument("--tables", type=int, default=50, help="tables at once (default 50)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, default=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve, args.players))
        return 0
    with tempfile.TemporaryDirectory() as data_dir:
        # The clients in this process save reconnect tokens too: keep them out of the user's.
        os.environ["GAMENIGHT_DATA_DIR"] = data_dir
        latency = asyncio.run(bench_latency(args.games, data_dir))
        tables = asyncio.run(bench_tables(args.tables, data_dir))
    ok_latency = latency["p50_ms"] <= 2 and latency["p99_ms"] <= 10
    ok_tables = tables["games_finished"] == args.tables and tables["errors"] == 0
    print(f"{'benchmark':<44}{'figure':>14}  target")
    rows = [
        ("latency: connections (7 players + 1 spectator)", latency["connections"], ""),
        ("latency: actions measured", latency["actions"], ""),
        ("latency: p50 action -> all 8 hold new view", f"{latency['p50_ms']:.2f} ms", "<= 2 ms"),
        ("latency: p99", f"{latency['p99_ms']:.2f} ms", "<= 10 ms"),
        ("latency: max", f"{latency['max_ms']:.2f} ms", ""),
        (
            f"tables: {args.tables} x 4 bot clients, games finished",
            tables["games_finished"],
            f"{args.tables}",
        ),
        ("tables: errors", tables["errors"], "0"),
        ("tables: wall time", f"{tables['seconds']:.2f} s", ""),
    ]
    for label, figure, target in rows:
        print(f"{label:<44}{figure!s:>14}  {target}")
    print("PASS" if ok_latency and ok_tables else "FAIL")
    if args.json:
        Path(args.json).write_text(json.dumps({"latency": latency, "tables": tables}, indent=2))
    return 0 if ok_latency and ok_tables else 1


if __name__ == "__main__":
    sys.exit(main())
