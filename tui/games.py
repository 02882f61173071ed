"""Which games the TUI can seat you at, and the screen that plays each.

A game appears in the solo set-up only once it has a screen here, so registering a new game in
`core` cannot offer a table the TUI cannot draw. Screens are named as strings and imported on
demand: the main menu must open without loading any game code.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from core import Game
    from tui.session import Session

GAME_SCREENS = {"nothanks": ("tui.screens.nothanks_game", "NoThanksScreen")}


def playable_games() -> list[Game]:
    """The games of `core.GAMES` that have a screen, in registry order."""
    from core import GAMES

    return [game for game_id, game in GAMES.items() if game_id in GAME_SCREENS]


def game_screen(game_id: str, session: Session) -> Screen[None]:
    """A new screen playing `session`'s seat at a table of `game_id`."""
    module_name, class_name = GAME_SCREENS[game_id]
    screen_class = getattr(importlib.import_module(module_name), class_name)
    return screen_class(session)
