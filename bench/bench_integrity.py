"""Host integrity benchmark: what the worst illegal frame costs a host, and what a join costs.

1. frames: for each game, a host process (no local player) with every seat a raw client on
   loopback. The seat to act pipelines 20 copies of each of the game's worst illegal frames
   (the largest a peer can send that looks like an action: 130 KB of sets, cards or fields;
   five such bursts, for /proc's 10 ms ticks) and waits for the refusals; meanwhile another
   seat pings every 10 ms. Reported: the host's CPU per frame (from /proc: decoding the frame
   included, which is most of it) and the other seat's ping round trip, p50 / p99, quiet and
   under attack. Targets: the rules' own refusal under 1 ms (tests/contract/test_huge_input.py
   asserts it), the ping p99 under attack within 20 ms (it was 949 ms for Rummikub).
2. joins: 2,000 spectator join/bye rounds, each from a fresh 127.x address, against a host whose
   join limiter already remembers 0 or 10,000 recent addresses (filled in the host process
   before it listens; limits raised so none is refused): host CPU for the 2,000 and the hello ->
   welcome p95. Target: the same at 10,000 as at 0 (constant work per hello).

Linux only (/proc, 127.x source addresses).

    .venv/bin/python bench/bench_integrity.py [--rounds 2000] [--json FILE]
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

from bench.bench_net import spawn_server, stop_host  # noqa: E402
from core import GAMES, get_game  # noqa: E402
from net.host import Host  # noqa: E402
from net.limits import JoinPolicy  # noqa: E402
from net.protocol import PROTOCOL_VERSION, encode, read_frame  # noqa: E402

FRAMES = 20
BURSTS = 5  # of FRAMES each, for the CPU figure
TICK = os.sysconf("SC_CLK_TCK")
HUGE = 16_384
OPEN = JoinPolicy(free=10**9, most=10**9)  # the limiter at work, refusing no one


def worst_frames(game_id: str) -> dict[str, dict[str, Any]]:
    """The illegal actions that cost the rules the most work, per game, each ~130 KB packed."""
    fields = {f"{'f' * 120}{i}": i for i in range(1000)}  # msgpack's limit is 1024 a map
    common = {
        "1000 unknown fields": {"kind": "pass", **fields},
        "huge kind": {"kind": "k" * 130_000},
    }
    own: dict[str, dict[str, Any]] = {
        "rummikub": {
            "16384 sets J J K1": {"kind": "play", "table": [["J", "J", "K1"]] * HUGE},
            "16384 sets K1 K2 K3": {"kind": "play", "table": [["K1", "K2", "K3"]] * HUGE},
            "one set of 16384 K5": {"kind": "play", "table": [["K5"] * HUGE]},
        },
        "papayoo": {
            "pass 16384 cards": {"kind": "pass_cards", "cards": ["S7"] * HUGE},
            "play 16384 cards": {"kind": "play", "card": ["S7"] * HUGE},
        },
        "pasovec": {
            "roll 1000 colours": {"kind": "roll", "dice": fields},
            "discard 16384 cards": {"kind": "discard", "card": [12] * HUGE},
        },
        "nothanks": {"take, 1000 fields": {"kind": "take", **fields}},
    }
    return {**own[game_id], **common}


# ---- the host process --------------------------------------------------------------------------
async def serve(game_id: str, prefill: int) -> None:
    """One table of the game's fewest seats, all remote, starting once full; print the port."""
    game = get_game(game_id)
    options = {"turn_seconds": 0} if "turn_seconds" in game.options else None
    host = Host(game_id, name=None, players=game.min_players, options=options, joins=OPEN)
    assert host.admission.joins is not None
    now = asyncio.get_running_loop().time()
    for i in range(prefill):
        host.admission.joins.admit(f"10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}", now)

    def start() -> None:
        if host.referee is None and host.lobby.not_ready() is None:
            host.start()

    host.listeners.append(start)
    print(json.dumps(await host.serve("127.0.0.1", 0)), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


# ---- clients -----------------------------------------------------------------------------------
class Peer:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int, name: str, address: str = "127.0.0.1", **hello: Any) -> Peer:
        peer = cls(*await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)))
        await peer.send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, **hello})
        return peer

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))
        await self.writer.drain()

    async def until(self, kind: str) -> dict[str, Any]:
        while True:
            message = await asyncio.wait_for(read_frame(self.reader), 60)
            if message["type"] == kind:
                return message

    def close(self) -> None:
        self.writer.close()


async def pinger(peer: Peer, samples: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await peer.send({"type": "ping"})
        await peer.until("pong")
        samples.append(time.perf_counter() - start)
        await asyncio.sleep(0.01)


def quantiles(samples: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples, n=100)
    return cuts[49] * 1000, cuts[98] * 1000


async def attack(game_id: str) -> list[dict[str, Any]]:
    """Every worst frame of one game, 20 times each, at a fresh table."""
    rows = []
    with tempfile.TemporaryDirectory() as data:
        process, port = spawn_server(__file__, ["--serve", game_id], data)
        try:
            peers = [await Peer.open(port, f"P{i}") for i in range(get_game(game_id).min_players)]
            states = [await peer.until("state") for peer in peers]
            acting = states[0]["view"]["to_act"][0]
            attacker, other = peers[acting], peers[(acting + 1) % len(peers)]
            quiet: list[float] = []
            stop = asyncio.Event()
            task = asyncio.create_task(pinger(other, quiet, stop))
            await asyncio.sleep(1.0)
            stop.set()
            await task
            for label, action in worst_frames(game_id).items():
                frame = encode({"type": "act", "action": action, "version": 0})
                pings: list[float] = []
                stop = asyncio.Event()
                task = asyncio.create_task(pinger(other, pings, stop))
                await asyncio.sleep(0.05)
                before = cpu_seconds(process.pid)
                for _ in range(BURSTS):  # /proc counts in ticks of 10 ms: several bursts
                    attacker.writer.write(frame * FRAMES)
                    await attacker.writer.drain()
                    for _ in range(FRAMES):
                        error = await attacker.until("error")
                        assert not error["fatal"], error
                cpu = (cpu_seconds(process.pid) - before) / FRAMES / BURSTS
                await asyncio.sleep(0.05)
                stop.set()
                await task
                rows.append(
                    {
                        "game": game_id,
                        "frame": label,
                        "bytes": len(frame),
                        "host_cpu_ms": cpu * 1000,
                        "ping_quiet_ms": quantiles(quiet),
                        "ping_attack_ms": quantiles(pings),
                        "refusal_chars": len(error["message"]),
                    }
                )
            for peer in peers:
                peer.close()
        finally:
            stop_host(process)
    return rows


async def joins(rounds: int, prefill: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as data:
        process, port = spawn_server(
            __file__, ["--serve", "nothanks", "--prefill", str(prefill)], data
        )
        try:
            waits = []
            before = cpu_seconds(process.pid)
            for i in range(rounds):
                address = f"127.{1 + (i >> 16 & 255)}.{i >> 8 & 255}.{1 + (i & 255) % 254}"
                start = time.perf_counter()
                peer = await Peer.open(port, f"S{i}", address, spectate=True)
                await peer.until("welcome")
                waits.append(time.perf_counter() - start)
                await peer.send({"type": "bye"})
                peer.close()
            cpu = cpu_seconds(process.pid) - before
        finally:
            stop_host(process)
    return {
        "recent_addresses": prefill,
        "rounds": rounds,
        "host_cpu_s": cpu,
        "hello_welcome_p95_ms": statistics.quantiles(waits, n=20)[18] * 1000,
    }


async def run(rounds: int) -> dict[str, Any]:
    frames = [row for game_id in sorted(GAMES) for row in await attack(game_id)]
    print(
        f"{'game':9} {'worst illegal frame':24} {'KB':>5} {'host CPU ms':>11}"
        f" {'ping quiet p50/p99':>19} {'under attack p50/p99':>21} {'echo':>5}"
    )
    for row in frames:
        quiet, loud = row["ping_quiet_ms"], row["ping_attack_ms"]
        print(
            f"{row['game']:9} {row['frame']:24} {row['bytes'] / 1000:5.0f} "
            f"{row['host_cpu_ms']:11.2f} {quiet[0]:9.2f} / {quiet[1]:6.2f} "
            f"{loud[0]:10.2f} / {loud[1]:6.2f} {row['refusal_chars']:5}"
        )
    join_rows = [await joins(rounds, prefill) for prefill in (0, 10_000)]
    print(f"\n{'recent addresses':>16} {'rounds':>7} {'host CPU s':>10} {'hello p95 ms':>12}")
    for row in join_rows:
        print(
            f"{row['recent_addresses']:16} {row['rounds']:7} {row['host_cpu_s']:10.2f}"
            f" {row['hello_welcome_p95_ms']:12.2f}"
        )
    return {"frames": frames, "joins": join_rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--prefill", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve, args.prefill))
        return
    results = asyncio.run(run(args.rounds))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
