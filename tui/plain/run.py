"""`gamenight --plain`: the plain line mode's program, from the command line to the table.

A table link expects an app to post its "show this screen" messages to; here nothing switches
screens (the conversation follows the state messages), so `Courier` takes them and lets them
go. Everything else is the link the full-screen app uses: a solo table is the same host in
this process, with the same bots, journal and clock.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
from typing import Any, TextIO

from tui.base.i18n import words
from tui.plain.frame import PlainTable
from tui.plain.lines import Lines
from tui.plain.presenter import Presenter
from tui.plain.setup import solo_setup
from tui.table.link import TableLink

PRESENTERS = {
    "nothanks": "tui.plain.nothanks:NoThanksLines",
    "papayoo": "tui.plain.papayoo:PapayooLines",
    "pasovec": "tui.plain.pasovec:PasovecLines",
    "rummikub": "tui.plain.rummikub:RummikubLines",
}


def presenter_class(game_id: str) -> type[Presenter]:
    module, name = PRESENTERS[game_id].split(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


class Courier:
    """Stands in for the app toward a table link: the screens it asks for need no switching
    in a conversation of lines (the state messages themselves say what to say)."""

    def post_message(self, message: Any) -> bool:
        return True


def run_plain(game_id: str | None, out: TextIO | None = None, source: TextIO | None = None) -> int:
    """A solo game in lines, its set-up asked first."""
    lines = Lines(out or sys.stdout, source or sys.stdin)
    try:
        return asyncio.run(solo(lines, game_id))
    except KeyboardInterrupt:
        return 130


async def solo(lines: Lines, game_id: str | None) -> int:
    from tui.table.solo import open_solo

    setup = await solo_setup(lines, game_id)
    if setup is None:
        return 0
    try:
        link = open_solo(Courier(), setup)  # type: ignore[arg-type]
    except (ValueError, OSError) as err:
        lines.say(words("Cannot start the game: {err}", err=err))
        return 1
    await sit(lines, link)
    return 0


async def sit(lines: Lines, link: TableLink) -> None:
    """Converse at the table until the player leaves, then leave it."""
    table = PlainTable(lines, link, presenter_class(link.game_id))
    link.start()
    try:
        await table.run()
    finally:
        await link.leave()
        lines.say(words("You left the table."))
