"""`gamenight --plain`: the plain line mode's programs, from the command line to the menu, a
table or a replay (each in one asyncio loop, reading the terminal's lines)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TextIO

from tui.plain.lines import Lines
from tui.plain.tables import club_hosting, door, hosting, joining, resumed, solo
from tui.table.plans import ClubHostPlan, HostPlan, JoinPlan


def run_plain(
    game_id: str | None = None,
    *,
    menu: bool = False,
    resume: bool = False,
    replays: bool = False,
    replay: Path | None = None,
    host: HostPlan | None = None,
    join: JoinPlan | None = None,
    club: ClubHostPlan | None = None,
    out: TextIO | None = None,
    source: TextIO | None = None,
) -> int:
    """A game in lines: solo (its set-up asked first), or at a LAN table hosted or joined, or a
    club night hosted."""
    lines = Lines(out or sys.stdout, source or sys.stdin)
    started: Coroutine[Any, Any, int | None]
    if menu:
        from tui.plain.menu import menu as main_menu

        started = main_menu(lines)
    elif resume:
        started = resumed(lines)
    elif replays:
        from tui.plain.replay import replays as kept

        started = kept(lines)
    elif replay is not None:
        from tui.plain.replay import replay_file

        started = replay_file(lines, replay)
    elif host is not None:
        started = hosting(lines, host)
    elif join is not None:
        started = joining(lines, join)
    elif club is not None:
        started = club_hosting(lines, club)
    else:
        started = solo(lines, game_id)
    try:
        return asyncio.run(started) or 0
    except KeyboardInterrupt:
        return 130


def run_plain_door(port: int, table: str, offered: str, again: str) -> int:
    """The plain mode behind a door (SSH user `plain`): the door's one table, the name asked."""
    lines = Lines(sys.stdout, sys.stdin)
    try:
        return asyncio.run(door(lines, port, table, offered, again))
    except KeyboardInterrupt:
        return 130
