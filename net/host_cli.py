"""A headless host: `python -m net.host_cli`. Serves one table with no local player.

For dedicated tables, the tests that kill a host process and resume it from its journal, and
the benchmark. Prints one JSON line once listening: {"port", "table_id", "journal"}.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from net.discovery import Advertiser
from net.host import Host
from net.journal import journal_dir
from net.lobby import Settings


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m net.host_cli", description=__doc__)
    parser.add_argument("--game", default="nothanks")
    parser.add_argument("--players", type=int, help="number of seats")
    parser.add_argument("--bots", default="", help="bot levels for the last seats: easy,normal")
    parser.add_argument("--table", help="table name")
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--away-bot", type=float, help="a bot plays an away seat after N s")
    parser.add_argument("--autostart", action="store_true", help="start once every seat is filled")
    parser.add_argument("--resume", type=Path, help="continue the match of this journal")
    parser.add_argument("--advertise", action="store_true", help="advertise over zeroconf")
    parser.add_argument("--mdns-interface", help="comma-separated addresses zeroconf may use")
    return parser


async def run(args: argparse.Namespace) -> int:
    stop = asyncio.Event()  # from the very start, so an early SIGTERM still says goodbye
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    if args.resume:
        host = Host.resume(args.resume)
    else:
        host = Host(
            args.game,
            name=None,
            table_name=args.table,
            players=args.players,
            settings=Settings(away_bot_seconds=args.away_bot),
        )
        bots = [level for level in args.bots.split(",") if level]
        for offset, level in enumerate(bots):
            host.set_bot(len(host.lobby.seats) - len(bots) + offset, level)
    if args.autostart:
        host.listeners.append(lambda: _start_when_ready(host))
    port = await host.serve(args.bind, args.port)
    advertiser = None
    if args.advertise:
        advertiser = Advertiser(host, args.mdns_interface)
        await advertiser.start()
    journal = args.resume or journal_dir() / f"{host.table_id}.jsonl"
    print(
        json.dumps({"port": port, "table_id": host.table_id, "journal": str(journal)}), flush=True
    )
    await stop.wait()
    if advertiser is not None:
        await advertiser.close()
    await host.close()
    return 0


def _start_when_ready(host: Host) -> None:
    if host.referee is None and host.lobby.not_ready() is None:
        host.start()


def main(argv: Sequence[str] | None = None) -> int:
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(run(build_parser().parse_args(argv)))
    return 130


if __name__ == "__main__":
    sys.exit(main())
