"""The command line's own words beside its help texts: the metavars (`COMMAND`, `GAME`,
`NAME`...) in the reader's language, and each game named as the app names it in that
language beside the id that is typed ("pasovec (Tatu)").

`word_parser` walks a finished parser once (`build_parser` calls it last), so a subcommand or
option added anywhere is worded too, and the parser's own definition keeps English metavars as
its source texts. argparse names a positional without a metavar by its `dest` in its errors
("argument game: invalid choice"); here every one gets a worded metavar ("JÁTÉK argumentum").
"""

from __future__ import annotations

import argparse

from tui.base.game_names import GAME_NAMES, game_name
from tui.base.i18n import N_, listing, words

METAVARS = {
    "COMMAND": N_("COMMAND"),
    "GAME": N_("GAME"),
    "NAME": N_("NAME"),
    "TABLE": N_("TABLE"),
    "TABLE_ID": N_("TABLE_ID"),
    "CLUB": N_("CLUB"),
    "ADDR": N_("ADDR"),
    "HOST:PORT": N_("HOST:PORT"),
    "BOTS": N_("BOTS"),
    "BOT.NAME=VALUE": N_("BOT.NAME=VALUE"),
    "FILE": N_("FILE"),
    "PORT": N_("PORT"),
    "TEXT": N_("TEXT"),
    "SECONDS": N_("SECONDS"),
}
"""The metavars the help shows, as the catalogs word them ("N" is a number in every language).
The help texts that name one (e.g. "GAME chosen") use the same word in each catalog."""
POSITIONALS = {"game": N_("GAME"), "address": N_("HOST:PORT"), "file": N_("FILE")}
"""A positional's metavar by its `dest`, where the parser gives none."""


def metavar(name: str) -> str:
    """`name` (a metavar) in the reader's words; an unknown one as it is."""
    return words(METAVARS[name]) if name in METAVARS else name


def games_listed() -> str:
    """'nothanks (No Thanks!), papayoo (Papayoo)...': each id as typed, with its name."""
    return listing(f"{game_id} ({game_name(game_id)})" for game_id in sorted(GAME_NAMES))


def word_parser(parser: argparse.ArgumentParser) -> None:
    """Word the metavars of `parser` and of its subcommands' parsers, and name the games
    where an argument chooses one."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            action.metavar = metavar(str(action.metavar or "COMMAND"))
            for sub in set(action.choices.values()):
                word_parser(sub)
            continue
        if action.metavar is None and not action.option_strings and action.dest in POSITIONALS:
            action.metavar = POSITIONALS[action.dest]
        if isinstance(action.metavar, str):
            action.metavar = metavar(action.metavar)
        if action.choices and set(action.choices) <= set(GAME_NAMES) and action.help:
            action.help = words("{help}: {games}", help=action.help, games=games_listed())
