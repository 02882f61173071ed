"""A headless club host: `python -m net.club.cli`. Serves a club night with no local player.

For a club on a machine nobody plays at, the tests that kill a club host and resume it, and
the benchmark. Prints one JSON line once listening: {"port", "bind", "club_id", "journal"}.
With `--start-with N` it starts each round itself once N members are present and the round
before has ended (a person hosting from the TUI presses a key instead).

It listens, and opens its tables, where `--bind` says: by default on every interface, as
`gamenight club` does (a club is for the LAN), and then joins from one address are paced as at
any table (net/limits.py: a few at once, then slower, then refused for a while), so a program
on the LAN cannot flood it with members. `--joins off` lifts that for benchmarks and tests,
whose every member comes from 127.0.0.1. Advertised (`--advertise`) on a bound address, it is
advertised on that address alone unless `--mdns-interface` says otherwise.
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

from core.club.draw import METHODS
from net.club.club import Club
from net.club.journal import club_journal_path
from net.club.plan import AWAY_BOT_SECONDS, ClubPlan
from net.discovery import Advertiser
from net.limits import JoinPolicy
from net.referee import new_seed


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m net.club.cli", description=__doc__)
    parser.add_argument("--games", default="nothanks", help="the game of each round: a,b,c")
    parser.add_argument("--table-size", type=int, help="preferred seats at a table")
    parser.add_argument("--draw", choices=METHODS, default="mix")
    parser.add_argument("--no-bots", action="store_true", help="people alone fill the tables")
    parser.add_argument("--bot-level", default="normal")
    parser.add_argument("--turn-seconds", type=int, help="the turn clock of games that have one")
    parser.add_argument("--away-bot", type=float, default=AWAY_BOT_SECONDS)
    parser.add_argument("--seed", type=int, help="fixes the seat draws (default: at random)")
    parser.add_argument("--club", help="the club's name")
    parser.add_argument(
        "--bind", default="0.0.0.0", help="the address to listen on (default: every interface)"
    )
    parser.add_argument(
        "--joins",
        type=JoinPolicy.parse,
        default=JoinPolicy(),
        metavar="off|LIMIT=N,...",
        help="joins from one address: 'off', or a table's limits changed (free=5,most=10,"
        "seconds=60,delay=1,bar=60)",
    )
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--bot-delay", type=float, default=0.0)
    parser.add_argument("--start-with", type=int, metavar="N", help="start rounds by themselves")
    parser.add_argument("--resume", type=Path, help="continue the club of this journal")
    parser.add_argument("--advertise", action="store_true", help="advertise over zeroconf")
    parser.add_argument("--mdns-interface", help="comma-separated addresses zeroconf may use")
    return parser


def make_club(args: argparse.Namespace) -> Club:
    settings = {"bind": args.bind, "bot_delay": args.bot_delay, "joins": args.joins}
    if args.resume:
        return Club.resume(args.resume, **settings)
    plan = ClubPlan(
        tuple(game for game in args.games.split(",") if game),
        table_size=args.table_size,
        draw=args.draw,
        bots=not args.no_bots,
        bot_level=args.bot_level,
        turn_seconds=args.turn_seconds,
        away_bot_seconds=args.away_bot,
        seed=new_seed() if args.seed is None else args.seed,
    )
    return Club(plan, name=None, club_name=args.club, **settings)


async def run(args: argparse.Namespace) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    club = make_club(args)
    if args.start_with:
        club.listeners.append(lambda: _start_when_ready(club, args.start_with))
    port = await club.serve(args.port)
    advertiser = None
    if args.advertise:
        advertiser = Advertiser(club, advertised_on(args))
        await advertiser.start()
    journal = club_journal_path(club.table_id)
    said = {"port": port, "bind": args.bind, "club_id": club.table_id, "journal": str(journal)}
    print(json.dumps(said), flush=True)
    await stop.wait()
    if advertiser is not None:
        await advertiser.close()
    await club.close()
    return 0


def advertised_on(args: argparse.Namespace) -> str | None:
    """The interfaces zeroconf may use: those asked for, else the one address bound to."""
    if args.mdns_interface or args.bind in ("0.0.0.0", ""):
        return str(args.mdns_interface) if args.mdns_interface else None
    return str(args.bind)


def _start_when_ready(club: Club, people: int) -> None:
    if len(club.players()) >= people and club.not_ready() is None and not club.starting:
        club.start_soon()


def main(argv: Sequence[str] | None = None) -> int:
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(run(build_parser().parse_args(argv)))
    return 130


if __name__ == "__main__":
    sys.exit(main())
