"""The `gamenight` command. Each subcommand imports its code only when run, so the plain
`gamenight` (the main menu) starts without loading bots, networking or the arena."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gamenight",
        description="A terminal game table: play No Thanks! solo against bots. "
        "Run with no subcommand to open the main menu.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("play", help="open the main menu (the default)")
    arena = sub.add_parser(
        "arena",
        help="play a series of bot-only games headless and print win rates and timings",
        description="Play bot-only games headless; print per seat the win share with a 95%% "
        "interval, the mean score, and the mean and max decision time.",
    )
    arena.add_argument("game", help="game id, e.g. nothanks")
    arena.add_argument(
        "--seats", required=True, help="bot level per seat, comma-separated: hard,easy,easy,easy"
    )
    arena.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    arena.add_argument("--seed", type=int, default=1, help="series seed (default 1)")
    arena.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    arena.add_argument("--no-progress", action="store_true", help="do not draw a progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "arena":
        from tui.arena_cmd import run_arena

        return run_arena(args)
    from tui.app import run_app

    return run_app()


if __name__ == "__main__":
    sys.exit(main())
