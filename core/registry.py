"""Where games and bots are found by id.

Bots are imported only when asked for: the TUI's main menu must open fast, and a bot's search
code is the heaviest import in `core`.
"""

from __future__ import annotations

import importlib
from typing import Any

from core.api import Bot, Game
from core.nothanks import GAME as NOTHANKS
from core.papayoo import GAME as PAPAYOO
from core.pasovec import GAME as PASOVEC
from core.rummikub import GAME as RUMMIKUB

GAMES: dict[str, Game] = {game.id: game for game in (NOTHANKS, PAPAYOO, PASOVEC, RUMMIKUB)}
BOT_LEVELS = ("easy", "normal", "hard")


def get_game(game_id: str) -> Game:
    """The game registered under `game_id`; KeyError names the games there are."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"no game {game_id!r}; the games are {known}") from None


def get_bot(game_id: str, level: str, **settings: Any) -> Bot:
    """A fresh bot of `level` for the game; `settings` tune it (e.g. a hard bot's budget)."""
    get_game(game_id)
    if level not in BOT_LEVELS:
        raise KeyError(f"no bot level {level!r}; the levels are {', '.join(BOT_LEVELS)}")
    bots = importlib.import_module(f"core.{game_id}.bots")
    return bots.BOTS[level](**settings)
